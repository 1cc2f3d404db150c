// Chrome's experimental subgroup matrices for the GEMM (shaders/gemm/gemm_sgmat.wgsl): the
// configurations an adapter may list, what a device was granted, why a configuration cannot run,
// and each configuration's variant (its constants, directives and block).

/**
 * One entry of Dawn's `adapter.info.subgroupMatrixConfigs` (GPUSubgroupMatrixConfig, absent from
 * @webgpu/types): left M×K and right K×N of `componentType`, a result M×N of
 * `resultComponentType` (docs/dawn/features/subgroup_matrix.md in Dawn).
 */
export interface SubgroupMatrixConfig {
  componentType: string;
  resultComponentType: string;
  M: number;
  N: number;
  K: number;
}

/** What a device granted subgroup matrices with. */
export interface SubgroupMatrixGrant {
  configs: readonly SubgroupMatrixConfig[];
  /** GPUAdapterInfo.subgroupMaxSize, where the adapter says. */
  subgroupMaxSize?: number;
}

/** Dawn's name for Chrome's experimental subgroup matrices (absent from @webgpu/types). */
export const SUBGROUP_MATRIX_FEATURE = 'chromium-experimental-subgroup-matrix';

/** The widest subgroup gemm_sgmat's workgroup (4 × 64 invocations) holds four of. */
export const SGMAT_MAX_SUBGROUP = 64;

/** "f16·f16→f32 16×16×16" */
export const configName = (c: SubgroupMatrixConfig): string =>
  `${c.componentType}·${c.componentType}→${c.resultComponentType} ${c.M}×${c.N}×${c.K}`;

const sameConfig = (a: SubgroupMatrixConfig, b: SubgroupMatrixConfig): boolean =>
  a.componentType === b.componentType &&
  a.resultComponentType === b.resultComponentType &&
  a.M === b.M &&
  a.N === b.N &&
  a.K === b.K;

/** Whether `grant` lists `config` among the adapter's configurations. */
export const listsConfig = (
  grant: SubgroupMatrixGrant | undefined,
  config: SubgroupMatrixConfig,
): boolean => grant?.configs.some((c) => sameConfig(c, config)) === true;

const NO_SUBGROUP_MATRIX =
  'the device was not granted chromium-experimental-subgroup-matrix (Dawn offers it only with its allow_unsafe_apis toggle — `npm run bench -- --experimental` in Node, --enable-unsafe-webgpu in Chrome — and only where the driver has cooperative or simdgroup matrices)';

/** Why a subgroup-matrix variant of `config` cannot run with `grant`, or null. */
export function subgroupMatrixRefusal(
  config: SubgroupMatrixConfig,
  grant: SubgroupMatrixGrant | undefined,
): string | null {
  if (grant === undefined) return NO_SUBGROUP_MATRIX;
  if (!listsConfig(grant, config)) {
    const listed = grant.configs.map(configName).join(', ') || 'none';
    return `the adapter lists no ${configName(config)} subgroup-matrix configuration (it lists: ${listed})`;
  }
  const widest = grant.subgroupMaxSize;
  if (widest !== undefined && widest > SGMAT_MAX_SUBGROUP) {
    return `its subgroups may be ${widest} invocations wide, and gemm_sgmat's workgroup holds four subgroups only up to ${SGMAT_MAX_SUBGROUP}`;
  }
  return null;
}

/** The subgroup-matrix grant of a device: its feature and what its adapter info lists. */
export function subgroupMatrixGrantOf(device: GPUDevice): SubgroupMatrixGrant | undefined {
  if (!device.features.has(SUBGROUP_MATRIX_FEATURE)) return undefined;
  const info = (
    device as GPUDevice & {
      adapterInfo?: { subgroupMatrixConfigs?: SubgroupMatrixConfig[]; subgroupMaxSize?: number };
    }
  ).adapterInfo;
  const configs = [...(info?.subgroupMatrixConfigs ?? [])].map((c) => ({
    componentType: String(c.componentType),
    resultComponentType: String(c.resultComponentType),
    M: Number(c.M),
    N: Number(c.N),
    K: Number(c.K),
  }));
  const widest = info?.subgroupMaxSize;
  return { configs, ...(typeof widest === 'number' ? { subgroupMaxSize: widest } : {}) };
}

/** `{ subgroupMatrix }` with the device's grant, or nothing where it has none (an optional field). */
export function subgroupMatrixField(device: GPUDevice): { subgroupMatrix?: SubgroupMatrixGrant } {
  const grant = subgroupMatrixGrantOf(device);
  return grant ? { subgroupMatrix: grant } : {};
}

/**
 * The configurations adapters are known to list, each a variant: f32 and f16 8×8×8 (Apple's
 * simdgroup matrices through Metal), and on Vulkan's cooperative matrices (VK_KHR_cooperative_matrix
 * as Dawn filters it) f16 16×16×16 (NVIDIA, AMD RDNA3), 16×8×16 (NVIDIA) and 8×16×16 (Intel Xe),
 * each with an f16 and an f32 result. Integer configurations (u8/i8) are not used.
 */
export const SGMAT_CONFIGS: readonly SubgroupMatrixConfig[] = [
  { componentType: 'f32', resultComponentType: 'f32', M: 8, N: 8, K: 8 },
  { componentType: 'f16', resultComponentType: 'f16', M: 8, N: 8, K: 8 },
  { componentType: 'f16', resultComponentType: 'f32', M: 8, N: 8, K: 8 },
  { componentType: 'f16', resultComponentType: 'f32', M: 16, N: 16, K: 16 },
  { componentType: 'f16', resultComponentType: 'f16', M: 16, N: 16, K: 16 },
  { componentType: 'f16', resultComponentType: 'f32', M: 16, N: 8, K: 16 },
  { componentType: 'f16', resultComponentType: 'f16', M: 16, N: 8, K: 16 },
  { componentType: 'f16', resultComponentType: 'f32', M: 8, N: 16, K: 16 },
  { componentType: 'f16', resultComponentType: 'f16', M: 8, N: 16, K: 16 },
];

/** Each subgroup's block of Y: 32 × 32, as SGM_TM × SGM_TN tiles of M × N. */
const SUBGROUP_BLOCK = 32;
/** Subgroups that multiply, side by side along N (SGM_SLOTS in the shader). */
export const SGMAT_SLOTS = 4;
/** Invocations of a gemm_sgmat workgroup: four slots of the widest subgroup accepted. */
export const SGMAT_WORKGROUP = SGMAT_SLOTS * SGMAT_MAX_SUBGROUP;

/** What a configuration's variant is made of (gemm.ts adds the weights code and gemm.wgsl). */
export interface SgmatParts {
  /** e.g. "sgmat-f16-16x16x16-f32": component type, M×N×K, result type. */
  name: string;
  /** Constants and aliases gemm_sgmat.wgsl is written against. */
  constants: string;
  /** Directives its module opens with. */
  directives: string;
  /** Rows of Y (tokens) and columns (rows of W) one workgroup computes. */
  blockM: number;
  blockN: number;
  /** Whether it needs shader-f16 (either type f16). */
  f16: boolean;
  /** Accumulators each subgroup holds. */
  accumulators: number;
}

/** K staged per step: 32 (a whole group) in f16; 16 in f32, so W's tile stays at 8 KiB. */
const stageK = (c: SubgroupMatrixConfig): number => (c.componentType === 'f16' ? 32 : 16);

export function sgmatParts(c: SubgroupMatrixConfig): SgmatParts {
  const tm = SUBGROUP_BLOCK / c.M;
  const tn = SUBGROUP_BLOCK / c.N;
  const f16 = c.componentType === 'f16' || c.resultComponentType === 'f16';
  const kt = stageK(c);
  const constants = [
    `const SGM_M: u32 = ${c.M}u;`,
    `const SGM_N: u32 = ${c.N}u;`,
    `const SGM_K: u32 = ${c.K}u;`,
    `const SGM_TM: u32 = ${tm}u;`,
    `const SGM_TN: u32 = ${tn}u;`,
    `const SGM_KT: u32 = ${kt}u;`,
    `alias SgT = ${c.componentType};`,
    `alias SgR = ${c.resultComponentType};`,
  ].join('\n');
  return {
    name: `sgmat-${c.componentType}-${c.M}x${c.N}x${c.K}-${c.resultComponentType}`,
    constants,
    directives: [
      'diagnostic(off, chromium.subgroup_matrix_uniformity);',
      'enable chromium_experimental_subgroup_matrix;',
      'enable subgroups;',
      ...(f16 ? ['enable f16;'] : []),
      '',
    ].join('\n'),
    blockM: tm * c.M,
    blockN: SGMAT_SLOTS * tn * c.N,
    f16,
    accumulators: tm * tn,
  };
}

/** Workgroup memory a configuration's variant declares, bytes: X's and W's tiles and Y's. */
export function sgmatWorkgroupBytes(c: SubgroupMatrixConfig): number {
  const p = sgmatParts(c);
  const kt = stageK(c);
  const size = (t: string) => (t === 'f16' ? 2 : 4);
  return (
    (p.blockM + p.blockN) * kt * size(c.componentType) +
    SGMAT_SLOTS * c.M * c.N * size(c.resultComponentType)
  );
}
