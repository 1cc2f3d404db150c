import { describe, expect, it } from 'vitest';
import { noteText } from '../../../src/cli/words/notes-en';
import { attainable, computeCeilingFor, fitRoofline } from '../../../src/model/measured/roofline';
import { doc, fmaRow, matRow, readRow, row } from './synthetic';

describe('roofline fit', () => {
  const cached = readRow(4 * 2 ** 20, 3000); // small working set: served from cache
  const big = readRow(2 ** 30, 900);
  const bigSlow = readRow(2 ** 30, 850);
  const broken = row({
    kernel: 'read',
    format: 'f32',
    shape: { bytes: 2 ** 31 },
    bytes: 2 ** 31,
    medianMs: 1,
    verified: false,
    error: 'timeout',
  });
  const gemv = matRow('fp16', 16, 1, 4096, 4096, (4096 * 4096 * 2) / 450e6); // 450 GB/s
  const gemm = matRow('fp16', 16, 512, 4096, 4096, (2 * 512 * 4096 * 4096) / 9_000e6); // 9 TFLOP/s
  const r = fitRoofline(
    doc([
      cached,
      big,
      bigSlow,
      broken,
      fmaRow('f32', 10_000),
      fmaRow('fp16', 20_000),
      fmaRow('fp16', 18_000),
      gemv,
      gemm,
    ]),
  );

  it('β is the best verified read at the largest working set, not a cached one', () => {
    expect(r.bandwidthGBps).toBeCloseTo(900, 6);
    expect(r.bandwidthRow).toBe(big);
  });

  it('π is the best verified FMA per format; the ridge is π/β', () => {
    expect(r.computeGflops).toEqual({ f32: 10_000, fp16: 20_000 });
    expect(r.ridge.fp16).toBeCloseTo(20_000 / 900, 9);
  });

  it('places each GEMV/GEMM row: intensity, attainable, efficiency', () => {
    expect(r.points).toHaveLength(2);
    const [pv, pm] = r.points;
    expect(pv?.bound).toBe('memory');
    expect(pv?.intensity).toBeCloseTo(gemv.flops / gemv.bytes, 12);
    expect(pv?.attainableGflops).toBeCloseTo((pv?.intensity ?? 0) * 900, 6);
    expect(pv?.efficiency).toBeCloseTo(gemv.gflops / ((pv?.intensity ?? 0) * 900), 9);
    expect(pm?.bound).toBe('compute');
    expect(pm?.attainableGflops).toBe(20_000);
    expect(pm?.efficiency).toBeCloseTo(0.45, 6);
  });

  it('attainable = min(π, I·β)', () => {
    expect(attainable(1, 1000, 100)).toBe(100);
    expect(attainable(100, 1000, 100)).toBe(1000);
  });

  it('int weights use the fp16 ceiling, else f32', () => {
    expect(computeCeilingFor({ f32: 1, fp16: 2 }, 'int4')).toEqual({ gflops: 2, from: 'fp16' });
    expect(computeCeilingFor({ f32: 1 }, 'int8')).toEqual({ gflops: 1, from: 'f32' });
    expect(computeCeilingFor({}, 'int8')).toBeUndefined();
  });

  it('notes what is missing', () => {
    const empty = fitRoofline(doc([]));
    expect(empty.bandwidthGBps).toBeUndefined();
    expect(empty.notes).toEqual([
      { id: 'no-read-rows' },
      { id: 'no-fma-rows' },
      { id: 'no-matrix-rows' },
    ]);
    expect(empty.notes.map(noteText).join(' ')).toMatch(
      /no verified read rows.*no verified FMA rows.*GEMV\/GEMM/,
    );
  });
});
