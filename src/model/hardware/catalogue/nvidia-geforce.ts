// NVIDIA GeForce RTX 20–50 desktop cards. NVIDIA's spec pages state CUDA cores, boost clock, memory
// and bandwidth but no tensor rates for most cards, so those are derived from the rates the
// architecture whitepapers state for the flagship (src/model/hardware/gpus.ts keeps the RTX 4090 and 3090
// rows as the whitepapers print them):
//   FP16 tensor, FP32 accumulate = SMs × 512 FLOP/clk × boost. Ada whitepaper: RTX 4090, 128 SMs ×
//   512 × 2.52 GHz = 165.2 TFLOPS; GA102 whitepaper: RTX 3090, 82 × 512 × 1.695 = 71 TFLOPS (the
//   FP16-accumulate rate is twice that on GeForce). Turing: 8 tensor cores per SM × 4×4×4 FP16 FMAs
//   = 1024 FLOP/clk with FP16 accumulate (satyaog/IGUANE iguane.py, from the Turing whitepaper);
//   GeForce runs FP32 accumulate at half that, 512. FP16 accumulate: twice the FP32-accumulate rate
//   on every GeForce generation (GA102: 142 vs 71; Ada: 330.3 vs 165.2).
//   INT8 dense = 4 × that rate (Ampere, Ada: 284 = 4 × 71, 660.6 = 4 × 165.2 in the whitepapers);
//   FP8 with FP32 accumulate = 2 × (Ada: 330.3 = 2 × 165.2). Blackwell GeForce is taken to keep the
//   Ada ratios (RTX 5090: 170 SMs × 512 × 2.407 GHz = 209.5, the figure in data/calibration).
//   FP32 = CUDA cores × 2 × boost.

import { GEFORCE_FP16_ACC_OVER_FP32_ACC, type GpuSpec, tenth } from '../gpu-spec';

type Arch = 'turing' | 'ampere' | 'ada' | 'blackwell';

const CORES_PER_SM: Record<Arch, number> = { turing: 64, ampere: 128, ada: 128, blackwell: 128 };

const IGUANE = 'satyaog/IGUANE iguane.py (Turing figures from NVIDIA whitepaper and datasheets)';
const RTX20 =
  'NVIDIA GeForce RTX 20 / 20 SUPER specifications, as tabulated in SackMagiclight/SackMagiclight.github.io content/blog/rtx-super.md (SUPER cards, with the deltas to the non-SUPER cards)';
const RTX30 =
  'NVIDIA GeForce RTX 30 Series specifications, as tabulated in stillwater-sc/KPU-Simulator docs/external-knowledge/rtx_30_series_specs_table.md';
const RTX40 =
  'NVIDIA GeForce RTX 40 Series specifications, as tabulated in the stored "NVIDIA RTX 40 Series Specifications" table (stillwater-sc KPU-Simulator external-knowledge)';
const RTX50 =
  'NVIDIA GeForce RTX 50 Series specifications, as tabulated in the stored "NVIDIA RTX 50 Series Specifications" table (stillwater-sc KPU-Simulator external-knowledge)';

interface GeForceRow {
  id: string;
  name: string;
  arch: Arch;
  cores: number;
  boostMHz: number;
  bw: number;
  mem: number;
  src: string;
  /** Why a figure departs from the source, if it does. */
  why?: string;
}

function geforce(r: GeForceRow): GpuSpec {
  const sms = r.cores / CORES_PER_SM[r.arch];
  const ghz = r.boostMHz / 1000;
  const fp32 = tenth((r.cores * 2 * ghz) / 1000);
  const fp16 = tenth((sms * 512 * ghz) / 1000);
  const int8 = r.arch === 'turing' ? undefined : tenth(4 * fp16);
  const fp8 = r.arch === 'ada' || r.arch === 'blackwell' ? tenth(2 * fp16) : undefined;
  const fp16Acc = tenth(GEFORCE_FP16_ACC_OVER_FP32_ACC * fp16);
  const tensor = `FP16 tensor (FP32 accumulate) = ${sms} SMs × 512 FLOP/clk × ${ghz} GHz = ${fp16}; with FP16 accumulate ${GEFORCE_FP16_ACC_OVER_FP32_ACC} × ${fp16} = ${fp16Acc}`;
  const extra = [
    int8 === undefined ? 'no INT8/FP8 rate used' : `INT8 dense = 4 × ${fp16} = ${int8}`,
    fp8 === undefined ? undefined : `FP8 = 2 × ${fp16} = ${fp8}`,
  ].filter((s) => s !== undefined);
  return {
    id: r.id,
    name: r.name,
    vendor: 'nvidia',
    bandwidthGBps: r.bw,
    fp16Tflops: fp16,
    fp16AccTflops: fp16Acc,
    fp32Tflops: fp32,
    ...(fp8 === undefined ? {} : { fp8Tflops: fp8 }),
    ...(int8 === undefined ? {} : { int8Tops: int8 }),
    memoryGB: r.mem,
    source: r.src,
    note: [
      `FP32 = ${r.cores} CUDA cores × 2 × ${ghz} GHz = ${fp32}`,
      tensor,
      ...extra,
      ...(r.why === undefined ? [] : [r.why]),
    ].join('; '),
  };
}

const rows: GeForceRow[] = [
  // Turing. RTX 20 table: SUPER cards with "(+n)" deltas to the non-SUPER ones.
  {
    id: 'rtx-2060',
    name: 'NVIDIA GeForce RTX 2060',
    arch: 'turing',
    cores: 1920,
    boostMHz: 1680,
    bw: 336,
    mem: 6,
    src: RTX20,
    why: 'cores and boost from the RTX 2060 SUPER row minus its deltas (2176 − 256, 1650 + 30 MHz); bandwidth 448 − 112 GB/s',
  },
  {
    id: 'rtx-2060-super',
    name: 'NVIDIA GeForce RTX 2060 SUPER',
    arch: 'turing',
    cores: 2176,
    boostMHz: 1650,
    bw: 448,
    mem: 8,
    src: RTX20,
  },
  {
    id: 'rtx-2070',
    name: 'NVIDIA GeForce RTX 2070',
    arch: 'turing',
    cores: 2304,
    boostMHz: 1620,
    bw: 448,
    mem: 8,
    src: RTX20,
    why: 'cores and boost from the RTX 2070 SUPER row minus its deltas (2560 − 256, 1770 − 150 MHz)',
  },
  {
    id: 'rtx-2070-super',
    name: 'NVIDIA GeForce RTX 2070 SUPER',
    arch: 'turing',
    cores: 2560,
    boostMHz: 1770,
    bw: 448,
    mem: 8,
    src: RTX20,
  },
  {
    id: 'rtx-2080',
    name: 'NVIDIA GeForce RTX 2080',
    arch: 'turing',
    cores: 2944,
    boostMHz: 1710,
    bw: 448,
    mem: 8,
    src: IGUANE,
  },
  {
    id: 'rtx-2080-super',
    name: 'NVIDIA GeForce RTX 2080 SUPER',
    arch: 'turing',
    cores: 3072,
    boostMHz: 1815,
    bw: 496,
    mem: 8,
    src: IGUANE,
  },
  {
    id: 'rtx-2080-ti',
    name: 'NVIDIA GeForce RTX 2080 Ti',
    arch: 'turing',
    cores: 4352,
    boostMHz: 1545,
    bw: 616,
    mem: 11,
    src: IGUANE,
  },
  // Ampere
  {
    id: 'rtx-3060-12g',
    name: 'NVIDIA GeForce RTX 3060 12GB',
    arch: 'ampere',
    cores: 3584,
    boostMHz: 1777,
    bw: 360,
    mem: 12,
    src: RTX30,
  },
  {
    id: 'rtx-3060-ti',
    name: 'NVIDIA GeForce RTX 3060 Ti',
    arch: 'ampere',
    cores: 4864,
    boostMHz: 1665,
    bw: 448,
    mem: 8,
    src: RTX30,
  },
  {
    id: 'rtx-3070',
    name: 'NVIDIA GeForce RTX 3070',
    arch: 'ampere',
    cores: 5888,
    boostMHz: 1730,
    bw: 448,
    mem: 8,
    src: RTX30,
  },
  {
    id: 'rtx-3070-ti',
    name: 'NVIDIA GeForce RTX 3070 Ti',
    arch: 'ampere',
    cores: 6144,
    boostMHz: 1770,
    bw: 608,
    mem: 8,
    src: RTX30,
  },
  {
    id: 'rtx-3080-10g',
    name: 'NVIDIA GeForce RTX 3080 10GB',
    arch: 'ampere',
    cores: 8704,
    boostMHz: 1710,
    bw: 760,
    mem: 10,
    src: RTX30,
  },
  {
    id: 'rtx-3080-12g',
    name: 'NVIDIA GeForce RTX 3080 12GB',
    arch: 'ampere',
    cores: 8960,
    boostMHz: 1710,
    bw: 912,
    mem: 12,
    src: RTX30,
  },
  {
    id: 'rtx-3080-ti',
    name: 'NVIDIA GeForce RTX 3080 Ti',
    arch: 'ampere',
    cores: 10240,
    boostMHz: 1665,
    bw: 912,
    mem: 12,
    src: RTX30,
  },
  {
    id: 'rtx-3090-ti',
    name: 'NVIDIA GeForce RTX 3090 Ti',
    arch: 'ampere',
    cores: 10752,
    boostMHz: 1860,
    bw: 1008,
    mem: 24,
    src: RTX30,
    why: 'matches the 1008 GB/s and 80 TFLOPS the calibration CSV uses',
  },
  // Ada Lovelace
  {
    id: 'rtx-4060',
    name: 'NVIDIA GeForce RTX 4060',
    arch: 'ada',
    cores: 3072,
    boostMHz: 2460,
    bw: 272,
    mem: 8,
    src: RTX40,
  },
  {
    id: 'rtx-4060-ti-8g',
    name: 'NVIDIA GeForce RTX 4060 Ti 8GB',
    arch: 'ada',
    cores: 4352,
    boostMHz: 2535,
    bw: 288,
    mem: 8,
    src: RTX40,
  },
  {
    id: 'rtx-4060-ti-16g',
    name: 'NVIDIA GeForce RTX 4060 Ti 16GB',
    arch: 'ada',
    cores: 4352,
    boostMHz: 2535,
    bw: 288,
    mem: 16,
    src: RTX40,
  },
  {
    id: 'rtx-4070',
    name: 'NVIDIA GeForce RTX 4070',
    arch: 'ada',
    cores: 5888,
    boostMHz: 2475,
    bw: 504,
    mem: 12,
    src: RTX40,
  },
  {
    id: 'rtx-4070-super',
    name: 'NVIDIA GeForce RTX 4070 SUPER',
    arch: 'ada',
    cores: 7168,
    boostMHz: 2475,
    bw: 504,
    mem: 12,
    src: RTX40,
  },
  {
    id: 'rtx-4070-ti',
    name: 'NVIDIA GeForce RTX 4070 Ti',
    arch: 'ada',
    cores: 7680,
    boostMHz: 2610,
    bw: 504,
    mem: 12,
    src: RTX40,
  },
  {
    id: 'rtx-4070-ti-super',
    name: 'NVIDIA GeForce RTX 4070 Ti SUPER',
    arch: 'ada',
    cores: 8448,
    boostMHz: 2610,
    bw: 672,
    mem: 16,
    src: RTX40,
  },
  {
    id: 'rtx-4080',
    name: 'NVIDIA GeForce RTX 4080',
    arch: 'ada',
    cores: 9728,
    boostMHz: 2505,
    bw: 717,
    mem: 16,
    src: RTX40,
  },
  {
    id: 'rtx-4080-super',
    name: 'NVIDIA GeForce RTX 4080 SUPER',
    arch: 'ada',
    cores: 10240,
    boostMHz: 2550,
    bw: 736,
    mem: 16,
    src: RTX40,
  },
  // Blackwell
  {
    id: 'rtx-5060-ti-16g',
    name: 'NVIDIA GeForce RTX 5060 Ti 16GB',
    arch: 'blackwell',
    cores: 4608,
    boostMHz: 2650,
    bw: 448,
    mem: 16,
    src: RTX50,
  },
  {
    id: 'rtx-5070',
    name: 'NVIDIA GeForce RTX 5070',
    arch: 'blackwell',
    cores: 6144,
    boostMHz: 2510,
    bw: 672,
    mem: 12,
    src: RTX50,
    why: 'boost 2.51 GHz as data/calibration/README.md (NVIDIA spec, 30.9 TFLOPS) uses; the stored table prints 2410 MHz',
  },
  {
    id: 'rtx-5070-ti',
    name: 'NVIDIA GeForce RTX 5070 Ti',
    arch: 'blackwell',
    cores: 8960,
    boostMHz: 2475,
    bw: 896,
    mem: 16,
    src: RTX50,
  },
  {
    id: 'rtx-5080',
    name: 'NVIDIA GeForce RTX 5080',
    arch: 'blackwell',
    cores: 10752,
    boostMHz: 2617,
    bw: 960,
    mem: 16,
    src: RTX50,
    why: 'boost 2.617 GHz from the 56.3 FP32 / 112.6 FP16-tensor TFLOPS the calibration CSV uses; the stored table prints 2550 MHz',
  },
  {
    id: 'rtx-5090',
    name: 'NVIDIA GeForce RTX 5090',
    arch: 'blackwell',
    cores: 21760,
    boostMHz: 2407,
    bw: 1792,
    mem: 32,
    src: RTX50,
    why: 'boost 2.407 GHz: the 209.5 FP16-tensor TFLOPS of the RTX Blackwell whitepaper the calibration CSV uses (the table prints 2.41 GHz)',
  },
];

export const GEFORCE: readonly GpuSpec[] = rows.map(geforce);
