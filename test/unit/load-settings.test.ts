import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOAD,
  decodeLoad,
  distCode,
  distFromCode,
  encodeLoad,
  type LoadSettings,
  loadRequest,
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

  it('never throws and always gives valid settings, whatever the fragment holds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const s = decodeLoad(text);
        expect(s.ratePerS).toBeGreaterThan(0);
        expect(Number.isInteger(s.users) && s.users >= 1).toBe(true);
        expect(['rate', 'users']).toContain(s.mode);
      }),
      { numRuns: 10_000 },
    );
  });

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
