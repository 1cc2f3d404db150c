// Words several sections share (English).

export const common = {
  verdict: { meets: '✓ meets', borderline: '~ borderline', misses: '✗ misses' },
  /** A duration's units. */
  ms: 'ms',
  s: 's',
  min: 'min',
  h: 'h',
  notGiven: '(not given)',
  none: 'none',
  yes: 'yes',
  no: 'no',
};
