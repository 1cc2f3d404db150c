// Weighted least squares with lower bounds: y ≈ Σ θ_j · x_j, minimising Σ w (Σ θ_j · x_j − y)²
// with θ_j ≥ lower_j. Where the unconstrained optimum breaks a bound, the best solution on the
// boundary is taken (the problem is convex, so one of them is the constrained optimum).

export interface LsRow {
  x: readonly number[];
  y: number;
  w: number;
}

/** Solves the square system m·θ = v by Gaussian elimination; undefined when singular. */
function solve(m: number[][], v: number[]): number[] | undefined {
  const n = v.length;
  const a = m.map((row, i) => [...row, v[i] ?? 0]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) {
      if (Math.abs(a[r]?.[c] ?? 0) > Math.abs(a[p]?.[c] ?? 0)) p = r;
    }
    const pivotRow = a[p] as number[];
    const scale = Math.max(...pivotRow.slice(0, n).map(Math.abs), 1e-300);
    if (Math.abs(pivotRow[c] ?? 0) <= 1e-10 * scale) return undefined;
    [a[c], a[p]] = [pivotRow, a[c] as number[]];
    const rc = a[c] as number[];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const rr = a[r] as number[];
      const f = (rr[c] ?? 0) / (rc[c] ?? 1);
      for (let k = c; k <= n; k++) rr[k] = (rr[k] ?? 0) - f * (rc[k] ?? 0);
    }
  }
  return a.map((row, i) => (row[n] ?? 0) / (row[i] ?? 1));
}

const sseN = (rows: readonly LsRow[], theta: readonly number[]) =>
  rows.reduce((s, r) => {
    const e = r.x.reduce((acc, x, j) => acc + x * (theta[j] ?? 0), 0) - r.y;
    return s + r.w * e * e;
  }, 0);

/** Lower SSE needed before a solution with more free parameters replaces a simpler one. */
const SSE_GAIN = 1e-9;

const popcount = (mask: number) => {
  let c = 0;
  for (let m = mask; m !== 0; m &= m - 1) c++;
  return c;
};

/**
 * Weighted least squares with a lower bound on each parameter. Every subset of parameters held at
 * its bound is tried (the problem is convex, so the best feasible one is the constrained optimum);
 * meant for a handful of parameters. Subsets are tried from the fewest free parameters up, and a
 * larger one wins only by lowering the error: a direction the rows cannot tell apart (e.g. one
 * fixed cost beside one rate per vendor, when every vendor has one GPU) stays at its bound
 * instead of taking whatever rounding gives it.
 */
export function boundedLeastSquares(rows: readonly LsRow[], lower: readonly number[]): number[] {
  if (rows.length === 0) throw new RangeError('no points to fit');
  const n = lower.length;
  let best: number[] = [...lower];
  let bestSse = sseN(rows, best);
  const masks = [...Array(1 << n).keys()].sort((a, b) => popcount(a) - popcount(b) || a - b);
  for (const mask of masks) {
    const free = [...Array(n).keys()].filter((j) => (mask & (1 << j)) !== 0);
    const m = free.map((i) =>
      free.map((j) => rows.reduce((s, r) => s + r.w * (r.x[i] ?? 0) * (r.x[j] ?? 0), 0)),
    );
    const v = free.map((i) =>
      rows.reduce((s, r) => {
        const fixed = r.x.reduce(
          (acc, x, j) => acc + ((mask & (1 << j)) === 0 ? x * (lower[j] ?? 0) : 0),
          0,
        );
        return s + r.w * (r.x[i] ?? 0) * (r.y - fixed);
      }, 0),
    );
    const sol = free.length === 0 ? [] : solve(m, v);
    if (sol === undefined) continue;
    const theta = [...lower];
    free.forEach((j, k) => {
      theta[j] = sol[k] ?? 0;
    });
    if (theta.some((t, j) => t < (lower[j] ?? 0) - 1e-12)) continue;
    const e = sseN(rows, theta);
    if (e < bestSse * (1 - SSE_GAIN)) {
      best = theta;
      bestSse = e;
    }
  }
  return best;
}
