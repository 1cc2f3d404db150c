// The results document: one versioned JSON shape written by the page and the CLI alike.
// Later kernels add rows to `results`; they never change the fields.

import { type RunSettings, settingsProblems } from './settings';

export const SCHEMA_VERSION = 1;
export const TOOL_NAME = 'webgpu-roofline';

export type KernelName = 'read' | 'copy' | 'write' | 'fma' | 'gemv' | 'gemm' | 'attention';
export const KERNEL_NAMES: readonly KernelName[] = [
  'read',
  'copy',
  'write',
  'fma',
  'gemv',
  'gemm',
  'attention',
];

export type TimingMode = 'timestamp-query' | 'wall-clock';
const TIMING_MODES: readonly TimingMode[] = ['timestamp-query', 'wall-clock'];
export type PlanName = 'quick' | 'full';
const PLAN_NAMES: readonly PlanName[] = ['quick', 'full'];

export interface AdapterDescription {
  vendor: string;
  architecture: string;
  device: string;
  description: string;
  isFallbackAdapter: boolean;
  /** True when the adapter is a CPU implementation (SwiftShader, llvmpipe, lavapipe…). */
  isSoftware: boolean;
  features: string[];
  /** The limits that matter for this benchmark, as the adapter offers them. */
  limits: Record<string, number>;
  wgslLanguageFeatures: string[];
}

/** Where the plan ran: a page, or the command line under Node (Dawn) or Deno (wgpu). */
export type RuntimeKind = 'browser' | 'node' | 'deno';
export const RUNTIME_KINDS: readonly RuntimeKind[] = ['browser', 'node', 'deno'];

/**
 * The WebGPU implementation that ran it: Dawn (Chrome, Edge, the `webgpu` package), wgpu
 * (Firefox, Deno) or WebKit's (Safari); `unknown` where the runtime does not say.
 */
export type WebGpuImplementation = 'dawn' | 'wgpu' | 'webkit' | 'unknown';
export const WEBGPU_IMPLEMENTATIONS: readonly WebGpuImplementation[] = [
  'dawn',
  'wgpu',
  'webkit',
  'unknown',
];

export interface RuntimeDescription {
  kind: RuntimeKind;
  /** Browser user agent, or e.g. "node v20.20.2; webgpu 0.6.2", "deno 2.9.6". */
  description: string;
  /** Absent in documents written before it was recorded. */
  implementation?: WebGpuImplementation;
  /**
   * Dawn's allow_unsafe_apis toggle was on (`npm run bench -- --experimental`), so Chrome's
   * experimental features such as subgroup matrices could be granted. Absent: off, or not Node.
   */
  experimental?: boolean;
}

export interface ResultRow {
  kernel: KernelName;
  /** Which implementation ran, e.g. "u32x4-wg256". */
  variant: string;
  format: string;
  /** Named dimensions, e.g. { bytes: 1048576 } or { m: 1, n: 4096, k: 4096 }. */
  shape: Record<string, number>;
  /** Bytes that cross the memory bus per dispatch, counted exactly. */
  bytes: number;
  /** Floating-point operations per dispatch (2 per multiply-add). */
  flops: number;
  /** Per-dispatch times. Zero when the kernel failed. */
  medianMs: number;
  p95Ms: number;
  minMs: number;
  maxMs: number;
  samples: number;
  /** (p95 − min) / median over the samples. */
  spread: number;
  noisy: boolean;
  gbps: number;
  gflops: number;
  verified: boolean;
  /** Present when the kernel failed: it was not verified, or could not run. */
  error?: string;
  /** How the samples were taken: dispatches in one submit (kept short for GPU watchdogs)… */
  dispatchesPerSubmit?: number;
  /** …and submits in one sample (long enough to time). */
  submitsPerSample?: number;
  /**
   * Timer steps in one timed pass (dispatchesPerSubmit × median ÷ the run's timerQuantumMs): a
   * pass is read to within one step, so this says how far quantization can move the figure.
   */
  passQuanta?: number;
  /** GEMV/GEMM: FLOPs per byte. */
  intensity?: number;
  /** GEMV/GEMM: achieved ÷ min(compute peak, intensity × read bandwidth), both measured in this run. */
  rooflineEfficiency?: number;
}

/** One matrix of a decode run and the GEMV variant it ran with. */
export interface DecodeGemvChoice {
  /** The model's matrix: qkv, o, gate_up, down, lm_head, expert_… */
  matrix: string;
  n: number;
  k: number;
  /** small-N, large-N, large-K or head (src/bench/shape-class.ts). */
  shapeClass: string;
  variant: string;
}

/** How the runner chose among a kernel family's implementations on this adapter. */
export interface TuningRecord {
  family: string;
  /** The shape the variants were timed on. */
  label: string;
  chosen: string;
  /**
   * Each variant's brief timing. minMs, its fastest sample, decides: on a busy machine the
   * fastest sample is the one least disturbed by other work (absent in older documents). A
   * variant already twice as slow as the best so far when calibrated is not sampled: its
   * times are the calibration's.
   */
  candidates: { variant: string; medianMs?: number; minMs?: number; error?: string }[];
  /**
   * Variants not tried: the plan's tuning budget was spent (the Quick plan's, on a slow adapter).
   * Absent when every variant was tried.
   */
  skipped?: string[];
}

/**
 * A whole decoder stepping on this GPU (synthetic weights), beside the measured-mode prediction
 * from the same run's kernel rows. Times are ms; "k layers" is what ran, scaled to all N where
 * k < N: scaled = head-only + N/k × (k layers − head-only). An unverified run has no times.
 */
/**
 * Architectures the decoder cannot run: MLA. `moe` and `attention-layout` are no longer given
 * (the decoder runs them now) but stay valid in documents written before.
 */
export const DECODE_REFUSALS = ['moe', 'mla', 'attention-layout'] as const;
export type DecodeRefusal = (typeof DECODE_REFUSALS)[number];

/**
 * How a mixture-of-experts run chose each token's experts. `uniform-random`: k of E drawn
 * uniformly per token and layer (a stated assumption, the predictor's too; real routers are not
 * uniform), weighted by a softmax over the router's logits at the chosen.
 */
export const DECODE_ROUTINGS = ['uniform-random'] as const;
export type DecodeRouting = (typeof DECODE_ROUTINGS)[number];

/**
 * Where the run's block is the Llama block standing in for the model's own, with the model's
 * shapes (same matrices, same bytes). `gemma-block`: GeGLU, the extra post-norms, logit
 * soft-capping, q/k norms and embedding scaling are not run. `gpt-oss-block`: attention sinks,
 * biases and the clamped SwiGLU are not run.
 */
export const DECODE_APPROXIMATIONS = ['gemma-block', 'gpt-oss-block'] as const;
export type DecodeApproximation = (typeof DECODE_APPROXIMATIONS)[number];

export interface DecodeRun {
  /** Catalogue model id, e.g. "smollm2-135m". */
  model: string;
  format: string;
  /** Layers that ran (k) and the model's (N); k < N: "k of N layers, scaled". */
  layers: number;
  totalLayers: number;
  /** Positions of random KV cache before the first timed token. */
  context: number;
  promptTokens: number;
  /** Timed tokens (one command buffer each). */
  tokens: number;
  verified: boolean;
  /** Present when it failed: not verified, out of memory, device lost, cancelled. */
  error?: string;
  /** Why the decoder refused the model (its architecture is not Llama-shaped); the page words it. */
  refused?: DecodeRefusal;
  /** A mixture-of-experts run: how experts were chosen, of how many, how many per token, shared. */
  routing?: DecodeRouting;
  experts?: number;
  expertsPerToken?: number;
  sharedExperts?: number;
  /** Stated approximations of the model's block (readers word the codes). */
  approximations?: DecodeApproximation[];
  /** What was checked against the f64 CPU reference, and the largest error relative to the largest value. */
  verifiedTinyError?: number;
  verifiedLayerError?: number;
  /** The GEMV and GEMM variants the projections used (GEMV: every distinct one, joined by +). */
  gemvVariant?: string;
  gemmVariant?: string;
  /** Per matrix of the model, the GEMV variant a one-token step ran (the tuner's winner for its format and shape class). */
  gemvVariants?: DecodeGemvChoice[];
  /** KV cache element bytes (4: f32). */
  kvBytesPerElement?: number;
  /** Bytes the model allocated on the GPU, and the budget it had to fit. */
  memoryBytes?: number;
  budgetBytes?: number;
  dispatchesPerToken?: number;
  /** What one small dispatch costs here (a probe of one-workgroup dispatches), in ms. */
  dispatchMs?: number;
  /** ms per token with k layers, over the timed tokens. */
  medianMs?: number;
  p95Ms?: number;
  tokensPerSecond?: number;
  /** ms per token of embedding, final norm, LM head and sampling alone (no layers). */
  headOnlyMs?: number;
  /** All N layers, scaled from k (equal to medianMs when k = N). */
  scaledMs?: number;
  /** Time to first token: prefill of promptTokens (k layers), and scaled to N. */
  ttftMs?: number;
  scaledTtftMs?: number;
  /** Measured-mode prediction for k layers at this context, from this run's rows, and for N. */
  predictedMs?: number;
  predictedScaledMs?: number;
  predictedTtftMs?: number;
  /** medianMs ÷ predictedMs: medians on both sides (the rows' medians, the probe's median). */
  ratio?: number;
  /**
   * The same comparison on minimums: the fastest timed token, the prediction from the rows'
   * fastest samples and the probe's fastest, and their ratio (steadier on a loaded machine).
   */
  minMs?: number;
  predictedMinMs?: number;
  minRatio?: number;
  /** Bytes read per token (k layers) and that at this run's read bandwidth: no engine beats it. */
  bytesPerToken?: number;
  floorMs?: number;
}

/** Why a run stopped before the end of its plan. */
export const STOP_REASONS = ['cancelled', 'device-lost'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/**
 * A kernel variant this device was not offered, and what its module needs that the device does
 * not grant: features ('shader-f16', 'subgroups', …) and WGSL language features
 * ('packed_4x8_integer_dot_product', 'subgroup_id').
 */
export interface UnofferedVariant {
  kernel: 'gemv' | 'gemm';
  variant: string;
  missing: string[];
}

export interface ResultsDocument {
  schemaVersion: typeof SCHEMA_VERSION;
  tool: { name: string; version: string };
  createdAt: string;
  plan: PlanName;
  runtime: RuntimeDescription;
  adapter: AdapterDescription;
  timing: TimingMode;
  /** Limits the device was granted (after clamping the plan's needs to the adapter). */
  grantedLimits: Record<string, number>;
  /**
   * The timer's step, ms: the greatest common divisor of the GPU timestamps read (Dawn quantizes
   * them to 2¹⁶ ns unless told not to, Chrome to ~0.1 ms), or the wall clock's resolution.
   */
  timerQuantumMs?: number;
  /** Set when the run did not finish: cancelled, device lost, … Rows measured before stay. */
  incomplete?: string;
  /**
   * Why the run stopped early, as a code (readers word it; `incomplete` keeps the runner's text
   * for older readers). Absent in files written before it existed: read `incomplete` there.
   */
  stopReason?: StopReason;
  /** Non-default run settings it ran with: such a run is not comparable with default runs. */
  settings?: RunSettings;
  tuning?: TuningRecord[];
  /** Variants not offered on this device, and why (absent in documents before it was recorded). */
  unoffered?: UnofferedVariant[];
  results: ResultRow[];
  /** Whole-model decode runs (absent in documents written before they existed). */
  decode?: DecodeRun[];
}

export class InvalidResultsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Not a valid ${TOOL_NAME} results document: ${problems.slice(0, 5).join('; ')}`);
    this.name = 'InvalidResultsError';
  }
}

type Check = (value: unknown, path: string, problems: string[]) => void;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const str: Check = (v, p, out) => {
  if (typeof v !== 'string') out.push(`${p} must be a string`);
};
const bool: Check = (v, p, out) => {
  if (typeof v !== 'boolean') out.push(`${p} must be true or false`);
};
/** A finite, non-negative number below 1e18: rejects NaN, negatives and absurd magnitudes. */
const num: Check = (v, p, out) => {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1e18) {
    out.push(`${p} must be a finite number between 0 and 1e18`);
  }
};
const strArray: Check = (v, p, out) => {
  if (!Array.isArray(v)) out.push(`${p} must be a list of strings`);
  else
    v.forEach((item, i) => {
      str(item, `${p}[${i}]`, out);
    });
};
const numRecord: Check = (v, p, out) => {
  if (!isObject(v)) out.push(`${p} must be an object of numbers`);
  else for (const [k, item] of Object.entries(v)) num(item, `${p}.${k}`, out);
};
const oneOf =
  (allowed: readonly string[]): Check =>
  (v, p, out) => {
    if (typeof v !== 'string' || !allowed.includes(v)) {
      out.push(`${p} must be one of ${allowed.join(', ')}`);
    }
  };

/** A check for an optional field: absent is fine, present must pass `check`. */
export interface OptionalCheck {
  readonly optional: Check;
}
const optional = (check: Check): OptionalCheck => ({ optional: check });

/**
 * One check per field of T, in the schema's order: a plain Check for a required field, an
 * `optional(…)` one for an optional field. A field left out, or marked optional when the type
 * requires it (or the other way round), fails `tsc`.
 */
export type FieldChecks<T> = {
  // biome-ignore lint/complexity/noBannedTypes: `{} extends Pick<T, K>` is true exactly when K is optional
  [K in keyof Required<T>]-?: {} extends Pick<T, K> ? OptionalCheck : Check;
};

/** A check for an object with these fields; `keys` keeps their order (the schema's order). */
function fields<T>(spec: FieldChecks<T>): Check & { keys: readonly (keyof T & string)[] } {
  const entries = Object.entries(spec) as [keyof T & string, Check | OptionalCheck][];
  const check: Check = (v, p, out) => {
    if (!isObject(v)) {
      out.push(`${p} must be an object`);
      return;
    }
    for (const [key, fieldCheck] of entries) {
      const isOptional = typeof fieldCheck !== 'function';
      if (!(key in v)) {
        if (!isOptional) out.push(`${p}.${key} is missing`);
      } else (isOptional ? fieldCheck.optional : fieldCheck)(v[key], `${p}.${key}`, out);
    }
  };
  return Object.assign(check, { keys: entries.map(([key]) => key) });
}

const listOf =
  (item: Check): Check =>
  (v, p, out) => {
    if (!Array.isArray(v)) out.push(`${p} must be a list`);
    else
      v.forEach((entry, i) => {
        item(entry, `${p}[${i}]`, out);
      });
  };

const ADAPTER_CHECKS: FieldChecks<AdapterDescription> = {
  vendor: str,
  architecture: str,
  device: str,
  description: str,
  isFallbackAdapter: bool,
  isSoftware: bool,
  features: strArray,
  limits: numRecord,
  wgslLanguageFeatures: strArray,
};

const ROW_CHECKS: FieldChecks<ResultRow> = {
  kernel: oneOf(KERNEL_NAMES),
  variant: str,
  format: str,
  shape: numRecord,
  bytes: num,
  flops: num,
  medianMs: num,
  p95Ms: num,
  minMs: num,
  maxMs: num,
  samples: num,
  spread: num,
  noisy: bool,
  gbps: num,
  gflops: num,
  verified: bool,
  error: optional(str),
  dispatchesPerSubmit: optional(num),
  submitsPerSample: optional(num),
  passQuanta: optional(num),
  intensity: optional(num),
  rooflineEfficiency: optional(num),
};

type Candidate = TuningRecord['candidates'][number];
const CANDIDATE_CHECKS: FieldChecks<Candidate> = {
  variant: str,
  medianMs: optional(num),
  minMs: optional(num),
  error: optional(str),
};

const TOOL_CHECKS: FieldChecks<ResultsDocument['tool']> = { name: str, version: str };

const RUNTIME_CHECKS: FieldChecks<RuntimeDescription> = {
  kind: oneOf(RUNTIME_KINDS),
  description: str,
  implementation: optional(oneOf(WEBGPU_IMPLEMENTATIONS)),
  experimental: optional(bool),
};

const GEMV_CHOICE_CHECKS: FieldChecks<DecodeGemvChoice> = {
  matrix: str,
  n: num,
  k: num,
  shapeClass: str,
  variant: str,
};
const checkGemvChoice = fields(GEMV_CHOICE_CHECKS);

const DECODE_CHECKS: FieldChecks<DecodeRun> = {
  model: str,
  format: str,
  layers: num,
  totalLayers: num,
  context: num,
  promptTokens: num,
  tokens: num,
  verified: bool,
  error: optional(str),
  refused: optional(oneOf(DECODE_REFUSALS)),
  routing: optional(oneOf(DECODE_ROUTINGS)),
  experts: optional(num),
  expertsPerToken: optional(num),
  sharedExperts: optional(num),
  approximations: optional(listOf(oneOf(DECODE_APPROXIMATIONS))),
  verifiedTinyError: optional(num),
  verifiedLayerError: optional(num),
  gemvVariant: optional(str),
  gemmVariant: optional(str),
  gemvVariants: optional(listOf(checkGemvChoice)),
  kvBytesPerElement: optional(num),
  memoryBytes: optional(num),
  budgetBytes: optional(num),
  dispatchesPerToken: optional(num),
  dispatchMs: optional(num),
  medianMs: optional(num),
  p95Ms: optional(num),
  tokensPerSecond: optional(num),
  headOnlyMs: optional(num),
  scaledMs: optional(num),
  ttftMs: optional(num),
  scaledTtftMs: optional(num),
  predictedMs: optional(num),
  predictedScaledMs: optional(num),
  predictedTtftMs: optional(num),
  ratio: optional(num),
  minMs: optional(num),
  predictedMinMs: optional(num),
  minRatio: optional(num),
  bytesPerToken: optional(num),
  floorMs: optional(num),
};
const checkDecode = fields(DECODE_CHECKS);

const checkCandidate = fields(CANDIDATE_CHECKS);
const TUNING_CHECKS: FieldChecks<TuningRecord> = {
  family: str,
  label: str,
  chosen: str,
  candidates: listOf(checkCandidate),
  skipped: optional(strArray),
};

const checkAdapter = fields(ADAPTER_CHECKS);
const checkRow = fields(ROW_CHECKS);
const checkTool = fields(TOOL_CHECKS);
const checkRuntime = fields(RUNTIME_CHECKS);
const checkTuning = fields(TUNING_CHECKS);
const UNOFFERED_CHECKS: FieldChecks<UnofferedVariant> = {
  kernel: oneOf(['gemv', 'gemm']),
  variant: str,
  missing: strArray,
};
const checkUnoffered = fields(UNOFFERED_CHECKS);

const DOCUMENT_CHECKS: FieldChecks<ResultsDocument> = {
  schemaVersion: (v, p, out) => {
    if (v !== SCHEMA_VERSION) {
      const newer = typeof v === 'number' && v > SCHEMA_VERSION;
      out.push(
        `${p} is ${JSON.stringify(v)}; this version of ${TOOL_NAME} reads ${SCHEMA_VERSION}${newer ? `: the document was made by a newer ${TOOL_NAME}` : ''}`,
      );
    }
  },
  tool: checkTool,
  createdAt: (v, p, out) => {
    if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) out.push(`${p} must be a date`);
  },
  plan: oneOf(PLAN_NAMES),
  runtime: checkRuntime,
  adapter: checkAdapter,
  timing: oneOf(TIMING_MODES),
  grantedLimits: numRecord,
  timerQuantumMs: optional(num),
  incomplete: optional(str),
  stopReason: optional(oneOf(STOP_REASONS)),
  settings: optional((v, p, out) => {
    out.push(...settingsProblems(v, p));
  }),
  tuning: optional(listOf(checkTuning)),
  unoffered: optional(listOf(checkUnoffered)),
  results: listOf(checkRow),
  decode: optional(listOf(checkDecode)),
};
const checkDocument = fields(DOCUMENT_CHECKS);

/** The check tables, for tests that prove they cover every field of their interface. */
export const FIELD_CHECKS = {
  document: DOCUMENT_CHECKS,
  tool: TOOL_CHECKS,
  runtime: RUNTIME_CHECKS,
  adapter: ADAPTER_CHECKS,
  row: ROW_CHECKS,
  tuning: TUNING_CHECKS,
  candidate: CANDIDATE_CHECKS,
  unoffered: UNOFFERED_CHECKS,
  decode: DECODE_CHECKS,
} as const;

/** Field order of each object in the schema, for exports that keep it. */
export const SCHEMA_FIELD_ORDER = {
  document: checkDocument.keys,
  tool: checkTool.keys,
  runtime: checkRuntime.keys,
  adapter: checkAdapter.keys,
  row: checkRow.keys,
  tuning: checkTuning.keys,
  candidate: checkCandidate.keys,
  unoffered: checkUnoffered.keys,
  decode: checkDecode.keys,
} as const;

/** Lists every problem in `value` as a results document; empty when it is valid. */
export function findProblems(value: unknown): string[] {
  const problems: string[] = [];
  checkDocument(value, 'document', problems);
  if (isObject(value) && Array.isArray(value.results)) {
    value.results.forEach((row, i) => {
      if (isObject(row) && row.verified === false && typeof row.error !== 'string') {
        problems.push(`document.results[${i}] is unverified but gives no error`);
      }
    });
  }
  if (isObject(value) && Array.isArray(value.decode)) {
    value.decode.forEach((run, i) => {
      if (isObject(run) && run.verified === false && typeof run.error !== 'string') {
        problems.push(`document.decode[${i}] is unverified but gives no error`);
      }
    });
  }
  return problems;
}

/** Returns `value` typed as a results document, or throws InvalidResultsError naming the problems. */
export function validateResults(value: unknown): ResultsDocument {
  const problems = findProblems(value);
  if (problems.length > 0) throw new InvalidResultsError(problems);
  return value as ResultsDocument;
}
