// Words several sections share (English).

export const common = {
  verdict: { meets: '✓ meets', borderline: '~ borderline', misses: '✗ misses' },
  /** A duration's units. */
  ms: 'ms',
  s: 's',
  notGiven: '(not given)',
  none: 'none',
  yes: 'yes',
  no: 'no',
};
