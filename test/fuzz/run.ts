// How the property-based tests run: how many cases, which seed, and the checks every case shares.

import type fc from 'fast-check';
import { expect } from 'vitest';

/** Generated cases per untrusted input (at least 10 000). */
export const FUZZ_RUNS = 10_000;

/** A test's limit: they take a second or two; this only catches a runaway on a busy machine. */
export const FUZZ_TIMEOUT_MS = 60_000;

/**
 * fast-check parameters. No fixed seed: every run draws new cases, and a failure prints its
 * seed and path with the shrunk counterexample. To replay one, set them in the environment:
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run --project unit test/unit/share/fuzz-…
 */
export function fuzzParameters<T>(numRuns = FUZZ_RUNS): fc.Parameters<T> {
  const seed = process.env.FUZZ_SEED;
  const path = process.env.FUZZ_PATH;
  return {
    numRuns,
    ...(seed === undefined ? {} : { seed: Number(seed) }),
    ...(path === undefined ? {} : { path }),
  };
}

/**
 * True when replaying one failure (FUZZ_PATH set): only that case runs, so checks over the
 * whole run (every outcome reached, enough cases) do not apply.
 */
export const REPLAYING = process.env.FUZZ_PATH !== undefined;

/** Longest a single case may take, in ms: far above any real case, so only a hang trips it. */
export const HANG_MS = 5_000;

/**
 * Runs `fn`, and fails the case when it took longer than HANG_MS: a sync call cannot be
 * interrupted, but a slow one is reported with its input instead of stalling the suite.
 */
export function withinTime<T>(what: string, fn: () => T): T {
  const start = performance.now();
  try {
    return fn();
  } finally {
    const ms = performance.now() - start;
    // biome-ignore lint/correctness/noUnsafeFinally: a hang outranks whatever the call gave
    if (ms > HANG_MS) throw new Error(`${what} took ${ms.toFixed(0)} ms (a hang?)`);
  }
}

/** Rejects when `promise` has not settled within HANG_MS. */
export async function settlesInTime<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} hung`)), HANG_MS);
  });
  try {
    return await Promise.race([promise, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** The prototypes a `__proto__` or `constructor.prototype` key would reach. */
const PROTOTYPES = { Object: Object.prototype, Array: Array.prototype } as const;

/** Each prototype's own keys and their values as this module loaded. */
const pristine = Object.entries(PROTOTYPES).map(([name, proto]) => {
  const keys = Reflect.ownKeys(proto);
  const values = keys.map((k) => Reflect.get(proto, k));
  return { name, proto, keys, values };
});

/** The built-in prototype properties added, removed or replaced since this module loaded. */
function changedPrototypes(): string[] {
  const changed: string[] = [];
  for (const { name, proto, keys, values } of pristine) {
    const count = Reflect.ownKeys(proto).length;
    if (count !== keys.length) changed.push(`${name}.prototype has ${count} keys`);
    keys.forEach((k, i) => {
      if (!Object.is(Reflect.get(proto, k), values[i]))
        changed.push(`${name}.prototype.${String(k)}`);
    });
  }
  if (Object.getPrototypeOf({}) !== Object.prototype) changed.push('the prototype of {}');
  return changed;
}

/**
 * What one case found wrong. A case records each check here and ends with one expect that the
 * list is empty: one assertion call per case instead of a dozen keeps 10 000 cases fast, and a
 * failure still names every problem next to fast-check's counterexample.
 */
export class Findings {
  readonly problems: string[] = [];

  check(ok: boolean, problem: () => string): void {
    if (!ok) this.problems.push(problem());
  }

  /** No built-in prototype polluted (`__proto__` keys and the like). */
  checkPrototypes(): void {
    const changed = changedPrototypes();
    this.check(changed.length === 0, () => `prototypes changed: ${changed.join(', ')}`);
  }

  expectNone(): void {
    expect(this.problems).toEqual([]);
  }
}
