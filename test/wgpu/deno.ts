// Runs a list of checks (test/wgpu/checks.ts) in Deno children on one Vulkan driver, a batch per
// child. A child that dies — a compiler panic takes the whole process — fails the item it had
// started, and the next child goes on from the item after it, so one crash hides nothing else.

import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { lavapipeIcd, swiftshaderIcd, vulkanEnv } from '../../scripts/vulkan';
import { DENO_WEBGPU_FLAG } from '../../src/gpu/deno';
import type { CheckOutcome } from './checks';

export const DENO = resolve('node_modules', '.bin', 'deno');

/** The Vulkan drivers here that wgpu runs on: lavapipe first (the one with shader-f16). */
export const WGPU_DRIVERS = [
  ['lavapipe', lavapipeIcd()],
  ['SwiftShader', swiftshaderIcd()],
].filter((d): d is [string, string] => d[1] !== null);

/** Items one child takes; a child that takes longer than `BATCH_TIMEOUT_MS` is killed. */
const BATCH = 96;
const BATCH_TIMEOUT_MS = 240_000;

export interface Crash {
  label: string;
  /** The exit status or signal, and the end of what it printed on stderr. */
  how: string;
}

export interface ChecksRun {
  /** The adapter's description, its features and the WGSL language features Deno lists. */
  adapter: string;
  features: string[];
  wgslLanguageFeatures: string[];
  outcomes: CheckOutcome[];
  crashes: Crash[];
}

function runChild(child: string, icd: string, args: string[]) {
  return spawnSync(DENO, ['run', DENO_WEBGPU_FLAG, '-A', child, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...vulkanEnv(icd), NO_COLOR: '1' },
    timeout: BATCH_TIMEOUT_MS,
    maxBuffer: 64 << 20,
  });
}

const jsonLines = (text: string): Record<string, unknown>[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

export function runChecks(child: string, icd: string, list: 'modules' | 'kernels'): ChecksRun {
  const counted = runChild(child, icd, ['count', list]);
  const head = jsonLines(counted.stdout)[0];
  if (counted.status !== 0 || head === undefined) {
    throw new Error(`deno could not list the ${list} checks: ${counted.stderr.slice(-2000)}`);
  }
  const count = head.count as number;
  const outcomes: CheckOutcome[] = [];
  const crashes: Crash[] = [];
  for (let from = 0; from < count; ) {
    const to = Math.min(count, from + BATCH);
    const result = runChild(child, icd, [list, String(from), String(to)]);
    const lines = jsonLines(result.stdout);
    const done = lines.filter((l) => l.start === undefined) as unknown as CheckOutcome[];
    outcomes.push(...done);
    const started = lines.filter((l) => l.start !== undefined).at(done.length);
    from += done.length;
    if (result.status === 0 && from === to) continue;
    // The child died in the item it had started and not finished: that item crashed.
    const stderr = result.stderr.split('\n').filter((l) => l.trim() !== '');
    crashes.push({
      label: String(started?.start ?? `item ${from}`),
      how: `${result.signal ?? `exit ${result.status}`}: ${stderr.slice(-6).join(' | ')}`,
    });
    from++;
  }
  return {
    adapter: String(head.adapter),
    features: head.features as string[],
    wgslLanguageFeatures: head.wgslLanguageFeatures as string[],
    outcomes,
    crashes,
  };
}
