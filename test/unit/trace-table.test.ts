// The terminal trace table: a GEMV row's barriers per KiB (all, and inside the K loop) and its
// workgroup memory are printed beside its coalescing; absent figures print as a dash.

import { describe, expect, it } from 'vitest';
import type { TraceRow } from '../../src/bench/trace';
import { renderTrace, traceDocument } from '../../src/cli/render/trace-table';
import { SOFTWARE_ADAPTER } from '../fixtures/adapter';

const row = (variant: string, extra: Partial<TraceRow>): TraceRow => ({
  kernel: 'gemv',
  format: 'int4',
  variant,
  verified: true,
  sectorsPerUsefulByte: 1,
  weightSectorsPerUsefulByte: 1,
  xBytesPerWeightByte: 0.5,
  workgroups: [512, 128, 1792, 512, 16032],
  ...extra,
});

describe('the GEMV trace table', () => {
  it('prints barriers per KiB, those in the K loop and workgroup bytes per row', () => {
    const text = renderTrace(
      traceDocument(SOFTWARE_ADAPTER, [
        row('tile-r8-wg256', { barriersPerKiB: 1.25, loopBarriersPerKiB: 1, workgroupBytes: 8192 }),
        row('regx-r4', { barriersPerKiB: 0.03, loopBarriersPerKiB: 0, workgroupBytes: 64 }),
        row('older', {}),
      ]),
    );
    const lines = text.split('\n');
    const header = lines.find((l) => l.trim().startsWith('format'));
    expect(header).toMatch(/x B \/ weight B +barriers\/KiB +in K loop +WG bytes +WGs /);
    const cells = (variant: string) =>
      (lines.find((l) => l.includes(` ${variant} `)) ?? '').trim().split(/ {2,}|\s+/);
    expect(cells('tile-r8-wg256').slice(5, 8)).toEqual(['1.25', '1.00', '8192']);
    expect(cells('regx-r4').slice(5, 8)).toEqual(['0.03', '0.00', '64']);
    expect(cells('older').slice(5, 8)).toEqual(['—', '—', '—']);
    expect(text).toMatch(/barriers\/KiB: workgroupBarrier\(\)s a workgroup executes per KiB/);
  });
});
