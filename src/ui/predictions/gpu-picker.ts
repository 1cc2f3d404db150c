// The GPU pickers: leading options (measured, none) and the reference-GPU catalogue in one
// optgroup per vendor, in catalogue order; keeps the chosen GPU selected where it is still there.

import type { Vendor } from '../../model/engines/ids';
import { GPU_GROUPS, type GpuSpec } from '../../model/hardware/gpus';

/** Brand names, the same in every language. */
const VENDOR_LABELS: Record<Vendor, string> = {
  nvidia: 'NVIDIA',
  amd: 'AMD',
  apple: 'Apple',
  intel: 'Intel',
};

export interface GpuPickerOptions {
  lead?: readonly { value: string; label: string }[];
  /** An option's words for one GPU (default: its name). */
  label?: (g: GpuSpec) => string;
  /** GPUs not offered. */
  exclude?: readonly string[];
  preferred?: string | undefined;
}

export function fillGpuPicker(select: HTMLSelectElement, opts: GpuPickerOptions = {}): void {
  const keep = opts.preferred ?? select.value;
  const label = opts.label ?? ((g: GpuSpec) => g.name);
  const exclude = opts.exclude ?? [];
  const option = (value: string, text: string) => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    return o;
  };
  const groups = GPU_GROUPS.map(({ vendor, gpus }) => {
    const group = document.createElement('optgroup');
    group.label = VENDOR_LABELS[vendor];
    group.append(...gpus.filter((g) => !exclude.includes(g.id)).map((g) => option(g.id, label(g))));
    return group;
  }).filter((g) => g.childElementCount > 0);
  select.replaceChildren(...(opts.lead ?? []).map((o) => option(o.value, o.label)), ...groups);
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}
