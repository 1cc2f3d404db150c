// Timestamps of finished requests, stored column by column (no object per request), so a run of
// hundreds of thousands of requests stays light on the garbage collector.

export interface RequestRecord {
  id: number;
  arrivalMs: number;
  admittedMs: number;
  firstTokenMs: number;
  finishMs: number;
  promptTokens: number;
  outputTokens: number;
}

const COLUMNS = [
  'id',
  'arrivalMs',
  'admittedMs',
  'firstTokenMs',
  'finishMs',
  'promptTokens',
  'outputTokens',
] as const;
type Column = (typeof COLUMNS)[number];

export class FinishedLog {
  private cols: Record<Column, Float64Array>;
  private n = 0;

  constructor(capacity = 1024) {
    this.cols = this.allocate(capacity);
  }

  private allocate(capacity: number): Record<Column, Float64Array> {
    const fresh = {} as Record<Column, Float64Array>;
    for (const c of COLUMNS) {
      const col = new Float64Array(capacity);
      if (this.cols !== undefined) col.set(this.cols[c].subarray(0, this.n));
      fresh[c] = col;
    }
    return fresh;
  }

  get length(): number {
    return this.n;
  }

  push(r: RequestRecord): void {
    if (this.n === this.cols.id.length) this.cols = this.allocate(this.n * 2);
    for (const c of COLUMNS) this.cols[c][this.n] = r[c];
    this.n++;
  }

  /** A read-only view of one column (valid until the next push). */
  column(c: Column): Float64Array {
    return this.cols[c].subarray(0, this.n);
  }

  toRecords(): RequestRecord[] {
    return Array.from({ length: this.n }, (_, i) => {
      const r = {} as RequestRecord;
      for (const c of COLUMNS) r[c] = this.cols[c][i] as number;
      return r;
    });
  }
}
