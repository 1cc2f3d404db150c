// Words several sections share (English).

export const common = {
  verdict: { meets: '✓ meets', borderline: '~ borderline', misses: '✗ misses' },
  /** A duration's units. */
  ms: 'ms',
  s: 's',
  min: 'min',
  h: 'h',
  notGiven: '(not given)',
  /** In place of a range wider than the predictor states (the note under the table says why). */
  notEnoughData: 'not enough data for a range',
  none: 'none',
  yes: 'yes',
  no: 'no',
  sectionFailed: (p: { reason: string }) =>
    `This part of the page did not load (${p.reason}). Reload the page to try again; results measured so far are kept in this browser's list of runs.`,
};
