// scripts/gpu-run.sh on a software adapter: it stops at the adapter check, in seconds, with exit
// status 3, one clear line and no results; --allow-cpu goes on as a CPU run. The software driver
// is named in VK_ICD_FILENAMES, so the refusal is checked on any machine, a GPU one too; the
// machine's own drivers are checked with --check, which stops after the adapter check anyway,
// and the GPU path past the gate with a stand-in CLI that names a hardware adapter. The script
// uses this run's build of the CLI (--cli); the CLI's own --require-gpu and --adapter are here too.

import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { lavapipeIcd, swiftshaderIcd } from '../../scripts/vulkan';
import { builtCli } from './built-cli';

const work = mkdtempSync(join(tmpdir(), 'roofline-gpu-run-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const softwareIcd = swiftshaderIcd() ?? lavapipeIcd();
/** The outputs of the steps that measure: none may exist after a refusal. */
const RESULTS = [
  'results.json',
  'trace.json',
  'trace.txt',
  'peers.json',
  'peers.txt',
  'decode.json',
];

/** Runs the script with these arguments; `icd`: VK_ICD_FILENAMES, or none (the machine's own). */
function gpuRun(
  args: string[],
  icd: string | null,
): { result: SpawnSyncReturns<string>; ms: number } {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.VK_ICD_FILENAMES;
  delete env.VK_DRIVER_FILES;
  delete env.NODEVICE_SELECT;
  if (icd !== null) env.VK_ICD_FILENAMES = icd;
  const started = performance.now();
  const result = spawnSync('bash', ['scripts/gpu-run.sh', '--cli', inject('cliDir'), ...args], {
    encoding: 'utf8',
    env,
    timeout: 60_000,
  });
  return { result, ms: performance.now() - started };
}

const manifestOf = (folder: string) => readFileSync(join(folder, 'manifest.tsv'), 'utf8');

describe.skipIf(softwareIcd === null)(
  'bench --require-gpu and --adapter on a software adapter',
  () => {
    const cli = builtCli('bench');
    const env = (icd: string) => ({ ...process.env, VK_ICD_FILENAMES: icd, NODEVICE_SELECT: '1' });

    it('--require-gpu refuses before measuring: status 3, one line, nothing on stdout', () => {
      const started = performance.now();
      const result = spawnSync(
        process.execPath,
        [
          join(inject('cliDir'), 'bench.js'),
          '--quick',
          '--require-gpu',
          '--out',
          cli.path('r.json'),
        ],
        { encoding: 'utf8', env: env(softwareIcd ?? ''), timeout: 60_000 },
      );
      expect(result.status, result.stderr).toBe(3);
      expect(performance.now() - started).toBeLessThan(20_000);
      expect(result.stdout).toBe('');
      expect(result.stderr.trimEnd().split('\n')).toEqual([
        expect.stringMatching(
          /^error: --require-gpu: .+ is a software \(CPU\) adapter; nothing was measured\. Install the GPU's Vulkan driver/,
        ),
      ]);
      expect(existsSync(cli.path('r.json'))).toBe(false);
    });

    it('--adapter names the adapter and measures nothing; with --require-gpu it is refused too', () => {
      const line = cli.run(['--adapter']);
      expect(line.status, line.stderr).toBe(0);
      expect(line.stdout).toMatch(
        /^adapter: .+ \(software, a CPU's numbers.*; node v\d+.*; webgpu /,
      );
      const json = cli.run(['--adapter', '--json', '--require-gpu']);
      expect(json.status).toBe(3);
      const doc = JSON.parse(json.stdout);
      expect(doc).toMatchObject({ software: true, adapter: { isSoftware: true } });
      expect(doc.runtime.implementation).toBe('dawn');
      expect(doc.runtime.experimental).toBeUndefined();
    });

    it("--experimental turns Dawn's unsafe APIs on and the document says so", () => {
      const json = cli.run(['--adapter', '--json', '--experimental']);
      expect(json.status, json.stderr).toBe(0);
      const doc = JSON.parse(json.stdout);
      expect(doc.runtime).toMatchObject({ implementation: 'dawn', experimental: true });
      // No software adapter has cooperative matrices, toggle or not.
      expect(doc.adapter.features).not.toContain('chromium-experimental-subgroup-matrix');
    });
  },
);

describe.skipIf(softwareIcd === null)('scripts/gpu-run.sh on a software adapter', () => {
  it('stops at once: exit 3, one clear line, the preflight, and no results', () => {
    const folder = join(work, 'refused');
    const { result, ms } = gpuRun([folder], softwareIcd);
    expect(result.status, result.stderr).toBe(3);
    expect(ms).toBeLessThan(20_000);
    const refusal = result.stderr.split('\n').filter((line) => line.includes('REFUSED'));
    expect(refusal).toHaveLength(1);
    expect(refusal[0]).toMatch(
      /^gpu-run\.sh: REFUSED: the adapter Dawn picks is a software one \(.+\): its numbers would be a CPU's, not a GPU's\. Nothing was measured .* or run with --allow-cpu/,
    );
    // What was looked at is printed and kept.
    expect(result.stderr).toMatch(/^vulkaninfo: |^vulkaninfo --summary/m);
    expect(result.stderr).toMatch(/^nvidia-smi/m);
    expect(result.stderr).toMatch(/^Vulkan loader: /m);
    expect(result.stderr).toMatch(/^Vulkan ICD files:/m);
    expect(result.stderr).toContain(`Vulkan driver: as set, VK_ICD_FILENAMES=${softwareIcd}`);
    expect(readFileSync(join(folder, 'preflight.txt'), 'utf8')).toMatch(/^Vulkan loader: /m);
    for (const name of RESULTS) expect(existsSync(join(folder, name)), name).toBe(false);
    // The manifest records the adapter check and the refusal, nothing measured.
    const manifest = manifestOf(folder);
    expect(manifest).toMatch(
      /^adapter\t3\t\d+\tyes\t.+\tnode .*bench\.js --adapter --json --require-gpu --experimental$/m,
    );
    expect(manifest).toMatch(/^# run: refused/m);
    expect(manifest).not.toMatch(/^(plan|trace|peers|decode)\t/m);
    const adapter = JSON.parse(readFileSync(join(folder, 'adapter.json'), 'utf8'));
    expect(adapter).toMatchObject({ software: true });
  });

  it('goes on with --allow-cpu, labelled a CPU run (--check stops it after the adapter check)', () => {
    const folder = join(work, 'allowed');
    const { result } = gpuRun(['--allow-cpu', '--check', folder], softwareIcd);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('REFUSED');
    expect(result.stderr).toMatch(/\(software\): a CPU run, as --allow-cpu asks/);
    expect(result.stderr).toMatch(/--check: the run would go on \(cpu run\)/);
    expect(manifestOf(folder)).toMatch(/^# run: cpu \(--allow-cpu; a software adapter/m);
    expect(readFileSync(join(folder, 'CPU-RUN.txt'), 'utf8')).toMatch(
      /a CPU's numbers, not a GPU's/,
    );
    for (const name of RESULTS) expect(existsSync(join(folder, name)), name).toBe(false);
  });
});

describe('scripts/gpu-run.sh', () => {
  it("checks this machine's own drivers: hardware goes on, software is refused", () => {
    const folder = join(work, 'own');
    const { result, ms } = gpuRun(['--check', folder], null);
    expect(ms).toBeLessThan(20_000);
    // No adapter at all (exit 1) says so as plainly.
    if (result.status === 1) {
      expect(result.stderr).toMatch(/no WebGPU adapter: .*nothing was measured/);
      return;
    }
    const adapter = JSON.parse(readFileSync(join(folder, 'adapter.json'), 'utf8'));
    expect(result.status, result.stderr).toBe(adapter.software ? 3 : 0);
    expect(result.stderr).toMatch(/^Vulkan driver: (NVIDIA's|the loader's own choice)/m);
    for (const name of RESULTS) expect(existsSync(join(folder, name)), name).toBe(false);
  });

  it('goes on as a GPU run where the adapter check finds hardware (a stand-in CLI, --check)', () => {
    // The adapter check's answer is all the script goes by: a stand-in for bench.js that names
    // a hardware adapter takes the run past the gate, unlabelled.
    const fake = join(work, 'fake-cli');
    mkdirSync(fake);
    writeFileSync(
      join(fake, 'bench.js'),
      "console.log(JSON.stringify({ name: 'acme gpu — Acme 9000', software: false }));\n",
    );
    const folder = join(work, 'hardware');
    const result = spawnSync('bash', ['scripts/gpu-run.sh', '--cli', fake, '--check', folder], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/adapter: acme gpu — Acme 9000 \(hardware\): measuring/);
    expect(result.stderr).toMatch(/--check: the run would go on \(gpu run\)/);
    expect(manifestOf(folder)).toMatch(/^adapter\t0\t\d+\tno\tacme gpu — Acme 9000\t/m);
    expect(manifestOf(folder)).toMatch(/^# run: gpu$/m);
    expect(existsSync(join(folder, 'CPU-RUN.txt'))).toBe(false);
  });

  it('refuses a folder that holds an earlier run, and unknown options', () => {
    const folder = join(work, 'used');
    mkdirSync(folder);
    writeFileSync(join(folder, 'results.json'), '{}');
    const used = gpuRun([folder], softwareIcd);
    expect(used.result.status).toBe(2);
    expect(used.result.stderr).toMatch(/is not empty: name a new folder/);
    const unknown = gpuRun(['--fast'], softwareIcd);
    expect(unknown.result.status).toBe(2);
    expect(unknown.result.stderr).toMatch(/unknown option --fast/);
  });
});
