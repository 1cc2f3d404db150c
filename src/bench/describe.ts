// Human-readable labels for result rows, shared by the page and the CLI.

import type { ResultRow } from './results';

/** Bytes in binary units (64 KiB, 1.5 GiB); `number` writes the figure (the page's is localized). */
export function formatBytes(
  bytes: number,
  number: (v: number) => string = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(1)),
): string {
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${number(value)} ${units[unit]}`;
}

export function describeShape(row: ResultRow): string {
  const { workingSetBytes, requestedWorkingSetBytes } = row.shape;
  if (workingSetBytes !== undefined) {
    return requestedWorkingSetBytes === undefined
      ? formatBytes(workingSetBytes)
      : `${formatBytes(workingSetBytes)} (${formatBytes(requestedWorkingSetBytes)} ran out of memory)`;
  }
  if (row.kernel === 'fma') {
    return `${row.shape.iters} FMA/elt · ${(row.shape.flopsPerByte ?? 0).toFixed(1)} FLOP/B`;
  }
  return Object.entries(row.shape)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}

export function describeStatus(row: ResultRow): string {
  if (!row.verified) return 'FAILED';
  return row.noisy ? `verified · noisy, spread ${(row.spread * 100).toFixed(0)} %` : 'verified';
}
