// Before a whole-model decode run is timed: the tiny config in its format checked against the
// CPU reference, the decoder built with as many layers as the GPU holds, and its first layer
// checked once per model and format. What fails is a run with its reason, never a decoder.

import type { DecodeRun } from '../core/results';
import type { BufferLedger } from '../gpu/buffers';
import { isGpuError } from '../gpu/errors';
import { DecodeModel } from '../kernels/decode/model';
import { tinyShapeFor } from '../kernels/decode/shape';
import { verifyFirstLayer, verifyTiny } from '../kernels/decode/verify';
import type { ModelConfig } from '../model/llm/models';
import type { DecodeKernels } from './decode-kernels';
import { notVerified, tinyMismatch } from './decode-record';
import { type DecodeSpec, decodeShape, kvOf, positionsFor } from './decode-spec';

const SEED = 0x5eed;

type DecodeEnv = { device: GPUDevice; buffers: BufferLedger };

/** What the decoder is built from: the run's spec and model, its kernels, its limits. */
export interface DecoderPlan {
  spec: DecodeSpec;
  model: ModelConfig;
  kernels: DecodeKernels;
  maxBindingBytes: number;
  /** Layers that fit the budget: the decoder gets these, or fewer where the GPU runs out. */
  layers: number;
}

export type VerifiedDecoder =
  | { ok: true; decoder: DecodeModel; layers: number }
  | { ok: false; run: DecodeRun };

/**
 * The verified decoder, recording on `run` the layers it holds, its memory and both checks'
 * errors. `layerChecks`: first layers already checked in this run (model and format → error).
 */
export async function verifiedDecoder(
  env: DecodeEnv,
  plan: DecoderPlan,
  run: DecodeRun,
  layerChecks: Map<string, number> | undefined,
  checkpoint: () => void,
): Promise<VerifiedDecoder> {
  const { spec, model, kernels } = plan;
  const tiny = await verifyTiny(env, {
    format: spec.format,
    gemv: kernels.gemv,
    gemm: kernels.gemm,
    maxBindingBytes: plan.maxBindingBytes,
    shape: tinyShapeFor(decodeShape(model)),
    kv: kvOf(spec),
  });
  env.buffers.destroyAll();
  checkpoint();
  if (!tiny.ok) return { ok: false, run: { ...run, error: tinyMismatch(tiny.detail) } };

  const { decoder, layers } = await createDecoder(env, plan);
  run.layers = layers;
  run.memoryBytes = env.buffers.liveBytes;
  run.verifiedTinyError = tiny.maxError;
  const checkKey = `${model.id} ${spec.format}`;
  let layerError = layerChecks?.get(checkKey);
  if (layerError === undefined) {
    const layer = await verifyFirstLayer(env, decoder, spec.context);
    checkpoint();
    run.verifiedLayerError = layer.maxError;
    if (!layer.ok) return { ok: false, run: { ...run, error: notVerified(layer.detail) } };
    layerError = layer.maxError;
    layerChecks?.set(checkKey, layerError);
  }
  run.verifiedLayerError = layerError;
  return { ok: true, decoder, layers };
}

/** The decoder with as many of the plan's layers as the GPU will hold: out of memory, one fewer. */
async function createDecoder(
  env: DecodeEnv,
  plan: DecoderPlan,
): Promise<{ decoder: DecodeModel; layers: number }> {
  const { spec, model } = plan;
  let layers = plan.layers;
  for (;;) {
    try {
      const decoder = await DecodeModel.create(env, {
        shape: decodeShape(model, layers),
        format: spec.format,
        seed: SEED,
        positions: positionsFor(spec),
        maxRows: spec.promptTokens,
        ...plan.kernels,
        maxBindingBytes: plan.maxBindingBytes,
        kv: kvOf(spec),
      });
      return { decoder, layers };
    } catch (e) {
      // Out of memory: free this attempt and fall back to fewer layers.
      env.buffers.destroyAll();
      if (!isGpuError(e, 'out-of-memory') || layers === 1) throw e;
      layers -= 1;
    }
  }
}
