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
