// Two results documents side by side: the ceilings, every GEMV/GEMM shape both measured, and the
// decode prediction each implies — with B ÷ A for each. Pure; the page draws it.

import { FORMAT_IDS, type FormatId, MODEL_FORMAT_IDS, resolveFormat } from '../../core/formats';
import type { DecodeRun, PlanName, ResultRow, ResultsDocument } from '../../core/results';
import { getModel } from '../llm/models';
import { predictMeasured } from '../predict/measured-estimator';
import { fitRoofline, verifiedRows } from './roofline';

export type ComparisonKind = 'read' | 'compute' | 'gemv' | 'gemm' | 'decode' | 'decode-run';

export interface ComparisonLine {
  kind: ComparisonKind;
  /** Kernel or weight format (a FormatId); for compute, the FMA format. */
  format?: string;
  /** GEMV/GEMM: the matrix shape. */
  shape?: { m: number; n: number; k: number };
  /** decode, decode-run: the model's id. */
  model?: string;
  /** decode-run: the whole-model run both documents made (k of N layers, at this context). */
  run?: { layers: number; totalLayers: number; context: number };
  unit: 'GB/s' | 'GFLOP/s' | 'ms/token';
  a: number | null;
  b: number | null;
  /** b ÷ a, where both exist. */
  ratio: number | null;
  /** True where a larger number is better (rates); false for times. */
  higherIsBetter: boolean;
}

export interface Comparison {
  lines: ComparisonLine[];
  plans: [PlanName, PlanName];
  /** Which runs used non-default settings ("not comparable"). */
  notComparable: ('a' | 'b')[];
}

/** Models and formats whose decode prediction is compared: 70B in int4, as it is usually run. */
export const COMPARED_DECODES: readonly { model: string; formats: readonly FormatId[] }[] = [
  { model: 'llama-3-8b', formats: MODEL_FORMAT_IDS },
  { model: 'llama-3-70b', formats: ['int4'] },
];

const shapeKey = (r: ResultRow) =>
  `${r.kernel} ${r.format} ${r.shape.m ?? 1}×${r.shape.n ?? 0}×${r.shape.k ?? 0}`;

/** The fastest verified row per GEMV/GEMM shape and format (variants compete). */
function bestMatrixRows(doc: ResultsDocument): Map<string, ResultRow> {
  const best = new Map<string, ResultRow>();
  for (const r of verifiedRows(doc)) {
    if (r.kernel !== 'gemv' && r.kernel !== 'gemm') continue;
    const key = shapeKey(r);
    const seen = best.get(key);
    if (seen === undefined || r.medianMs < seen.medianMs) best.set(key, r);
  }
  return best;
}

const ratio = (a: number | null, b: number | null) =>
  a === null || b === null || a <= 0 ? null : b / a;

function line(
  fields: Omit<ComparisonLine, 'ratio' | 'a' | 'b'>,
  a: number | undefined | null,
  b: number | undefined | null,
): ComparisonLine {
  const av = a ?? null;
  const bv = b ?? null;
  return { ...fields, a: av, b: bv, ratio: ratio(av, bv) };
}

/** Decode ms/token predicted from a document's measurements, or null where it cannot be. */
function decodeMs(doc: ResultsDocument, model: string, format: string): number | null {
  try {
    return predictMeasured(doc, getModel(model), resolveFormat(format)).decode.msPerToken.expected;
  } catch {
    return null;
  }
}

const runKey = (r: DecodeRun) => `${r.model} ${r.format} ${r.layers}/${r.totalLayers} ${r.context}`;

/** Whole-model decode runs both documents made (same model, format, layers, context): ms/token. */
function decodeRunLines(a: ResultsDocument, b: ResultsDocument): ComparisonLine[] {
  const timed = (doc: ResultsDocument) =>
    new Map((doc.decode ?? []).filter((r) => r.medianMs !== undefined).map((r) => [runKey(r), r]));
  const inB = timed(b);
  return [...timed(a).values()].flatMap((x) => {
    const y = inB.get(runKey(x));
    if (y === undefined) return [];
    const { model, format, layers, totalLayers, context } = x;
    const fields = { kind: 'decode-run', model, format, unit: 'ms/token' } as const;
    const run = { layers, totalLayers, context };
    return [line({ ...fields, run, higherIsBetter: false }, x.medianMs, y.medianMs)];
  });
}

export function compareRuns(a: ResultsDocument, b: ResultsDocument): Comparison {
  const ra = fitRoofline(a);
  const rb = fitRoofline(b);
  const lines: ComparisonLine[] = [
    line({ kind: 'read', unit: 'GB/s', higherIsBetter: true }, ra.bandwidthGBps, rb.bandwidthGBps),
  ];
  const computeFormats = [
    ...new Set([...Object.keys(ra.computeGflops), ...Object.keys(rb.computeGflops)]),
  ].sort();
  for (const format of computeFormats) {
    lines.push(
      line(
        { kind: 'compute', format, unit: 'GFLOP/s', higherIsBetter: true },
        ra.computeGflops[format],
        rb.computeGflops[format],
      ),
    );
  }
  const matA = bestMatrixRows(a);
  const matB = bestMatrixRows(b);
  const shared = [...matA.keys()].filter((k) => matB.has(k));
  const order: readonly string[] = FORMAT_IDS;
  const rows = shared
    .map((k) => [matA.get(k), matB.get(k)] as const)
    .filter((p): p is readonly [ResultRow, ResultRow] => p[0] !== undefined && p[1] !== undefined)
    .sort(([x], [y]) =>
      x.kernel !== y.kernel
        ? x.kernel === 'gemv'
          ? -1
          : 1
        : order.indexOf(x.format) - order.indexOf(y.format) ||
          (x.shape.m ?? 1) - (y.shape.m ?? 1) ||
          (x.shape.n ?? 0) - (y.shape.n ?? 0) ||
          (x.shape.k ?? 0) - (y.shape.k ?? 0),
    );
  for (const [x, y] of rows) {
    const gemv = x.kernel === 'gemv';
    lines.push(
      line(
        {
          kind: gemv ? 'gemv' : 'gemm',
          format: x.format,
          shape: { m: x.shape.m ?? 1, n: x.shape.n ?? 0, k: x.shape.k ?? 0 },
          unit: gemv ? 'GB/s' : 'GFLOP/s',
          higherIsBetter: true,
        },
        gemv ? x.gbps : x.gflops,
        gemv ? y.gbps : y.gflops,
      ),
    );
  }
  for (const { model, formats } of COMPARED_DECODES) {
    for (const format of formats) {
      lines.push(
        line(
          { kind: 'decode', model, format, unit: 'ms/token', higherIsBetter: false },
          decodeMs(a, model, format),
          decodeMs(b, model, format),
        ),
      );
    }
  }
  lines.push(...decodeRunLines(a, b));
  const notComparable: ('a' | 'b')[] = [];
  if (a.settings !== undefined) notComparable.push('a');
  if (b.settings !== undefined) notComparable.push('b');
  return { lines, plans: [a.plan, b.plan], notComparable };
}
