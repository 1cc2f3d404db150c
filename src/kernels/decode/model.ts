// A Llama-style decoder on the GPU with random weights: every projection is a GEMV (decode) or
// GEMM (prefill) of the benchmark's own kernels over weights filled on the GPU in the chosen
// format; the small kernels (shaders/decode/decode_*.wgsl) do the rest. A step is a list of
// dispatches recorded into one compute pass, one command buffer per token; the sampled token stays
// on the GPU (state: [token, position, step]) and feeds the next step's embedding. A
// mixture-of-experts layer runs its router GEMV, then the experts the host drew for the token
// (routeFor: uniform random routing, the predictor's stated assumption) — the choice is made when
// the token's command buffer is recorded, so no activation comes back to the CPU.

import type { FormatId } from '../../core/formats';
import { fillRandom } from '../../gpu/fill';
import { bindBuffers, createComputePipeline } from '../../gpu/pipeline';
import { type GemmVariant, gemmPipelineSpec } from '../gemm';
import { type GemvVariant, gemvPipelineSpec, gemvXForm } from '../gemv';
import { bindMatrixChunks, foldGrid, type GpuMatrix, uploadMatrix } from '../matrix';
import { quantizedXBytes } from '../quantize-x';
import type { KernelEnv } from '../types';
import {
  attentionCode,
  createKvCache,
  DEFAULT_KV_ENCODING,
  fillKvCache,
  type GpuKvCache,
  type KvEncoding,
  kvAppendStep,
  kvCacheRefusal,
} from './kv-cache';
import type { GemvXForm } from './reference';
import { attentionReduceFor, attentionShader, DECODE_SHADERS, embedCode } from './shaders';
import {
  ATTENTION_MIN_SPLIT,
  attentionSplits,
  attentionUniform,
  CACHE_MASK,
  type DecodeShape,
  EXPERT_MATRICES,
  type ExpertMatrix,
  GAIN_MASK,
  isMoeLayer,
  type LayerMatrix,
  layerMatrices,
  liveAttentionSplits,
  matrixShape,
  prefillWorkgroups,
  RMS_EPS,
  ropeTable,
  routeFor,
  seeds,
  widestFfn,
  windowOf,
} from './shape';

export interface DecodeModelSpec {
  shape: DecodeShape;
  format: FormatId;
  seed: number;
  /** Positions the KV caches hold (prefilled context + prompt + generated tokens). */
  positions: number;
  /** Most token rows one prefill step takes (the prompt length); 1 for decode only. */
  maxRows: number;
  /** The GEMV of one-row steps: one variant for every matrix, or one chosen by its shape. */
  gemv: GemvChoice;
  gemm: GemmVariant;
  /** A prompt's routed experts (each gets about rows · k ÷ E rows): default `gemm`. */
  expertGemm?: GemmVariant;
  maxBindingBytes: number;
  /**
   * Positions per decode attention split at least (default ATTENTION_MIN_SPLIT); smaller in
   * tests to exercise the combine.
   */
  attentionSplit?: number;
  /** Decode attention splits per head at most (default attentionSplits(kvHeads)). */
  attentionSplits?: number;
  /** The KV cache's format (default f16). */
  kv?: KvEncoding;
  /** Scales every angle of the uploaded RoPE table (default 1); tests set it to prove a wrong table fails. */
  ropeAngleScale?: number;
}

/** A GEMV for every matrix, or a choice by the matrix's shape (N rows, K columns). */
export type GemvChoice = GemvVariant | ((n: number, k: number) => GemvVariant);

export const gemvOf = (choice: GemvChoice, n: number, k: number): GemvVariant =>
  typeof choice === 'function' ? choice(n, k) : choice;

/**
 * What a GEMV that rounds x adds to the logits' allowed error (relative to their largest), the
 * reference rounding x the same way: f16 products (4 terms at a time, f16 rounding as the
 * driver does it); int8 x only where x ÷ scale falls within an f32 step of a half (q may differ
 * by one there).
 */
export const GEMV_X_TOLERANCE = { f16: 1e-2, int8: 2e-3 } as const;

/** One recorded dispatch. */
interface Step {
  pipeline: GPUComputePipeline;
  bindGroup: GPUBindGroup;
  workgroups: [number, number, number];
  /** An expert's prompt step: the workgroups for the `rows` rows that chose it. */
  forRows?: (rows: number) => [number, number, number];
  /** A decode step sized by the position its row takes (the attention's live splits). */
  forPosition?: (position: number) => [number, number, number];
}

/** A step of the model as dispatches: one token (decode) or a prompt (prefill). */
export interface Program {
  /** Dispatches of the last recording (before any: of one token's, k experts per layer). */
  readonly dispatches: number;
  encode(pass: GPUComputePassEncoder): void;
}

/** A mixture-of-experts layer's routed part: each expert's dispatches, recorded when chosen. */
interface RoutedPart {
  layer: number;
  experts: Step[][];
}

/** What a program runs: m rows from the prompt or the last sample, which layers, whether the head. */
export interface ProgramSpec {
  rows: number;
  fromPrompt: boolean;
  layers: number;
  /** false: stop after the layers (the residual stream is left in `x`). */
  head: boolean;
}

const STORAGE = () => GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;

export class DecodeModel {
  private readonly layers: Partial<Record<LayerMatrix, GpuMatrix>>[] = [];
  /** Per layer, each routed expert's matrices (empty for a dense layer). */
  private readonly experts: Record<ExpertMatrix, GpuMatrix>[][] = [];
  private head!: GpuMatrix;
  private readonly gains: GPUBuffer[] = [];
  private readonly caches: GpuKvCache[] = [];
  private bufs!: Record<
    | 'x'
    | 'xn'
    | 'qkv'
    | 'attn'
    | 'tmp'
    | 'gu'
    | 'h'
    | 'logits'
    | 'partML'
    | 'partAcc'
    | 'rope'
    | 'routerLogits'
    | 'gates'
    | 'route'
    | 'xg'
    | 'expertRows',
    GPUBuffer
  >;
  /** The position the next recorded row takes, as the GPU's state will hold it then. */
  private hostPosition = 0;
  /** [token, position, step, 0]. */
  state!: GPUBuffer;
  /** Every sampled token, by step. */
  tokens!: GPUBuffer;
  prompt!: GPUBuffer;
  /** Decode attention splits per head at most: the partial buffers' stride. */
  readonly maxSplits: number;
  readonly maxTokens = 4096;
  /** x in f16 or int8 for the GEMVs that read it so (made when first needed). */
  private stagedX: GPUBuffer | undefined;

  private constructor(
    private readonly env: KernelEnv,
    readonly spec: DecodeModelSpec,
  ) {
    this.maxSplits = spec.attentionSplits ?? attentionSplits(spec.shape.kvHeads);
  }

  /** Positions per decode attention split at least. */
  get split(): number {
    return this.spec.attentionSplit ?? ATTENTION_MIN_SPLIT;
  }

  get kv(): KvEncoding {
    return this.spec.kv ?? DEFAULT_KV_ENCODING;
  }

  /** Allocates and fills everything (weights on the GPU from the hash); throws GpuError on OOM. */
  static async create(env: KernelEnv, spec: DecodeModelSpec): Promise<DecodeModel> {
    const model = new DecodeModel(env, spec);
    await model.allocate();
    return model;
  }

  private async allocate(): Promise<void> {
    const { env, spec } = this;
    const s = spec.shape;
    const seed = seeds(spec.seed);
    const upload = (n: number, k: number, matrixSeed: number) =>
      uploadMatrix(env, {
        format: spec.format,
        n,
        k,
        seed: matrixSeed,
        copies: 1,
        maxBindingBytes: spec.maxBindingBytes,
      });
    const refused = kvCacheRefusal(this.kv, s.headDim);
    if (refused !== null) throw new RangeError(`The decoder cannot run this model: ${refused}`);
    this.state = await env.buffers.create('decode-state', 16, STORAGE());
    for (let l = 0; l < s.layers; l++) {
      const mats: Partial<Record<LayerMatrix, GpuMatrix>> = {};
      for (const m of layerMatrices(s, l)) {
        const { n, k } = matrixShape(s, m);
        mats[m] = await upload(n, k, seed.matrix(l, m));
      }
      this.layers.push(mats);
      const experts: Record<ExpertMatrix, GpuMatrix>[] = [];
      for (let e = 0; isMoeLayer(s, l) && e < (s.moe?.experts ?? 0); e++) {
        const mats = {} as Record<ExpertMatrix, GpuMatrix>;
        for (const m of EXPERT_MATRICES) {
          const { n, k } = matrixShape(s, m);
          mats[m] = await upload(n, k, seed.expert(l, e, m));
        }
        experts.push(mats);
      }
      this.experts.push(experts);
      const cache = await createKvCache(
        env,
        `kvcache-${l}`,
        this.kv,
        spec.positions,
        s.kvHeads,
        s.headDim,
      );
      await fillKvCache(
        env,
        cache,
        { positions: spec.positions, kvHeads: s.kvHeads, headDim: s.headDim },
        { k: seed.kCache(l), v: seed.vCache(l) },
        CACHE_MASK,
        this.state,
      );
      this.caches.push(cache);
    }
    const head = matrixShape(s, 'head');
    this.head = await upload(head.n, head.k, seed.head);
    for (let g = 0; g < 2 * s.layers + 1; g++) {
      const gain = await env.buffers.create(`gain-${g}`, 4 * s.hidden, STORAGE());
      await fillRandom(env.device, env.buffers, gain, {
        seed: seed.gains,
        first: g * s.hidden,
        ...GAIN_MASK,
      });
      this.gains.push(gain);
    }
    const rows = spec.maxRows;
    const q = s.heads * s.headDim;
    const qkv = matrixShape(s, 'qkv').n;
    const make = (label: string, bytes: number) =>
      env.buffers.create(`decode-${label}`, Math.max(16, bytes), STORAGE());
    this.bufs = {
      x: await make('x', 4 * rows * s.hidden),
      xn: await make('xn', 4 * rows * s.hidden),
      qkv: await make('qkv', 4 * rows * qkv),
      attn: await make('attn', 4 * rows * q),
      tmp: await make('tmp', 4 * rows * s.hidden),
      gu: await make('gu', 4 * rows * 2 * widestFfn(s)),
      h: await make('h', 4 * rows * widestFfn(s)),
      logits: await make('logits', 4 * s.vocab),
      // One row's decode partials: the prefill keeps none.
      partML: await make('partML', 8 * s.heads * this.maxSplits),
      partAcc: await make('partAcc', 4 * s.heads * this.maxSplits * s.headDim),
      rope: await env.buffers.createFrom(
        'decode-rope',
        ropeTable(spec.positions, s.headDim, spec.ropeAngleScale),
      ),
      routerLogits: await make('router-logits', 4 * rows * (s.moe?.experts ?? 0)),
      gates: await make('gates', 4 * rows * (s.moe?.experts ?? 0)),
      route: await make('route', 4 * s.layers * rows * (s.moe?.perToken ?? 0)),
      xg: await make('xg', s.moe === undefined ? 0 : 4 * rows * s.hidden),
      expertRows: await make('expert-rows', 4 * s.layers * rows * (s.moe?.experts ?? 0)),
    };
    this.tokens = await make('tokens', 4 * this.maxTokens);
    this.prompt = await make('prompt', 4 * rows);
  }

  /**
   * Matrix dispatches one token makes per layer (one per row chunk of each projection it runs:
   * a mixture-of-experts layer's router, its k experts and the shared MLP), over the layers.
   */
  get matrixDispatchesPerLayer(): number {
    const s = this.spec.shape;
    let total = 0;
    for (let l = 0; l < this.layers.length; l++) {
      const mats = Object.values(this.layers[l] ?? {});
      total += mats.reduce((n, m) => n + this.gemvDispatches(m), 0);
      const expert = this.experts[l]?.[0];
      if (expert)
        total +=
          (s.moe?.perToken ?? 0) *
          EXPERT_MATRICES.reduce((n, m) => n + this.gemvDispatches(expert[m]), 0);
    }
    return this.layers.length === 0 ? 0 : total / this.layers.length;
  }

  /** Dispatches of the LM head (one per row chunk, and its x quantization where it has one). */
  get headDispatches(): number {
    return this.gemvDispatches(this.head);
  }

  /**
   * A one-row product's dispatches as its GEMV row times them: one per row chunk, plus the x
   * quantization of a DP4A form (inside that row's timed work). The f16 conversion of x is not
   * in the row's time: it counts as one of the small dispatches.
   */
  private gemvDispatches(w: GpuMatrix): number {
    const int8 = gemvXForm(gemvOf(this.spec.gemv, w.n, w.k)) === 'int8';
    return w.chunks.length + (int8 ? 1 : 0);
  }

  /** The GEMV variant each one-row product runs, by matrix shape (what a run records). */
  gemvVariantFor(n: number, k: number): GemvVariant {
    return gemvOf(this.spec.gemv, n, k);
  }

  /**
   * How the one-row product of an N×K matrix rounds x, for the reference to do the same: int8
   * groups (DP4A), f16 (the tile GEMV's f16 form, and f16-native arithmetic, which converts x
   * in the shader), or not at all.
   */
  gemvRounding(n: number, k: number): GemvXForm {
    const v = gemvOf(this.spec.gemv, n, k);
    const form = gemvXForm(v);
    return form === 'f32' && v.weights === 'f16-native' ? 'f16' : form;
  }

  /**
   * What the logits may differ from the f64 reference by (relative to their largest) beyond the
   * KV cache's allowance, the reference rounding x as the GEMVs do (gemvRounding): 0 where every
   * GEMV reads f32 x in f32; else GEMV_X_TOLERANCE of the coarsest form.
   */
  get gemvTolerance(): number {
    const matrices = [...this.layers.flatMap((l) => Object.values(l)), this.head];
    for (const e of this.experts.flat()) matrices.push(...Object.values(e));
    let tolerance = 0;
    for (const w of matrices) {
      const form = this.gemvRounding(w.n, w.k);
      if (form !== 'f32') tolerance = Math.max(tolerance, GEMV_X_TOLERANCE[form]);
    }
    return tolerance;
  }

  /** Sets the GPU state: the last token, the position the next row takes, the step counter. */
  reset(token: number, position: number, prompt?: readonly number[]): void {
    const q = this.env.device.queue;
    q.writeBuffer(this.state, 0, new Uint32Array([token, position, 0, 0]));
    if (prompt) q.writeBuffer(this.prompt, 0, new Uint32Array(prompt));
    this.hostPosition = position;
  }

  async readLogits(): Promise<Float32Array> {
    return new Float32Array(await this.env.buffers.read(this.bufs.logits));
  }

  /** Row `row` of the residual stream (after the layers a program ran). */
  async readResidual(row = 0): Promise<Float32Array> {
    const bytes = 4 * this.spec.shape.hidden;
    return new Float32Array(await this.env.buffers.read(this.bufs.x, bytes, row * bytes));
  }

  async readTokens(count: number): Promise<Uint32Array> {
    return new Uint32Array(await this.env.buffers.read(this.tokens, 4 * count));
  }

  async readState(): Promise<Uint32Array> {
    return new Uint32Array(await this.env.buffers.read(this.state));
  }

  /** Builds the dispatches of one step (pipelines are compiled once per device and code). */
  async program(p: ProgramSpec): Promise<Program> {
    const parts: (Step[] | RoutedPart)[] = [];
    const s = this.spec.shape;
    const b = this.bufs;
    const m = p.rows;
    if (m > this.spec.maxRows)
      throw new RangeError(`${m} rows exceed the model's ${this.spec.maxRows}`);
    parts.push(await this.embed(m, p.fromPrompt));
    for (let l = 0; l < p.layers; l++) {
      const mats = this.layers[l] as Record<LayerMatrix, GpuMatrix>;
      const steps: Step[] = [];
      steps.push(await this.rmsnorm(b.x, 0, this.gains[2 * l] as GPUBuffer, b.xn, m));
      steps.push(...(await this.matmul(mats.qkv, b.xn, b.qkv, m)));
      steps.push(await this.rope(m));
      steps.push(await this.append(l, m));
      steps.push(...(await this.attention(l, m)));
      steps.push(...(await this.matmul(mats.o, b.attn, b.tmp, m)));
      steps.push(await this.elementwise('residual', b.tmp, b.x, s.hidden, m));
      steps.push(await this.rmsnorm(b.x, 0, this.gains[2 * l + 1] as GPUBuffer, b.xn, m));
      if (!isMoeLayer(s, l)) {
        steps.push(...(await this.mlp(mats.gate_up, mats.down, s.ffn, m)));
        steps.push(await this.elementwise('residual', b.tmp, b.x, s.hidden, m));
        parts.push(steps);
        continue;
      }
      steps.push(...(await this.matmul(mats.router, b.xn, b.routerLogits, m)));
      steps.push(await this.routeGates(l, m));
      parts.push(steps);
      parts.push({ layer: l, experts: await this.expertSteps(l, m) });
      if (mats.shared_gate_up && mats.shared_down) {
        const fs = s.moe?.sharedFfn ?? 0;
        parts.push([
          ...(await this.mlp(mats.shared_gate_up, mats.shared_down, fs, m)),
          await this.elementwise('residual', b.tmp, b.x, s.hidden, m),
        ]);
      }
    }
    if (p.head) {
      // Logits for the last row only: the final norm takes row m − 1, the head is a GEMV.
      parts.push([
        await this.rmsnorm(b.x, m - 1, this.gains[2 * s.layers] as GPUBuffer, b.xn, 1),
        ...(await this.matmul(this.head, b.xn, b.logits, 1)),
        await this.argmax(m),
      ]);
    }
    return this.record(parts, m, p.head);
  }

  /**
   * The program over its parts: a routed part records the experts the rows at the current
   * position drew (their union, ascending), and the draws go to the `route` buffer first.
   */
  private record(parts: (Step[] | RoutedPart)[], m: number, advances: boolean): Program {
    const s = this.spec.shape;
    const moe = s.moe;
    const k = moe?.perToken ?? 0;
    const routeSeed = seeds(this.spec.seed).route;
    const model = this;
    const count = (chosen: (part: RoutedPart) => number[]) =>
      parts.reduce(
        (n, part) =>
          n +
          (Array.isArray(part)
            ? part.length
            : chosen(part).reduce((c, e) => c + (part.experts[e]?.length ?? 0), 0)),
        0,
      );
    let dispatches = count(() => Array.from({ length: k }, (_, e) => e));
    /** `rows`: a prompt expert's share of the rows, for the steps sized by it. */
    const emit = (
      pass: GPUComputePassEncoder,
      steps: readonly Step[],
      position: number,
      rows?: number,
    ) => {
      for (const step of steps) {
        pass.setPipeline(step.pipeline);
        pass.setBindGroup(0, step.bindGroup);
        const size =
          rows !== undefined && step.forRows
            ? step.forRows(rows)
            : step.forPosition
              ? step.forPosition(position)
              : step.workgroups;
        pass.dispatchWorkgroups(...size);
      }
    };
    return {
      get dispatches() {
        return dispatches;
      },
      encode(pass) {
        const position = model.hostPosition;
        /** Per routed layer, each chosen expert and the rows that chose it. */
        const chosen = new Map<number, Map<number, number[]>>();
        if (moe !== undefined) {
          const words = new Uint32Array(s.layers * m * k);
          const rowWords = new Uint32Array(s.layers * moe.experts * m);
          for (const part of parts) {
            if (Array.isArray(part)) continue;
            const byExpert = new Map<number, number[]>();
            for (let i = 0; i < m; i++) {
              const route = routeFor(routeSeed, moe, part.layer, position + i);
              words.set(route, (part.layer * m + i) * k);
              for (const e of route) byExpert.set(e, [...(byExpert.get(e) ?? []), i]);
            }
            for (const [e, rows] of byExpert)
              rowWords.set(rows, (part.layer * moe.experts + e) * m);
            chosen.set(part.layer, new Map([...byExpert].sort(([a], [b]) => a - b)));
          }
          if (chosen.size > 0) {
            model.env.device.queue.writeBuffer(model.bufs.route, 0, words);
            if (m > 1) model.env.device.queue.writeBuffer(model.bufs.expertRows, 0, rowWords);
          }
        }
        for (const part of parts) {
          if (Array.isArray(part)) emit(pass, part, position);
          else
            for (const [e, rows] of chosen.get(part.layer) ?? [])
              emit(pass, part.experts[e] ?? [], position, m > 1 ? rows.length : undefined);
        }
        dispatches = count((part) => [...(chosen.get(part.layer)?.keys() ?? [])]);
        if (advances) model.hostPosition = position + m;
      },
    };
  }

  /** gate_up → SiLU·mul → down into `tmp` (the caller adds it to the residual stream). */
  private async mlp(
    gateUp: GpuMatrix,
    down: GpuMatrix,
    width: number,
    m: number,
    input: GPUBuffer = this.bufs.xn,
    gemm: GemmVariant = this.spec.gemm,
  ) {
    const b = this.bufs;
    return [
      ...(await this.matmul(gateUp, input, b.gu, m, gemm)),
      await this.elementwise('silu_mul', b.gu, b.h, width, m),
      ...(await this.matmul(down, b.h, b.tmp, m, gemm)),
    ];
  }

  /** Each expert of layer l as dispatches: its MLP, then x += gate · its output. */
  private async expertSteps(l: number, m: number): Promise<Step[][]> {
    const s = this.spec.shape;
    const fe = s.moe?.expertFfn ?? 0;
    const out: Step[][] = [];
    const experts = this.experts[l] ?? [];
    for (let e = 0; e < experts.length; e++) {
      const mats = experts[e] as Record<ExpertMatrix, GpuMatrix>;
      // One token: the expert's MLP on it. A prompt: on the rows that chose it, gathered.
      out.push(
        m === 1
          ? [
              ...(await this.mlp(mats.expert_gate_up, mats.expert_down, fe, m)),
              await this.moeAccumulate(e, m),
            ]
          : [
              await this.moeRows('moe_gather', l, e, m),
              ...(await this.mlp(
                mats.expert_gate_up,
                mats.expert_down,
                fe,
                m,
                this.bufs.xg,
                this.spec.expertGemm,
              )),
              await this.moeRows('moe_scatter', l, e, m),
            ],
      );
    }
    return out;
  }

  private async routeGates(layer: number, m: number): Promise<Step> {
    const s = this.spec.shape;
    const k = s.moe?.perToken ?? 0;
    const pipeline = await this.pipeline('decode-route-gates', DECODE_SHADERS.moe, 'route_gates');
    const u = await this.uniform('route-gates', [
      s.hidden / 4,
      m,
      s.moe?.experts ?? 0,
      k,
      layer * m * k,
      0,
      0,
      0,
    ]);
    const b = this.bufs;
    return {
      pipeline,
      bindGroup: this.bind(pipeline, [u, b.routerLogits, b.route, b.gates]),
      workgroups: [Math.ceil(m / 64), 1, 1],
    };
  }

  private async moeAccumulate(expert: number, m: number): Promise<Step> {
    const s = this.spec.shape;
    const pipeline = await this.pipeline(
      'decode-moe-accumulate',
      DECODE_SHADERS.moe,
      'moe_accumulate',
    );
    const u = await this.uniform('moe-accumulate', [
      s.hidden / 4,
      m,
      s.moe?.experts ?? 0,
      expert,
      0,
      0,
      0,
      0,
    ]);
    const b = this.bufs;
    return {
      pipeline,
      bindGroup: this.bind(pipeline, [u, null, null, null, b.tmp, b.x, b.gates]),
      workgroups: [Math.ceil(s.hidden / 4 / 64), m, 1],
    };
  }

  /** Expert e of layer l over its prompt rows (their indices in `expertRows`): gather or scatter. */
  private async moeRows(
    entry: 'moe_gather' | 'moe_scatter',
    layer: number,
    expert: number,
    m: number,
  ): Promise<Step> {
    const s = this.spec.shape;
    const experts = s.moe?.experts ?? 0;
    const pipeline = await this.pipeline(`decode-${entry}`, DECODE_SHADERS.moe, entry);
    const at = (layer * experts + expert) * m;
    const u = await this.uniform(entry, [s.hidden / 4, m, experts, expert, at, 0, 0, 0]);
    const b = this.bufs;
    const buffers =
      entry === 'moe_gather'
        ? [u, null, null, null, null, null, null, b.expertRows, b.xn, b.xg]
        : [u, null, null, null, b.tmp, b.x, b.gates, b.expertRows];
    const size = (rows: number): [number, number, number] => [
      Math.ceil(s.hidden / 4 / 64),
      rows,
      1,
    ];
    return {
      pipeline,
      bindGroup: this.bind(pipeline, buffers),
      workgroups: size(m),
      forRows: size,
    };
  }

  /**
   * `count` dispatches of one small workgroup each (a residual add over four values): what one
   * small dispatch costs on this adapter, whatever it computes.
   */
  async dispatchProbe(count: number): Promise<Program> {
    const step = await this.elementwise('residual', this.bufs.tmp, this.bufs.x, 4, 1);
    return {
      dispatches: count,
      encode(pass) {
        for (let i = 0; i < count; i++) {
          pass.setPipeline(step.pipeline);
          pass.setBindGroup(0, step.bindGroup);
          pass.dispatchWorkgroups(...step.workgroups);
        }
      },
    };
  }

  private pipeline(
    label: string,
    code: string,
    entryPoint: string,
    constants?: Record<string, number>,
  ) {
    return createComputePipeline(this.env.device, {
      label,
      code,
      entryPoint,
      ...(constants ? { constants } : {}),
    });
  }

  private async uniform(label: string, words: number[], floats: Record<number, number> = {}) {
    const data = new Uint32Array(words);
    const f = new Float32Array(data.buffer);
    for (const [i, v] of Object.entries(floats)) f[Number(i)] = v;
    return this.env.buffers.createUniform(label, data);
  }

  private bind(pipeline: GPUComputePipeline, buffers: (GPUBuffer | null)[]): GPUBindGroup {
    return bindBuffers(this.env.device, pipeline, buffers);
  }

  private async embed(m: number, fromPrompt: boolean): Promise<Step[]> {
    const s = this.spec.shape;
    const pipeline = await this.pipeline('decode-embed', embedCode(this.spec.format), 'embed');
    const steps: Step[] = [];
    for (const chunk of this.head.chunks) {
      const u = await this.uniform('embed', [
        chunk.rows,
        s.hidden / 32,
        chunk.rowStart,
        fromPrompt ? 1 : 0,
      ]);
      const bindGroup = this.bind(pipeline, [
        u,
        null,
        chunk.weights[0] as GPUBuffer,
        chunk.scales?.[0] ?? null,
        this.bufs.x,
        this.state,
        this.prompt,
      ]);
      steps.push({ pipeline, bindGroup, workgroups: [Math.ceil(s.hidden / 4 / 64), m, 1] });
    }
    return steps;
  }

  private async rmsnorm(
    x: GPUBuffer,
    inRow: number,
    gain: GPUBuffer,
    out: GPUBuffer,
    m: number,
  ): Promise<Step> {
    const pipeline = await this.pipeline('decode-rmsnorm', DECODE_SHADERS.rmsnorm, 'rmsnorm');
    const u = await this.uniform('rmsnorm', [this.spec.shape.hidden / 4, inRow, 0, 0], {
      2: RMS_EPS,
    });
    return { pipeline, bindGroup: this.bind(pipeline, [u, x, gain, out]), workgroups: [m, 1, 1] };
  }

  /** y = x·Wᵀ: the GEMV variant for one row, the GEMM variant for a prompt; one dispatch per chunk. */
  private async matmul(
    w: GpuMatrix,
    x: GPUBuffer,
    y: GPUBuffer,
    m: number,
    gemm: GemmVariant = this.spec.gemm,
  ): Promise<Step[]> {
    const groups = w.k / 32;
    let pipeline: GPUComputePipeline;
    let dispatches: Awaited<ReturnType<typeof bindMatrixChunks>>;
    /** GEMM chunks: their workgroups for fewer rows (an expert's share of a prompt). */
    const sizes: ((rows: number) => [number, number, number])[] = [];
    let staged: Step[] = [];
    if (m === 1) {
      const variant = gemvOf(this.spec.gemv, w.n, w.k);
      const g = gemvPipelineSpec(this.spec.format, variant);
      const input = await this.stageX(variant, x, w.k);
      staged = input.steps;
      pipeline = await this.pipeline('decode-gemv', g.code, g.entryPoint, g.constants);
      dispatches = await bindMatrixChunks(this.env, pipeline, w, input.x, y, (c) => ({
        params: [c.rows, groups, c.rowStart, 0],
        workgroups: g.workgroups(c.rows),
      }));
    } else {
      const g = gemmPipelineSpec(this.spec.format, gemm);
      pipeline = await this.pipeline('decode-gemm', g.code, g.entryPoint);
      dispatches = await bindMatrixChunks(this.env, pipeline, w, x, y, (c) => {
        sizes.push((rows) => foldGrid(g.workgroups(c.rows, rows)));
        return {
          params: [m, c.rows, groups, c.rowStart, w.n, 0, 0, 0],
          workgroups: g.workgroups(c.rows, m),
        };
      });
    }
    return [
      ...staged,
      ...dispatches.map((d, i) => ({
        pipeline,
        bindGroup: d.bindGroups[0] as GPUBindGroup,
        workgroups: d.workgroups,
        ...(sizes[i] === undefined ? {} : { forRows: sizes[i] }),
      })),
    ];
  }

  /**
   * x as a GEMV reads it: the f32 activations themselves, or their f16 halves or int8 groups,
   * made by a dispatch before the product into a scratch buffer every product shares.
   */
  private async stageX(
    variant: GemvVariant,
    x: GPUBuffer,
    k: number,
  ): Promise<{ steps: Step[]; x: GPUBuffer }> {
    const form = gemvXForm(variant);
    if (form === 'f32') return { steps: [], x };
    const int8 = form === 'int8';
    const units = int8 ? k / 32 : k / 2;
    const pipeline = int8
      ? await this.pipeline('decode-quantize-x', DECODE_SHADERS.quantizeX, 'quantize_x')
      : await this.pipeline('decode-x-f16', DECODE_SHADERS.xToF16, 'x_to_f16');
    if (this.stagedX === undefined) {
      const s = this.spec.shape;
      const widest = Math.max(s.hidden, s.heads * s.headDim, widestFfn(s));
      const bytes = Math.max(quantizedXBytes(widest), 2 * widest);
      this.stagedX = await this.env.buffers.create('decode-x-staged', bytes, STORAGE());
    }
    const u = await this.uniform(int8 ? 'quantize-x' : 'x-to-f16', [units, 0, 0, 0]);
    const step: Step = {
      pipeline,
      bindGroup: this.bind(pipeline, [u, x, this.stagedX]),
      workgroups: foldGrid([Math.ceil(units / 64), 1]),
    };
    return { steps: [step], x: this.stagedX };
  }

  /** RoPE on Q and K of the m rows, in place. */
  private async rope(m: number): Promise<Step> {
    const s = this.spec.shape;
    const pipeline = await this.pipeline('decode-rope', DECODE_SHADERS.rope, 'rope_qk');
    const u = await this.uniform('rope', [m, s.heads, s.kvHeads, s.headDim]);
    const bindGroup = this.bind(pipeline, [
      u,
      this.bufs.qkv,
      this.bufs.rope,
      null,
      null,
      this.state,
    ]);
    const threads = ((s.heads + s.kvHeads) * s.headDim) / 2;
    return { pipeline, bindGroup, workgroups: [Math.ceil(threads / 64), m, 1] };
  }

  /** The m rows' rotated K and V into layer l's cache, at positions state[1] … (its format). */
  private async append(layer: number, m: number): Promise<Step> {
    const s = this.spec.shape;
    const width = s.kvHeads * s.headDim;
    const q = s.heads * s.headDim;
    return kvAppendStep(
      this.env,
      this.caches[layer] as GpuKvCache,
      {
        rows: m,
        kvHeads: s.kvHeads,
        headDim: s.headDim,
        srcStride: q + 2 * width,
        kOffset: q,
        vOffset: q + width,
        fromState: true,
        first: 0,
      },
      { k: this.bufs.qkv, v: this.bufs.qkv, state: this.state },
    );
  }

  /**
   * Layer l's attention: one row, the split decode pass (only the splits that hold positions up
   * to the row's launch) and its combine; a prompt, the flash prefill (Q tiles × KV heads).
   */
  private async attention(layer: number, m: number): Promise<Step[]> {
    const s = this.spec.shape;
    const code = attentionCode(this.kv, attentionShader(attentionReduceFor(this.env.device)));
    const window = windowOf(s, layer);
    const u = await this.env.buffers.createUniform(
      'attention',
      attentionUniform(s, m, this.split, this.maxSplits, window),
    );
    const b = this.bufs;
    const c = this.caches[layer] as GpuKvCache;
    const kv = [c.k, c.v] as const;
    if (m > 1) {
      const prefill = await this.pipeline('decode-attention-prefill', code, 'attn_prefill');
      return [
        {
          pipeline: prefill,
          bindGroup: this.bind(prefill, [
            u,
            b.qkv,
            ...kv,
            null,
            null,
            this.state,
            b.attn,
            c.kScale,
            c.vScale,
          ]),
          workgroups: [...prefillWorkgroups(s, m), 1],
        },
      ];
    }
    const partial = await this.pipeline('decode-attention', code, 'attn_partial');
    const combine = await this.pipeline('decode-attention', code, 'attn_combine');
    /** The splits that hold any of the positions the row at `position` attends to. */
    const live = (position: number) => {
      const n = window > 0 ? Math.min(window, position + 1) : position + 1;
      return Math.max(1, liveAttentionSplits(n, this.maxSplits, this.split));
    };
    return [
      {
        pipeline: partial,
        bindGroup: this.bind(partial, [
          u,
          b.qkv,
          ...kv,
          b.partML,
          b.partAcc,
          this.state,
          null,
          c.kScale,
          c.vScale,
        ]),
        workgroups: [this.maxSplits, s.kvHeads, 1],
        forPosition: (position) => [live(position), s.kvHeads, 1],
      },
      {
        pipeline: combine,
        bindGroup: this.bind(combine, [
          u,
          null,
          null,
          null,
          b.partML,
          b.partAcc,
          this.state,
          b.attn,
        ]),
        workgroups: [s.heads, 1, 1],
      },
    ];
  }

  private async elementwise(
    entry: 'residual' | 'silu_mul',
    a: GPUBuffer,
    out: GPUBuffer,
    width: number,
    m: number,
  ): Promise<Step> {
    const pipeline = await this.pipeline(`decode-${entry}`, DECODE_SHADERS.ffn, entry);
    const u = await this.uniform(entry, [width / 4, m, 0, 0]);
    const size = (rows: number): [number, number, number] => [Math.ceil(width / 4 / 64), rows, 1];
    return {
      pipeline,
      bindGroup: this.bind(pipeline, [u, a, out]),
      workgroups: size(m),
      forRows: size,
    };
  }

  private async argmax(advance: number): Promise<Step> {
    const pipeline = await this.pipeline('decode-argmax', DECODE_SHADERS.argmax, 'argmax');
    const u = await this.uniform('argmax', [this.spec.shape.vocab, advance, 0, 0]);
    return {
      pipeline,
      bindGroup: this.bind(pipeline, [u, this.bufs.logits, this.state, this.tokens]),
      workgroups: [1, 1, 1],
    };
  }
}
