import { describe, expect, it } from 'vitest';
import { histogram } from '../../../src/share/gallery-types';

describe('a GPU page histogram', () => {
  it('puts every value in one of ten equal bins over the values’ range, the maximum in the last', () => {
    const bins = histogram([5, 0, 10, 2.5, 9.99]);
    expect(bins).toHaveLength(10);
    expect(bins.map((b) => b.count)).toEqual([1, 0, 1, 0, 0, 1, 0, 0, 0, 2]);
    expect(bins[0]).toEqual({ from: 0, to: 1, count: 1 });
    expect(bins.at(-1)?.to).toBe(10);
  });

  it('gives one bin where every value is the same, and none for no values', () => {
    expect(histogram([3, 3, 3])).toEqual([{ from: 3, to: 4, count: 3 }]);
    expect(histogram([])).toEqual([]);
  });
});
