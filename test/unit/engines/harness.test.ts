// The browser harness as a choice (issue 34): WebLLM, llama.cpp's WebGPU backend as WASM in a
// browser, the same backend natively through Dawn, transformers.js, and "browser, harness
// unknown" spanning them; and a browser prefill range of a harness whose prefill was never
// measured at least as wide as the spread between harnesses.
import { describe, expect, it } from 'vitest';
import { renderPrediction } from '../../../src/cli/render/predict-table';
import { resolveFormat } from '../../../src/core/formats';
import {
  classSpread,
  harnessSpread,
  MAX_RANGE_WIDTH,
  metricCalibration,
} from '../../../src/model/engines/calibrate';
import { ENGINES, findEngine } from '../../../src/model/engines/ids';
import { calibrationRows } from '../../../src/model/engines/measurements/data';
import { engineProfile } from '../../../src/model/engines/predict';
import { getGpu } from '../../../src/model/hardware/gpus';
import { getModel } from '../../../src/model/llm/models';
import { predictReport } from '../../../src/model/predict/report';

const rows = calibrationRows();

describe('browser harnesses', () => {
  it('each row goes to the harness its source names', () => {
    const engineOfLabel = (part: string) =>
      new Set(rows.filter((r) => r.engineLabel.includes(part)).map((r) => r.engine));
    expect(engineOfLabel('llama-bench -dev WebGPU, Dawn')).toEqual(
      new Set(['llama.cpp-webgpu-dawn']),
    );
    expect(engineOfLabel('wllama')).toEqual(new Set(['llama.cpp-webgpu']));
    expect(engineOfLabel('webgpu-bench')).toEqual(new Set(['llama.cpp-webgpu']));
    expect(engineOfLabel('LlamaWeb')).toEqual(new Set(['llama.cpp-webgpu']));
    expect(engineOfLabel('WebLLM')).toEqual(new Set(['webllm']));
  });

  it('the CLI and the page take the harness names people use', () => {
    expect(findEngine('llama.cpp-webgpu-wasm')).toBe('llama.cpp-webgpu');
    expect(findEngine('wllama')).toBe('llama.cpp-webgpu');
    expect(findEngine('llama.cpp-webgpu-native')).toBe('llama.cpp-webgpu-dawn');
    expect(findEngine('web-llm')).toBe('webllm');
    expect(findEngine('onnxruntime-web')).toBe('transformers.js');
    expect(findEngine('browser-unknown')).toBe('browser');
    for (const id of ['webllm', 'llama.cpp-webgpu', 'llama.cpp-webgpu-dawn'] as const) {
      expect(ENGINES[id].engineClass).toBe('browser');
    }
  });

  it('WebLLM and llama.cpp as WASM get their own fits: other fixed costs, other ranges', () => {
    const webllm = engineProfile('webllm', 'apple');
    const wasm = engineProfile('llama.cpp-webgpu', 'apple');
    expect(webllm.params.cLayerMs).not.toBe(wasm.params.cLayerMs);
    expect(webllm.decode.interval).not.toEqual(wasm.decode.interval);
  });

  it('a harness predicted from the others lands wider apart than the class’s sources do', () => {
    const harness = harnessSpread(rows);
    const sources = classSpread('browser', 'nvidia', rows, 'decode');
    expect(harness).toBeDefined();
    expect(sources).toBeDefined();
    if (harness === undefined || sources === undefined) return;
    expect(harness.high / harness.low).toBeGreaterThan(sources.high / sources.low);
  });

  it('browser prefill of a harness never measured says "not enough data", llama.cpp as WASM states a range', () => {
    for (const engine of ['webllm', 'llama.cpp-webgpu-dawn', 'browser'] as const) {
      const c = metricCalibration(engine, 'apple', rows, 'ttft');
      expect(c.codes, engine).toContain('prefill-of-another-harness');
      expect(c.codes, engine).toContain('not-enough-data');
    }
    const own = metricCalibration('llama.cpp-webgpu', 'apple', rows, 'ttft');
    expect(own.codes).not.toContain('prefill-of-another-harness');
    // One source holds every browser prefill row: floored to the class's spread, and said.
    expect(own.codes).toContain('range-within-source');
    expect(own.interval.high / own.interval.low).toBeLessThanOrEqual(MAX_RANGE_WIDTH);
    const spread = classSpread('browser', 'apple', rows, 'ttft');
    expect(spread).toBeDefined();
    expect(own.interval.low).toBeLessThanOrEqual(spread?.low ?? 0);
    expect(own.interval.high).toBeGreaterThanOrEqual(spread?.high ?? Number.POSITIVE_INFINITY);
  });
});

describe('llama.cpp build era (issue 34, part 4)', () => {
  const report = (engine: 'llama.cpp-cuda' | 'vllm' | 'native') =>
    predictReport(
      { kind: 'spec', hw: getGpu('rtx-4090'), engine },
      getModel('llama-3-8b'),
      resolveFormat('int4'),
      {},
    ).report;

  it('a llama.cpp engine says its range spans the builds, as no build term is fitted', () => {
    const cuda = report('llama.cpp-cuda');
    expect(cuda.assumptions).toContainEqual({ id: 'build-era-in-range', engine: 'llama.cpp-cuda' });
    expect(renderPrediction(cuda)).toMatch(/no build term is fitted .*spans them/);
    for (const other of ['vllm', 'native'] as const) {
      expect(report(other).assumptions.some((n) => n.id === 'build-era-in-range')).toBe(false);
    }
  });
});
