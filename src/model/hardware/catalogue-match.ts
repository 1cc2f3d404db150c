// Which catalogue GPU an adapter is, from the name it gives (browsers often give none: then none).

import type { GpuSpec } from './gpu-spec';
import { GPUS } from './gpus';

const VENDOR_WORDS = /\b(nvidia|geforce|amd|radeon|intel|apple|graphics|gpu|laptop)\b/g;

/** "NVIDIA GeForce RTX 4090" → "rtx 4090": the words that tell one model from another. */
const modelWords = (name: string) =>
  name
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(VENDOR_WORDS, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The catalogue GPU whose model words all appear in the adapter's description or device, the
 * longest such name winning ("rtx 4090 d" over "rtx 4090"); undefined where none does.
 */
export function catalogueGpuFor(adapter: {
  vendor: string;
  device: string;
  description: string;
}): GpuSpec | undefined {
  const named = ` ${modelWords(`${adapter.description} ${adapter.device}`)} `;
  if (named.trim() === '') return undefined;
  let best: { gpu: GpuSpec; length: number } | undefined;
  for (const gpu of GPUS) {
    if (adapter.vendor !== '' && !adapter.vendor.toLowerCase().includes(gpu.vendor)) continue;
    const words = modelWords(gpu.name);
    if (words === '' || !named.includes(` ${words} `)) continue;
    if (best === undefined || words.length > best.length) best = { gpu, length: words.length };
  }
  return best?.gpu;
}
