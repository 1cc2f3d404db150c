import { describe, expect, it } from 'vitest';
import { MODEL_FORMAT_IDS } from '../../../src/core/formats';
import { compareRuns } from '../../../src/model/measured/run-comparison';
import { sampleDecodeRun } from '../../fixtures/results';
import { doc, fmaRow, matRow, readRow, row } from './synthetic';

/** A run at `scale` × the speed of the base one, with the same shapes. */
function run(scale: number, extra = false) {
  const results = [
    readRow(1 << 24, 100 * scale),
    fmaRow('f32', 2000 * scale),
    matRow('fp16', 16, 1, 4096, 4096, 0.4 / scale),
    matRow('int4', 4.5, 1, 4096, 4096, 0.12 / scale),
    matRow('f32', 32, 64, 512, 256, 0.05 / scale),
  ];
  if (extra) results.push(matRow('int8', 8.5, 1, 1024, 1024, 0.02));
  return doc(results);
}

describe('comparing two runs', () => {
  it('sets ceilings, shared shapes and decode predictions side by side with B ÷ A', () => {
    const c = compareRuns(run(1), run(2, true));
    const read = c.lines.find((l) => l.kind === 'read');
    expect(read?.a).toBeCloseTo(100);
    expect(read?.ratio).toBeCloseTo(2);
    expect(c.lines.find((l) => l.kind === 'compute' && l.format === 'f32')?.ratio).toBeCloseTo(2);
    const gemv = c.lines.filter((l) => l.kind === 'gemv');
    // Only shapes both runs measured: the int8 GEMV of B alone is left out.
    expect(gemv.map((l) => l.format)).toEqual(['fp16', 'int4']);
    for (const l of gemv) expect(l.ratio).toBeCloseTo(2);
    expect(c.lines.find((l) => l.kind === 'gemm')?.shape).toEqual({ m: 64, n: 512, k: 256 });
    // Decode predictions: twice the speed, so about half the ms/token (fixed costs aside). (int8
    // differs: B measured an int8 GEMV, A's int8 comes from its roofline.)
    const decode = c.lines.filter((l) => l.kind === 'decode');
    // 8B in every format models are served in, 70B in int4.
    expect(decode.map((l) => `${l.model} ${l.format}`)).toEqual([
      ...MODEL_FORMAT_IDS.map((f) => `llama-3-8b ${f}`),
      'llama-3-70b int4',
    ]);
    for (const l of decode.filter((d) => d.format !== 'int8')) {
      expect(l.higherIsBetter).toBe(false);
      expect(l.ratio).toBeGreaterThan(0.4);
      expect(l.ratio).toBeLessThan(0.6);
    }
    expect(c.notComparable).toEqual([]);
  });

  it('keeps the fastest verified variant of a shape, and marks non-default runs', () => {
    const a = run(1);
    const slow = matRow('fp16', 16, 1, 4096, 4096, 4);
    const failed = row({ ...matRow('fp16', 16, 1, 4096, 4096, 0.01), verified: false, error: 'x' });
    const b = { ...run(1), settings: { samples: 3 } };
    b.results.push({ ...slow, variant: 'slow' }, { ...failed, variant: 'broken' });
    const c = compareRuns(a, b);
    expect(c.lines.find((l) => l.kind === 'gemv' && l.format === 'fp16')?.ratio).toBeCloseTo(1);
    expect(c.notComparable).toEqual(['b']);
  });

  it('leaves a ceiling one run lacks empty instead of inventing it', () => {
    const a = doc([readRow(1 << 24, 100)]);
    const c = compareRuns(a, run(1));
    expect(c.lines.find((l) => l.kind === 'compute')).toMatchObject({ a: null, ratio: null });
    expect(c.lines.filter((l) => l.kind === 'decode').every((l) => l.a === null)).toBe(true);
  });

  it('sets decode runs both documents made side by side (same model, format, layers, context)', () => {
    const timed = (medianMs: number, context = 512) => sampleDecodeRun({ context, medianMs });
    const failed = { ...timed(1), format: 'fp16', verified: false, medianMs: undefined };
    const a = { ...run(1), decode: [timed(4), timed(9, 2048), failed] };
    const b = { ...run(1), decode: [timed(2), { ...failed, format: 'fp16' }] };
    const lines = compareRuns(a as never, b as never).lines.filter((l) => l.kind === 'decode-run');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      model: 'smollm2-135m',
      format: 'int4',
      run: { layers: 2, totalLayers: 30, context: 512 },
      a: 4,
      b: 2,
      higherIsBetter: false,
    });
    expect(lines[0]?.ratio).toBeCloseTo(0.5);
    // A run without decode runs has no such lines.
    expect(compareRuns(run(1), b as never).lines.some((l) => l.kind === 'decode-run')).toBe(false);
  });
});
