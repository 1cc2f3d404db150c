// Intel Arc. Shader count, boost clock, bus, bandwidth, memory and the FP32 rate are TechPowerUp's
// GPU database entries as stored in reox007/RightNow-GPU-Database data/intel/all.json. Intel
// states no FP16 XMX TFLOPS on these pages, so the XMX rate is derived:
//   Alchemist (Xe-HPG): 16 XMX engines per Xe-core (Intel Architecture Day 2021, as reported by
//   onestoptrendingnews.com); the A580's 393.22 INT4 TOPS (hmc-tech.com) = 384 XMX × 2.0 GHz × 512,
//   so 256 INT8 and 128 FP16 ops per XMX per clock.
//   Battlemage (Xe2-HPG): 8 XMX per Xe-core, "512 operations per cycle" each (clubic.com, B580
//   launch); the B580's 437.45 INT4 TOPS (hmc-tech.com) = 160 XMX × 2.67 GHz × 1024, so 512 INT8 and
//   256 FP16 ops per XMX per clock.
//   FP16 is taken at half the INT8 rate and INT4 at twice it, as on the other vendors' matrix units.

import { type GpuSpec, tenth } from '../gpu-spec';

const TPU = (slug: string) =>
  `TechPowerUp GPU database https://www.techpowerup.com/gpu-specs/${slug}, as stored in reox007/RightNow-GPU-Database data/intel/all.json; XMX rate derived (src/model/hardware/catalogue/intel.ts)`;

interface ArcRow {
  id: string;
  name: string;
  slug: string;
  gen: 'alchemist' | 'battlemage';
  xeCores: number;
  boostMHz: number;
  bw: number;
  mem: number;
  fp32: number;
}

const XMX = {
  alchemist: { perCore: 16, fp16PerClk: 128 },
  battlemage: { perCore: 8, fp16PerClk: 256 },
} as const;

function arc(r: ArcRow): GpuSpec {
  const { perCore, fp16PerClk } = XMX[r.gen];
  const engines = r.xeCores * perCore;
  const ghz = r.boostMHz / 1000;
  const fp16 = tenth((engines * fp16PerClk * ghz) / 1000);
  return {
    id: r.id,
    name: r.name,
    vendor: 'intel',
    bandwidthGBps: r.bw,
    fp16Tflops: fp16,
    fp32Tflops: r.fp32,
    int8Tops: tenth(2 * fp16),
    memoryGB: r.mem,
    source: TPU(r.slug),
    note: `FP16 XMX = ${r.xeCores} Xe-cores × ${perCore} XMX × ${fp16PerClk} FLOP/clk × ${ghz} GHz = ${fp16}; INT8 = 2 × that; FP32 = ${r.xeCores * 128} lanes × 2 × ${ghz} GHz`,
  };
}

const rows: ArcRow[] = [
  {
    id: 'arc-a380',
    name: 'Intel Arc A380',
    slug: 'arc-a380.c3913',
    gen: 'alchemist',
    xeCores: 8,
    boostMHz: 2050,
    bw: 186,
    mem: 6,
    fp32: 4.2,
  },
  {
    id: 'arc-a580',
    name: 'Intel Arc A580',
    slug: 'arc-a580.c3928',
    gen: 'alchemist',
    xeCores: 24,
    boostMHz: 2000,
    bw: 512,
    mem: 8,
    fp32: 12.29,
  },
  {
    id: 'arc-a750',
    name: 'Intel Arc A750',
    slug: 'arc-a750.c3929',
    gen: 'alchemist',
    xeCores: 28,
    boostMHz: 2400,
    bw: 512,
    mem: 8,
    fp32: 17.2,
  },
  {
    id: 'arc-a770-16g',
    name: 'Intel Arc A770 16GB',
    slug: 'arc-a770.c3914',
    gen: 'alchemist',
    xeCores: 32,
    boostMHz: 2400,
    bw: 512,
    mem: 16,
    fp32: 19.66,
  },
  {
    id: 'arc-b570',
    name: 'Intel Arc B570',
    slug: 'arc-b570.c4245',
    gen: 'battlemage',
    xeCores: 18,
    boostMHz: 2500,
    bw: 380,
    mem: 10,
    fp32: 11.52,
  },
  {
    id: 'arc-b580',
    name: 'Intel Arc B580',
    slug: 'arc-b580.c4244',
    gen: 'battlemage',
    xeCores: 20,
    boostMHz: 2670,
    bw: 456,
    mem: 12,
    fp32: 13.67,
  },
  {
    id: 'arc-pro-b60',
    name: 'Intel Arc Pro B60 24GB',
    slug: 'arc-pro-b60.c4350',
    gen: 'battlemage',
    xeCores: 20,
    boostMHz: 2400,
    bw: 456,
    mem: 24,
    fp32: 12.29,
  },
];

export const INTEL: readonly GpuSpec[] = rows.map(arc);
