// The fit's terms are fitted only where the rows can tell them apart (calibrate.ts): the fixed
// cost per prompt F of an engine needs its rows at two prompt lengths on one GPU and model; the
// consumption ceiling g needs six GPUs of twofold different bandwidths; the browser decode
// attention factor k needs one source, GPU and model at contexts ≥ 4× apart; and a range's residuals,
// pooled over two hold-out groupings, count each row once.
import { describe, expect, it } from 'vitest';
import {
  CONSUME_MIN_GPUS,
  consumeIdentifiable,
  contextPairs,
  enginesWithFixedCost,
  fitBrowserDecodeRows,
  fitDecodeRows,
  fitTtftRows,
  residualInterval,
  SMALL_SAMPLE,
} from '../../../src/model/engines/calibrate';
import { heldOutPredictions } from '../../../src/model/engines/cross-validation';
import { calibrationRows } from '../../../src/model/engines/measurements/data';
import type { CalibrationRow } from '../../../src/model/engines/measurements/rows';

const rows = calibrationRows();
const ttft = rows.filter((r) => r.metric === 'ttft');
const of = (engine: string, metric: 'decode' | 'ttft') =>
  rows.filter((r) => r.engine === engine && r.metric === metric);

describe('fixed cost per prompt (F): fitted only for engines whose rows vary the prompt', () => {
  it('names the engines with one GPU and model measured at prompts ≥ 2× apart', () => {
    const engines = enginesWithFixedCost(ttft);
    // MLX: the M3 Max 70B at 260 and 2173 tokens; Metal: M2 Ultra pp512 … pp16384 (PR 15616);
    // TensorRT-LLM: NIM at 500 and 5000 tokens.
    for (const e of ['mlx', 'llama.cpp-metal', 'trt-llm'] as const)
      expect(engines.has(e), e).toBe(true);
    // llama.cpp CUDA: pp512 only, on every GPU.
    expect(engines.has('llama.cpp-cuda')).toBe(false);
  });

  it('gives an engine without such rows no F, and the one with them its own', () => {
    const cuda = of('llama.cpp-cuda', 'ttft');
    const d = fitDecodeRows(of('llama.cpp-cuda', 'decode'));
    expect(fitTtftRows(cuda, d.eta, d.cLayerMs, false, 'llama.cpp-cuda').fixedMs).toBe(0);
    // One pool of MLX and Metal rows: each engine's F from its own column.
    const apple = ttft.filter((r) => r.engine === 'mlx' || r.engine === 'llama.cpp-metal');
    const mlx = fitTtftRows(apple, 0.8, 0, false, 'mlx');
    const metal = fitTtftRows(apple, 0.8, 0, false, 'llama.cpp-metal');
    expect(mlx.eps).toBe(metal.eps);
    expect(mlx.fixedMs).not.toBe(metal.fixedMs);
    expect(mlx.fixedMs).toBeGreaterThan(0);
  });
});

describe('consumption ceiling (g): fitted only on wide enough decode pools', () => {
  const gpus = (rs: readonly CalibrationRow[]) => new Set(rs.map((r) => r.gpuKey)).size;

  it(`needs ${CONSUME_MIN_GPUS} GPUs whose bandwidths differ at least twofold`, () => {
    const cuda = of('llama.cpp-cuda', 'decode');
    expect(gpus(cuda)).toBeGreaterThanOrEqual(CONSUME_MIN_GPUS);
    expect(consumeIdentifiable(cuda)).toBe(true);
    // The Metal rows outside the Apple table: five GPUs.
    const metal = of('llama.cpp-metal', 'decode').filter((r) => !r.id.startsWith('apple:'));
    expect(gpus(metal)).toBeLessThan(CONSUME_MIN_GPUS);
    expect(consumeIdentifiable(metal)).toBe(false);
    // As many GPUs all of one bandwidth cannot separate g from η either.
    const flat = cuda.map((r) => ({ ...r, bandwidthGBps: 900 }));
    expect(consumeIdentifiable(flat)).toBe(false);
  });
});

describe('a range from residuals pooled over two groupings counts each row once', () => {
  it('keeps the small-sample widening of the rows, not of the residuals', () => {
    const few = [-0.1, -0.05, 0, 0.05, 0.1];
    const twice = [...few, ...few];
    expect(twice.length).toBeLessThan(SMALL_SAMPLE);
    const asRows = residualInterval(twice, few.length);
    const asResiduals = residualInterval(twice);
    expect(asRows.n).toBe(5);
    expect(asRows.high / asRows.low).toBeGreaterThan(asResiduals.high / asResiduals.low);
  });
});

describe('mixture-of-experts rows: predicted, not fitted (one GPU, one source)', () => {
  it('decode from the routed experts’ bytes lands within 10 % with its source held out', () => {
    const moe = heldOutPredictions('llama.cpp-metal', rows, 'decode', 'source').filter(
      (p) => p.row.model.id === 'qwen3-30b-a3b',
    );
    expect(moe).toHaveLength(1);
    for (const p of moe) {
      expect(p.row.ms / p.predictedMs).toBeGreaterThan(0.9);
      expect(p.row.ms / p.predictedMs).toBeLessThan(1.1);
    }
  });
});

describe('browser decode attention factor (k): fitted only where the rows vary the context', () => {
  const browserDecode = rows.filter(
    (r) => r.metric === 'decode' && (r.engine === 'llama.cpp-webgpu' || r.engine === 'webllm'),
  );
  const fromWebOfLlamas = (r: CalibrationRow) => r.source.includes('web-of-llamas');

  it('needs one source, GPU, model and format at contexts ≥ 4× apart (web-of-llamas’ tg128 at d0 and d2048)', () => {
    const pairs = contextPairs(browserDecode);
    expect(pairs.length).toBeGreaterThan(0);
    for (const { short, long } of pairs) {
      expect(fromWebOfLlamas(short) && fromWebOfLlamas(long)).toBe(true);
      expect(long.gpuKey).toBe(short.gpuKey);
      expect(long.contextTokens).toBeGreaterThanOrEqual(4 * short.contextTokens);
    }
    const other = browserDecode.filter((r) => !fromWebOfLlamas(r));
    expect(other.length).toBeGreaterThan(0);
    // Other sources decode at one context each (browser-llm-lab's 597 tokens among them): no pair.
    expect(contextPairs(other)).toEqual([]);
  });

  it('gives k = 0 without such rows, a k of the data with them', () => {
    const other = browserDecode.filter((r) => !fromWebOfLlamas(r));
    expect(fitBrowserDecodeRows(other, 'apple').attnFactor).toBe(0);
    expect(fitBrowserDecodeRows(browserDecode, 'apple').attnFactor).toBeGreaterThan(0);
  });

  it('takes k from the pairs alone: rows of other sources, whatever their fixed costs, do not move it', () => {
    const k = fitBrowserDecodeRows(browserDecode, 'apple').attnFactor;
    const pairsOnly = browserDecode.filter(fromWebOfLlamas);
    expect(fitBrowserDecodeRows(pairsOnly, 'apple').attnFactor).toBeCloseTo(k, 9);
    // One GPU's rows again, as if measured in a harness twice as slow (another source): k stays,
    // whatever the other terms make of them.
    const slower = browserDecode
      .filter((r) => r.gpuKey === 'apple m3' && fromWebOfLlamas(r) && r.contextTokens < 256)
      .map((r) => ({
        ...r,
        source: 'a slower harness',
        gpuKey: 'apple m3 (slower)',
        ms: 2 * r.ms,
      }));
    expect(slower.length).toBeGreaterThan(0);
    expect(fitBrowserDecodeRows([...browserDecode, ...slower], 'apple').attnFactor).toBeCloseTo(
      k,
      9,
    );
  });
});
