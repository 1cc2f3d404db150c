// Queue length over time in a bounded number of bins: each bin holds the time-averaged waiting
// and running counts and the most requests seen waiting. When the run outgrows the bins, pairs
// merge and the bin width doubles, so memory stays fixed however long the run.

export interface QueueSeries {
  /** Width of each bin, ms. */
  binMs: number;
  /** Start of each bin, ms. */
  startMs: number[];
  meanWaiting: number[];
  meanRunning: number[];
  maxWaiting: number[];
}

export class QueueRecorder {
  private binMs: number;
  private waitArea: number[] = [];
  private runArea: number[] = [];
  private maxWait: number[] = [];
  private t = 0;
  private waiting = 0;
  private running = 0;

  constructor(
    private readonly maxBins = 256,
    initialBinMs = 1,
  ) {
    if (!Number.isInteger(maxBins) || maxBins < 2) throw new RangeError('maxBins must be ≥ 2');
    this.binMs = initialBinMs;
  }

  private ensureBin(i: number): void {
    while (this.waitArea.length <= i) {
      this.waitArea.push(0);
      this.runArea.push(0);
      this.maxWait.push(this.waiting);
    }
  }

  private widen(): void {
    const merge = (a: number[], f: (x: number, y: number) => number) =>
      Array.from({ length: Math.ceil(a.length / 2) }, (_, i) =>
        f(a[2 * i] ?? 0, a[2 * i + 1] ?? 0),
      );
    this.waitArea = merge(this.waitArea, (x, y) => x + y);
    this.runArea = merge(this.runArea, (x, y) => x + y);
    this.maxWait = merge(this.maxWait, Math.max);
    this.binMs *= 2;
  }

  /** The counts change at `atMs` (never earlier than the last call). */
  record(atMs: number, waiting: number, running: number): void {
    while (atMs >= this.maxBins * this.binMs) this.widen();
    let t = this.t;
    while (t < atMs) {
      const i = Math.floor(t / this.binMs);
      const end = Math.min(atMs, (i + 1) * this.binMs);
      this.ensureBin(i);
      this.waitArea[i] = (this.waitArea[i] ?? 0) + this.waiting * (end - t);
      this.runArea[i] = (this.runArea[i] ?? 0) + this.running * (end - t);
      t = end;
    }
    this.t = Math.max(this.t, atMs);
    this.waiting = waiting;
    this.running = running;
    const j = Math.floor(this.t / this.binMs);
    this.ensureBin(j);
    this.maxWait[j] = Math.max(this.maxWait[j] ?? 0, waiting);
  }

  series(): QueueSeries {
    const n = Math.max(1, Math.ceil(this.t / this.binMs));
    this.ensureBin(n - 1);
    const w = this.binMs;
    const width = (i: number) => Math.max(1e-12, Math.min(w, this.t - i * w));
    return {
      binMs: w,
      startMs: Array.from({ length: n }, (_, i) => i * w),
      meanWaiting: Array.from({ length: n }, (_, i) => (this.waitArea[i] ?? 0) / width(i)),
      meanRunning: Array.from({ length: n }, (_, i) => (this.runArea[i] ?? 0) / width(i)),
      maxWaiting: this.maxWait.slice(0, n),
    };
  }
}
