// What a device grants WGSL, decided in one place: the features it was given (for `enable`s) and
// the WGSL language features its GPU object lists (navigator.gpu.wgslLanguageFeatures, which a
// device does not carry, so acquireGpu records them here). A module that needs anything else is
// refused before any compiler sees it: a compiler handed an extension it lacks may crash.

import type { WgslNeeds } from '../core/wgsl/portable';

const languageFeaturesOf = new WeakMap<GPUDevice, ReadonlySet<string>>();

export function recordLanguageFeatures(device: GPUDevice, features: readonly string[]): void {
  languageFeaturesOf.set(device, new Set(features));
}

/** What `needs` asks that `device` does not grant, as "feature x" / "WGSL language feature y". */
export function ungrantedNeeds(device: GPUDevice, needs: WgslNeeds): string[] {
  const languageFeatures = languageFeaturesOf.get(device) ?? new Set<string>();
  return [
    ...needs.features.filter((f) => !device.features.has(f)).map((f) => `the feature ${f}`),
    ...needs.languageFeatures
      .filter((f) => !languageFeatures.has(f))
      .map((f) => `the WGSL language feature ${f}`),
  ];
}
