// What the gallery's API answers about an adapter: one shape for the server that builds it
// (server/runs/queries.ts) and the page that reads it (src/ui/gallery/api.ts).

/** A distribution over runs: how many, and its 10th, 50th and 90th percentiles. */
export interface Spread {
  n: number;
  p10: number;
  median: number;
  p90: number;
}

/** One adapter's runs in the gallery, summarised. */
export interface GalleryAdapter {
  key: string;
  vendor: string;
  architecture: string;
  device: string;
  description: string;
  isSoftware: boolean;
  runs: number;
  readGbps: Spread | null;
  /** GEMV share of the run's own roof, per weight format. */
  gemv: Record<string, Spread>;
  /** Verified decode ms/token, per "model format context". */
  decode: Record<string, Spread & { model: string; format: string; context: number }>;
}

/** One bin of a histogram: the values in [from, to) (the last bin includes its `to`). */
export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

/** Counts of values in `bins` equal bins between their minimum and maximum. */
export function histogram(values: ArrayLike<number>, bins = 10): HistogramBin[] {
  if (values.length === 0) return [];
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const width = hi > lo ? (hi - lo) / bins : 1;
  const out = Array.from({ length: hi > lo ? bins : 1 }, (_, i) => ({
    from: lo + i * width,
    to: lo + (i + 1) * width,
    count: 0,
  }));
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    const slot = out[Math.min(out.length - 1, Math.floor((v - lo) / width))];
    if (slot !== undefined) slot.count++;
  }
  return out;
}

/** Each figure's runs binned, for a GPU page's histograms (the values stay on the server). */
export interface GalleryHistograms {
  readGbps: HistogramBin[];
  gemv: Record<string, HistogramBin[]>;
  decode: Record<string, HistogramBin[]>;
}
