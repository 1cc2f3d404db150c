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

/** How describeShape writes sizes, counts and its one sentence (the page's are localized). */
export interface ShapeWords {
  bytes(n: number): string;
  count(n: number): string;
  oneDecimal(n: number): string;
  /** After the size that ran: the size that ran out of memory, e.g. "(1 GiB ran out of memory)". */
  ranOutOfMemory(requested: string): string;
}

const PLAIN_WORDS: ShapeWords = {
  bytes: (n) => formatBytes(n),
  count: String,
  oneDecimal: (n) => n.toFixed(1),
  ranOutOfMemory: (requested) => `(${requested} ran out of memory)`,
};

export function describeShape(
  row: Pick<ResultRow, 'kernel' | 'shape'>,
  words: ShapeWords = PLAIN_WORDS,
): string {
  const { workingSetBytes, requestedWorkingSetBytes } = row.shape;
  if (workingSetBytes !== undefined) {
    return requestedWorkingSetBytes === undefined
      ? words.bytes(workingSetBytes)
      : `${words.bytes(workingSetBytes)} ${words.ranOutOfMemory(words.bytes(requestedWorkingSetBytes))}`;
  }
  if (row.kernel === 'fma') {
    return `${words.count(row.shape.iters ?? 0)} FMA/elt · ${words.oneDecimal(row.shape.flopsPerByte ?? 0)} FLOP/B`;
  }
  return Object.entries(row.shape)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}
