import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { traceAllGemv } from '../../src/bench/trace';
import { traceDocument } from '../../src/cli/trace-table';
import { sharedRunner } from './context';
const t = sharedRunner();
it('table', async () => {
  const keep = /^(row-wg64|rows4-wg64|team32-wg256|subgroup-wg128|sgrow16-wg64|tile-r8-wg256|tilesg-r8-wg256|tile-r4-wg128)(-f16|-dp4a)?$/;
  const rows = await traceAllGemv(t.gpu, { device: t.gpu.device, buffers: t.runner.ledger }, undefined, (v) => keep.test(v.name));
  writeFileSync(`/tmp/k21a-table-${process.env.VK_ICD_FILENAMES?.includes('lvp') ? 'lvp' : 'ss'}.json`, JSON.stringify(traceDocument(t.gpu.description, rows), null, 2));
}, 1_200_000);
