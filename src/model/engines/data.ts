// The calibration data shipped with the app (data/calibration/*.csv, bundled by Vite as text),
// parsed once.

import appleCsv from '../../../data/calibration/calibration-decode-llamacpp-apple.csv?raw';
import cudaCsv from '../../../data/calibration/llamacpp-cuda-threads.csv?raw';
import intelVulkanCsv from '../../../data/calibration/llamacpp-intel-vulkan-threads.csv?raw';
import moeLongPromptCsv from '../../../data/calibration/llamacpp-moe-long-prompt-threads.csv?raw';
import nativeCsv from '../../../data/calibration/llamacpp-native-threads.csv?raw';
import recentCsv from '../../../data/calibration/llamacpp-recent-threads.csv?raw';
import rocmVulkanCsv from '../../../data/calibration/llamacpp-rocm-vulkan-threads.csv?raw';
import syclCsv from '../../../data/calibration/llamacpp-sycl-threads.csv?raw';
import mlxVllmCsv from '../../../data/calibration/mlx-vllm-threads.csv?raw';
import publicCsv from '../../../data/calibration/public-measurements-calibration.csv?raw';
import { type CalibrationRow, parseAppleRows, parsePublicRows } from './rows';

let rows: readonly CalibrationRow[] | undefined;

/**
 * Every calibration row: the public measurements, the llama.cpp CUDA/ROCm/Vulkan llama-bench rows
 * from GitHub threads (a mixture-of-experts model and long prompts among them), the MLX / vLLM rows
 * from GitHub threads, then the llama.cpp Apple table.
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
    ...parseAppleRows(appleCsv),
  ];
  return rows;
}
