// bench:against's pairing: which rows a run contributes, and what the paired summary says.

import { describe, expect, it } from 'vitest';
import {
  compareDecode,
  compareRuns,
  pairedSummary,
  runFigures,
} from '../../../bench/against/pairs';
import type { ResultRow, ResultsDocument } from '../../../src/core/results';
import { sampleDecodeRun, sampleDocument } from '../../fixtures/results';

/** A Quick-run document with a read probe at `read` GB/s and GEMV rows as given. */
function run(
  read: number,
  gemv: { format: string; gbps: number; n?: number; verified?: boolean }[],
) {
  const doc: ResultsDocument = sampleDocument();
  const readRow = doc.results[0] as ResultRow;
  const rows: ResultRow[] = gemv.map((g) => ({
    ...readRow,
    kernel: 'gemv',
    variant: 'rows4-wg64',
    format: g.format,
    shape: { m: 1, n: g.n ?? 1024, k: 1024 },
    gbps: g.gbps,
    verified: g.verified ?? true,
  }));
  return { ...doc, results: [{ ...readRow, gbps: read / 2 }, { ...readRow, gbps: read }, ...rows] };
}

describe('runFigures', () => {
  it('takes the fastest verified read and each format’s verified GEMV at 1024×1024 only', () => {
    const figures = runFigures(
      run(4, [
        { format: 'f32', gbps: 3 },
        { format: 'f32', gbps: 9, n: 4096 },
        { format: 'fp16', gbps: 1, verified: false },
      ]),
    );
    expect(figures).toEqual({ readGbps: 4, gemv: { f32: { gbps: 3, variant: 'rows4-wg64' } } });
    expect(runFigures({ ...sampleDocument(), results: [] })).toBeNull();
  });
});

describe('pairedSummary', () => {
  it('is the geometric mean of new ÷ old, inside its own interval, and repeatable', () => {
    const pairs = [
      { old: 1, new: 2 },
      { old: 2, new: 1 },
      { old: 1, new: 1.5 },
      { old: 3, new: 3 },
    ];
    const s = pairedSummary(pairs);
    expect(s?.ratio).toBeCloseTo((2 * 0.5 * 1.5) ** (1 / 4), 12);
    expect(s?.low).toBeLessThanOrEqual(s?.ratio ?? 0);
    expect(s?.high).toBeGreaterThanOrEqual(s?.ratio ?? 0);
    expect(s?.newHigher).toBe(2);
    expect(s?.oldMedian).toBe(1.5);
    expect(pairedSummary(pairs)).toEqual(s); // seeded bootstrap
    expect(pairedSummary([])).toBeNull();
  });

  it('puts a steady doubling’s interval wholly above 1, and a swing both ways across it', () => {
    const doubled = pairedSummary([1, 2, 3, 4, 5, 6].map((x) => ({ old: x, new: 2 * x })));
    expect(doubled?.low).toBeCloseTo(2, 12);
    expect(doubled?.high).toBeCloseTo(2, 12);
    const swing = pairedSummary([0.5, 2, 0.6, 1.8, 0.7, 1.5].map((r) => ({ old: 1, new: r })));
    expect(swing?.low).toBeLessThan(1);
    expect(swing?.high).toBeGreaterThan(1);
  });
});

describe('compareRuns', () => {
  it('pairs each format’s share of read and its GB/s, over the pairs that measured it', () => {
    const old = runFigures(
      run(2, [
        { format: 'f32', gbps: 1 },
        { format: 'int4', gbps: 0.5 },
      ]),
    );
    const faster = runFigures(run(4, [{ format: 'f32', gbps: 2 }]));
    if (!old || !faster) throw new Error('fixtures have read rows');
    const [f32, ...rest] = compareRuns([{ old, new: faster }]);
    // read and GEMV both doubled: the share did not move, the GB/s doubled
    expect(f32?.format).toBe('f32');
    expect(f32?.share.ratio).toBeCloseTo(1, 12);
    expect(f32?.gbps.ratio).toBeCloseTo(2, 12);
    expect(rest).toEqual([]); // int4 only in the old run: no pair
  });
});

describe('compareDecode', () => {
  it('pairs the verified decodes’ ms/token and keeps each side’s measured ÷ predicted', () => {
    const withDecode = (ms: number, ratio: number, verified = true) => ({
      ...run(2, [{ format: 'f32', gbps: 1 }]),
      decode: [sampleDecodeRun({ medianMs: ms, ratio, verified })],
    });
    const figures = (doc: ResultsDocument) => {
      const f = runFigures(doc);
      if (!f) throw new Error('fixtures have read rows');
      return f;
    };
    expect(figures(withDecode(10, 1.1)).decode).toEqual({ ms: 10, ratio: 1.1 });
    expect(figures(withDecode(10, 1.1, false)).decode).toBeUndefined();
    const pairs = [
      { old: figures(withDecode(10, 1.5)), new: figures(withDecode(5, 1.1)) },
      { old: figures(withDecode(12, 1.6)), new: figures(withDecode(6, 1.0)) },
      // a decode that failed on one side is no pair
      { old: figures(withDecode(12, 1.6)), new: figures(withDecode(1, 9, false)) },
    ];
    const c = compareDecode(pairs);
    expect(c?.msPerToken.pairs).toBe(2);
    expect(c?.msPerToken.ratio).toBeCloseTo(0.5, 12);
    expect([c?.oldRatios, c?.newRatios]).toEqual([
      [1.5, 1.6],
      [1.1, 1.0],
    ]);
    expect(compareDecode([pairs[2] as (typeof pairs)[number]])).toBeNull();
  });
});
