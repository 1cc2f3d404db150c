// NVIDIA datacenter, workstation and desktop GPUs, each from its datasheet or a stored table that
// reprints it. Datacenter and workstation parts run FP16 tensor with FP32 accumulate at the full
// rate, so their dense FP16 tensor figure is used as it is; where a source gives only the 2:4
// sparse figure, the dense one is half and the note says so.

import type { GpuSpec } from '../gpu-spec';
import { GEFORCE } from './nvidia-geforce';

const A100_DATASHEET =
  'NVIDIA A100 Tensor Core GPU datasheet, https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf (INT8 1248 TOPS is with sparsity; dense is half; no FP8)';
const H100_DATASHEET =
  'NVIDIA H100 Tensor Core GPU datasheet, https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet (FP16 1979, FP8 3958 TFLOPS and INT8 3958 TOPS are with sparsity; dense is half)';
const IGUANE =
  'satyaog/IGUANE iguane.py RAWDATA, derived there from the NVIDIA datasheets and whitepapers it links';
const GPU_SPECS_TABLE =
  'NVIDIA datasheets as tabulated in winston-zhang-orz/gpu-specs specs.md (fork of gmasse/gpu-specs)';

/** The reference GPUs the chapter and the tests started with; their figures are unchanged. */
const FIRST: GpuSpec[] = [
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

const DATACENTER: GpuSpec[] = [
  {
    id: 'v100-sxm2-32g',
    name: 'NVIDIA Tesla V100 SXM2 32GB',
    vendor: 'nvidia',
    bandwidthGBps: 900,
    fp16Tflops: 125.3,
    fp32Tflops: 15.7,
    memoryGB: 32,
    source: `${IGUANE}: V100-SXM2-32GB`,
    note: 'FP16 = 1530 MHz × 640 tensor cores × 64 FMA × 2 = 125.3; FP32 = 5120 × 2 × 1.53 GHz = 15.7; no INT8/FP8 tensor mode',
  },
  {
    id: 't4',
    name: 'NVIDIA T4',
    vendor: 'nvidia',
    bandwidthGBps: 300,
    fp16Tflops: 65.1,
    fp32Tflops: 8.1,
    int8Tops: 130,
    memoryGB: 16,
    source: `${IGUANE}: T4 (FP16, FP32, 16 GB, 300 GB/s); INT8 130 TOPS from ${GPU_SPECS_TABLE}`,
    note: 'FP16 = 1590 MHz × 320 tensor cores × 64 FMA × 2 = 65.1 (datacenter Turing: full rate with FP32 accumulate); the T4 datasheet prints 320 GB/s, IGUANE and gpu-specs 300',
  },
  {
    id: 'a10',
    name: 'NVIDIA A10 24GB',
    vendor: 'nvidia',
    bandwidthGBps: 600,
    fp16Tflops: 125,
    fp32Tflops: 31.2,
    int8Tops: 250,
    memoryGB: 24,
    source: `${GPU_SPECS_TABLE}: A10`,
    note: 'The table gives BF16 tensor 125 (250 with sparsity) and leaves FP16 tensor open; Ampere runs FP16 and BF16 tensor at the same rate. INT8 dense 250',
  },
  {
    id: 'a40',
    name: 'NVIDIA A40 48GB',
    vendor: 'nvidia',
    bandwidthGBps: 696,
    fp16Tflops: 149.7,
    fp32Tflops: 37.4,
    memoryGB: 48,
    source:
      'NVIDIA A40 datasheet as tabulated in stillwater-sc/kpu-sim docs/design/nvidia-gpu-products.md',
    note: 'The table prints Peak FP16 Tensor 299.4, the datasheet’s figure with 2:4 sparsity; dense is half, 149.7',
  },
  {
    id: 'rtx-a6000',
    name: 'NVIDIA RTX A6000 48GB',
    vendor: 'nvidia',
    bandwidthGBps: 768,
    fp16Tflops: 154.8,
    fp32Tflops: 38.7,
    int8Tops: 309.7,
    memoryGB: 48,
    source: `${IGUANE}: A6000; INT8 from hahnyuan LLM-Viewer hardware_params (nvidia_A6000 FP16 154.8e12, INT8 309.7e12)`,
    note: 'FP16 = 1800 MHz × 336 tensor cores × 4×4×8 FMA × 2 = 154.8 (workstation Ampere: full rate with FP32 accumulate); FP32 = 10752 × 2 × 1.8 GHz',
  },
  {
    id: 'rtx-6000-ada',
    name: 'NVIDIA RTX 6000 Ada Generation 48GB',
    vendor: 'nvidia',
    bandwidthGBps: 960,
    fp16Tflops: 364.2,
    fp32Tflops: 91.1,
    memoryGB: 48,
    source:
      'data/calibration/public-measurements-calibration.csv (RTX 6000 Ada: 960 GB/s, 364.2 dense FP16 tensor); FP32 91.1 and 48 GB from ohdoking/gpu_spec data/nvidia_gpu.csv',
  },
  {
    id: 'l4',
    name: 'NVIDIA L4 24GB',
    vendor: 'nvidia',
    bandwidthGBps: 300,
    fp16Tflops: 121,
    fp32Tflops: 30.3,
    fp8Tflops: 242,
    int8Tops: 242,
    memoryGB: 24,
    source: `${GPU_SPECS_TABLE}: L4 (FP16 tensor 121, 242 with sparsity)`,
  },
  {
    id: 'l40s',
    name: 'NVIDIA L40S 48GB',
    vendor: 'nvidia',
    bandwidthGBps: 864,
    fp16Tflops: 362,
    fp32Tflops: 91.6,
    fp8Tflops: 733,
    int8Tops: 733,
    memoryGB: 48,
    source: `${GPU_SPECS_TABLE}: L40S (FP16 tensor 362, 733 with sparsity)`,
  },
  {
    id: 'h100-pcie',
    name: 'NVIDIA H100 PCIe 80GB',
    vendor: 'nvidia',
    bandwidthGBps: 2039,
    fp16Tflops: 756.4,
    fp32Tflops: 51.2,
    fp8Tflops: 1513,
    int8Tops: 1513,
    memoryGB: 80,
    source: `${IGUANE}: H100-PCIe-80GB; FP8 and INT8 from ${GPU_SPECS_TABLE} ("H100": 3026 with sparsity)`,
    note: 'FP16 = 1620 MHz × 456 tensor cores × 8×4×16 FMA × 2 = 756.4; FP8/INT8 dense = 3026 / 2; gpu-specs prints 2048 GB/s, IGUANE 2039',
  },
  {
    id: 'h100-nvl',
    name: 'NVIDIA H100 NVL 94GB',
    vendor: 'nvidia',
    bandwidthGBps: 3938,
    fp16Tflops: 835.5,
    fp32Tflops: 60,
    fp8Tflops: 1670.5,
    memoryGB: 94,
    source: `${IGUANE}: H100-NVL-94GB ("Chiffres déclarés par NVIDIA: 60TF FP32, 835TF FP16 non-sparse, 3341TF FP8 sparse")`,
    note: 'FP8 dense = 3341 / 2',
  },
  {
    id: 'b200',
    name: 'NVIDIA B200 (HGX, 1000 W)',
    vendor: 'nvidia',
    bandwidthGBps: 8000,
    fp16Tflops: 2250,
    fp32Tflops: 80,
    fp8Tflops: 4500,
    int8Tops: 4500,
    memoryGB: 179,
    source:
      'glennklockwood.com/garden/processors/B200 (HGX B200 at 1000 W: FP16 matrix 2250, FP8 4500, INT8 4500, FP32 80 TFLOPS dense; 8 TB/s); 179 GB as nvidia-smi reports it on HGX B200 (docs.vultr.com inference-cookbook hardware overview)',
    note: '192 GB of HBM3e on the package; 179 GB addressable',
  },
  {
    id: 'dgx-spark',
    name: 'NVIDIA DGX Spark (GB10, 128GB)',
    vendor: 'nvidia',
    bandwidthGBps: 273,
    fp16Tflops: 125,
    fp32Tflops: 31,
    fp8Tflops: 250,
    memoryGB: 128,
    source:
      'ai-infrastructure.net/dgx-spark (NVIDIA DGX Spark product page: 128 GB LPDDR5x, 273 GB/s, up to 1 PFLOP FP4 with sparsity); FP32 "about 31 teraFLOPS" (GB10 at Hot Chips 2025, The Register via afnnews.qaasid.com)',
    note: 'Tensor rates derived: 1000 TFLOPS FP4 sparse ÷ 2 (dense) = 500 FP4 ÷ 2 = 250 FP8 ÷ 2 = 125 FP16; whether GB10 halves FP32 accumulate as GeForce does is not stated',
  },
];

export const NVIDIA: readonly GpuSpec[] = [...FIRST, ...GEFORCE, ...DATACENTER];
