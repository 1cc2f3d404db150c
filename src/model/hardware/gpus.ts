// The reference-GPU catalogue: every vendor's datasheet entries (./gpu-catalogue/, each figure with
// its source), the ids and aliases `--gpu` and the page's pickers take, and the lookups.

import { VENDORS, type Vendor } from '../engines/ids';
import { AMD } from './catalogue/amd';
import { APPLE } from './catalogue/apple';
import { INTEL } from './catalogue/intel';
import { NVIDIA } from './catalogue/nvidia';
import type { GpuSpec } from './gpu-spec';

export type { GpuSpec } from './gpu-spec';

/** NVIDIA first (the A100 leads, the chapter's reference), then AMD, Intel and Apple. */
export const GPUS: readonly GpuSpec[] = [...NVIDIA, ...AMD, ...INTEL, ...APPLE];

/** The catalogue by vendor, in GPUS order: what the page's pickers group into optgroups. */
export const GPU_GROUPS: readonly { vendor: Vendor; gpus: readonly GpuSpec[] }[] = VENDORS.map(
  (vendor) => ({ vendor, gpus: GPUS.filter((g) => g.vendor === vendor) }),
).filter((g) => g.gpus.length > 0);

/** Aliases written by hand: short names people use that no rule below produces. */
export const GPU_NAMED_ALIASES: Readonly<Record<string, string>> = {
  a100: 'a100-80g-sxm',
  'a100-80g': 'a100-80g-sxm',
  'a100-40g-sxm': 'a100-40g',
  h100: 'h100-sxm',
  'h200-sxm': 'h200',
  v100: 'v100-sxm2-32g',
  a6000: 'rtx-a6000',
  '3060': 'rtx-3060-12g',
  w7900: 'radeon-pro-w7900',
  'strix-halo': 'ryzen-ai-max-395',
  'ryzen-ai-max+-395': 'ryzen-ai-max-395',
  '8060s': 'ryzen-ai-max-395',
  gb10: 'dgx-spark',
  spark: 'dgx-spark',
  a770: 'arc-a770-16g',
  b60: 'arc-pro-b60',
};

const BRAND_PREFIX = /^(rtx|rx|arc)-/;

/** The forms one id may be typed in: without its brand prefix, and each of those without dashes. */
function shortForms(id: string): string[] {
  const bare = id.replace(BRAND_PREFIX, '');
  return [...new Set([bare, id.replaceAll('-', ''), bare.replaceAll('-', '')])].filter(
    (f) => f !== id,
  );
}

/**
 * Every alias: the hand-written ones, plus each id without its brand prefix and without dashes
 * ('rx-7900-xtx' → '7900-xtx', 'rx7900xtx', '7900xtx'; 'rtx-4070' → '4070'), where that form names
 * one GPU only and is not itself an id.
 */
function buildAliases(): Record<string, string> {
  const ids = new Set(GPUS.map((g) => g.id));
  const claims = new Map<string, Set<string>>();
  for (const g of GPUS) {
    for (const f of shortForms(g.id)) claims.set(f, (claims.get(f) ?? new Set()).add(g.id));
  }
  const derived = [...claims]
    .filter(([form, owners]) => owners.size === 1 && !ids.has(form) && !(form in GPU_NAMED_ALIASES))
    .map(([form, owners]) => [form, [...owners][0] as string] as const);
  return { ...GPU_NAMED_ALIASES, ...Object.fromEntries(derived) };
}

export const GPU_ALIASES: Readonly<Record<string, string>> = buildAliases();

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
