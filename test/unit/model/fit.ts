// Fitting decode profiles to published measurements (a plain least-squares fit that the engine
// profiles in src/model/engines/ are checked against). Decode model:
//   t = bytes / (efficiency · bandwidth) + overheadPerLayer · layers
// fitted by least squares on relative error (t_fit / t − 1), so slow and fast chips weigh alike.

import type { WeightFormat } from '../../../src/core/formats';
import { decodeWeightBytes, kvCacheBytes, type ModelConfig } from '../../../src/model/llm/models';

export interface DecodePoint {
  /** Bytes read per token: weights + KV cache at the measured context. */
  bytes: number;
  bandwidthGBps: number;
  layers: number;
  measuredMs: number;
}

export interface DecodeFit {
  efficiency: number;
  overheadMsPerLayer: number;
  /** Smallest and largest measured / fitted ratio: the band that holds every point. */
  minRatio: number;
  maxRatio: number;
  /** Mean absolute percentage error of the fit, as a fraction. */
  mape: number;
}

/** Decode ms per token from the model above. */
export function decodeModelMs(
  bytes: number,
  bandwidthGBps: number,
  efficiency: number,
  fixedMs: number,
): number {
  return bytes / (efficiency * bandwidthGBps * 1e6) + fixedMs;
}

export function fitDecode(points: readonly DecodePoint[]): DecodeFit {
  if (points.length < 2) throw new RangeError('need at least two points to fit');
  // Weighted least squares of t = a·x + c·L with weights 1/t²: normal equations, 2×2.
  let sxx = 0;
  let sxl = 0;
  let sll = 0;
  let sxt = 0;
  let slt = 0;
  for (const p of points) {
    const w = 1 / (p.measuredMs * p.measuredMs);
    const x = p.bytes / (p.bandwidthGBps * 1e6); // ms at 100 % of peak
    const l = p.layers;
    sxx += w * x * x;
    sxl += w * x * l;
    sll += w * l * l;
    sxt += w * x * p.measuredMs;
    slt += w * l * p.measuredMs;
  }
  const det = sxx * sll - sxl * sxl;
  if (Math.abs(det) < 1e-30) throw new RangeError('points do not constrain the fit');
  const a = (sxt * sll - slt * sxl) / det;
  const c = (sxx * slt - sxl * sxt) / det;
  const efficiency = 1 / a;
  let minRatio = Number.POSITIVE_INFINITY;
  let maxRatio = 0;
  let sumErr = 0;
  for (const p of points) {
    const fitted = decodeModelMs(p.bytes, p.bandwidthGBps, efficiency, c * p.layers);
    const ratio = p.measuredMs / fitted;
    minRatio = Math.min(minRatio, ratio);
    maxRatio = Math.max(maxRatio, ratio);
    sumErr += Math.abs(fitted / p.measuredMs - 1);
  }
  return { efficiency, overheadMsPerLayer: c, minRatio, maxRatio, mape: sumErr / points.length };
}

export interface ComputePoint {
  flops: number;
  peakTflops: number;
  measuredMs: number;
}

/** Achieved / peak FLOP rate over the points: median and extremes. */
export function fitComputeEfficiency(points: readonly ComputePoint[]): {
  expected: number;
  low: number;
  high: number;
} {
  if (points.length === 0) throw new RangeError('need at least one point');
  const ratios = points
    .map((p) => p.flops / (p.measuredMs * 1e-3) / (p.peakTflops * 1e12))
    .sort((x, y) => x - y);
  const mid = Math.floor(ratios.length / 2);
  const median =
    ratios.length % 2 === 1
      ? (ratios[mid] ?? 0)
      : ((ratios[mid - 1] ?? 0) + (ratios[mid] ?? 0)) / 2;
  return { expected: median, low: ratios[0] ?? 0, high: ratios[ratios.length - 1] ?? 0 };
}

/** Mean cached context over llama-bench's tg128 run (0…127 tokens). */
export const TG128_MEAN_CONTEXT = 64;

/** A published decode rate as a fitting point: weights read + KV cache at `context`. */
export function decodePoint(
  model: ModelConfig,
  format: WeightFormat,
  bandwidthGBps: number,
  tokensPerSecond: number,
  context = TG128_MEAN_CONTEXT,
): DecodePoint {
  return {
    bytes: decodeWeightBytes(model, format) + kvCacheBytes(model, context),
    bandwidthGBps,
    layers: model.layers,
    measuredMs: 1000 / tokensPerSecond,
  };
}
