// Verify before timing: the tiny config runs a prompt and greedy steps on the GPU and on the CPU
// reference (f64) — logits within tolerance, tokens exactly equal; a real config's first layer
// is checked once against the reference.

import type { FormatId } from '../../core/formats';
import type { GemmVariant } from '../gemm';
import type { KernelEnv, VerifyOutcome } from '../types';
import { DEFAULT_KV_ENCODING, type KvEncoding } from './kv-cache';
import { DecodeModel, type GemvChoice } from './model';
import { argmax, ReferenceDecoder } from './reference';
import { type DecodeShape, TINY_SHAPE } from './shape';

/** Allowed |gpu − reference| as a share of the largest |reference| value (f32 vs f64). */
export const DECODE_TOLERANCE = 1e-4;

/**
 * The tolerance with a rounding KV cache. The reference rounds its cache as the GPU's does,
 * but a value computed in f32 on the GPU and in f64 here can straddle a rounding boundary and
 * land one step apart (f16: 2⁻¹¹ relative; q8: 1/127 of its block's largest), and later steps
 * carry the difference. On the tiny configs in every weight format (SwiftShader) most runs stay
 * near 1e-6 and one flip reaches 4e-4 (f16); q8 steps are 16× an f16 ulp.
 */
export const KV_TOLERANCE: Record<KvEncoding, number> = { f32: 1e-4, f16: 2e-3, q8: 1e-2 };

/**
 * The allowance with a rounding KV cache and GEMVs that round x: the sum of the two, since a flip
 * of either rounding moves every later value and the two add (an int8-x decode on an f16 cache,
 * tuned on SwiftShader under load, reached 2.5e-3 against the larger of the two, 2e-3).
 */
export const decodeTolerance = (kv: KvEncoding, gemvTolerance: number): number =>
  KV_TOLERANCE[kv] + gemvTolerance;

/** Largest |a − b| over max |b|, and whether it is within `tolerance` (NaN fails). */
export function compareVectors(
  actual: ArrayLike<number>,
  expected: ArrayLike<number>,
  tolerance = DECODE_TOLERANCE,
): { ok: boolean; error: number } {
  let scale = 0;
  for (let i = 0; i < expected.length; i++) scale = Math.max(scale, Math.abs(expected[i] ?? 0));
  let worst = 0;
  for (let i = 0; i < expected.length; i++) {
    const d = Math.abs((actual[i] ?? Number.NaN) - (expected[i] ?? 0));
    worst = Number.isNaN(d) ? Number.POSITIVE_INFINITY : Math.max(worst, d);
  }
  const error = scale > 0 ? worst / scale : worst;
  return { ok: error <= tolerance && actual.length === expected.length, error };
}

export interface TinyCheck {
  format: FormatId;
  gemv: GemvChoice;
  gemm: GemmVariant;
  maxBindingBytes: number;
  /** Default: TINY_SHAPE. */
  shape?: DecodeShape;
  seed?: number;
  context?: number;
  prompt?: number;
  steps?: number;
  /** Positions per attention workgroup: small, so several splits are combined. */
  split?: number;
  /** The KV cache's format (default f16). */
  kv?: KvEncoding;
  /** Scales every angle of the GPU's RoPE table (a test's wrong table); default 1. */
  ropeAngleScale?: number;
}

/** Whether `other`'s logit is within `tolerance` (of the largest |logit|) of `best`'s. */
function isTie(logits: ArrayLike<number>, other: number, best: number, tolerance: number): boolean {
  let scale = 0;
  for (let i = 0; i < logits.length; i++) scale = Math.max(scale, Math.abs(logits[i] ?? 0));
  return (logits[best] ?? 0) - (logits[other] ?? 0) <= tolerance * scale;
}

/** A deterministic prompt of `count` token ids below `vocab`. */
export const promptTokens = (count: number, vocab: number): number[] =>
  Array.from({ length: count }, (_, i) => (i * 7919 + 11) % vocab);

/**
 * Random cache to `context`, a prompt (prefill: GEMM, causal attention), then `steps` greedy
 * steps, each fed the GPU's own token: every step's logits against the reference, and tokens.
 */
export async function verifyTiny(
  env: KernelEnv,
  c: TinyCheck,
): Promise<VerifyOutcome & { maxError: number; tokens: number[] }> {
  const shape = c.shape ?? TINY_SHAPE;
  const seed = c.seed ?? 0x7e57;
  const context = c.context ?? 12;
  const promptLength = c.prompt ?? 8;
  const steps = c.steps ?? 8;
  const positions = context + promptLength + steps + 1;
  const model = await DecodeModel.create(env, {
    shape,
    format: c.format,
    seed,
    positions,
    maxRows: promptLength,
    gemv: c.gemv,
    gemm: c.gemm,
    maxBindingBytes: c.maxBindingBytes,
    attentionSplit: c.split ?? 8,
    kv: c.kv ?? DEFAULT_KV_ENCODING,
    ...(c.ropeAngleScale === undefined ? {} : { ropeAngleScale: c.ropeAngleScale }),
  });
  const ref = new ReferenceDecoder(
    shape,
    c.format,
    seed,
    context,
    positions,
    c.kv ?? DEFAULT_KV_ENCODING,
    (n, k) => model.gemvRounding(n, k),
  );
  const prompt = promptTokens(promptLength, shape.vocab);
  const prefill = await model.program({
    rows: promptLength,
    fromPrompt: true,
    layers: shape.layers,
    head: true,
  });
  const decode = await model.program({
    rows: 1,
    fromPrompt: false,
    layers: shape.layers,
    head: true,
  });
  model.reset(0, context, prompt);
  let maxError = 0;
  const tokens: number[] = [];
  let expected = ref.step(prompt);
  for (let step = 0; step <= steps; step++) {
    const encoder = env.device.createCommandEncoder({ label: 'decode-verify' });
    const pass = encoder.beginComputePass();
    (step === 0 ? prefill : decode).encode(pass);
    pass.end();
    env.device.queue.submit([encoder.finish()]);
    const logits = await model.readLogits();
    const tolerance = decodeTolerance(c.kv ?? DEFAULT_KV_ENCODING, model.gemvTolerance);
    const cmp = compareVectors(logits, expected.logits, tolerance);
    maxError = Math.max(maxError, cmp.error);
    const gpuToken = argmax(logits);
    // A different token counts only where the reference has it as a tie within the tolerance;
    // the reference then follows the GPU's token.
    if (gpuToken !== expected.token && isTie(expected.logits, gpuToken, expected.token, tolerance))
      expected = { ...expected, token: gpuToken };
    tokens.push(expected.token);
    const where = step === 0 ? 'the prompt' : `step ${step}`;
    if (!cmp.ok) {
      return {
        ok: false,
        detail: `logits after ${where} differ from the reference by ${cmp.error.toExponential(2)} of their largest (tolerance ${tolerance})`,
        maxError,
        tokens,
      };
    }
    if (gpuToken !== expected.token) {
      return {
        ok: false,
        detail: `token after ${where}: GPU ${gpuToken}, reference ${expected.token}`,
        maxError,
        tokens,
      };
    }
    if (step < steps) expected = ref.step([expected.token]);
  }
  // The tokens the GPU sampled and fed itself, read back once at the end.
  const sampled = [...(await model.readTokens(steps + 1))];
  if (sampled.join() !== tokens.join()) {
    return {
      ok: false,
      detail: `GPU token stream ${sampled.join(' ')} ≠ reference ${tokens.join(' ')}`,
      maxError,
      tokens,
    };
  }
  return { ok: true, maxError, tokens };
}

/**
 * A real config's first layer, once: from token `token` at position `context` (random cache
 * below), the residual stream after layer 0 against the reference.
 */
export async function verifyFirstLayer(
  env: KernelEnv,
  model: DecodeModel,
  context: number,
  token = 1,
): Promise<VerifyOutcome & { maxError: number }> {
  const { shape, format, seed, positions } = model.spec;
  const program = await model.program({ rows: 1, fromPrompt: false, layers: 1, head: false });
  model.reset(token, context);
  const encoder = env.device.createCommandEncoder({ label: 'decode-verify-layer' });
  const pass = encoder.beginComputePass();
  program.encode(pass);
  pass.end();
  env.device.queue.submit([encoder.finish()]);
  const actual = await model.readResidual();
  const ref = new ReferenceDecoder(
    { ...shape, layers: 1 },
    format,
    seed,
    context,
    positions,
    model.kv,
    (n, k) => model.gemvRounding(n, k),
  );
  const [expected] = ref.layersForward([ref.embed(token)], 1);
  const tolerance = decodeTolerance(model.kv, model.gemvTolerance);
  const cmp = compareVectors(actual, expected as Float64Array, tolerance);
  return cmp.ok
    ? { ok: true, maxError: cmp.error }
    : {
        ok: false,
        maxError: cmp.error,
        detail: `the first layer's output differs from the reference by ${cmp.error.toExponential(2)} of its largest (tolerance ${tolerance})`,
      };
}
