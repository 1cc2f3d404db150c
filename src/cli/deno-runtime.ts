// `--runtime deno`: the same built CLI, run again by Deno with its WebGPU (wgpu). Deno comes from
// the `deno` package in node_modules (DENO_PATH, or a deno on the PATH, where it is not there).

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DENO_WEBGPU_FLAG } from '../gpu/deno';

/** The deno binary, or the package's launcher run by Node where its install left no binary. */
function denoCommand(): { command: string; args: string[] } {
  if (process.env.DENO_PATH) return { command: process.env.DENO_PATH, args: [] };
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('deno/package.json'));
    const binary = join(dir, 'deno');
    if (existsSync(binary)) return { command: binary, args: [] };
    return { command: process.execPath, args: [join(dir, 'bin.cjs')] };
  } catch {
    return { command: 'deno', args: [] };
  }
}

/** Runs this script under Deno with `argv`; its exit status, or null when Deno did not start. */
export function runUnderDeno(argv: readonly string[]): number | null {
  const { command, args } = denoCommand();
  const script = fileURLToPath(import.meta.url);
  const result = spawnSync(command, [...args, 'run', DENO_WEBGPU_FLAG, '-A', script, ...argv], {
    stdio: 'inherit',
  });
  if (result.error) {
    process.stderr.write(
      `error: could not start Deno (${result.error.message}). Install it with npm install (the deno package), or set DENO_PATH.\n`,
    );
    return null;
  }
  return result.status ?? 1;
}
