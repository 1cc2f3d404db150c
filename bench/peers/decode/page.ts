// A decode page: one model (written by the driver into models/<name>/ on this origin), our
// decode-for-real kernels and one peer (?peer=ort-webgpu | ort-jsep | transformers) on the same
// adapter in the same page. First the cross-check — the same prompt from an empty cache, the
// first greedy tokens and the first token's logits of both sides compared (and ours against the
// f64 reference where that is quick) — then, only for a peer that agreed, interleaved rounds:
// TTFT for the prompt, then tokens decoded from the same random context, ours then the peer.
// A peer that disagrees is reported as such and never timed.

import { BenchRunner } from '../../../src/bench/runner';
import { summarize } from '../../../src/bench/stats';
import { adapterName } from '../../../src/core/adapter-name';
import { errorMessage } from '../../../src/core/error-message';
import { BufferLedger } from '../../../src/gpu/buffers';
import { acquireGpu } from '../../../src/gpu/device';
import { bandwidthCase, READ_VARIANTS, readVariantOptions } from '../../../src/kernels/bandwidth';
import { argmax, ReferenceDecoder } from '../../../src/kernels/decode/reference';
import { type DecodeShape, layerWeightBytes } from '../../../src/kernels/decode/shape';
import { compareVectors, DECODE_TOLERANCE } from '../../../src/kernels/decode/verify';
import { matrixBytes } from '../../../src/kernels/formats';
import { loadOrt } from '../ort';
import { ONNX_FILE } from './model-files';
import { OrtDecodeSide } from './ort-side';
import { OursSide } from './ours-side';
import type { DecodeSide, Generated } from './side';
import { TjsSide } from './tjs-side';
import type { CrossCheck, DecodePageReport, DecodePeer, DecodeRunSpec, SideTimes } from './types';

/**
 * Allowed |peer − ours| over the largest |ours| logit, at every step: f32 on both sides, sums in
 * other orders. Every side that computes our function agrees to under 5e-7 (the tiny config,
 * and SmolLM2-135M's and Llama-3.2-1B's shapes through ORT's CPU provider, JSEP, and the WebGPU
 * EP from an 8-token prompt); 1e-4 leaves 200 times that. ORT's WebGPU EP on SwiftShader from a
 * 32-token prompt is off by 6e-4 to 5e-2 (docs/PEERS.md): reported wrong, not timed.
 */
export const LOGITS_TOLERANCE = 1e-4;
/** The f64 reference runs in the page only up to this many weights (the tiny config). */
const REFERENCE_LIMIT = 4_000_000;
const READ_BYTES = 32 * 2 ** 20;

class OursWrong extends Error {}

const log = (message: string) =>
  console.log(`[peers] ${(performance.now() / 1000).toFixed(1)} s: ${message}`);

function bytesPerToken(s: DecodeShape, context: number): number {
  const layers = s.layers * layerWeightBytes(s, 'int4');
  const head = matrixBytes('int4', s.vocab, s.hidden);
  const kv = s.layers * context * 2 * s.kvHeads * s.headDim * 4;
  return layers + head + head / s.vocab + kv;
}

function times(what: string, tokenMs: number[], ttftMs: number[]): SideTimes {
  const t = tokenMs.length > 0 ? summarize(tokenMs) : null;
  return {
    what,
    tokenMs,
    ttftMs,
    medianMs: t?.median ?? null,
    p95Ms: t?.p95 ?? null,
    ttftMedianMs: ttftMs.length > 0 ? summarize(ttftMs).median : null,
    tokensPerSecond: t ? 1000 / t.median : null,
  };
}

/** The worst of compareVectors over the steps both runs made. */
function worstOver(actual: Float32Array[], expected: ArrayLike<number>[], tolerance: number) {
  let error = actual.length === expected.length ? 0 : Number.POSITIVE_INFINITY;
  for (const [i, a] of actual.entries())
    error = Math.max(error, compareVectors(a, expected[i] ?? [], tolerance).error);
  return { error, ok: error <= tolerance };
}

/** Ours against the f64 reference over the same prompt and steps. */
function referenceCheck(spec: DecodeRunSpec, ours: Generated) {
  const ref = new ReferenceDecoder(spec.shape, 'int4', spec.seed, 0, spec.positions);
  let step = ref.step(spec.prompt);
  const expected = [step.logits];
  const tokens = [step.token];
  while (tokens.length < ours.tokens.length) {
    step = ref.step([step.token]);
    expected.push(step.logits);
    tokens.push(argmax(step.logits));
  }
  const { error } = worstOver(ours.logits, expected, DECODE_TOLERANCE);
  return {
    error,
    tokensEqual: tokens.join() === ours.tokens.join(),
    within: error <= DECODE_TOLERANCE,
  };
}

async function crossCheck(spec: DecodeRunSpec, ours: DecodeSide, peer: DecodeSide) {
  const o = await ours.generate(spec.prompt, spec.checkTokens);
  const p = await peer.generate(spec.prompt, spec.checkTokens);
  const cmp = worstOver(p.logits, o.logits, LOGITS_TOLERANCE);
  const s = spec.shape;
  const weights = s.layers * layerWeightBytes(s, 'f32') + 4 * s.vocab * s.hidden;
  const reference = weights / 4 <= REFERENCE_LIMIT ? referenceCheck(spec, o) : undefined;
  const check: CrossCheck = {
    ours: o.tokens,
    peer: p.tokens,
    tokensEqual: o.tokens.join() === p.tokens.join(),
    logitsError: cmp.error,
    tolerance: LOGITS_TOLERANCE,
    logitsWithin: cmp.ok,
    ...(reference ? { oursVsReference: reference } : {}),
  };
  return check;
}

async function readProbe(runner: BenchRunner): Promise<DecodePageReport['read']> {
  let best: DecodePageReport['read'] = null;
  for (const variant of READ_VARIANTS) {
    const options = readVariantOptions(variant, { targetBytesPerDispatch: READ_BYTES });
    const row = await runner.runCase(bandwidthCase('read', READ_BYTES, options), {
      samples: 5,
      sampleTargetMs: 20,
      submitBudgetMs: 40,
    });
    if (row.verified && (best === null || row.gbps > best.gbps))
      best = { gbps: row.gbps, bytes: READ_BYTES, variant };
  }
  return best;
}

async function startPeer(peer: DecodePeer, spec: DecodeRunSpec, name: string) {
  const root = new URL('models/', location.href).href;
  if (peer === 'transformers') {
    // A path, not a URL: transformers.js looks for local files only at paths.
    const side = await TjsSide.start(new URL(root).pathname, name, spec.shape, spec.seed);
    return { side, detail: side.what };
  }
  const loaded = await loadOrt(peer);
  const bytes = new Uint8Array(await (await fetch(`${root}${name}/${ONNX_FILE}`)).arrayBuffer());
  const side = await OrtDecodeSide.start(loaded, bytes, spec.shape, spec.seed);
  return { side, detail: side.placement };
}

/** Interleaved rounds: TTFT ours, TTFT peer, tokens ours, tokens peer; a warm-up first. */
async function timeRounds(spec: DecodeRunSpec, ours: DecodeSide, peer: DecodeSide | null) {
  const sides = peer ? [ours, peer] : [ours];
  const tokenMs = sides.map(() => [] as number[]);
  const ttftMs = sides.map(() => [] as number[]);
  for (const side of sides) await side.ttft(spec.prompt);
  for (let r = 0; r < spec.rounds; r++) {
    for (const [i, side] of sides.entries()) ttftMs[i]?.push(await side.ttft(spec.prompt));
    for (const [i, side] of sides.entries())
      tokenMs[i]?.push(...(await side.decode(spec.context, spec.tokens)));
    log(`round ${r + 1}/${spec.rounds}`);
  }
  return sides.map((side, i) => times(side.what, tokenMs[i] ?? [], ttftMs[i] ?? []));
}

async function main(): Promise<void> {
  const q = new URLSearchParams(location.search);
  const peer = (q.get('peer') ?? 'ort-webgpu') as DecodePeer;
  const name = q.get('model') ?? 'tiny';
  const report: DecodePageReport = {
    done: false,
    peer,
    adapter: { ours: '', isSoftware: false },
    read: null,
    bytesPerToken: 0,
    check: null,
    ours: null,
    peerTimes: null,
  };
  window.__peersDecode = report;
  let ours: DecodeSide | null = null;
  let other: DecodeSide | null = null;
  try {
    const spec = (await (await fetch(`models/${name}/run.json`)).json()) as DecodeRunSpec;
    report.bytesPerToken = bytesPerToken(spec.shape, spec.context);
    const gpu = await acquireGpu(navigator.gpu);
    report.adapter = {
      ours: adapterName(gpu.description, { fallback: 'unknown' }),
      isSoftware: gpu.description.isSoftware,
    };
    const runner = new BenchRunner(gpu);
    report.read = await readProbe(runner);
    runner.destroy();
    log(`read probe ${report.read?.gbps.toFixed(2) ?? '–'} GB/s`);
    const env = { device: gpu.device, buffers: new BufferLedger(gpu.device) };
    const positions = spec.positions;
    const oursSide = await OursSide.start(
      gpu,
      env,
      spec.shape,
      spec.seed,
      positions,
      spec.prompt.length,
    );
    ours = oursSide;
    // Real shapes: the f64 reference of the whole prompt is too slow here; our first layer is
    // checked against it instead (the decode run's own check), before anything is timed.
    const s = spec.shape;
    if (s.layers * layerWeightBytes(s, 'f32') + 4 * s.vocab * s.hidden > 4 * REFERENCE_LIMIT) {
      const layer = await oursSide.verifyFirstLayer(spec.context);
      report.oursFirstLayerError = layer.maxError;
      if (!layer.ok) throw new OursWrong(`ours: ${layer.detail ?? 'first layer differs'}`);
    }
    log(`ours ready; starting ${peer}`);
    try {
      const started = await startPeer(peer, spec, name);
      other = started.side;
      log(`${peer} ready`);
      report.peerDetail = started.detail;
      report.check = await crossCheck(spec, ours, other);
      const c = report.check;
      const r = c.oursVsReference;
      if (r && !(r.within && r.tokensEqual))
        throw new OursWrong(`ours does not match the f64 reference (logits error ${r.error})`);
      log(`check: ours ${c.ours.join(' ')} | peer ${c.peer.join(' ')} | logits ${c.logitsError}`);
      if (!c.tokensEqual || !c.logitsWithin) {
        report.peerError = `wrong: ${c.tokensEqual ? '' : 'tokens differ; '}logits differ from ours by ${c.logitsError.toExponential(2)} of their largest (tolerance ${c.tolerance})`;
        await other.destroy();
        other = null;
      }
    } catch (e) {
      if (e instanceof OursWrong) throw e;
      report.peerError = `refused: ${errorMessage(e)}`;
      other = null;
    }
    const [o, p] = await timeRounds(spec, ours, other);
    report.ours = o ?? null;
    report.peerTimes = p ?? null;
  } catch (e) {
    report.fatal = errorMessage(e);
  } finally {
    await other?.destroy().catch(() => {});
    await ours?.destroy().catch(() => {});
  }
  report.done = true;
}

void main();
