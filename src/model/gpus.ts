// Reference GPUs from their datasheets. Bandwidth in GB/s (1e9 B/s), compute in TFLOP/s (1e12),
// dense (no 2:4 sparsity). fp16Tflops is what an FP16 GEMM can reach: tensor cores with FP32
// accumulate on NVIDIA; the FP32 ALU rate on Apple GPUs (FP16 runs at the same rate there).
// fp32Tflops is the shader (CUDA-core) rate WebGPU engines run on; fp8Tflops and int8Tops are the
// dense FP8 / INT8 tensor rates where the part has them, from the same datasheet.

export interface GpuSpec {
  id: string;
  name: string;
  vendor: 'nvidia' | 'apple';
  bandwidthGBps: number;
  fp16Tflops: number;
  fp32Tflops: number;
  /** Dense FP8 tensor rate (FP32 accumulate), TFLOP/s; undefined where the GPU has none. */
  fp8Tflops?: number;
  /** Dense INT8 tensor rate, TOPS; undefined where the GPU has none. */
  int8Tops?: number;
  /**
   * Dense FP16 tensor rate with FP16 accumulate where it is above fp16Tflops (GeForce parts run
   * FP32 accumulate at half rate); what llama.cpp's prefill reaches (engines/ids.ts).
   */
  fp16AccTflops?: number;
  /** Memory the GPU can address, GB; for Apple the largest unified-memory option. */
  memoryGB: number;
  source: string;
  /** How the figures were obtained where the vendor does not state them. */
  note?: string;
  /** The hardware label this chip carries in the calibration CSV, when it is there. */
  calibrationName?: string;
}

const A100_DATASHEET =
  'NVIDIA A100 Tensor Core GPU datasheet, https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf (INT8 1248 TOPS is with sparsity; dense is half; no FP8)';
const H100_DATASHEET =
  'NVIDIA H100 Tensor Core GPU datasheet, https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet (FP16 1979, FP8 3958 TFLOPS and INT8 3958 TOPS are with sparsity; dense is half)';

const nvidia: GpuSpec[] = [
  {
    id: 'a100-80g-sxm',
    name: 'NVIDIA A100 80GB SXM',
    vendor: 'nvidia',
    bandwidthGBps: 2039,
    fp16Tflops: 312,
    fp32Tflops: 19.5,
    int8Tops: 624,
    memoryGB: 80,
    source: A100_DATASHEET,
  },
  {
    id: 'a100-40g',
    name: 'NVIDIA A100 40GB SXM',
    vendor: 'nvidia',
    bandwidthGBps: 1555,
    fp16Tflops: 312,
    fp32Tflops: 19.5,
    int8Tops: 624,
    memoryGB: 40,
    source: A100_DATASHEET,
  },
  {
    id: 'h100-sxm',
    name: 'NVIDIA H100 SXM5 80GB',
    vendor: 'nvidia',
    bandwidthGBps: 3350,
    fp16Tflops: 989.5,
    fp32Tflops: 67,
    fp8Tflops: 1979,
    int8Tops: 1979,
    memoryGB: 80,
    source: H100_DATASHEET,
  },
  {
    id: 'h200',
    name: 'NVIDIA H200 SXM 141GB',
    vendor: 'nvidia',
    bandwidthGBps: 4800,
    fp16Tflops: 989.5,
    fp32Tflops: 67,
    fp8Tflops: 1979,
    int8Tops: 1979,
    memoryGB: 141,
    source:
      'NVIDIA H200 product page and datasheet, https://www.nvidia.com/en-us/data-center/h200/ (FP16 1979, FP8 3958 TFLOPS and INT8 3958 TOPS with sparsity; dense is half)',
  },
  {
    id: 'rtx-4090',
    name: 'NVIDIA GeForce RTX 4090',
    vendor: 'nvidia',
    bandwidthGBps: 1008,
    fp16Tflops: 165.2,
    fp16AccTflops: 330.3,
    fp32Tflops: 82.6,
    fp8Tflops: 330.3,
    int8Tops: 660.6,
    memoryGB: 24,
    source:
      'NVIDIA Ada Lovelace GPU Architecture whitepaper v2.1, Table 2, https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf',
    note: 'FP16 tensor with FP32 accumulate; 330.3 TFLOPS with FP16 accumulate. FP8 with FP32 accumulate (660.6 with FP16 accumulate); INT8 dense',
  },
  {
    id: 'rtx-3090',
    name: 'NVIDIA GeForce RTX 3090',
    vendor: 'nvidia',
    bandwidthGBps: 936,
    fp16Tflops: 71,
    fp16AccTflops: 142,
    fp32Tflops: 35.6,
    int8Tops: 284,
    memoryGB: 24,
    source:
      'NVIDIA Ampere GA102 GPU Architecture whitepaper v2, Table 9, https://www.nvidia.com/content/PDF/nvidia-ampere-ga-102-gpu-architecture-whitepaper-v2.pdf',
    note: 'FP16 tensor with FP32 accumulate; 142 TFLOPS with FP16 accumulate; INT8 dense (568 with sparsity); no FP8',
  },
];

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

const apple: GpuSpec[] = appleRows.map((r) => ({
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

export const GPUS: readonly GpuSpec[] = [...nvidia, ...apple];

export const GPU_ALIASES: Readonly<Record<string, string>> = {
  a100: 'a100-80g-sxm',
  'a100-80g': 'a100-80g-sxm',
  'a100-40g-sxm': 'a100-40g',
  h100: 'h100-sxm',
  'h200-sxm': 'h200',
  '4090': 'rtx-4090',
  '3090': 'rtx-3090',
};

export class UnknownGpuError extends Error {
  constructor(readonly gpuId: string) {
    super(`Unknown GPU "${gpuId}"; choose one of ${GPUS.map((g) => g.id).join(', ')}`);
    this.name = 'UnknownGpuError';
  }
}

export function findGpu(id: string): GpuSpec | undefined {
  const key = id.trim().toLowerCase();
  const target = GPU_ALIASES[key] ?? key;
  return GPUS.find((g) => g.id === target);
}

export function getGpu(id: string): GpuSpec {
  const gpu = findGpu(id);
  if (gpu === undefined) throw new UnknownGpuError(id);
  return gpu;
}

/** The catalogue entry for a calibration-CSV hardware label (which may carry a bracketed note). */
export function gpuForCalibrationName(label: string): GpuSpec | undefined {
  return GPUS.find((g) => g.calibrationName !== undefined && label.startsWith(g.calibrationName));
}
