// AMD Radeon and Instinct GPUs. Radeon figures are TechPowerUp's GPU database entries as stored in
// reox007/RightNow-GPU-Database data/amd/all.json (each entry links its techpowerup.com page): shader
// count, boost clock, bus width, bandwidth, FP16 and FP32 rates.
//   RDNA2: fp16 = the packed FP16 ALU rate (shaders × 4 × boost), no matrix units.
//   RDNA3: fp16 = the dense FP16 WMMA rate, which equals the peak half precision AMD's product
//     pages print (shaders × 2 dual-issue × 2 FMA × 2 packed × boost; RX 7900 XTX 122.8); fp32
//     counts dual issue (61.4), as AMD does and as data/calibration's RX 7900 XT row (51.5) does.
//   RDNA4: fp16 = the dense FP16 WMMA rate, twice the vector packed rate the database prints: half
//     of AMD's dense INT8 rate (RX 9070 XT: 779 INT8 TOPS with sparsity → 389.5 dense → 194.7),
//     the figure data/calibration's RX 9070 XT rows use (data/calibration/README.md).
//   CDNA: fp16 = the dense FP16 matrix rate; fp32 = the vector FP32 rate.

import { type GpuSpec, tenth } from '../gpu-spec';

const TPU = (slug: string) =>
  `TechPowerUp GPU database https://www.techpowerup.com/gpu-specs/${slug}, as stored in reox007/RightNow-GPU-Database data/amd/all.json`;

interface RadeonRow {
  id: string;
  name: string;
  slug: string;
  shaders: number;
  boostMHz: number;
  bus: number;
  bw: number;
  mem: number;
  fp16: number;
  fp32: number;
  arch: 'rdna2' | 'rdna3' | 'rdna4';
}

const ARCH_NOTE: Record<RadeonRow['arch'], string> = {
  rdna2: 'RDNA2 has no matrix units: FP16 is the packed ALU rate',
  rdna3: 'FP16 is the dense WMMA rate (= AMD’s peak half precision); FP32 counts dual issue',
  rdna4: 'FP16 is the dense WMMA rate, twice the vector packed rate (half the dense INT8 rate)',
};

function radeon(r: RadeonRow): GpuSpec {
  const lanes = r.arch === 'rdna2' ? 2 : 4;
  return {
    id: r.id,
    name: r.name,
    vendor: 'amd',
    bandwidthGBps: r.bw,
    fp16Tflops: r.arch === 'rdna4' ? tenth(2 * r.fp16) : r.fp16,
    fp32Tflops: r.fp32,
    memoryGB: r.mem,
    source: TPU(r.slug),
    note: `FP32 = ${r.shaders} shaders × ${lanes} × ${r.boostMHz / 1000} GHz = ${tenth((r.shaders * lanes * r.boostMHz) / 1e6)}; ${r.bus}-bit bus, ${r.bw} GB/s; ${ARCH_NOTE[r.arch]}`,
  };
}

const radeonRows: RadeonRow[] = [
  {
    id: 'rx-6700-xt',
    name: 'AMD Radeon RX 6700 XT',
    slug: 'radeon-rx-6700-xt.c3695',
    shaders: 2560,
    boostMHz: 2581,
    bus: 192,
    bw: 384,
    mem: 12,
    fp16: 26.43,
    fp32: 13.21,
    arch: 'rdna2',
  },
  {
    id: 'rx-6800',
    name: 'AMD Radeon RX 6800',
    slug: 'radeon-rx-6800.c3713',
    shaders: 3840,
    boostMHz: 2105,
    bus: 256,
    bw: 512,
    mem: 16,
    fp16: 32.33,
    fp32: 16.17,
    arch: 'rdna2',
  },
  {
    id: 'rx-6800-xt',
    name: 'AMD Radeon RX 6800 XT',
    slug: 'radeon-rx-6800-xt.c3694',
    shaders: 4608,
    boostMHz: 2250,
    bus: 256,
    bw: 512,
    mem: 16,
    fp16: 41.47,
    fp32: 20.74,
    arch: 'rdna2',
  },
  {
    id: 'rx-6900-xt',
    name: 'AMD Radeon RX 6900 XT',
    slug: 'radeon-rx-6900-xt.c3481',
    shaders: 5120,
    boostMHz: 2250,
    bus: 256,
    bw: 512,
    mem: 16,
    fp16: 46.08,
    fp32: 23.04,
    arch: 'rdna2',
  },
  {
    id: 'rx-6950-xt',
    name: 'AMD Radeon RX 6950 XT',
    slug: 'radeon-rx-6950-xt.c3875',
    shaders: 5120,
    boostMHz: 2310,
    bus: 256,
    bw: 576,
    mem: 16,
    fp16: 47.31,
    fp32: 23.65,
    arch: 'rdna2',
  },
  {
    id: 'rx-7600',
    name: 'AMD Radeon RX 7600',
    slug: 'radeon-rx-7600.c4153',
    shaders: 2048,
    boostMHz: 2655,
    bus: 128,
    bw: 288,
    mem: 8,
    fp16: 43.5,
    fp32: 21.75,
    arch: 'rdna3',
  },
  {
    id: 'rx-7700-xt',
    name: 'AMD Radeon RX 7700 XT',
    slug: 'radeon-rx-7700-xt.c3911',
    shaders: 3456,
    boostMHz: 2544,
    bus: 192,
    bw: 432,
    mem: 12,
    fp16: 70.34,
    fp32: 35.17,
    arch: 'rdna3',
  },
  {
    id: 'rx-7800-xt',
    name: 'AMD Radeon RX 7800 XT',
    slug: 'radeon-rx-7800-xt.c3839',
    shaders: 3840,
    boostMHz: 2430,
    bus: 256,
    bw: 624.1,
    mem: 16,
    fp16: 74.65,
    fp32: 37.32,
    arch: 'rdna3',
  },
  {
    id: 'rx-7900-gre',
    name: 'AMD Radeon RX 7900 GRE',
    slug: 'radeon-rx-7900-gre.c4166',
    shaders: 5120,
    boostMHz: 2245,
    bus: 256,
    bw: 576,
    mem: 16,
    fp16: 91.96,
    fp32: 45.98,
    arch: 'rdna3',
  },
  {
    id: 'rx-7900-xt',
    name: 'AMD Radeon RX 7900 XT',
    slug: 'radeon-rx-7900-xt.c3912',
    shaders: 5376,
    boostMHz: 2394,
    bus: 320,
    bw: 800,
    mem: 20,
    fp16: 103,
    fp32: 51.48,
    arch: 'rdna3',
  },
  {
    id: 'rx-7900-xtx',
    name: 'AMD Radeon RX 7900 XTX',
    slug: 'radeon-rx-7900-xtx.c3941',
    shaders: 6144,
    boostMHz: 2498,
    bus: 384,
    bw: 960,
    mem: 24,
    fp16: 122.8,
    fp32: 61.39,
    arch: 'rdna3',
  },
  {
    id: 'radeon-pro-w7900',
    name: 'AMD Radeon PRO W7900 48GB',
    slug: 'radeon-pro-w7900.c4147',
    shaders: 6144,
    boostMHz: 2495,
    bus: 384,
    bw: 864,
    mem: 48,
    fp16: 122.6,
    fp32: 61.32,
    arch: 'rdna3',
  },
  {
    id: 'rx-9060-xt-16g',
    name: 'AMD Radeon RX 9060 XT 16GB',
    slug: 'radeon-rx-9060-xt-16-gb.c4293',
    shaders: 2048,
    boostMHz: 3130,
    bus: 128,
    bw: 322.3,
    mem: 16,
    fp16: 51.28,
    fp32: 25.64,
    arch: 'rdna4',
  },
  {
    id: 'rx-9070',
    name: 'AMD Radeon RX 9070',
    slug: 'radeon-rx-9070.c4250',
    shaders: 3584,
    boostMHz: 2520,
    bus: 256,
    bw: 644.6,
    mem: 16,
    fp16: 72.25,
    fp32: 36.13,
    arch: 'rdna4',
  },
  {
    id: 'rx-9070-xt',
    name: 'AMD Radeon RX 9070 XT',
    slug: 'radeon-rx-9070-xt.c4229',
    shaders: 4096,
    boostMHz: 2970,
    bus: 256,
    bw: 644.6,
    mem: 16,
    fp16: 97.32,
    fp32: 48.66,
    arch: 'rdna4',
  },
];

const CDNA3 =
  'AMD Instinct MI300X/MI325X datasheet figures as quoted in alpharomercoma/MI300X-vs-H200 METHODOLOGY.md (MI300X: BF16 dense 1307.4, FP8 dense 2614.9 TFLOPS, 5.3 TB/s, 192 GB) and awesomeagents.ai/hardware/amd-mi325x (MI325X: 256 GB, 6 TB/s, FP16 1307.4, FP8 2614.9, FP32 163.4)';

const instinct: GpuSpec[] = [
  {
    id: 'mi100',
    name: 'AMD Instinct MI100 32GB',
    vendor: 'amd',
    bandwidthGBps: 1230,
    fp16Tflops: 184.6,
    fp32Tflops: 23.1,
    memoryGB: 32,
    source: TPU('radeon-instinct-mi100.c3496'),
    note: 'FP16 is the dense matrix rate (120 CUs × 1.502 GHz); FP32 vector',
  },
  {
    id: 'mi210',
    name: 'AMD Instinct MI210 64GB',
    vendor: 'amd',
    bandwidthGBps: 1640,
    fp16Tflops: 181,
    fp32Tflops: 22.6,
    memoryGB: 64,
    source: TPU('radeon-instinct-mi210.c3857'),
    note: 'FP16 is the dense matrix rate; FP32 vector',
  },
  {
    id: 'mi250x',
    name: 'AMD Instinct MI250X 128GB',
    vendor: 'amd',
    bandwidthGBps: 3280,
    fp16Tflops: 383,
    fp32Tflops: 47.9,
    memoryGB: 128,
    source: TPU('radeon-instinct-mi250x.c3837'),
    note: 'Both dies together (software sees two GPUs of 64 GB and 1640 GB/s each); FP16 dense matrix, FP32 vector',
  },
  {
    id: 'mi300x',
    name: 'AMD Instinct MI300X 192GB',
    vendor: 'amd',
    bandwidthGBps: 5300,
    fp16Tflops: 1307.4,
    fp32Tflops: 163.4,
    fp8Tflops: 2614.9,
    memoryGB: 192,
    source: CDNA3,
    note: 'FP32 163.4 is the MI325X figure: the same CDNA3 compute dies (304 CUs) as the MI300X, per the same sources',
  },
  {
    id: 'mi325x',
    name: 'AMD Instinct MI325X 256GB',
    vendor: 'amd',
    bandwidthGBps: 6000,
    fp16Tflops: 1307.4,
    fp32Tflops: 163.4,
    fp8Tflops: 2614.9,
    memoryGB: 256,
    source: CDNA3,
  },
];

/** Strix Halo: the bandwidth is the arithmetic the brief and the platform state. */
const STRIX_HALO: GpuSpec = {
  id: 'ryzen-ai-max-395',
  name: 'AMD Ryzen AI Max+ 395 (Radeon 8060S, 128GB)',
  vendor: 'amd',
  bandwidthGBps: 256,
  fp16Tflops: tenth((2560 * 8 * 2900) / 1e6),
  fp32Tflops: tenth((2560 * 4 * 2900) / 1e6),
  memoryGB: 128,
  source: `${TPU('radeon-8060s.c4270')} (2560 shaders, 2900 MHz boost, RDNA 3.5)`,
  note: 'Bandwidth = 256-bit LPDDR5X-8000: 256 × 8000 MT/s / 8 = 256 GB/s. FP32 = 2560 × 4 (dual-issue FMA, counted as for RDNA3 cards; TechPowerUp prints 14.85 without it) × 2.9 GHz = 29.7; FP16 WMMA = 2 × that = 59.4. Memory: the largest configuration, 128 GB (not in a stored source; the GPU may address less)',
};

export const AMD: readonly GpuSpec[] = [...radeonRows.map(radeon), ...instinct, STRIX_HALO];
