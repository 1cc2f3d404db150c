// `npm run bench`: the page's plan, run in Node through Dawn, printed as a table or JSON.

import { writeFileSync } from 'node:fs';
import { fullPlanSeconds } from '../bench/estimate';
import { buildPlan, planInputs } from '../bench/plan';
import { BenchRunner } from '../bench/runner';
import { type TraceRow, traceAllGemv } from '../bench/trace';
import { type KernelTraceRow, traceAttentionRows, traceGemmRows } from '../bench/trace-kernels';
import { adapterName } from '../core/adapter-name';
import { errorMessage } from '../core/error-message';
import type { AdapterDescription, ResultsDocument, RuntimeDescription } from '../core/results';
import { settingsQuery } from '../core/settings';
import { BufferLedger } from '../gpu/buffers';
import { acquireGpu, type GpuContext } from '../gpu/device';
import { denoRuntime, hostGpu } from '../gpu/host';
import {
  BENCH_USAGE,
  type BenchArgs,
  parseBenchArgs,
  SOFTWARE_ADAPTER_STATUS,
} from './args/bench-args';
import { argsOrExit } from './args/flags';
import { runUnderDeno } from './deno-runtime';
import { renderDecode } from './render/decode-table';
import { renderTable } from './render/table';
import { renderTrace, traceDocument } from './render/trace-table';
import { submitToGallery } from './submit';

async function main(argv: string[]): Promise<number> {
  const args = argsOrExit(() => parseBenchArgs(argv), BENCH_USAGE);
  if (typeof args === 'number') return args;
  if (args.runtime === 'deno' && !denoRuntime()) return runUnderDeno(argv) ?? 1;
  if (args.runtime === 'node' && denoRuntime()) {
    process.stderr.write(
      'error: this is Deno; --runtime node runs under Node: node dist-cli/bench.js\n',
    );
    return 2;
  }

  const { gpu, softwareFallback, runtime } = await hostGpu({
    experimental: args.experimental === true,
  });
  const ctx = await acquireGpu(gpu);
  const software = softwareFallback !== null || ctx.description.isSoftware;
  if (args.adapter) return showAdapter(ctx, softwareFallback, runtime, args);
  if (software && args.requireGpu) {
    ctx.destroy();
    return refuseSoftware(ctx.description, softwareFallback);
  }
  if (softwareFallback) {
    process.stderr.write(
      `warning: no GPU driver answered; running on ${softwareFallback}, a software Vulkan driver. These numbers are your CPU's, not a GPU's.\n`,
    );
  } else if (software) {
    process.stderr.write(
      "warning: this adapter is a software (CPU) implementation; numbers are a CPU's.\n",
    );
  }
  if (args.trace) return runTrace(ctx, args);
  const plan = buildPlan(
    args.plan,
    planInputs(ctx),
    args.settings,
    ...(args.decode ? [[args.decode]] : []),
  );
  const runner = new BenchRunner(
    ctx,
    args.settings.timer === undefined ? {} : { timing: args.settings.timer },
  );
  if (plan.settings !== undefined) {
    process.stderr.write(
      `note: non-default settings (${settingsQuery(plan.settings)}): not comparable with default runs.\n`,
    );
  }
  const interactive = process.stderr.isTTY && !args.json;
  let doc: ResultsDocument;
  const started = performance.now();
  try {
    doc = await runner.runPlan(plan, runtime, {
      onProgress: (p) => {
        const eta = p.etaMs === null ? '' : `, ~${Math.ceil(p.etaMs / 1000)} s left`;
        const line = `[${p.step}/${p.total}] ${p.label}${eta}`;
        process.stderr.write(interactive ? `\r${line.padEnd(60)}` : `${line}\n`);
      },
    });
  } finally {
    runner.destroy();
    ctx.destroy();
  }
  if (interactive) process.stderr.write('\n');

  const json = `${JSON.stringify(doc, null, 2)}\n`;
  // Print first: a failed write must not lose what was measured.
  process.stdout.write(args.json ? json : `${renderTable(doc)}${renderDecode(doc)}\n`);
  if (args.plan === 'quick' && doc.incomplete === undefined) {
    const seconds = fullPlanSeconds(doc, planInputs(ctx), performance.now() - started);
    if (seconds !== null) {
      process.stderr.write(
        `note: a full run would take about ${Math.ceil(seconds / 60)} min on this adapter (this run's pace, β and π).\n`,
      );
    }
  }
  let status =
    doc.incomplete || doc.results.some((r) => !r.verified) || doc.decode?.some((r) => !r.verified)
      ? 1
      : 0;
  if (args.out) {
    try {
      writeFileSync(args.out, json);
    } catch (e) {
      process.stderr.write(`error: could not write ${args.out}: ${errorMessage(e)}\n`);
      status = 1;
    }
  }
  if (args.submit !== null) {
    const outcome = await submitToGallery(doc, args.submit);
    process.stderr.write(`${outcome.line}\n`);
    if (!outcome.ok) status = 1;
  }
  return status;
}

/** `--require-gpu` on a software adapter: one line, status SOFTWARE_ADAPTER_STATUS, nothing run. */
function refuseSoftware(adapter: AdapterDescription, softwareFallback: string | null): number {
  const why = softwareFallback
    ? `no GPU driver answered, so Dawn fell back to ${softwareFallback}`
    : `${adapterName(adapter)} is a software (CPU) adapter`;
  process.stderr.write(
    `error: --require-gpu: ${why}; nothing was measured. Install the GPU's Vulkan driver (NVIDIA: its ICD, nvidia_icd.json) or point VK_ICD_FILENAMES at it; without --require-gpu the numbers would be a CPU's.\n`,
  );
  return SOFTWARE_ADAPTER_STATUS;
}

/** `--adapter`: the adapter this runtime picks, as a line or (--json) a document; runs nothing. */
function showAdapter(
  ctx: GpuContext,
  softwareFallback: string | null,
  runtime: RuntimeDescription,
  args: BenchArgs,
): number {
  const { description } = ctx;
  ctx.destroy();
  const software = softwareFallback !== null || description.isSoftware;
  const name = adapterName(description);
  const doc = { name, software, softwareFallback, runtime, adapter: description };
  process.stdout.write(
    args.json
      ? `${JSON.stringify(doc, null, 2)}\n`
      : `adapter: ${name} (${software ? `software, a CPU's numbers${softwareFallback ? `: ${softwareFallback}` : ''}` : 'hardware'}; ${runtime.description})\n`,
  );
  return software && args.requireGpu ? refuseSoftware(description, softwareFallback) : 0;
}

/** `--trace`: the GEMV address trace table (or its JSON document) instead of a plan. */
async function runTrace(ctx: GpuContext, args: BenchArgs): Promise<number> {
  const ledger = new BufferLedger(ctx.device);
  let rows: TraceRow[];
  let kernels: KernelTraceRow[];
  const progress = (label: string) => process.stderr.write(`${label}\n`);
  try {
    const env = { device: ctx.device, buffers: ledger };
    rows = await traceAllGemv(ctx, env, progress);
    kernels = [
      ...(await traceAttentionRows(env, progress)),
      ...(await traceGemmRows(env, progress)),
    ];
  } finally {
    ledger.destroyAll();
    ctx.destroy();
  }
  const doc = traceDocument(ctx.description, rows, kernels);
  const json = `${JSON.stringify(doc, null, 2)}\n`;
  process.stdout.write(args.json ? json : renderTrace(doc));
  let status = [...rows, ...kernels].every((r) => r.verified) ? 0 : 1;
  if (args.out) {
    try {
      writeFileSync(args.out, json);
    } catch (e) {
      process.stderr.write(`error: could not write ${args.out}: ${errorMessage(e)}\n`);
      status = 1;
    }
  }
  return status;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`error: ${errorMessage(e)}\n`);
    process.exit(1);
  },
);
