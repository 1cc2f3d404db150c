// Bandwidth probes (shaders/probes/bandwidth.wgsl): read, copy and write over a working set.

import shader from '../../shaders/probes/bandwidth.wgsl?raw';
import { formatBytes } from '../core/describe';
import { randomWord } from '../gpu/buffers';
import { createComputePipeline } from '../gpu/pipeline';
import type { KernelCase, KernelEnv, PreparedKernel, VerifyOutcome } from './types';
import { mismatchTable } from './types';

export type BandwidthKind = 'read' | 'copy' | 'write';

export interface BandwidthOptions {
  /** Bytes each dispatch should move; small working sets are walked several times to reach it. */
  targetBytesPerDispatch: number;
  workgroupSize?: number;
  maxWorkgroups?: number;
  seed?: number;
  /** read only: walk four elements per loop step (read_probe_x4), the same sums. */
  unroll4?: boolean;
}

/**
 * The read probe's implementations; the plan keeps the faster per adapter, so the read ceiling
 * is what the adapter can really reach. GPUs want many short invocations; CPU adapters want a
 * few long ones per core (each invocation and workgroup has a fixed cost there), walked four
 * elements per loop step (on SwiftShader about 1.5× the plain probe's bandwidth).
 */
const READ_SHAPES: readonly Partial<BandwidthOptions>[] = [
  {},
  { unroll4: true, workgroupSize: 64, maxWorkgroups: 16 },
];

/** A probe's variant name, from the options that shape it: e.g. u32x4-unroll4-wg64-g16. */
function variantName(kind: BandwidthKind, options: Partial<BandwidthOptions>): string {
  const unroll4 = kind === 'read' && options.unroll4 === true;
  const cap = options.maxWorkgroups ? `-g${options.maxWorkgroups}` : '';
  return `u32x4${unroll4 ? '-unroll4' : ''}-wg${options.workgroupSize ?? 256}${cap}`;
}

export const READ_VARIANTS: readonly string[] = READ_SHAPES.map((o) => variantName('read', o));

/** Options for one of READ_VARIANTS. */
export function readVariantOptions(variant: string, options: BandwidthOptions): BandwidthOptions {
  const chosen = READ_SHAPES[READ_VARIANTS.indexOf(variant)];
  if (!chosen) throw new RangeError(`no variant named ${variant}`);
  return { ...options, ...chosen };
}

const ENTRY: Record<BandwidthKind, string> = {
  read: 'read_probe',
  copy: 'copy_probe',
  write: 'write_probe',
};

/** Readback happens in pieces so verifying a 1 GiB set never holds it twice in memory. */
const READBACK_CHUNK = 64 * 1024 * 1024;

export interface BandwidthGeometry {
  /** vec4<u32> elements walked per pass. */
  n: number;
  workgroups: number;
  threads: number;
  passes: number;
  bytes: number;
}

export function bandwidthGeometry(
  kind: BandwidthKind,
  workingSetBytes: number,
  options: BandwidthOptions,
): BandwidthGeometry {
  if (workingSetBytes % 32 !== 0 || workingSetBytes <= 0) {
    throw new RangeError(
      `working set must be a positive multiple of 32 bytes, got ${workingSetBytes}`,
    );
  }
  const wg = options.workgroupSize ?? 256;
  // copy splits the working set into a source and a destination half.
  const n = kind === 'copy' ? workingSetBytes / 32 : workingSetBytes / 16;
  // At least 16 elements per invocation and pass, so the read probe's per-invocation sums stay
  // a small fraction (≤ 1/64) of the bytes read.
  const workgroups = Math.max(
    1,
    Math.min(Math.ceil(n / (wg * 16)), options.maxWorkgroups ?? 4096, 65535),
  );
  const passes = Math.max(1, Math.round(options.targetBytesPerDispatch / workingSetBytes));
  const bytesPerPass = kind === 'copy' ? 32 * n : 16 * n;
  const bytes = bytesPerPass * passes + (kind === 'read' ? 4 * workgroups * wg : 0);
  return { n, workgroups, threads: workgroups * wg, passes, bytes };
}

/** Working sets are halved down to this when memory runs out. */
const SMALLEST_WORKING_SET = 64 * 1024;

export function bandwidthCase(
  kind: BandwidthKind,
  workingSetBytes: number,
  options: BandwidthOptions,
  /** The working set first asked for, when this case is a smaller retry. */
  requestedBytes = workingSetBytes,
): KernelCase {
  const geometry = bandwidthGeometry(kind, workingSetBytes, options);
  const wg = options.workgroupSize ?? 256;
  const seed = options.seed ?? 0x5eed;
  const retried = requestedBytes !== workingSetBytes;
  const unroll4 = kind === 'read' && options.unroll4 === true;
  return {
    kernel: kind,
    variant: variantName(kind, options),
    format: 'u32',
    shape: {
      workingSetBytes,
      passes: geometry.passes,
      ...(retried ? { requestedWorkingSetBytes: requestedBytes } : {}),
    },
    bytes: geometry.bytes,
    flops: 0,
    label: `${kind} ${formatBytes(workingSetBytes)}${retried ? ` (${formatBytes(requestedBytes)} did not fit)` : ''}`,
    prepare: (env) =>
      prepareBandwidth(env, kind, geometry, wg, seed, unroll4 ? 'read_probe_x4' : ENTRY[kind]),
    smaller: () =>
      workingSetBytes / 2 >= SMALLEST_WORKING_SET
        ? bandwidthCase(kind, workingSetBytes / 2, options, requestedBytes)
        : null,
  };
}

async function prepareBandwidth(
  env: KernelEnv,
  kind: BandwidthKind,
  g: BandwidthGeometry,
  wg: number,
  seed: number,
  entryPoint: string,
): Promise<PreparedKernel> {
  const { device, buffers } = env;
  const pipeline = await createComputePipeline(device, {
    label: `bandwidth-${kind}`,
    code: shader,
    entryPoint,
    constants: { WG: wg },
  });
  const params = await buffers.createUniform(
    `${kind}-params`,
    new Uint32Array([g.n, g.threads, g.passes, seed]),
  );
  const setBytes = g.n * 16;
  const entries: GPUBindGroupEntry[] = [{ binding: 0, resource: { buffer: params } }];
  let output: GPUBuffer;
  if (kind === 'read') {
    const src = await buffers.createRandom('read-src', setBytes, seed);
    output = await buffers.create(
      'read-sums',
      4 * g.threads,
      GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC,
    );
    entries.push(
      { binding: 1, resource: { buffer: src } },
      { binding: 3, resource: { buffer: output } },
    );
  } else {
    output = await buffers.create(
      'dst',
      setBytes,
      GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC,
    );
    if (kind === 'copy') {
      const src = await buffers.createRandom('copy-src', setBytes, seed);
      entries.push({ binding: 1, resource: { buffer: src } });
    }
    entries.push({ binding: 2, resource: { buffer: output } });
  }
  const bindGroup = device.createBindGroup({
    label: `bandwidth-${kind}`,
    layout: pipeline.getBindGroupLayout(0),
    entries,
  });

  return {
    encode(pass) {
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroup);
      pass.dispatchWorkgroups(g.workgroups);
    },
    async verify() {
      if (kind === 'read') {
        const actual = new Uint32Array(await buffers.read(output));
        return compare(actual, expectedReadSums(g, seed), 0);
      }
      const last = g.passes - 1;
      const expectedWord =
        kind === 'copy'
          ? (k: number) => (randomWord(seed, k) ^ last) >>> 0
          : (k: number) => (k ^ seed ^ last) >>> 0;
      for (let offset = 0; offset < setBytes; offset += READBACK_CHUNK) {
        const size = Math.min(READBACK_CHUNK, setBytes - offset);
        const actual = new Uint32Array(await buffers.read(output, size, offset));
        const first = offset / 4;
        const outcome = compareWith(actual, (i) => expectedWord(first + i), first);
        if (!outcome.ok) return outcome;
      }
      return { ok: true };
    },
  };
}

/** The read probe's per-invocation sums, computed the way the shader walks the data. */
export function expectedReadSums(g: BandwidthGeometry, seed: number): Uint32Array {
  const sums = new Uint32Array(g.threads);
  for (let j = 0; j < g.n; j++) {
    const thread = j % g.threads;
    let s = sums[thread] ?? 0;
    for (let c = 0; c < 4; c++) {
      const w = randomWord(seed, 4 * j + c);
      for (let p = 0; p < g.passes; p++) s = (s + ((w ^ p) >>> 0)) >>> 0;
    }
    sums[thread] = s;
  }
  return sums;
}

function compare(actual: Uint32Array, expected: Uint32Array, first: number): VerifyOutcome {
  return compareWith(actual, (i) => expected[i] ?? Number.NaN, first);
}

function compareWith(
  actual: Uint32Array,
  expected: (i: number) => number,
  first: number,
): VerifyOutcome {
  const rows: { index: number; actual: number; expected: number }[] = [];
  let total = 0;
  for (let i = 0; i < actual.length; i++) {
    const want = expected(i);
    const got = actual[i] ?? Number.NaN;
    if (got !== want) {
      total++;
      if (rows.length < 4) rows.push({ index: first + i, actual: got, expected: want });
    }
  }
  return total === 0 ? { ok: true } : { ok: false, detail: mismatchTable(rows, total) };
}
