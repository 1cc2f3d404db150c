// Every module the project composes, compiled by a second WebGPU implementation — wgpu with the
// naga compiler, in Deno — on each Vulkan driver here. A module the adapter is offered must
// compile (no panic, no validation error); one it is not offered must be refused before the
// compiler sees it, for a need the adapter really lacks.

import { describe, expect, inject, it } from 'vitest';
import { portableModule, wgslNeeds } from '../../src/core/wgsl/portable';
import { composedModules } from '../../src/kernels/catalogue';
import { runChecks, WGPU_DRIVERS } from './deno';

const child = inject('wgpuChild');
const modules = composedModules();
const needsOf = new Map(
  modules.flatMap((m) =>
    m.entries.map((e) => [`${m.label} @ ${e.entryPoint}`, wgslNeeds(portableModule(m.code))]),
  ),
);

describe('every composed module on wgpu (Deno)', () => {
  it('has a Vulkan driver to run on', () => {
    expect(WGPU_DRIVERS.length).toBeGreaterThan(0);
  });

  for (const [driver, icd] of WGPU_DRIVERS) {
    it(`${driver}: compiles every module it is offered, refuses the rest before compiling`, () => {
      const run = runChecks(child, icd, 'modules');
      expect(run.crashes).toEqual([]);
      expect(run.outcomes.filter((o) => !o.ok)).toEqual([]);
      expect(run.outcomes.map((o) => o.label)).toEqual([...needsOf.keys()]);
      const granted = (needs: { features: string[]; languageFeatures: string[] }) =>
        needs.features.every((f) => run.features.includes(f)) &&
        needs.languageFeatures.every((f) => run.wgslLanguageFeatures.includes(f));
      for (const outcome of run.outcomes) {
        const needs = needsOf.get(outcome.label);
        if (!needs) throw new Error(`no module named ${outcome.label}`);
        expect(outcome.refused === undefined, `${outcome.label}: ${outcome.refused}`).toBe(
          granted(needs),
        );
      }
      // Most compile: only what needs subgroups (or shader-f16) is refused, among the modules
      // that do not need Chrome's subgroup matrices (which wgpu never grants: the sgmat GEMMs,
      // one per configuration, format and traced build, are a sixth of all modules).
      const portable = run.outcomes.filter(
        (o) => !needsOf.get(o.label)?.features.includes('chromium-experimental-subgroup-matrix'),
      );
      const compiled = portable.filter((o) => o.refused === undefined).length;
      expect(compiled).toBeGreaterThan(portable.length / 2);
    }, 600_000);
  }
});
