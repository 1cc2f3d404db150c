// The checklist "A new reference GPU" of docs/ARCHITECTURE.md, done on a throwaway Intel part:
// its datasheet entry appended to its vendor's file in memory before anything reads the
// catalogue (vi.mock below). `npm run predict -- --gpu`, the predictor, the catalogue's aliases and
// the page's link and pickers must take it; and the files changed must be the checklist's.

import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { findGpu, GPU_GROUPS, GPUS } from '../../../src/model/hardware/gpus';
import { decodeLoad, encodeLoad } from '../../../src/ui/load/load-settings';
import { expectSameFiles } from './checklist-doc';
import { predictCli } from './predict-cli';

// The one step: a datasheet entry in its vendor's file.
vi.mock('../../../src/model/hardware/catalogue/intel', async (real) => {
  const m = await real<typeof import('../../../src/model/hardware/catalogue/intel')>();
  return {
    ...m,
    INTEL: [
      ...m.INTEL,
      {
        id: 'arc-checklist',
        name: 'Intel Arc Checklist',
        vendor: 'intel',
        bandwidthGBps: 500,
        fp16Tflops: 100,
        fp32Tflops: 25,
        memoryGB: 20,
        source: 'a throwaway entry of the checklist test',
      },
    ],
  };
});

const cli = (gpu: string) =>
  predictCli(['--gpu', gpu, '--model', 'llama-3-8b', '--weights', 'int4', '--engine', 'native']);

describe('checklist: a new reference GPU', () => {
  it('touches exactly the files the checklist names', () => {
    const { changed } = expectSameFiles('A new reference GPU', fileURLToPath(import.meta.url));
    expect(changed).toEqual(['src/model/hardware/catalogue/intel.ts']);
  });

  it('the catalogue lists it with its vendor, under its id and its short forms', () => {
    expect(GPUS.map((g) => g.id)).toContain('arc-checklist');
    const intel = GPU_GROUPS.find((g) => g.vendor === 'intel');
    expect(intel?.gpus.map((g) => g.id)).toContain('arc-checklist');
    expect(findGpu('checklist')?.name).toBe('Intel Arc Checklist');
    expect(findGpu('ARC-CHECKLIST')?.bandwidthGBps).toBe(500);
  });

  it('the CLI and the predictor use its datasheet', () => {
    const { report, text } = cli('arc-checklist');
    expect(report.gpu).toBe('Intel Arc Checklist');
    expect(text).toMatch(/Intel Arc Checklist: 500 GB\/s, prefill at 100 TFLOP\/s/);
    expect(text).toMatch(/of 20\.0 GB/);
    // Decode streams the weights: a GPU of twice the bandwidth, all else equal, is faster.
    const floor = report.decode?.floorMsPerToken ?? Number.NaN;
    const b580 = cli('arc-b580').report;
    expect(floor / (b580.decode?.floorMsPerToken ?? Number.NaN)).toBeCloseTo(456 / 500, 2);
  });

  it('the page keeps it in its link', () => {
    const link = encodeLoad({ ...decodeLoad(null), source: 'arc-checklist' });
    expect(decodeLoad(link).source).toBe('arc-checklist');
  });
});
