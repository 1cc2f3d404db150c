// A peers page: the same GEMV/GEMM shapes through our kernels and through one peer — tfjs's
// WebGPU matMul (f32), or one of onnxruntime-web's two WebGPU backends (MatMul f32/f16,
// MatMulNBits int4/int8) — on the same adapter in the same page, timed the same way, plus this
// page's read probe so every time can be put as a share of the bandwidth this page reached.
// ?peer= picks the peer (each in its own page load); the Node driver (run.ts) loads one page
// per peer, reads window.__peers and prints the table.
//
// Timing, every side alike: wall clock around R products issued back to back, then a wait until
// the GPU queue has drained (ours: one compute pass per product, each its own submit, through
// src/gpu/timer's wall-clock timer; tfjs: R tf.matMul calls, its pending commands flushed, then
// onSubmittedWorkDone; ORT: R awaited session.run calls, then the last output downloaded, which
// flushes ORT's pending commands and waits for the queue). R is sized per side so a sample lasts
// about sampleTargetMs; per product = sample / R; the median of S samples per side, the samples
// interleaved (ours, peer 1, peer 2, ours, …).

import type { TimingOptions } from '../../src/bench/plan';
import { BenchRunner } from '../../src/bench/runner';
import { adapterName } from '../../src/core/adapter-name';
import { errorMessage } from '../../src/core/error-message';
import { FORMAT_IDS, type FormatId } from '../../src/core/formats';
import { acquireGpu, type GpuContext } from '../../src/gpu/device';
import { bandwidthCase, READ_VARIANTS, readVariantOptions } from '../../src/kernels/bandwidth';
import { matrixBytes } from '../../src/kernels/formats';
import { copiesFor } from '../../src/kernels/matrix';
import {
  type LoadedOrt,
  loadOrt,
  type OrtBackend,
  OrtSide,
  perRunOverhead,
  WrongResult,
} from './ort';
import { ORT_FORMATS, type OrtFormat, ortBytes, ortFormatsFor, ortWeightBytes } from './ort-models';
import { Ours, ourBytes } from './ours';
import { oursKey, peerShapes } from './shapes';
import * as tf from './tfjs';
import { startTfjs, TfjsSide, tfjsDeviceErrors } from './tfjs-side';
import type {
  CellStatus,
  OursCell,
  PageReport,
  PeerCell,
  PeerName,
  PeerRow,
  PeerShape,
} from './types';

const MiB = 1024 * 1024;
const SEED = 0x5eed;
const READ_TIMING: TimingOptions = { samples: 5, sampleTargetMs: 20, submitBudgetMs: 40 };

interface Settings {
  peer: PeerName;
  full: boolean;
  shapes: PeerShape[];
  formats: FormatId[];
  /** Each sample lasts about this long, per side. */
  sampleTargetMs: number;
  samples: number;
  maxReps: number;
  /** Weight bytes all copies together span, for every side. */
  rotationBytes: number;
  /** Test hooks: ORT formats whose reference is made wrong, or whose node no EP has. */
  wrong: OrtFormat[];
  refuse: OrtFormat[];
  /** Our variants an earlier page tuned, by oursKey (the `ours` query). */
  tuned: Map<string, string>;
}

const log = (message: string) => console.log(`[peers] ${message}`);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const spread = (xs: number[]): number => (Math.max(...xs) - Math.min(...xs)) / median(xs);

/** What a side must offer the sampler. */
interface Timeable {
  sample(reps: number): Promise<number>;
  verify(): Promise<void>;
}

/** A cell with its side, while the row is being measured. */
interface Live<C> {
  cell: C;
  side: Timeable | null;
  samples: number[];
  reps: number;
  /** Device errors seen before the timing started (to notice new ones). */
  errorsBefore: () => number;
  errorsSince: (before: number) => string[];
}

function parseSettings(): Settings {
  const q = new URLSearchParams(location.search);
  const full = q.get('full') === '1';
  const peer = (q.get('peer') ?? 'tfjs') as PeerName;
  const list = (name: string) => (q.get(name) ?? '').split(',').filter((s) => s.length > 0);
  const wanted = list('formats');
  const formats = FORMAT_IDS.filter(
    (f) => (wanted.length === 0 || wanted.includes(f)) && (peer !== 'tfjs' || f === 'f32'),
  );
  const tiny = q.get('shapes') === 'tiny';
  const kernels = list('kernels');
  const base = full
    ? { sampleTargetMs: 50, samples: 9, maxReps: 512, rotationBytes: 512 * MiB }
    : { sampleTargetMs: 60, samples: tiny ? 3 : 7, maxReps: 64, rotationBytes: 32 * MiB };
  return {
    peer,
    full,
    shapes: peerShapes(full ? 'full' : tiny ? 'tiny' : 'default').filter(
      (s) => kernels.length === 0 || kernels.includes(s.kernel),
    ),
    formats,
    ...base,
    wrong: list('wrong') as OrtFormat[],
    refuse: list('refuse') as OrtFormat[],
    tuned: new Map(list('ours').map((pin) => pin.split(':') as [string, string])),
  };
}

function emptyCell(bytes: number, weightBytes: number) {
  return { status: 'failed' as CellStatus, bytes, weightBytes, ms: null, spread: null, reps: 0 };
}

/** A refusal (the library would not build or run it) as opposed to a wrong answer. */
const statusOf = (e: unknown): CellStatus => (e instanceof WrongResult ? 'wrong' : 'refused');

async function startPeers(
  page: PageContext,
  shape: PeerShape,
  format: FormatId,
  copies: number,
): Promise<Live<PeerCell>[]> {
  const { settings } = page;
  const lives: Live<PeerCell>[] = [];
  if (settings.peer === 'tfjs') {
    const bytes = matrixBytes('f32', shape.n, shape.k);
    const cell: PeerCell = {
      ...emptyCell(bytes + 4 * shape.m * (shape.k + shape.n), bytes),
      peer: 'tfjs',
      what: 'tf.matMul f32',
      detail: '',
      worstError: null,
      ratio: null,
    };
    const live = liveFor(cell, () => tfjsDeviceErrors);
    try {
      const side = await TfjsSide.start(shape, copies, SEED);
      cell.detail = side.program;
      cell.worstError = side.worstError;
      live.side = side;
      cell.status = 'timed';
    } catch (e) {
      cell.status = /did not verify/.test(errorMessage(e)) ? 'wrong' : 'refused';
      cell.error = errorMessage(e).trim();
    }
    lives.push(live);
    return lives;
  }
  const ort = page.ort as LoadedOrt;
  for (const f of ortFormatsFor(format)) {
    const cell: PeerCell = {
      ...emptyCell(ortBytes(f, shape.m, shape.n, shape.k), ortWeightBytes(f, shape.n, shape.k)),
      peer: settings.peer,
      what: ORT_FORMATS[f].label,
      ortFormat: f,
      detail: '',
      worstError: null,
      ratio: null,
    };
    const live = liveFor(cell, () => page.ortErrors);
    const tamper = settings.refuse.includes(f)
      ? 'refuse'
      : settings.wrong.includes(f)
        ? 'wrong'
        : undefined;
    try {
      const side = await OrtSide.start(ort, shape, f, copies, SEED, tamper);
      cell.detail = side.placement;
      cell.worstError = side.worstError;
      live.side = side;
      cell.status = 'timed';
    } catch (e) {
      cell.status = statusOf(e);
      cell.error = errorMessage(e).trim();
    }
    log(`  ${cell.what}: ${cell.status}${cell.error ? ` (${cell.error})` : ''}`);
    lives.push(live);
  }
  return lives;
}

function liveFor<C>(cell: C, errors: () => string[]): Live<C> {
  return {
    cell,
    side: null,
    samples: [],
    reps: 0,
    errorsBefore: () => errors().length,
    errorsSince: (before) => errors().slice(before),
  };
}

/** Warm-up, R per side, interleaved samples, then every side checked again. */
async function measure(lives: Live<OursCell | PeerCell>[], settings: Settings): Promise<void> {
  const running = lives.filter((l) => l.side !== null);
  const before = running.map((l) => l.errorsBefore());
  for (const l of running) {
    const side = l.side as Timeable;
    await side.sample(1); // first-use costs: pipelines, buffer pools
    const one = await side.sample(1);
    l.reps = Math.max(1, Math.min(settings.maxReps, Math.ceil(settings.sampleTargetMs / one)));
  }
  for (let s = 0; s < settings.samples; s++) {
    for (const l of running) l.samples.push(await (l.side as Timeable).sample(l.reps));
  }
  for (const [i, l] of running.entries()) {
    const c = l.cell;
    try {
      const stray = l.errorsSince(before[i] ?? 0);
      if (stray.length > 0) throw new Error(`WebGPU errors while timing: ${stray.join('; ')}`);
      await (l.side as Timeable).verify();
      c.ms = median(l.samples);
      c.spread = spread(l.samples);
      c.reps = l.reps;
    } catch (e) {
      c.status = e instanceof WrongResult ? 'wrong' : 'failed';
      c.error = `after timing: ${errorMessage(e)}`;
    }
  }
}

interface PageContext {
  gpu: GpuContext;
  runner: BenchRunner;
  settings: Settings;
  ort: LoadedOrt | null;
  ortErrors: string[];
}

async function runRow(page: PageContext, shape: PeerShape, format: FormatId): Promise<PeerRow> {
  const { settings, gpu } = page;
  const copies = copiesFor(matrixBytes(format, shape.n, shape.k), settings.rotationBytes);
  const weightBytes = matrixBytes(format, shape.n, shape.k);
  const oursCell: OursCell = {
    ...emptyCell(0, weightBytes),
    format,
    variant: 'none',
    runnerMs: null,
  };
  const oursLive = liveFor<OursCell | PeerCell>(oursCell, () => gpu.uncapturedErrors);
  let peers: Live<PeerCell>[] = [];
  try {
    try {
      const ours = await Ours.start(gpu, page.runner, shape, format, {
        rotationBytes: settings.rotationBytes,
        seed: SEED,
        log,
        tunedBefore: settings.tuned.get(oursKey(shape, format)),
      });
      oursCell.variant = ours.variant;
      oursCell.runnerMs = ours.runnerMs;
      oursCell.bytes = ourBytes(shape, format, ours.variant);
      oursCell.status = 'timed';
      oursLive.side = ours;
    } catch (e) {
      oursCell.error = errorMessage(e);
    }
    peers = await startPeers(page, shape, format, copies);
    await measure([oursLive, ...peers], settings);
  } finally {
    (oursLive.side as Ours | null)?.destroy();
    for (const p of peers) await (p.side as { destroy(): unknown } | null)?.destroy();
  }
  const cells = peers.map((p) => p.cell);
  for (const c of cells) {
    if (c.ms !== null && oursCell.ms !== null) c.ratio = oursCell.ms / c.ms;
    if (c.status === 'timed' && c.ms === null) c.status = 'failed';
  }
  if (oursCell.status === 'timed' && oursCell.ms === null) oursCell.status = 'failed';
  return {
    shape,
    ours: oursCell,
    peers: cells,
    samples: settings.samples,
    copies,
  };
}

/** The page's read probe over the rotation span: the faster of READ_VARIANTS. */
async function readProbe(runner: BenchRunner, settings: Settings): Promise<PageReport['read']> {
  const bytes = settings.rotationBytes;
  let best: PageReport['read'] = null;
  for (const variant of READ_VARIANTS) {
    const options = readVariantOptions(variant, { targetBytesPerDispatch: bytes });
    const row = await runner.runCase(bandwidthCase('read', bytes, options), READ_TIMING);
    if (row.verified && (best === null || row.gbps > best.gbps))
      best = { gbps: row.gbps, bytes, variant };
  }
  return best;
}

function newReport(settings: Settings): PageReport {
  return {
    done: false,
    peer: settings.peer,
    full: settings.full,
    versions: settings.peer === 'tfjs' ? { '@tensorflow/tfjs-core': tf.version_core } : {},
    adapter: { ours: '', peer: '', isSoftware: false, f16: false },
    read: null,
    runnerTiming: '',
    method:
      `wall clock per product: R products back to back, then a wait until the GPU queue drains ` +
      `(ours: one compute pass + submit each, then onSubmittedWorkDone; tfjs: R tf.matMul, ` +
      `flush, onSubmittedWorkDone; ORT: R awaited session.run with X and Y on the GPU, then the ` +
      `last Y downloaded); R per side for ~${settings.sampleTargetMs} ms samples; median of ` +
      `${settings.samples} samples per side, interleaved`,
    rows: [],
  };
}

async function startPeer(report: PageReport, page: PageContext): Promise<void> {
  if (page.settings.peer === 'tfjs') {
    const info = await startTfjs();
    report.adapter.peer = adapterName({ ...info, description: '' }, { fallback: 'unknown' });
    return;
  }
  const ort = await loadOrt(page.settings.peer as OrtBackend);
  page.ort = ort;
  ort.device.addEventListener('uncapturederror', (event) => {
    page.ortErrors.push((event as GPUUncapturedErrorEvent).error.message);
  });
  const info = ort.device.adapterInfo;
  report.adapter.peer = adapterName(
    { vendor: info?.vendor ?? '', architecture: info?.architecture ?? '', description: '' },
    { fallback: 'unknown' },
  );
  report.versions['onnxruntime-web'] = ort.ort.env.versions.web ?? '';
  report.threads = `env.wasm.numThreads = ${ort.ort.env.wasm.numThreads} (crossOriginIsolated: ${self.crossOriginIsolated})`;
  report.ortRunOverheadMs = await perRunOverhead(ort);
}

async function main(): Promise<void> {
  const settings = parseSettings();
  const report = newReport(settings);
  window.__peers = report;
  try {
    const gpu = await acquireGpu(navigator.gpu);
    const d = gpu.description;
    report.adapter.ours = adapterName(d, { fallback: 'unknown' });
    report.adapter.isSoftware = d.isSoftware;
    report.adapter.f16 = gpu.hasF16;
    const runner = new BenchRunner(gpu);
    report.runnerTiming = gpu.timing;
    const page: PageContext = { gpu, runner, settings, ort: null, ortErrors: [] };
    await startPeer(report, page);
    report.read = await readProbe(runner, settings);
    log(`read probe ${report.read?.gbps.toFixed(2) ?? '–'} GB/s; peer ${settings.peer}`);
    for (const [i, shape] of settings.shapes.entries()) {
      for (const format of settings.formats) {
        log(
          `${i + 1}/${settings.shapes.length} ${shape.kernel} M=${shape.m} ${shape.n}×${shape.k} ${format}`,
        );
        const row = await runRow(page, shape, format);
        report.rows.push(row);
        const peers = row.peers.map((p) => `${p.what} ${p.ms?.toFixed(3) ?? p.status}`).join(', ');
        log(
          `  ours ${row.ours.ms?.toFixed(3) ?? row.ours.status} ms (${row.ours.variant}); ${peers}`,
        );
      }
    }
    runner.destroy();
    gpu.destroy();
  } catch (e) {
    report.fatal = errorMessage(e);
  }
  report.done = true;
}

void main();
