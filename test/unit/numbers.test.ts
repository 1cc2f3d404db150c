import { describe, expect, it } from 'vitest';
import { numbersFor, PLAIN_NUMBERS } from '../../src/core/numbers';

describe('plain numbers (CLI and Markdown)', () => {
  const n = PLAIN_NUMBERS;

  it('about three significant digits (two below 1), without digit grouping', () => {
    expect(
      [13.6, 8.75, 0.042, 12345.6, 123.4, 12.34, 1.234, 0.01234, 0].map(n.threeDigits),
    ).toEqual(['13.6', '8.75', '0.042', '12346', '123', '12.3', '1.23', '0.012', '0']);
    expect([-13.64, -0.0421, -0].map(n.threeDigits)).toEqual(['-13.6', '-0.042', '0']);
  });

  it('never an exponent, and no more digits at a rounding boundary', () => {
    expect(n.threeDigits(4.9e-7)).toBe('0.00000049');
    expect(n.threeDigits(1e21)).toBe('1000000000000000000000');
    expect(n.threeDigits(99.96)).toBe('100');
    expect(n.threeDigits(9.996)).toBe('10.0');
    expect(n.threeDigits(0.996)).toBe('1.0');
  });

  it('says what a non-finite number is', () => {
    expect(
      [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY].map(n.threeDigits),
    ).toEqual(['NaN', 'Infinity', '-Infinity']);
  });

  it('fixed decimals, whole numbers, bytes and GB', () => {
    expect(n.fixed(1.23456, 2)).toBe('1.23');
    expect(n.int(32768)).toBe('32768');
    expect(n.bytes(1.5 * 2 ** 30)).toBe('1.5 GiB');
    expect(n.gb(16.06e9)).toBe('16.1 GB');
    expect(n.asGiven(989.5)).toBe('989.5');
  });
});

describe('numbers for a locale (the page)', () => {
  it('group digits as the locale does', () => {
    expect(numbersFor('en').threeDigits(12345.6)).toBe('12,346');
    expect(numbersFor('en').int(32768)).toBe('32,768');
    expect(numbersFor('zh-CN').threeDigits(12345.6)).toBe(
      new Intl.NumberFormat('zh-CN').format(12346),
    );
  });

  it('are made once per locale and style', () => {
    expect(numbersFor('en')).toBe(numbersFor('en'));
    expect(numbersFor('en', { grouping: false })).toBe(PLAIN_NUMBERS);
    expect(numbersFor('en')).not.toBe(PLAIN_NUMBERS);
  });
});
