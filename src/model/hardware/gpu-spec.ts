// One reference GPU's datasheet figures. Bandwidth in GB/s (1e9 B/s), compute in TFLOP/s (1e12),
// dense (no 2:4 sparsity). fp16Tflops is what an FP16 GEMM can reach: NVIDIA tensor cores with
// FP32 accumulate (GeForce parts run that at half their FP16-accumulate rate since Turing); AMD
// RDNA3 and CDNA dense FP16 matrix rate, RDNA2 packed FP16 ALU rate; Intel Arc XMX rate; the FP32
// ALU rate on Apple GPUs (FP16 runs at the same rate there). fp32Tflops is the shader (vector) rate
// WebGPU engines run on; fp8Tflops and int8Tops are the dense FP8 / INT8 matrix rates where the part
// has them.

import type { Vendor } from '../engines/ids';

export interface GpuSpec {
  id: string;
  name: string;
  vendor: Vendor;
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

/**
 * GeForce parts (RTX / GTX and four digits; not the workstation "RTX 6000 Ada" or "RTX A6000") run
 * FP16 tensor math with FP32 accumulate at half their FP16-accumulate rate (NVIDIA Ampere GA102
 * whitepaper, Table 9: 71 vs 142 TFLOPS on the RTX 3090; Ada whitepaper, Table 2: 165.2 vs 330.3
 * on the RTX 4090); workstation and datacenter parts run both at the full rate. The catalogue's
 * GeForce entries and the calibration rows' labels both go by this rule.
 */
export const isGeForce = (label: string): boolean =>
  /\b(rtx|gtx)\s?\d{4}\b/i.test(label) && !/\bada\b/i.test(label);
export const GEFORCE_FP16_ACC_OVER_FP32_ACC = 2;

/** A figure rounded to 0.1, as datasheets print them. */
export const tenth = (x: number): number => Math.round(x * 10) / 10;
