// Recomputes the calibration report (`npm run calibrate`) the way a user meets the predictor: each
// row predicted by a profile fitted without its whole source (thread, repository, paper) or its
// whole GPU family (twins and variants), the range built from the remaining rows alone (nested).
// Per category it asserts what the range promises: coverage of the stated range close to the
// stated level AND a bounded width (a range may not meet coverage by being wide; one wider than
// 4× is stated as "not enough data", counted, and never counted as inside). Where a figure falls
// short of the issue's target, the honest figure is pinned with the reason.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  heldOutResiduals,
  MAX_RANGE_WIDTH,
  metricCalibration,
  RANGE_ALSO_METRICS,
  RANGE_LEVEL,
  residualInterval,
  SMALL_SAMPLE,
  vendorHeldOutResiduals,
} from '../../../src/model/engines/calibrate';
import {
  CATEGORY_LABEL,
  calibrationReport,
  formatReport,
  heldOutPredictions,
  heldOutTable,
  type ReportLine,
} from '../../../src/model/engines/cross-validation';
import {
  CATEGORY_DOCS,
  categoryTable,
  docBlock,
  normalizedTable,
} from '../../../src/model/engines/doc-tables';
import {
  type DocGrouping,
  type ReportGrouping,
  rowSource,
} from '../../../src/model/engines/groups';
import { calibrationRows } from '../../../src/model/engines/measurements/data';

const rows = calibrationRows();
const reports = {
  gpu: calibrationReport(heldOutTable(rows, 'gpu')),
  source: calibrationReport(heldOutTable(rows, 'source')),
  family: calibrationReport(heldOutTable(rows, 'family')),
  'source+family': calibrationReport(heldOutTable(rows, 'source+family')),
} as const;
const line = (g: ReportGrouping, label: string, metric: 'decode' | 'ttft'): ReportLine => {
  const l = reports[g].find((r) => r.label === label && r.vendor === 'all' && r.metric === metric);
  if (l === undefined) throw new Error(`no report line ${g} ${label} ${metric}`);
  return l;
};

/**
 * Issue 34's targets on data the fit has never seen (grouped CV the proxy): MAPE, and the widest
 * median width (native decode ≤ 2.5; elsewhere no stated range past MAX_RANGE_WIDTH).
 */
const TARGET = {
  native: { decode: { mape: 0.15, width: 2.5 }, ttft: { mape: 0.4, width: 4 } },
  browser: { decode: { mape: 0.35, width: 4 }, ttft: { mape: 0.4, width: 4 } },
} as const;

/** A stated range holds within this of RANGE_LEVEL on grouped held-out rows (≥ 10 of them). */
const COVERAGE_SLACK = 0.07;

interface CategoryExpectation {
  cls: 'native' | 'browser';
  metric: 'decode' | 'ttft';
  grouping: DocGrouping;
  n: number;
  noFit: number;
  notEnoughData: number;
  /** Upper limits: the figure now, rounded up; below the target where it meets it. */
  mape: number;
  width: number;
  /** Whether the figures meet the issue's target (TARGET): asserted where they do. */
  meets: boolean;
  /**
   * Where the stated ranges hold less than RANGE_LEVEL − COVERAGE_SLACK: the honest figure,
   * rounded down, pinned with its reason in `why` (the check stays two-sided above it).
   */
  coverageFloor?: number;
  /** Where a range is floored on purpose (classSpread) and holds more than it states. */
  coverageCeiling?: number;
  why?: string;
}

const CATEGORIES: readonly CategoryExpectation[] = [
  {
    cls: 'native',
    metric: 'decode',
    grouping: 'source+family',
    n: 149,
    noFit: 0,
    notEnoughData: 0,
    mape: 0.125,
    width: 2.0,
    meets: true,
    why: 'the headline: 91.3 % inside at a median width of 1.96, MAPE 12.4 %: a range must hold a new source on a new GPU family at once (issue 34: coverage first)',
  },
  {
    cls: 'native',
    metric: 'decode',
    grouping: 'source',
    n: 149,
    noFit: 0,
    notEnoughData: 0,
    mape: 0.125,
    width: 1.8,
    meets: true,
    why: '90.6 % inside at 1.76: ranges from residuals held out by source and family together hold for a new source alone',
  },
  {
    cls: 'native',
    metric: 'decode',
    grouping: 'family',
    n: 149,
    noFit: 0,
    notEnoughData: 0,
    mape: 0.105,
    width: 1.7,
    meets: true,
    why: '91.9 % inside at 1.67',
  },
  {
    cls: 'native',
    metric: 'ttft',
    grouping: 'source+family',
    n: 124,
    noFit: 0,
    notEnoughData: 16,
    mape: 0.225,
    width: 2.15,
    meets: true,
    why: 'the headline: AMD (ROCm, Vulkan) prefill varies 0.2–1.0 of the FP16 rate between builds and GPUs: 16 held-out ranges are wider than 4× and say "not enough data"; MLX prefill of Qwen3-0.6B (mlx-lm PR 406) predicted 2–5× slow without its source, from a fixed cost per prompt fitted on a 70B model',
  },
  {
    cls: 'native',
    metric: 'ttft',
    grouping: 'source',
    n: 124,
    noFit: 0,
    notEnoughData: 18,
    mape: 0.215,
    width: 2.15,
    meets: true,
  },
  {
    cls: 'native',
    metric: 'ttft',
    grouping: 'family',
    n: 124,
    noFit: 0,
    notEnoughData: 15,
    mape: 0.22,
    width: 1.4,
    meets: true,
  },
  {
    cls: 'browser',
    metric: 'decode',
    grouping: 'source+family',
    n: 89,
    noFit: 0,
    notEnoughData: 34,
    mape: 0.285,
    width: 3.6,
    meets: true,
    why: 'the headline: each harness its own engine (WebLLM; llama.cpp WebGPU as WASM; through Dawn; transformers.js), yet the harnesses of one engine disagree on one machine (wllama on zero-tvm’s M2 Max about 1 ms per layer beyond its weight reads; webgpu-bench’s WASM build on an Apple M3 0.5–1.05 ms, web-of-llamas 0.25–0.45), so a range that holds a new source on a new GPU family is wide: 87.3 % of the 55 stated ranges hold at a median width of 3.59, and 34 of 89 are wider than 4× and say "not enough data" (77.8 % of 18 stated before browser-llm-lab’s WebLLM and transformers.js runs)',
  },
  {
    cls: 'browser',
    metric: 'decode',
    grouping: 'source',
    n: 89,
    noFit: 0,
    notEnoughData: 24,
    mape: 0.3,
    width: 3.65,
    meets: true,
    why: '83.1 % of 65 stated ranges hold at 3.64: one source of a harness held out leaves the others, which pay another cost per layer',
  },
  {
    cls: 'browser',
    metric: 'decode',
    grouping: 'family',
    n: 89,
    noFit: 0,
    notEnoughData: 29,
    mape: 0.295,
    width: 2.55,
    meets: true,
    why: '93.3 % inside at a median width of 2.50; the RX 7900 XT and Arc B580, each its vendor’s only browser GPU, and the Apple families held out with their harnesses say "not enough data"',
  },
  {
    cls: 'browser',
    metric: 'ttft',
    grouping: 'source+family',
    n: 27,
    noFit: 0,
    notEnoughData: 27,
    mape: 0.29,
    width: Number.NaN,
    meets: false,
    why: 'MAPE 28.5 %, but no range stated: a harness’s prefill rows come from one or two sources (web-of-llamas; browser-llm-lab and beingdb-webllm; llama.cpp PR 17031; sokuji), and held out, the fit left for its range rests on too few GPUs or on the other harnesses alone: every such range is wider than 4×, "not enough data"',
  },
  {
    cls: 'browser',
    metric: 'ttft',
    grouping: 'source',
    n: 27,
    noFit: 0,
    notEnoughData: 27,
    mape: 0.32,
    width: Number.NaN,
    meets: false,
    why: 'as by source and family: every held-out range wider than 4×',
  },
  {
    cls: 'browser',
    metric: 'ttft',
    grouping: 'family',
    n: 27,
    noFit: 0,
    notEnoughData: 18,
    mape: 0.15,
    width: 2.3,
    meets: false,
    why: '9 of 9 stated ranges inside at 2.29; the RX 7900 XT and Arc B580 held out leave their vendors unseen, and harnesses measured on few GPUs lose them: "not enough data"',
  },
];

describe('grouped calibration report (by source, by GPU family)', () => {
  it('states its interval: a central 90 % interval of held-out residuals, at most 4× wide', () => {
    expect(RANGE_LEVEL).toBe(0.9);
    expect(MAX_RANGE_WIDTH).toBe(4);
    expect(formatReport(reports.source)).toContain('llama.cpp-metal');
  });

  it('is what the README and docs/PREDICTING.md show (`npm run calibrate -- --write` rewrites them)', () => {
    const table = normalizedTable(categoryTable(reports));
    expect(table.split('\n')).toHaveLength(2 + 12);
    for (const doc of CATEGORY_DOCS) {
      const text = readFileSync(new URL(`../../../${doc}`, import.meta.url), 'utf8');
      expect(normalizedTable(docBlock(text, 'categories')), doc).toBe(table);
    }
  });

  it('takes the residuals’ quantiles from 20 on, and a wider t prediction interval below', () => {
    // 20 residuals spread evenly over ±0.2: the type-7 5 % and 95 % quantiles.
    const many = Array.from({ length: SMALL_SAMPLE }, (_, i) => -0.2 + (0.4 * i) / 19);
    const q = residualInterval(many);
    expect(Math.log(q.low)).toBeCloseTo(-0.2 + 0.4 * 0.05, 10);
    expect(Math.log(q.high)).toBeCloseTo(0.2 - 0.4 * 0.05, 10);
    // Five residuals −0.1 … 0.1: mean 0, s = 0.079, t(4 df) 2.132: ±0.185, not the quantiles' ±0.09.
    const few = [-0.1, -0.05, 0, 0.05, 0.1];
    const s = Math.sqrt(0.025 / 4);
    const w = residualInterval(few);
    expect(Math.log(w.high)).toBeCloseTo(2.132 * s * Math.sqrt(1 + 1 / 5), 10);
    expect(Math.log(w.low)).toBeCloseTo(-2.132 * s * Math.sqrt(1 + 1 / 5), 10);
    expect(w.n).toBe(5);
  });

  for (const e of CATEGORIES) {
    const label = `${e.cls} ${e.metric} held out by ${e.grouping}: n ${e.n}`;
    it(`${label}${e.why === undefined ? '' : ` — ${e.why}`}`, () => {
      const l = line(e.grouping, CATEGORY_LABEL[e.cls], e.metric);
      expect(l.n).toBe(e.n);
      expect(l.noFit).toBe(e.noFit);
      expect(l.notEnoughData).toBe(e.notEnoughData);
      const stated = l.n - l.notEnoughData;
      if (Number.isNaN(e.mape)) expect(l.mape).toBeNaN();
      else expect(l.mape).toBeLessThanOrEqual(e.mape);
      if (stated === 0) {
        expect(l.coverage).toBeNaN();
        expect(l.width).toBeNaN();
        return;
      }
      // Coverage close to what the range states, not merely above it.
      if (stated >= 10) {
        expect(l.coverage).toBeLessThanOrEqual(e.coverageCeiling ?? RANGE_LEVEL + COVERAGE_SLACK);
        expect(l.coverage).toBeGreaterThanOrEqual(e.coverageFloor ?? RANGE_LEVEL - COVERAGE_SLACK);
      }
      // Width bounded: the pinned figure, and never past the "not enough data" limit.
      expect(l.width).toBeLessThanOrEqual(e.width);
      expect(l.width).toBeLessThanOrEqual(MAX_RANGE_WIDTH);
      const t = TARGET[e.cls][e.metric];
      if (e.meets) {
        expect(l.mape).toBeLessThanOrEqual(t.mape);
        expect(l.width).toBeLessThanOrEqual(t.width);
      }
    });
  }

  it('the TTFT ranges are width-limited: every stated one ≤ 4×, their median ≤ 2.8 for native engines', () => {
    for (const g of ['source+family', 'source', 'family'] as const) {
      const l = line(g, CATEGORY_LABEL.native, 'ttft');
      expect(l.width, g).toBeLessThanOrEqual(2.8);
    }
    const preds = heldOutPredictions('llama.cpp-rocm', rows, 'ttft', 'source');
    const widths = preds.map((p) => p.highMs / p.lowMs);
    expect(widths.length).toBeGreaterThan(0);
    // llama.cpp ROCm prefill: ranges of 4–6× would hide the error; they are stated as too wide.
    const summary = reports.source.find(
      (r) => r.label === 'llama.cpp-rocm' && r.vendor === 'all' && r.metric === 'ttft',
    );
    expect(summary?.notEnoughData).toBe(widths.filter((w) => w > MAX_RANGE_WIDTH).length);
  });

  it('the leave-one-GPU-out figures look better than the grouped ones (why they are not shown)', () => {
    const gpu = line('gpu', CATEGORY_LABEL.native, 'decode');
    const source = line('source', CATEGORY_LABEL.native, 'decode');
    expect(gpu.mape).toBeLessThan(source.mape);
    expect(gpu.width).toBeLessThan(source.width);
  });

  it('decode ranges rest on residuals held out by source and family together, TTFT ranges on those and the family-held-out ones', () => {
    expect([...RANGE_ALSO_METRICS]).toEqual(['ttft']);
    const decode = heldOutResiduals('llama.cpp-cuda', 'nvidia', rows, 'decode');
    expect(decode.grouping).toBe('source+family');
    expect(decode.residuals).toHaveLength(decode.rows);
    const ttft = heldOutResiduals('llama.cpp-cuda', 'nvidia', rows, 'ttft');
    expect(ttft.grouping).toBe('source+family');
    // Each row once held out by source, and again (where a fit is left) held out by family.
    expect(ttft.residuals.length).toBeGreaterThan(ttft.rows);
    expect(ttft.residuals.length).toBeLessThanOrEqual(2 * ttft.rows);
  });

  it('is nested: the held-out source influences nothing, its range included', () => {
    const key = 'github.com/ggml-org/llama.cpp#4167';
    // The same rows, with every measurement of one source ten times slower.
    const changed = rows.map((r) => (rowSource(r) === key ? { ...r, ms: r.ms * 10 } : r));
    const metalBefore = heldOutPredictions('llama.cpp-metal', rows, 'decode', 'source');
    const metalAfter = heldOutPredictions('llama.cpp-metal', changed, 'decode', 'source');
    expect(metalAfter).toHaveLength(metalBefore.length);
    // Metal rows of other sources were predicted by fits that saw the changed rows: they move…
    const moved = metalBefore.some(
      (p, i) => rowSource(p.row) !== key && metalAfter[i]?.predictedMs !== p.predictedMs,
    );
    expect(moved).toBe(true);
    // …the Apple table's own rows, predicted without their source, do not move at all.
    let checked = 0;
    metalBefore.forEach((p, i) => {
      if (rowSource(p.row) !== key) return;
      const q = metalAfter[i];
      expect(q?.predictedMs).toBe(p.predictedMs);
      expect(q?.lowMs).toBe(p.lowMs);
      expect(q?.highMs).toBe(p.highMs);
      checked++;
    });
    expect(checked).toBe(51);
  });

  it('a browser vendor without rows rests on as many cases as vendors were left out, not on their rows', () => {
    // The Arc B580 is the data's only Intel browser GPU; without it Intel is a vendor never seen.
    const rest = rows.filter((r) => !(r.vendor === 'intel' && r.engine === 'llama.cpp-webgpu'));
    const unseen = vendorHeldOutResiduals('llama.cpp-webgpu', rest, 'decode', 'unseen');
    expect(unseen.vendors).toBe(3);
    expect(unseen.rows).toBeGreaterThan(SMALL_SAMPLE);
    const byVendors = residualInterval(unseen.residuals, unseen.vendors);
    const byRows = residualInterval(unseen.residuals, unseen.rows);
    expect(byVendors.high / byVendors.low).toBeGreaterThan(byRows.high / byRows.low);
    const intel = metricCalibration('llama.cpp-webgpu', 'intel', rest, 'decode');
    expect(intel.codes).toContain('vendor-not-in-data');
    // The hull with the seen vendors' interval: at least as wide as the vendor-counted one.
    expect(intel.interval.low).toBeLessThanOrEqual(byVendors.low);
    expect(intel.interval.high).toBeGreaterThanOrEqual(byVendors.high);
    expect(intel.codes).toContain('not-enough-data');
  });

  it('engines without rows report n = 0 rather than figures', () => {
    for (const [label, metric] of [
      ['vllm', 'ttft'],
      ['mlc', 'ttft'],
      ['webgpu-roofline', 'decode'],
    ] as const) {
      const l = line('source', label, metric);
      expect(l.n).toBe(0);
      expect(Number.isNaN(l.mape)).toBe(true);
    }
  });
});
