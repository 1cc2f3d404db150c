// Acquires an adapter and device, records what was granted, and watches for loss and stray errors.
// The GPU object comes from the caller: navigator.gpu in a page or worker, Dawn's in Node.

import type { AdapterDescription, TimingMode } from '../core/results';
import { GpuError } from './errors';
import { recordLanguageFeatures } from './wgsl-support';

/** Limits that shape the benchmark; requested at the adapter's maximum. */
export const LIMITS_THAT_MATTER = [
  'maxBufferSize',
  'maxStorageBufferBindingSize',
  'maxStorageBuffersPerShaderStage',
  'maxComputeWorkgroupStorageSize',
  'maxComputeInvocationsPerWorkgroup',
  'maxComputeWorkgroupSizeX',
  'maxComputeWorkgroupsPerDimension',
] as const;

/** Features used when offered; none is required, each degrades with a note. */
export const OPTIONAL_FEATURES: readonly GPUFeatureName[] = [
  'timestamp-query',
  'shader-f16',
  'subgroups',
  // Chrome's experimental subgroup matrices (the sgmat GEMMs); not in @webgpu/types yet. Dawn
  // offers it only with allow_unsafe_apis (Node: --experimental; Chrome: --enable-unsafe-webgpu).
  'chromium-experimental-subgroup-matrix' as GPUFeatureName,
];

const SOFTWARE_PATTERN = /swiftshader|llvmpipe|lavapipe|softpipe|software|basic render/i;

export interface GpuContext {
  /** Held so the GPU instance lives as long as its device (Dawn in Node crashes otherwise). */
  readonly gpu: GPU;
  readonly adapter: GPUAdapter;
  readonly device: GPUDevice;
  readonly description: AdapterDescription;
  readonly grantedLimits: Record<string, number>;
  readonly timing: TimingMode;
  readonly hasF16: boolean;
  /** WGSL's packed_4x8_integer_dot_product (dot4I8Packed) is available. */
  readonly hasDp4a: boolean;
  /** The subgroups feature is granted (subgroupAdd and friends). */
  readonly hasSubgroups: boolean;
  /** …and WGSL's subgroup_id language feature (subgroup_id, num_subgroups builtins). */
  readonly hasSubgroupId: boolean;
  /** Why the device was lost, once it is; null while it is usable. */
  lostReason(): string | null;
  /** Errors nobody captured in an error scope, newest last. */
  readonly uncapturedErrors: string[];
  /** Throws a device-lost GpuError when the device is gone. */
  assertAlive(): void;
  destroy(): void;
}

export interface AcquireOptions {
  powerPreference?: GPUPowerPreference;
  /** Features the caller cannot do without. */
  requiredFeatures?: readonly GPUFeatureName[];
  /** Caps on requested limits (e.g. to test small-limit paths); the adapter's maximum otherwise. */
  limitCaps?: Partial<Record<(typeof LIMITS_THAT_MATTER)[number], number>>;
}

export function describeAdapter(
  adapter: GPUAdapter,
  wgslLanguageFeatures: ReadonlySet<string> | undefined,
): AdapterDescription {
  const info = adapter.info;
  const legacyFallback = (adapter as { isFallbackAdapter?: boolean }).isFallbackAdapter;
  const isFallbackAdapter = Boolean(
    (info as { isFallbackAdapter?: boolean }).isFallbackAdapter ?? legacyFallback,
  );
  const vendor = info.vendor ?? '';
  const architecture = info.architecture ?? '';
  const device = info.device ?? '';
  const description = info.description ?? '';
  const limits: Record<string, number> = {};
  for (const name of LIMITS_THAT_MATTER) limits[name] = adapter.limits[name];
  return {
    vendor,
    architecture,
    device,
    description,
    isFallbackAdapter,
    isSoftware:
      isFallbackAdapter ||
      SOFTWARE_PATTERN.test([vendor, architecture, device, description].join(' ')),
    features: [...adapter.features].map(String).sort(),
    limits,
    wgslLanguageFeatures: [...(wgslLanguageFeatures ?? [])].map(String).sort(),
  };
}

/** Requests an adapter, or explains why there is none. */
export async function requestAdapter(
  gpu: GPU | undefined,
  powerPreference: GPUPowerPreference = 'high-performance',
): Promise<GPUAdapter> {
  if (!gpu) throw new GpuError('no-webgpu', 'This browser does not expose WebGPU (navigator.gpu).');
  const adapter = await gpu.requestAdapter({ powerPreference });
  if (!adapter) throw new GpuError('no-adapter', 'navigator.gpu.requestAdapter() returned null.');
  return adapter;
}

export async function acquireGpu(
  gpu: GPU | undefined,
  options: AcquireOptions = {},
): Promise<GpuContext> {
  const adapter = await requestAdapter(gpu, options.powerPreference);
  const description = describeAdapter(adapter, gpu?.wgslLanguageFeatures);

  const missing = (options.requiredFeatures ?? []).filter((f) => !adapter.features.has(f));
  if (missing.length > 0) {
    throw new GpuError('feature-missing', `The adapter lacks ${missing.join(', ')}.`);
  }
  const requiredFeatures = [
    ...new Set([
      ...(options.requiredFeatures ?? []),
      ...OPTIONAL_FEATURES.filter((f) => adapter.features.has(f)),
    ]),
  ];
  const requiredLimits: Record<string, number> = {};
  for (const name of LIMITS_THAT_MATTER) {
    const cap = options.limitCaps?.[name];
    requiredLimits[name] =
      cap === undefined ? adapter.limits[name] : Math.min(cap, adapter.limits[name]);
  }

  let device: GPUDevice;
  try {
    device = await adapter.requestDevice({
      label: 'webgpu-roofline',
      requiredFeatures,
      requiredLimits,
    });
  } catch (e) {
    throw new GpuError('no-adapter', `requestDevice failed: ${(e as Error).message}.`);
  }

  let lost: string | null = null;
  const uncapturedErrors: string[] = [];
  void device.lost.then((info) => {
    lost = `${info.reason ?? 'unknown'}: ${info.message || 'no message'}`;
  });
  const onError = (event: Event) => {
    const error = (event as GPUUncapturedErrorEvent).error;
    uncapturedErrors.push(`${error.constructor.name}: ${error.message}`);
  };
  if (typeof device.addEventListener === 'function') {
    device.addEventListener('uncapturederror', onError);
  } else {
    (device as { onuncapturederror: unknown }).onuncapturederror = onError;
  }

  const grantedLimits: Record<string, number> = {};
  for (const name of LIMITS_THAT_MATTER) grantedLimits[name] = device.limits[name];
  recordLanguageFeatures(device, description.wgslLanguageFeatures);

  return {
    gpu: gpu as GPU,
    adapter,
    device,
    description,
    grantedLimits,
    timing: device.features.has('timestamp-query') ? 'timestamp-query' : 'wall-clock',
    hasF16: device.features.has('shader-f16'),
    hasDp4a: description.wgslLanguageFeatures.includes('packed_4x8_integer_dot_product'),
    hasSubgroups: device.features.has('subgroups'),
    hasSubgroupId:
      device.features.has('subgroups') && description.wgslLanguageFeatures.includes('subgroup_id'),
    lostReason: () => lost,
    uncapturedErrors,
    assertAlive() {
      if (lost !== null) throw new GpuError('device-lost', `Device lost (${lost}).`);
    },
    destroy() {
      device.destroy();
    },
  };
}
