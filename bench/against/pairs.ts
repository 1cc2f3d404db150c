// Two builds' Quick runs, alternated on one machine, compared pair by pair: for each format, the
// GEMV at 1024×1024 as a share of the same run's peak read, and its GB/s alone. Software adapters
// swing 2× from run to run, so a verdict rests on the pairs' ratios (new ÷ old, each pair run
// back to back), summarised by their geometric mean and a bootstrap 95% interval.

import { quantile } from '../../src/bench/stats';
import type { ResultsDocument } from '../../src/core/results';
import { createRng } from '../../src/model/serving/requests/random';

/** The GEMV shape every Quick plan measures at each format (read ÷ it is the plan's figure). */
export const COMPARED_SHAPE = { n: 1024, k: 1024 } as const;

export interface RunFigures {
  /** The run's fastest verified read probe, GB/s. */
  readGbps: number;
  /** Per format: the verified GEMV at COMPARED_SHAPE, and the variant that ran it. */
  gemv: Record<string, { gbps: number; variant: string }>;
  /** The run's first whole-model decode, where it verified: ms/token and measured ÷ predicted. */
  decode?: { ms: number; ratio: number };
}

/** What one results document says about the compared figures; null where it has no read row. */
export function runFigures(doc: ResultsDocument): RunFigures | null {
  const reads = doc.results.filter((r) => r.kernel === 'read' && r.verified).map((r) => r.gbps);
  if (reads.length === 0) return null;
  const gemv: RunFigures['gemv'] = {};
  for (const r of doc.results) {
    const { n, k, m } = r.shape;
    if (r.kernel !== 'gemv' || !r.verified || (m ?? 1) !== 1) continue;
    if (n !== COMPARED_SHAPE.n || k !== COMPARED_SHAPE.k || gemv[r.format]) continue;
    gemv[r.format] = { gbps: r.gbps, variant: r.variant };
  }
  const run = doc.decode?.[0];
  const decode =
    run?.verified && run.medianMs !== undefined && run.ratio !== undefined
      ? { decode: { ms: run.medianMs, ratio: run.ratio } }
      : {};
  return { readGbps: Math.max(...reads), gemv, ...decode };
}

export interface PairedSummary {
  pairs: number;
  oldMedian: number;
  newMedian: number;
  /** Geometric mean of new ÷ old over the pairs, and its bootstrap 95% interval. */
  ratio: number;
  low: number;
  high: number;
  /** Pairs in which the new build's figure is the higher. */
  newHigher: number;
}

const RESAMPLES = 4000;

export const median = (xs: readonly number[]): number =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

/** new ÷ old over paired figures; the bootstrap is seeded, so the same pairs give the same interval. */
export function pairedSummary(
  pairs: readonly { old: number; new: number }[],
  seed = 1,
): PairedSummary | null {
  const usable = pairs.filter((p) => p.old > 0 && p.new > 0);
  if (usable.length === 0) return null;
  const logs = usable.map((p) => Math.log(p.new / p.old));
  const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
  const rng = createRng(seed);
  const means: number[] = [];
  for (let b = 0; b < RESAMPLES; b++) {
    means.push(mean(logs.map(() => logs[Math.floor(rng.next() * logs.length)] ?? 0)));
  }
  means.sort((a, b) => a - b);
  return {
    pairs: usable.length,
    oldMedian: median(usable.map((p) => p.old)),
    newMedian: median(usable.map((p) => p.new)),
    ratio: Math.exp(mean(logs)),
    low: Math.exp(quantile(means, 0.025)),
    high: Math.exp(quantile(means, 0.975)),
    newHigher: logs.filter((x) => x > 0).length,
  };
}

export interface FormatComparison {
  format: string;
  /** GEMV ÷ read, the Quick plan's figure. */
  share: PairedSummary;
  /** GEMV GB/s alone: what a faster read probe in one build cannot move. */
  gbps: PairedSummary;
  /** The variants each build ran, over the pairs. */
  oldVariants: string[];
  newVariants: string[];
}

/** Per format that both runs of at least one pair measured, in the order of first appearance. */
export function compareRuns(
  pairs: readonly { old: RunFigures; new: RunFigures }[],
): FormatComparison[] {
  const formats = [...new Set(pairs.flatMap((p) => Object.keys(p.new.gemv)))];
  const out: FormatComparison[] = [];
  for (const format of formats) {
    const both = pairs.flatMap((p) => {
      const o = p.old.gemv[format];
      const n = p.new.gemv[format];
      return o && n ? [{ o, n, oldRead: p.old.readGbps, newRead: p.new.readGbps }] : [];
    });
    const share = pairedSummary(
      both.map((b) => ({ old: b.o.gbps / b.oldRead, new: b.n.gbps / b.newRead })),
    );
    const gbps = pairedSummary(both.map((b) => ({ old: b.o.gbps, new: b.n.gbps })));
    if (!share || !gbps) continue;
    out.push({
      format,
      share,
      gbps,
      oldVariants: [...new Set(both.map((b) => b.o.variant))],
      newVariants: [...new Set(both.map((b) => b.n.variant))],
    });
  }
  return out;
}

export interface DecodeComparison {
  /** ms/token, new ÷ old, over the pairs where both decodes verified. */
  msPerToken: PairedSummary;
  /** Each side's measured ÷ predicted (its measured-mode prediction), over those pairs. */
  oldRatios: number[];
  newRatios: number[];
}

/** The Quick plan's decode, paired; null where no pair has both decodes verified. */
export function compareDecode(
  pairs: readonly { old: RunFigures; new: RunFigures }[],
): DecodeComparison | null {
  const both = pairs.flatMap((p) =>
    p.old.decode && p.new.decode ? [{ o: p.old.decode, n: p.new.decode }] : [],
  );
  const msPerToken = pairedSummary(both.map(({ o, n }) => ({ old: o.ms, new: n.ms })));
  if (!msPerToken) return null;
  return {
    msPerToken,
    oldRatios: both.map(({ o }) => o.ratio),
    newRatios: both.map(({ n }) => n.ratio),
  };
}
