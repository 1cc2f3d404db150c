// The bandwidth sweep: GB/s against working-set size, one line per probe (read, copy, write),
// where the cache-to-DRAM step shows.

import { element } from '../shell/dom';
import type { SectionHooks } from '../shell/section';
import { BandwidthChart } from './charts';

/** The bandwidth sweep, a part of the memory section (src/ui/predictions/memory.ts). */
export function mountBandwidth(): SectionHooks {
  const chart = new BandwidthChart(element<HTMLCanvasElement>('bandwidth-chart'));
  return {
    onDocument: (doc) => chart.update(doc?.results ?? []),
    onComparison: (doc) => chart.setComparison(doc === null ? null : doc.results),
  };
}
