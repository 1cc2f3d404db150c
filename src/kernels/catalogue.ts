// Every WGSL module this project composes, as the kernels compose it: each GEMV and GEMM variant
// at each weight format, the probes, the decoder's modules, each KV-cache encoding's attention and
// append, and the address trace's instrumented builds. For the checks that must see all of them —
// the portability rules (test/unit/wgsl-portable.test.ts) and the second implementation
// (test/gpu/wgpu.test.ts compiles each in Deno) — not for running: the runner composes its own.

import bandwidthShader from '../../shaders/probes/bandwidth.wgsl?raw';
import fillShader from '../../shaders/probes/fill.wgsl?raw';
import fmaF32Shader from '../../shaders/probes/fma.wgsl?raw';
import fmaF16Shader from '../../shaders/probes/fma_f16.wgsl?raw';
import { FORMAT_IDS } from '../core/formats';
import { splitItems } from '../core/wgsl/declarations';
import { appendCode, attentionCode, KV_ENCODINGS } from './decode/kv-cache';
import { ATTENTION_REDUCES, attentionShader, DECODE_SHADERS, embedCode } from './decode/shaders';
import { PREFILL_WORKGROUP } from './decode/shape';
import { GEMM_VARIANTS, gemmPipelineSpec } from './gemm';
import { gemvPipelineSpec, gemvTracedBuffers, gemvVariantsFor } from './gemv';
import { attentionTracedBuffers } from './trace/attention-trace';
import { GEMM_TRACED_BUFFERS, gemmWorkgroupSize } from './trace/gemm-trace';
import { instrument, type TracedBuffer } from './trace/instrument';

export interface ModuleEntry {
  entryPoint: string;
  constants: Record<string, number>;
}

export interface ComposedModule {
  /** Unique: what it is, e.g. "gemv int4 tile-r8-wg256-f16" or "trace gemm fp16 reg4x4". */
  label: string;
  code: string;
  /** The entry points the project builds pipelines for, with their override constants. */
  entries: ModuleEntry[];
}

/** Every `@compute` entry point of `code`, with no constants (the overrides' defaults). */
function computeEntries(code: string): ModuleEntry[] {
  return splitItems(code)
    .filter((item) => item.kind === 'fn' && /@compute\b/.test(item.text))
    .map((item) => ({ entryPoint: item.name ?? '', constants: {} }));
}

const whole = (label: string, code: string, constants: Record<string, number> = {}) => ({
  label,
  code,
  entries: computeEntries(code).map((e) => ({ ...e, constants })),
});

/** Every capability a GEMV variant may ask for, granted: the whole list of variants. */
const EVERY_CAPABILITY = { f16: true, dp4a: true, subgroups: true, subgroupId: true };

function gemvModules(): ComposedModule[] {
  return FORMAT_IDS.flatMap((format) =>
    gemvVariantsFor(format, EVERY_CAPABILITY).map((variant) => {
      const spec = gemvPipelineSpec(format, variant);
      return {
        label: `gemv ${format} ${variant.name}`,
        code: spec.code,
        entries: [{ entryPoint: spec.entryPoint, constants: spec.constants }],
      };
    }),
  );
}

function gemmModules(): ComposedModule[] {
  return FORMAT_IDS.flatMap((format) =>
    GEMM_VARIANTS.map((variant) => {
      const spec = gemmPipelineSpec(format, variant);
      return {
        label: `gemm ${format} ${variant.name}`,
        code: spec.code,
        entries: [{ entryPoint: spec.entryPoint, constants: {} }],
      };
    }),
  );
}

/** An instrumented build as the address trace makes it (the layout's counts are arbitrary). */
function traced(
  module: ComposedModule,
  buffers: readonly TracedBuffer[],
  workgroupSize: number,
): ComposedModule {
  const entry = module.entries[0] as ModuleEntry;
  const layout = { workgroupSize, workgroups: 8, loads: 64, buffers: buffers.length };
  return {
    label: `trace ${module.label}`,
    code: instrument(module.code, entry.entryPoint, buffers, layout),
    entries: [entry],
  };
}

function traceModules(gemv: ComposedModule[], gemm: ComposedModule[]): ComposedModule[] {
  const gemvTraces = FORMAT_IDS.flatMap((format) =>
    gemvVariantsFor(format, EVERY_CAPABILITY).map((variant) => {
      const module = gemv.find((m) => m.label === `gemv ${format} ${variant.name}`);
      if (!module) throw new Error(`no module for gemv ${format} ${variant.name}`);
      return traced(module, gemvTracedBuffers(variant), variant.workgroupSize);
    }),
  );
  const gemmTraces = FORMAT_IDS.flatMap((format) =>
    GEMM_VARIANTS.map((variant) => {
      const module = gemm.find((m) => m.label === `gemm ${format} ${variant.name}`);
      if (!module) throw new Error(`no module for gemm ${format} ${variant.name}`);
      return traced(module, GEMM_TRACED_BUFFERS, gemmWorkgroupSize(variant));
    }),
  );
  const attentionTraces = KV_ENCODINGS.flatMap((kv) =>
    (
      [
        ['attn_partial', 64],
        ['attn_prefill', PREFILL_WORKGROUP],
      ] as const
    ).map(([entryPoint, size]) =>
      traced(
        {
          label: `attention kv-${kv} ${entryPoint}`,
          code: attentionCode(kv, attentionShader('tree')),
          entries: [{ entryPoint, constants: {} }],
        },
        attentionTracedBuffers(kv),
        size,
      ),
    ),
  );
  return [...gemvTraces, ...gemmTraces, ...attentionTraces];
}

/** Every module the project composes, each once. */
export function composedModules(): ComposedModule[] {
  const gemv = gemvModules();
  const gemm = gemmModules();
  return [
    whole('bandwidth', bandwidthShader, { WG: 256 }),
    whole('bandwidth wg64', bandwidthShader, { WG: 64 }),
    whole('fma f32', fmaF32Shader),
    whole('fma f16', fmaF16Shader),
    whole('fill', fillShader),
    ...gemv,
    ...gemm,
    ...FORMAT_IDS.map((format) => whole(`decode embed ${format}`, embedCode(format))),
    ...Object.entries(DECODE_SHADERS)
      .filter(([name]) => name !== 'attention')
      .map(([name, code]) => whole(`decode ${name}`, code)),
    ...KV_ENCODINGS.flatMap((kv) => [
      ...ATTENTION_REDUCES.map((reduce) =>
        whole(`attention kv-${kv} ${reduce}`, attentionCode(kv, attentionShader(reduce))),
      ),
      whole(`kv append ${kv}`, appendCode(kv)),
    ]),
    ...traceModules(gemv, gemm),
  ];
}
