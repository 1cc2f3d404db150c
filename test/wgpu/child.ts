// Runs under Deno (wgpu): `child.js <modules|kernels> <from> <to>` does items [from, to) of that
// list (test/wgpu/checks.ts) and prints one JSON line as each starts and as it ends, so the parent
// can name the item whose compile took the process down. `child.js count <list>` prints its length.

import { BenchRunner } from '../../src/bench/runner';
import { denoGpu } from '../../src/gpu/deno';
import { acquireGpu } from '../../src/gpu/device';
import { type Check, kernelChecks, moduleChecks } from './checks';

const [list, from = '0', to = `${Number.MAX_SAFE_INTEGER}`] = process.argv.slice(2);
const gpu = await acquireGpu(denoGpu());
const runner = new BenchRunner(gpu);
const which = process.argv[2] === 'count' ? process.argv[3] : list;
const checks: Check[] = which === 'kernels' ? kernelChecks(gpu, runner) : moduleChecks(gpu);
if (list === 'count') {
  const { description, features, wgslLanguageFeatures } = gpu.description;
  console.log(
    JSON.stringify({ count: checks.length, adapter: description, features, wgslLanguageFeatures }),
  );
} else {
  for (const check of checks.slice(Number(from), Number(to))) {
    console.log(JSON.stringify({ start: check.label }));
    console.log(JSON.stringify(await check.run()));
  }
}
runner.destroy();
gpu.destroy();
process.exit(0);
