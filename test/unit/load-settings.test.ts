import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGINE_IDS } from '../../src/model/engines/ids';
import { GPUS } from '../../src/model/hardware/gpus';
import {
  DEFAULT_LOAD,
  decodeLoad,
  distCode,
  distFromCode,
  encodeLoad,
  type LoadSettings,
  loadRequest,
  SCHEDULER_KINDS,
} from '../../src/ui/load/load-settings';

const custom: LoadSettings = {
  source: 'measured',
  engine: 'browser',
  scheduler: 'static',
  mode: 'users',
  ratePerS: 2.5,
  users: 64,
  prompt: { kind: 'exponential', mean: 300 },
  output: { kind: 'fixed', tokens: 64 },
  memoryGB: 24,
};

/** One part of a `load=` fragment: its text, and the setting it makes when it is valid. */
interface Part {
  text: string;
  setting?: [keyof LoadSettings, unknown];
}

const valid = (key: string, field: keyof LoadSettings, value: unknown, text = String(value)) => ({
  text: `${key}:${text}`,
  setting: [field, value] as [keyof LoadSettings, unknown],
});
const invalid = (key: string, text: string): Part => ({ text: `${key}:${text}` });

const dist = fc.oneof(
  fc.integer({ min: 1, max: 8192 }).map((tokens) => ({ kind: 'fixed' as const, tokens })),
  fc.integer({ min: 1, max: 8192 }).map((mean) => ({ kind: 'exponential' as const, mean })),
  fc
    .tuple(fc.integer({ min: 1, max: 4096 }), fc.integer({ min: 2, max: 14 }))
    .map(([mean, k]) => ({ kind: 'lognormal' as const, mean, p99: mean * k })),
);
const badDist = fc.constantFrom(
  'fixed-0',
  'fixed-2.5',
  'exp-0.5',
  'lognormal-100-50',
  'lognormal-10-1000',
  'lognormal-128',
  'gamma-3',
  '',
);
const number = (lo: number, hi: number) => fc.double({ min: lo, max: hi, noNaN: true });

/** A part from the real grammar: each key with a valid value, a value out of range, or noise. */
const part: fc.Arbitrary<Part> = fc.oneof(
  fc.constantFrom('measured', ...GPUS.map((g) => g.id)).map((v) => valid('src', 'source', v)),
  fc.constantFrom(...ENGINE_IDS).map((v) => valid('eng', 'engine', v)),
  fc.constantFrom(...SCHEDULER_KINDS).map((v) => valid('sch', 'scheduler', v)),
  fc.constantFrom('rate', 'users').map((v) => valid('mode', 'mode', v)),
  number(1e-3, 1e5).map((v) => valid('rate', 'ratePerS', v)),
  fc.integer({ min: 1, max: 1024 }).map((v) => valid('users', 'users', v)),
  number(0.1, 4096).map((v) => valid('mem', 'memoryGB', v)),
  fc
    .tuple(fc.constantFrom('prompt', 'output'), dist)
    .map(([k, d]) => valid(k, k as 'prompt' | 'output', d, distCode(d))),
  fc.constantFrom('src', 'eng', 'sch', 'mode').map((k) => invalid(k, 'nope')),
  fc.constantFrom('0', '-1', '1e9', 'NaN', 'Infinity', 'x', '').map((v) => invalid('rate', v)),
  fc.constantFrom('0', '2.5', '2000', '-3', 'x').map((v) => invalid('users', v)),
  fc.constantFrom('0', '0.01', '5000', 'x').map((v) => invalid('mem', v)),
  fc.tuple(fc.constantFrom('prompt', 'output'), badDist).map(([k, v]) => invalid(k, v)),
  // Noise: an unknown key, or no colon at all (no valid value starts with its key's name).
  fc.string({ maxLength: 12 }).map((v) => invalid('zzz', v.replaceAll('|', ''))),
  fc.string({ maxLength: 12 }).map((v) => ({ text: v.replaceAll(/[|:]/g, '') })),
);
const fragment = fc.array(part, { maxLength: 12 });

describe('Under load settings in the URL', () => {
  it('round-trip, and the defaults are the chapter’s load test on an A100', () => {
    expect(decodeLoad(encodeLoad(custom))).toEqual(custom);
    expect(decodeLoad(encodeLoad(DEFAULT_LOAD))).toEqual(DEFAULT_LOAD);
    expect(decodeLoad(null)).toEqual(DEFAULT_LOAD);
    expect(DEFAULT_LOAD.output).toEqual({ kind: 'lognormal', mean: 128, p99: 512 });
    expect(distCode(DEFAULT_LOAD.output)).toBe('lognormal-128-512');
  });

  it('a bad or unknown part keeps its default; the rest still counts', () => {
    const s = decodeLoad(
      'src:nope|eng:gpu|sch:fifo|mode:x|rate:-1|users:2.5|mem:0|prompt:lognormal-100-50|output:exp-40|zzz',
    );
    expect(s).toEqual({ ...DEFAULT_LOAD, output: { kind: 'exponential', mean: 40 } });
    expect(decodeLoad('eng:vllm').engine).toBe('vllm');
    expect(decodeLoad('eng:NIM').engine).toBe('native'); // aliases are not written in links
    expect(distFromCode('fixed-0')).toBeNull();
    expect(distFromCode('lognormal-128')).toBeNull();
  });

  it('10,000 fragments of real parts, valid or not: each valid part counts, the last one wins, the rest keep their default', () => {
    let applied = 0;
    let refused = 0;
    const appliedKeys = new Set<string>();
    fc.assert(
      fc.property(fragment, (parts) => {
        const s = decodeLoad(parts.map((p) => p.text).join('|'));
        // What the fragment should give: the defaults, overwritten by each valid part in order.
        const expected: Record<string, unknown> = { ...DEFAULT_LOAD };
        for (const p of parts) {
          if (p.setting === undefined) refused++;
          else {
            expected[p.setting[0]] = p.setting[1];
            appliedKeys.add(p.setting[0]);
            applied++;
          }
        }
        expect(s).toEqual(expected);
        expect(s.ratePerS).toBeGreaterThan(0);
        expect(Number.isInteger(s.users) && s.users >= 1).toBe(true);
        expect(decodeLoad(encodeLoad(s))).toEqual(s);
      }),
      { numRuns: 10_000 },
    );
    // Both kinds of part were met often, and every setting was set from a fragment.
    expect(applied / (applied + refused)).toBeGreaterThan(0.3);
    expect(refused / (applied + refused)).toBeGreaterThan(0.3);
    expect([...appliedKeys].sort()).toEqual(Object.keys(DEFAULT_LOAD).sort());
  }, 60_000);

  it('makes a sweep request, or one run at the slider’s load', () => {
    const source = { kind: 'spec', gpu: 'a100', engine: 'native' } as const;
    const sweep = loadRequest(DEFAULT_LOAD, 'llama-3-8b', 'fp16', source, false);
    expect(sweep.single).toBeUndefined();
    expect(sweep.scheduler.kind).toBe('continuous');
    expect(loadRequest(DEFAULT_LOAD, 'llama-3-8b', 'fp16', source, true).single).toEqual({
      kind: 'poisson',
      ratePerS: 5,
    });
    expect(loadRequest(custom, 'llama-3-8b', 'fp16', source, true).single).toEqual({
      kind: 'closed',
      users: 64,
      thinkMs: 0,
    });
  });
});
