// Pending arrivals in time order (ties by id): the arrivals known up front sit in one sorted
// array read by a cursor; those added later (a closed loop's next requests) go in a binary heap.

import type { Request } from './workload';

const before = (a: Request, b: Request) =>
  a.arrivalMs < b.arrivalMs || (a.arrivalMs === b.arrivalMs && a.id < b.id);

export class ArrivalQueue {
  private readonly known: Request[];
  private cursor = 0;
  private readonly heap: Request[] = [];

  constructor(initial: readonly Request[]) {
    this.known = [...initial].sort((a, b) => a.arrivalMs - b.arrivalMs || a.id - b.id);
  }

  get size(): number {
    return this.known.length - this.cursor + this.heap.length;
  }

  peek(): Request | undefined {
    const k = this.known[this.cursor];
    const h = this.heap[0];
    if (k === undefined) return h;
    if (h === undefined) return k;
    return before(h, k) ? h : k;
  }

  pop(): Request | undefined {
    const k = this.known[this.cursor];
    const h = this.heap[0];
    if (k !== undefined && (h === undefined || !before(h, k))) {
      this.cursor++;
      return k;
    }
    return this.popHeap();
  }

  push(r: Request): void {
    const a = this.heap;
    a.push(r);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = a[parent] as Request;
      if (!before(r, p)) break;
      a[i] = p;
      i = parent;
    }
    a[i] = r;
  }

  private popHeap(): Request | undefined {
    const a = this.heap;
    const top = a[0];
    const last = a.pop();
    if (top === undefined || last === undefined || a.length === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const r = l + 1;
      const child = r < a.length && before(a[r] as Request, a[l] as Request) ? r : l;
      if (!before(a[child] as Request, last)) break;
      a[i] = a[child] as Request;
      i = child;
    }
    a[i] = last;
    return top;
  }
}
