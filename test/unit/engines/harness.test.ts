// The browser harness as a choice (issue 34): WebLLM, llama.cpp's WebGPU backend as WASM in a
// browser, the same backend natively through Dawn, transformers.js, and "browser, harness
// unknown" spanning them; and a browser prefill range of a harness measured on too few GPUs
// stated as "not enough data".
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

  it('browser prefill: each harness measured on three GPUs states its own range; the Dawn build, measured on one, says "not enough data"', () => {
    // WebLLM's prefill: browser-llm-lab's RTX 4090 Laptop and M4 Pro, beingdb-webllm's M1.
    for (const engine of ['webllm', 'llama.cpp-webgpu', 'transformers.js'] as const) {
      const own = metricCalibration(engine, 'apple', rows, 'ttft');
      expect(own.basis, engine).toBe('engine');
      expect(own.poolGpus, engine).toBeGreaterThanOrEqual(3);
      expect(own.codes, engine).not.toContain('not-enough-data');
      expect(own.interval.high / own.interval.low, engine).toBeLessThanOrEqual(MAX_RANGE_WIDTH);
    }
    const dawn = metricCalibration('llama.cpp-webgpu-dawn', 'apple', rows, 'ttft');
    expect(dawn.basis).not.toBe('engine');
    expect(dawn.codes).toContain('not-enough-data');
    // "Harness unknown" is fitted on every harness's prefill rows.
    const unknown = metricCalibration('browser', 'apple', rows, 'ttft');
    expect(unknown.basis).toBe('class');
    expect(
      new Set(
        rows
          .filter((r) => r.metric === 'ttft' && ENGINES[r.engine].engineClass === 'browser')
          .map((r) => r.engine),
      ).size,
    ).toBeGreaterThanOrEqual(3);
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
