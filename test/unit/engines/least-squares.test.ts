import { describe, expect, it } from 'vitest';
import { boundedLeastSquares } from '../../../src/model/engines/least-squares';

/** y ≈ a·x1 + b·x2, as the engine fits use it. */
const fit2 = (
  pts: { x1: number; x2: number; y: number; w: number }[],
  loA: number,
  loB: number,
) => {
  const [a = Number.NaN, b = Number.NaN] = boundedLeastSquares(
    pts.map((p) => ({ x: [p.x1, p.x2], y: p.y, w: p.w })),
    [loA, loB],
  );
  return { a, b };
};

describe('bounded two-parameter least squares', () => {
  it('recovers exact coefficients', () => {
    const pts = [1, 2, 3, 4].map((x) => ({ x1: x, x2: 5 - x, y: 2 * x + 3 * (5 - x), w: 1 }));
    const fit = fit2(pts, 0, 0);
    expect(fit.a).toBeCloseTo(2, 9);
    expect(fit.b).toBeCloseTo(3, 9);
  });

  it('holds a bound and refits the other coefficient', () => {
    // y = 0.5·x1 + 1·x2 exactly, but a must be at least 1.
    const pts = [1, 2, 3].map((x) => ({ x1: x, x2: 1, y: 0.5 * x + 1, w: 1 }));
    const fit = fit2(pts, 1, 0);
    expect(fit.a).toBe(1);
    expect(fit.b).toBeCloseTo(0, 9); // with a = 1, the best b is the mean of y − x1: 0
  });

  it('clamps the second coefficient at its bound', () => {
    // y = 3·x1 − 0.5·x2 exactly, but b must be at least 0.
    const pts = [1, 2, 3].map((x) => ({ x1: x, x2: x * x, y: 3 * x - 0.5 * x * x, w: 1 }));
    const fit = fit2(pts, 0, 0);
    expect(fit.b).toBe(0);
    expect(fit.a).toBeGreaterThan(0);
  });

  it('copes with collinear columns', () => {
    const pts = [1, 2, 3].map((x) => ({ x1: x, x2: 2 * x, y: 4 * x, w: 1 }));
    const fit = fit2(pts, 0, 0);
    expect(fit.a * 1 + fit.b * 2).toBeCloseTo(4, 9);
  });

  it('needs points', () => {
    expect(() => fit2([], 0, 0)).toThrow(RangeError);
  });
});

describe('boundedLeastSquares (n parameters)', () => {
  const rows = [1, 2, 3, 4, 5].flatMap((a) =>
    [0, 1].map((b) => ({ x: [a, b, 1], y: 2 * a + 3 * b + 0.5, w: 1 })),
  );

  it('recovers exact parameters inside the bounds', () => {
    const th = boundedLeastSquares(rows, [0, 0, 0]);
    expect(th[0]).toBeCloseTo(2, 9);
    expect(th[1]).toBeCloseTo(3, 9);
    expect(th[2]).toBeCloseTo(0.5, 9);
  });

  it('holds a parameter at its bound when the free optimum breaks it', () => {
    const th = boundedLeastSquares(rows, [2.5, 0, 0]);
    expect(th[0]).toBe(2.5);
    expect(th[1]).toBeGreaterThanOrEqual(0);
    expect(th[2]).toBeGreaterThanOrEqual(0);
  });

  it('leaves a direction the rows cannot tell apart at its bound', () => {
    const same = [1, 2, 3].map((a) => ({ x: [a, a], y: 3 * a, w: 1 }));
    const th = boundedLeastSquares(same, [0, 0]);
    expect((th[0] ?? 0) + (th[1] ?? 0)).toBeCloseTo(3, 9);
    expect(Math.min(th[0] ?? 1, th[1] ?? 1)).toBe(0);
  });

  it('keeps a shared constant at its bound when one rate per group already explains it', () => {
    // Two groups, each one x value: y = θ_g·x_g + F cannot separate F from the θs (exactly
    // collinear); the fit must not hand F whatever rounding leaves it.
    const groups = [
      { x: [2, 0, 1], y: 10, w: 1 },
      { x: [2, 0, 1], y: 10.2, w: 1 },
      { x: [0, 5, 1], y: 7, w: 1 },
      { x: [0, 5, 1], y: 6.9, w: 1 },
    ];
    const th = boundedLeastSquares(groups, [0, 0, 0]);
    expect(th[2]).toBe(0);
    expect(th[0]).toBeCloseTo(5.05, 9);
    expect(th[1]).toBeCloseTo(1.39, 9);
  });
});
