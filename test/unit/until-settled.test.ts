// The page's worker client drops callbacks that arrive after their call settled (Comlink sends
// them on a channel of their own, so one can trail the result).

import { describe, expect, it } from 'vitest';
import { untilSettled } from '../../src/worker/client';

describe('untilSettled', () => {
  it('passes callbacks through while the call runs, and drops them once it settled', async () => {
    const seen: number[] = [];
    let late: ((n: number) => unknown) | undefined;
    const result = await untilSettled({ onValue: (n: number) => seen.push(n) }, async (live) => {
      live.onValue(1);
      live.onValue(2);
      late = live.onValue;
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual([1, 2]);
    late?.(3);
    expect(seen).toEqual([1, 2]);
  });

  it('drops them after a failed call too, and passes the failure on', async () => {
    const seen: string[] = [];
    let late: ((s: string) => unknown) | undefined;
    await expect(
      untilSettled({ on: (s: string) => seen.push(s) }, async (live) => {
        live.on('a');
        late = live.on;
        throw new Error('lost');
      }),
    ).rejects.toThrow('lost');
    late?.('b');
    expect(seen).toEqual(['a']);
  });
});
