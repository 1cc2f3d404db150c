// Apple silicon GPUs: bandwidth and memory from Apple Newsroom announcements.

import type { GpuSpec } from '../gpu-spec';

// Apple states bandwidth for every chip and TFLOPS for the M1 and M2 families (newsroom
// announcements). For M3/M4 it does not; those are estimates: GPU cores × 128 FP32 lanes × 2 ×
// clock (≈1.6 GHz), good to ±15 %, and only used for prefill.
const APPLE_ESTIMATE =
  'TFLOPS estimated (cores × 128 lanes × 2 FLOP × ~1.6 GHz); Apple states none';
const SCALED = 'TFLOPS scaled by core count from the stated figure of the full chip';

interface AppleRow {
  id: string;
  name: string;
  bw: number;
  tflops: number;
  mem: number;
  src: string;
  note?: string;
}

const appleRows: AppleRow[] = [
  {
    id: 'm1',
    name: 'Apple M1 (8-core GPU)',
    bw: 68.25,
    tflops: 2.6,
    mem: 16,
    src: 'Apple Newsroom, "Apple unleashes M1", 2020-11-10',
  },
  {
    id: 'm1-pro',
    name: 'Apple M1 Pro (16-core GPU)',
    bw: 200,
    tflops: 5.2,
    mem: 32,
    src: 'Apple Newsroom, "Introducing M1 Pro and M1 Max", 2021-10-18',
  },
  {
    id: 'm1-max',
    name: 'Apple M1 Max (32-core GPU)',
    bw: 400,
    tflops: 10.4,
    mem: 64,
    src: 'Apple Newsroom, "Introducing M1 Pro and M1 Max", 2021-10-18',
  },
  {
    id: 'm1-ultra',
    name: 'Apple M1 Ultra (64-core GPU)',
    bw: 800,
    tflops: 21,
    mem: 128,
    src: 'Apple Newsroom, "Apple unveils M1 Ultra", 2022-03-08',
  },
  {
    id: 'm2',
    name: 'Apple M2 (10-core GPU)',
    bw: 100,
    tflops: 3.6,
    mem: 24,
    src: 'Apple Newsroom, "Apple unveils M2", 2022-06-06',
  },
  {
    id: 'm2-pro-16c',
    name: 'Apple M2 Pro (16-core GPU)',
    bw: 200,
    tflops: 5.7,
    mem: 32,
    src: 'Apple Newsroom, "Apple unveils M2 Pro and M2 Max", 2023-01-17',
    note: SCALED,
  },
  {
    id: 'm2-pro',
    name: 'Apple M2 Pro (19-core GPU)',
    bw: 200,
    tflops: 6.8,
    mem: 32,
    src: 'Apple Newsroom, "Apple unveils M2 Pro and M2 Max", 2023-01-17',
  },
  {
    id: 'm2-max-30c',
    name: 'Apple M2 Max (30-core GPU)',
    bw: 400,
    tflops: 10.7,
    mem: 96,
    src: 'Apple Newsroom, "Apple unveils M2 Pro and M2 Max", 2023-01-17',
    note: SCALED,
  },
  {
    id: 'm2-max',
    name: 'Apple M2 Max (38-core GPU)',
    bw: 400,
    tflops: 13.6,
    mem: 96,
    src: 'Apple Newsroom, "Apple unveils M2 Pro and M2 Max", 2023-01-17',
  },
  {
    id: 'm2-ultra-60c',
    name: 'Apple M2 Ultra (60-core GPU)',
    bw: 800,
    tflops: 21.5,
    mem: 192,
    src: 'Apple Newsroom, "Apple introduces M2 Ultra", 2023-06-05',
    note: SCALED,
  },
  {
    id: 'm2-ultra',
    name: 'Apple M2 Ultra (76-core GPU)',
    bw: 800,
    tflops: 27.2,
    mem: 192,
    src: 'Apple Newsroom, "Apple introduces M2 Ultra", 2023-06-05',
  },
  {
    id: 'm3',
    name: 'Apple M3 (10-core GPU)',
    bw: 100,
    tflops: 4.1,
    mem: 24,
    src: 'Apple Newsroom, "Apple unveils M3, M3 Pro, and M3 Max", 2023-10-30',
    note: APPLE_ESTIMATE,
  },
  {
    id: 'm3-pro',
    name: 'Apple M3 Pro (18-core GPU)',
    bw: 150,
    tflops: 7.4,
    mem: 36,
    src: 'Apple Newsroom, "Apple unveils M3, M3 Pro, and M3 Max", 2023-10-30',
    note: APPLE_ESTIMATE,
  },
  {
    id: 'm3-max-30c',
    name: 'Apple M3 Max (30-core GPU)',
    bw: 300,
    tflops: 12.3,
    mem: 96,
    src: 'Apple Newsroom, "Apple unveils M3, M3 Pro, and M3 Max", 2023-10-30',
    note: APPLE_ESTIMATE,
  },
  {
    id: 'm3-max',
    name: 'Apple M3 Max (40-core GPU)',
    bw: 400,
    tflops: 16.4,
    mem: 128,
    src: 'Apple Newsroom, "Apple unveils M3, M3 Pro, and M3 Max", 2023-10-30',
    note: APPLE_ESTIMATE,
  },
  {
    id: 'm3-ultra',
    name: 'Apple M3 Ultra (80-core GPU)',
    bw: 819.2,
    tflops: 32.8,
    mem: 512,
    src: 'Apple Newsroom, "Apple reveals M3 Ultra", 2025-03-05',
    note: APPLE_ESTIMATE,
  },
  {
    id: 'm4',
    name: 'Apple M4 (10-core GPU)',
    bw: 120,
    tflops: 4.1,
    mem: 32,
    src: 'Apple Newsroom, "Apple introduces M4 chip", 2024-05-07',
    note: APPLE_ESTIMATE,
  },
  {
    id: 'm4-pro-16c',
    name: 'Apple M4 Pro (16-core GPU)',
    bw: 273,
    tflops: 6.6,
    mem: 64,
    src: 'Apple Newsroom, "Apple introduces M4 Pro and M4 Max", 2024-10-30',
    note: APPLE_ESTIMATE,
  },
  {
    id: 'm4-pro',
    name: 'Apple M4 Pro (20-core GPU)',
    bw: 273,
    tflops: 8.2,
    mem: 64,
    src: 'Apple Newsroom, "Apple introduces M4 Pro and M4 Max", 2024-10-30',
    note: APPLE_ESTIMATE,
  },
  {
    id: 'm4-max-32c',
    name: 'Apple M4 Max (32-core GPU)',
    bw: 410,
    tflops: 13.1,
    mem: 36,
    src: 'Apple Newsroom, "Apple introduces M4 Pro and M4 Max", 2024-10-30',
    note: APPLE_ESTIMATE,
  },
  {
    id: 'm4-max',
    name: 'Apple M4 Max (40-core GPU)',
    bw: 546,
    tflops: 16.4,
    mem: 128,
    src: 'Apple Newsroom, "Apple introduces M4 Pro and M4 Max", 2024-10-30',
    note: APPLE_ESTIMATE,
  },
];

export const APPLE: readonly GpuSpec[] = appleRows.map((r) => ({
  id: r.id,
  name: r.name,
  vendor: 'apple',
  bandwidthGBps: r.bw,
  fp16Tflops: r.tflops,
  fp32Tflops: r.tflops,
  memoryGB: r.mem,
  source: r.src,
  ...(r.note === undefined ? {} : { note: r.note }),
  calibrationName: r.name,
}));
