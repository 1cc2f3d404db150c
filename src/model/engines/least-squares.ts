// Two-parameter weighted least squares with lower bounds: y ≈ a·x1 + b·x2, minimising
// Σ w (a·x1 + b·x2 − y)². Where the unconstrained optimum breaks a bound, the best solution on
// the boundary is taken (the problem is convex, so one of them is the constrained optimum).

export interface LsPoint {
  x1: number;
  x2: number;
  y: number;
  w: number;
}

export interface LsFit {
  a: number;
  b: number;
}

const sse = (pts: readonly LsPoint[], a: number, b: number) =>
  pts.reduce((s, p) => s + p.w * (a * p.x1 + b * p.x2 - p.y) ** 2, 0);

/** Best `a` with `b` fixed (1-D weighted least squares), not below `lo`. */
function solveA(pts: readonly LsPoint[], b: number, lo: number): number {
  let num = 0;
  let den = 0;
  for (const p of pts) {
    num += p.w * p.x1 * (p.y - b * p.x2);
    den += p.w * p.x1 * p.x1;
  }
  return den > 0 ? Math.max(lo, num / den) : lo;
}

function solveB(pts: readonly LsPoint[], a: number, lo: number): number {
  let num = 0;
  let den = 0;
  for (const p of pts) {
    num += p.w * p.x2 * (p.y - a * p.x1);
    den += p.w * p.x2 * p.x2;
  }
  return den > 0 ? Math.max(lo, num / den) : lo;
}

export function boundedLeastSquares2(pts: readonly LsPoint[], loA: number, loB: number): LsFit {
  if (pts.length === 0) throw new RangeError('no points to fit');
  let s11 = 0;
  let s12 = 0;
  let s22 = 0;
  let s1y = 0;
  let s2y = 0;
  for (const p of pts) {
    s11 += p.w * p.x1 * p.x1;
    s12 += p.w * p.x1 * p.x2;
    s22 += p.w * p.x2 * p.x2;
    s1y += p.w * p.x1 * p.y;
    s2y += p.w * p.x2 * p.y;
  }
  const det = s11 * s22 - s12 * s12;
  // Relative test: collinear columns (e.g. every row the same model) leave one direction free.
  if (Math.abs(det) > 1e-9 * s11 * s22) {
    const a = (s1y * s22 - s2y * s12) / det;
    const b = (s11 * s2y - s12 * s1y) / det;
    if (a >= loA && b >= loB) return { a, b };
  }
  const candidates: LsFit[] = [
    { a: loA, b: solveB(pts, loA, loB) },
    { a: solveA(pts, loB, loA), b: loB },
  ];
  let best = candidates[0] as LsFit;
  for (const c of candidates) if (sse(pts, c.a, c.b) < sse(pts, best.a, best.b)) best = c;
  return best;
}
