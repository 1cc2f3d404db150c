// The calibration data shipped with the app (data/calibration/*.csv, bundled by Vite as text),
// parsed once.

import harnessCsv from '../../../../data/calibration/browser-harness-threads.csv?raw';
import appleCsv from '../../../../data/calibration/calibration-decode-llamacpp-apple.csv?raw';
import galleryCsv from '../../../../data/calibration/gallery-decode-runs.csv?raw';
import cudaCsv from '../../../../data/calibration/llamacpp-cuda-threads.csv?raw';
import intelVulkanCsv from '../../../../data/calibration/llamacpp-intel-vulkan-threads.csv?raw';
import moeLongPromptCsv from '../../../../data/calibration/llamacpp-moe-long-prompt-threads.csv?raw';
import nativeCsv from '../../../../data/calibration/llamacpp-native-threads.csv?raw';
import recentCsv from '../../../../data/calibration/llamacpp-recent-threads.csv?raw';
import rocmVulkanCsv from '../../../../data/calibration/llamacpp-rocm-vulkan-threads.csv?raw';
import syclCsv from '../../../../data/calibration/llamacpp-sycl-threads.csv?raw';
import webgpuCsv from '../../../../data/calibration/llamacpp-webgpu-threads.csv?raw';
import mlxVllmCsv from '../../../../data/calibration/mlx-vllm-threads.csv?raw';
import publicCsv from '../../../../data/calibration/public-measurements-calibration.csv?raw';
import { type CalibrationRow, parseAppleRows, parsePublicRows } from './rows';

let rows: readonly CalibrationRow[] | undefined;

/** The id prefix of the gallery file's rows ('gallery:2'). */
export const GALLERY_FILE = 'gallery';

/**
 * Every calibration row: the public measurements, the llama.cpp CUDA/ROCm/Vulkan llama-bench rows
 * from GitHub threads (a mixture-of-experts model and long prompts among them), the MLX / vLLM rows
 * from GitHub threads, llama.cpp's WebGPU backend in llama-bench, the browser harnesses (WebLLM,
 * transformers.js, llama.cpp's WebGPU backend) from threads and run files, the llama.cpp Apple
 * table, then the gallery's decode runs of this benchmark's own decoder (written by
 * `npm run calibrate -- --gallery … --write`).
 */
export function calibrationRows(): readonly CalibrationRow[] {
  rows ??= [
    ...parsePublicRows(publicCsv),
    ...parsePublicRows(nativeCsv, 'native'),
    ...parsePublicRows(cudaCsv, 'cuda'),
    ...parsePublicRows(rocmVulkanCsv, 'rocmvk'),
    ...parsePublicRows(intelVulkanCsv, 'intelvk'),
    ...parsePublicRows(syclCsv, 'sycl'),
    ...parsePublicRows(mlxVllmCsv, 'mlxvw'),
    ...parsePublicRows(recentCsv, 'recent'),
    ...parsePublicRows(moeLongPromptCsv, 'moelp'),
    ...parsePublicRows(webgpuCsv, 'webgpu'),
    ...parsePublicRows(harnessCsv, 'harness'),
    ...parseAppleRows(appleCsv),
    ...parsePublicRows(galleryCsv, GALLERY_FILE),
  ];
  return rows;
}
