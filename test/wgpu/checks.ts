// What the second implementation is asked to do, item by item: compile one composed module, or
// run one kernel check against its CPU reference. Items are listed in a fixed order, so that a
// parent process can hand a child any slice of them and name the one a crash interrupted.

import { decodableGemv } from '../../src/bench/decode';
import type { BenchRunner } from '../../src/bench/runner';
import { errorMessage } from '../../src/core/error-message';
import { FORMAT_IDS } from '../../src/core/formats';
import type { GpuContext } from '../../src/gpu/device';
import { GpuError } from '../../src/gpu/errors';
import { createComputePipeline } from '../../src/gpu/pipeline';
import { bandwidthCase, READ_VARIANTS, readVariantOptions } from '../../src/kernels/bandwidth';
import { composedModules } from '../../src/kernels/catalogue';
import { attentionCase, preparePrefillAttention } from '../../src/kernels/decode/attention-case';
import { KV_ENCODINGS } from '../../src/kernels/decode/kv-cache';
import { verifyTiny } from '../../src/kernels/decode/verify';
import { fmaCase } from '../../src/kernels/fma';
import { GEMM_VARIANTS, gemmCapabilitiesOf, gemmCase, gemmRefusal } from '../../src/kernels/gemm';
import { GEMV_VARIANTS, gemvCapabilities, gemvCase, gemvVariantsFor } from '../../src/kernels/gemv';
import type { KernelCase } from '../../src/kernels/types';
import { variantNamed } from '../../src/kernels/types';

/** One item's outcome; `refused`: not offered on this device, with the reason. */
export interface CheckOutcome {
  label: string;
  ok: boolean;
  refused?: string;
  detail?: string;
}

export interface Check {
  label: string;
  run(): Promise<CheckOutcome>;
}

/** One sample of one submit: each case runs and is verified; its timing is not the point. */
const CHECK_TIMING = { samples: 1, sampleTargetMs: 1, submitBudgetMs: 1 };
const MATRIX = { rotationBytes: 1 << 20, maxBindingBytes: 1 << 30 };
/** Several passes over the working set per dispatch, so the probe's pass loop is exercised. */
const PROBE = { targetBytesPerDispatch: 1 << 20 };

/** Compiling every composed module: refused before the compiler when the device lacks a need. */
export function moduleChecks(gpu: GpuContext): Check[] {
  return composedModules().flatMap((module) =>
    module.entries.map((entry) => ({
      label: `${module.label} @ ${entry.entryPoint}`,
      async run(): Promise<CheckOutcome> {
        const label = `${module.label} @ ${entry.entryPoint}`;
        try {
          await createComputePipeline(gpu.device, {
            label: module.label,
            code: module.code,
            entryPoint: entry.entryPoint,
            constants: entry.constants,
          });
          return { label, ok: true };
        } catch (e) {
          const detail = errorMessage(e);
          // Refused before any compiler saw it: the device lacks what the module needs.
          const refused = e instanceof GpuError && e.code === 'feature-missing';
          return { label, ok: refused, ...(refused ? { refused: detail } : { detail }) };
        }
      },
    })),
  );
}

/** Every kernel case this device is offered, each verified against the CPU reference. */
export function kernelChecks(gpu: GpuContext, runner: BenchRunner): Check[] {
  const caseCheck = (kcase: KernelCase): Check => ({
    label: kcase.label,
    async run() {
      const row = await runner.runCase(kcase, CHECK_TIMING);
      runner.ledger.destroyAll();
      return {
        label: kcase.label,
        ok: row.verified && row.error === undefined,
        ...(row.error === undefined ? {} : { detail: row.error }),
      };
    },
  });
  const gemmCaps = gemmCapabilitiesOf(gpu.device);
  const cases: KernelCase[] = [
    ...(['read', 'copy', 'write'] as const).map((kind) => bandwidthCase(kind, 96 * 1024, PROBE)),
    ...READ_VARIANTS.map((v) => bandwidthCase('read', 100_032, readVariantOptions(v, PROBE))),
    fmaCase('f32', 4096, 5),
    ...(gpu.hasF16 ? [fmaCase('f16', 4096, 5)] : []),
    ...FORMAT_IDS.flatMap((format) =>
      gemvVariantsFor(format, gemvCapabilities(gpu)).flatMap((variant) => [
        gemvCase(format, 37, 96, variant, MATRIX),
        gemvCase(format, 300, 256, variant, MATRIX),
      ]),
    ),
    ...FORMAT_IDS.flatMap((format) =>
      GEMM_VARIANTS.filter((v) => gemmRefusal(v, gemmCaps) === null).flatMap((variant) => [
        gemmCase(format, 37, 45, 96, variant, MATRIX),
        gemmCase(format, 70, 33, 64, variant, MATRIX),
      ]),
    ),
    ...KV_ENCODINGS.map((kv) =>
      attentionCase({ heads: 9, kvHeads: 3, headDim: 64, context: 512, kv }),
    ),
  ];
  const rows4 = variantNamed(GEMV_VARIANTS, 'rows4-wg64');
  const gemm = GEMM_VARIANTS[0];
  if (!gemm) throw new Error('no GEMM variant');
  const env = { device: gpu.device, buffers: runner.ledger };
  const decodeCheck = (label: string, options: Partial<Parameters<typeof verifyTiny>[1]>) => ({
    label,
    async run(): Promise<CheckOutcome> {
      const out = await verifyTiny(env, {
        format: 'int4',
        gemv: rows4,
        gemm,
        maxBindingBytes: 1 << 30,
        steps: 2,
        ...options,
      });
      runner.ledger.destroyAll();
      return { label, ok: out.ok, ...(out.detail === undefined ? {} : { detail: out.detail }) };
    },
  });
  // The prefill's flash attention over Q tiles of 8 rows, a window of 8, in each cache encoding.
  const prefillCheck = (kv: (typeof KV_ENCODINGS)[number]): Check => {
    const label = `attention prefill 13 rows, window 8, kv-${kv}`;
    return {
      label,
      async run(): Promise<CheckOutcome> {
        const shape = { heads: 4, kvHeads: 2, headDim: 128, context: 20, rows: 13, window: 8, kv };
        const prepared = await preparePrefillAttention(env, shape);
        const encoder = gpu.device.createCommandEncoder();
        const pass = encoder.beginComputePass();
        prepared.encode(pass, 0);
        pass.end();
        gpu.device.queue.submit([encoder.finish()]);
        const out = await prepared.verify();
        runner.ledger.destroyAll();
        return { label, ok: out.ok, ...(out.detail === undefined ? {} : { detail: out.detail }) };
      },
    };
  };
  // The decoder with each GEMV form other than rows4's that the adapter grants (f16, DP4A).
  const forms = (['fp16', 'int8', 'int4'] as const).flatMap((format) =>
    gemvVariantsFor(format, gemvCapabilities(gpu))
      .filter((v) => v.weights !== 'portable' && decodableGemv(format, v))
      .map((v) => decodeCheck(`decode tiny ${format} with ${v.name}`, { format, gemv: v })),
  );
  return [
    ...cases.map(caseCheck),
    ...FORMAT_IDS.map((format) => decodeCheck(`decode tiny ${format}`, { format })),
    ...KV_ENCODINGS.map((kv) => decodeCheck(`decode tiny int4, kv-${kv}`, { kv })),
    ...KV_ENCODINGS.map(prefillCheck),
    ...KV_ENCODINGS.map((kv) =>
      decodeCheck(`decode tiny int4, kv-${kv}, a 21-token prompt (Q tiles)`, {
        kv,
        prompt: 21,
        context: 20,
      }),
    ),
    ...forms,
  ];
}
