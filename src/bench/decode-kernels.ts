// The GEMV and GEMMs a whole-model decode run uses: the winners this run's tuning chose for each
// matrix's shape class and the prompt's length, among the variants the decoder may run.

import type { FormatId } from '../core/formats';
import type { DecodeGemvChoice, ResultsDocument } from '../core/results';
import { GEMM_VARIANTS, type GemmVariant } from '../kernels/gemm';
import type { GemvVariant } from '../kernels/gemv';
import { type ModelConfig, modelMatrices } from '../model/llm/models';
import type { DecodeSpec } from './decode-spec';
import { gemmFamily, gemmRegime, gemvFamily, gemvShapeClass } from './shape-class';

/** The kernels a run passes to the decoder: a GEMV per matrix shape, the prompt's GEMMs. */
export interface DecodeKernels {
  gemv: (n: number, k: number) => GemvVariant;
  gemm: GemmVariant;
  expertGemm: GemmVariant;
}

/**
 * The GEMV and GEMMs a decode run uses: the tuned winners of this run where it has them.
 * `runnable`: the GEMV variants this adapter offers that the decoder may run for the format.
 */
export function decodeKernels(
  doc: ResultsDocument,
  runnable: readonly GemvVariant[],
  spec: DecodeSpec,
  model: ModelConfig,
): DecodeKernels {
  const gemv = (n: number, k: number) => gemvFor(doc, runnable, spec.format, n, k);
  const gemm = gemmFor(doc, spec.format, spec.promptTokens);
  // A routed expert sees about prompt · k ÷ E of the prompt's rows: the GEMM tuned for that many.
  const moe = model.moe;
  const expertGemm =
    moe === undefined
      ? gemm
      : gemmFor(
          doc,
          spec.format,
          Math.ceil((spec.promptTokens * moe.expertsPerToken) / moe.experts),
        );
  return { gemv, gemm, expertGemm };
}

/** Each matrix of the model with the GEMV variant a one-token step runs it with. */
export function gemvChoices(model: ModelConfig, kernels: DecodeKernels): DecodeGemvChoice[] {
  return modelMatrices(model).map((mat) => ({
    matrix: mat.name,
    n: mat.n,
    k: mat.k,
    shapeClass: gemvShapeClass(mat.n, mat.k),
    variant: kernels.gemv(mat.n, mat.k).name,
  }));
}

/**
 * The GEMV the run tuned for this format and shape class (documents from before shape classes:
 * for the format, or for all formats), or where the winner is not runnable the fastest
 * runnable candidate of that tuning; rows4 where none was tuned.
 */
function gemvFor(
  doc: ResultsDocument,
  runnable: readonly GemvVariant[],
  format: FormatId,
  n: number,
  k: number,
): GemvVariant {
  const families = [gemvFamily(format, n, k), `gemv ${format}`, 'gemv'];
  for (const family of families) {
    const tuned = doc.tuning?.find((t) => t.family === family);
    if (tuned === undefined) continue;
    const ranked = [
      tuned.chosen,
      ...[...tuned.candidates]
        .filter((c) => c.minMs !== undefined)
        .sort((a, b) => (a.minMs ?? 0) - (b.minMs ?? 0))
        .map((c) => c.variant),
    ];
    for (const name of ranked) {
      const variant = runnable.find((v) => v.name === name);
      if (variant) return variant;
    }
  }
  return runnable.find((v) => v.name === 'rows4-wg64') ?? (runnable[0] as GemvVariant);
}

/** The GEMM the run tuned for prompts of this length and this format (older: any format). */
function gemmFor(doc: ResultsDocument, format: FormatId, rows: number): GemmVariant {
  const regime = gemmRegime(rows);
  const tuned =
    doc.tuning?.find((t) => t.family === gemmFamily(format, rows)) ??
    doc.tuning?.find((t) => t.family.startsWith('gemm') && t.family.endsWith(regime));
  return GEMM_VARIANTS.find((v) => v.name === tuned?.chosen) ?? (GEMM_VARIANTS[0] as GemmVariant);
}
