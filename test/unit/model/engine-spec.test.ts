// Spec mode goes through the engine profiles (model/engines): the llama.cpp Metal profile against
// the Apple CSV it is fitted on (an in-sample check, named so), published rates in no calibration
// file, and the generic
// engines that `--runtime native|browser` name.

import { describe, expect, it } from 'vitest';
import { resolveFormat } from '../../../src/core/formats';
import { gpuFamilyOf } from '../../../src/model/engines/groups';
import {
  ENGINE_IDS,
  findEngine,
  getEngine,
  UnknownEngineError,
  VENDORS,
} from '../../../src/model/engines/ids';
import { calibrationRows } from '../../../src/model/engines/measurements/data';
import { gpuKeyOf } from '../../../src/model/engines/measurements/rows';
import { engineProfile } from '../../../src/model/engines/predict';
import { getGpu, gpuForCalibrationName } from '../../../src/model/hardware/gpus';
import { getModel } from '../../../src/model/llm/models';
import { predictSpec } from '../../../src/model/predict/spec-estimator';
import { loadCalibration } from './csv';
import { EVIDENCE } from './evidence';
import { decodePoint, fitDecode } from './fit';

const csv = loadCalibration();
const llama2 = getModel('llama-2-7b');

/** The CSV's chip from the catalogue, with the CSV's own bandwidth column. */
const hwFor = (row: (typeof csv)[number]) => {
  const gpu = gpuForCalibrationName(row.hardware);
  return {
    id: gpu?.id ?? row.hardware,
    name: row.hardware,
    vendor: 'apple' as const,
    bandwidthGBps: row.peakBandwidthGBps,
    fp16Tflops: gpu?.fp16Tflops ?? 1,
    fp32Tflops: gpu?.fp32Tflops ?? 1,
  };
};

describe('llama.cpp Metal against the llama.cpp Apple CSV', () => {
  const metal = engineProfile('llama.cpp-metal', 'apple');

  it('has 51 Llama-2-7B rows', () => {
    expect(csv).toHaveLength(51);
    expect(new Set(csv.map((r) => r.model))).toEqual(new Set(['Llama-2-7B']));
  });

  it('the engine profile is close to a plain fit of the CSV, and fitted on its own rows', () => {
    const fit = fitDecode(
      csv.map((r) =>
        decodePoint(llama2, resolveFormat(r.weights), r.peakBandwidthGBps, r.decodeTokS),
      ),
    );
    expect(metal.decode.basis).toBe('engine-vendor');
    // The plain fit reads 4.5 bits for Q4_0 everywhere; the engine keeps the head at Q6_K and
    // weighs each GPU once, so the two agree within a few points.
    expect(Math.abs(metal.params.eta - fit.efficiency)).toBeLessThan(0.1);
    expect(Math.abs(metal.params.cLayerMs - fit.overheadMsPerLayer)).toBeLessThan(0.06);
    expect(fit.mape).toBeLessThan(0.05);
  });

  it('spec mode predicts the CSV decode rates: MAPE < 10 %, ≥ 85 % inside [low, high]', () => {
    let sumErr = 0;
    let inside = 0;
    for (const r of csv) {
      const pred = predictSpec(hwFor(r), 'llama.cpp-metal', llama2, resolveFormat(r.weights), {
        promptTokens: 1,
        outputTokens: 128,
        context: 64,
      });
      const tps = pred.decode.tokensPerSecond;
      sumErr += Math.abs(tps.expected / r.decodeTokS - 1);
      if (r.decodeTokS >= tps.low && r.decodeTokS <= tps.high) inside++;
      expect(Math.abs(tps.expected / r.decodeTokS - 1), r.hardware).toBeLessThan(0.3);
    }
    expect(sumErr / csv.length).toBeLessThan(0.1);
    expect(inside / csv.length).toBeGreaterThanOrEqual(0.85);
  });

  it('every CSV chip is in the GPU catalogue with the CSV’s bandwidth', () => {
    for (const r of csv) {
      const gpu = gpuForCalibrationName(r.hardware);
      expect(gpu, r.hardware).toBeDefined();
      // M3 Ultra: Apple states 819.2 GB/s, the thread's table 800.
      expect(
        Math.abs((gpu?.bandwidthGBps ?? 0) / r.peakBandwidthGBps - 1),
        r.hardware,
      ).toBeLessThan(0.03);
    }
  });

  it('prefill: the CSV’s pp512 within 15 % on average, ≥ 80 % inside the TTFT range', () => {
    const rows = csv.filter((r) => r.prefillTokS !== undefined);
    expect(rows.length).toBe(48); // three rows have no pp512
    let sumErr = 0;
    let inside = 0;
    for (const r of rows) {
      const pred = predictSpec(hwFor(r), 'llama.cpp-metal', llama2, resolveFormat(r.weights), {
        promptTokens: 512,
      });
      const rate = pred.prefill.tokensPerSecond;
      const measured = r.prefillTokS ?? 0;
      sumErr += Math.abs(rate.expected / measured - 1);
      if (measured >= rate.low && measured <= rate.high) inside++;
      expect(pred.prefill.bound, r.hardware).toBe('compute');
    }
    expect(sumErr / rows.length).toBeLessThan(0.15);
    expect(inside / rows.length).toBeGreaterThanOrEqual(0.8);
  });
});

describe('evidence beyond the calibration data', () => {
  const rate = (e: (typeof EVIDENCE)[number]) =>
    predictSpec(getGpu(e.gpu), e.engine, getModel(e.model), resolveFormat(e.weights), {
      promptTokens: 64,
      outputTokens: 128,
    }).decode.tokensPerSecond;
  const label = (e: (typeof EVIDENCE)[number]) => `${e.engine} ${e.gpu} ${e.model} ${e.weights}`;

  it.each(EVIDENCE.filter((e) => e.knownMiss === undefined).map((e) => [label(e), e] as const))(
    '%s lies inside its engine’s range',
    (_label, e) => {
      const pred = rate(e);
      expect(e.tokensPerSecond).toBeGreaterThanOrEqual(pred.low);
      expect(e.tokensPerSecond).toBeLessThanOrEqual(pred.high);
      expect(e.source.length).toBeGreaterThan(20);
    },
  );

  it.each(EVIDENCE.filter((e) => e.knownMiss !== undefined).map((e) => [label(e), e] as const))(
    '%s: a known miss, within 10 % of the range',
    (_label, e) => {
      const pred = rate(e);
      expect(e.tokensPerSecond).toBeGreaterThanOrEqual(pred.low * 0.9);
      expect(e.tokensPerSecond).toBeLessThanOrEqual(pred.high * 1.1);
      expect(e.tokensPerSecond > pred.high || e.tokensPerSecond < pred.low).toBe(true);
      expect(e.knownMiss?.length).toBeGreaterThan(20);
    },
  );

  it('no evidence point is a calibration row: the set is out of sample', () => {
    const rows = calibrationRows();
    for (const e of EVIDENCE) {
      const gpu = getGpu(e.gpu);
      const ms = 1000 / e.tokensPerSecond;
      const twins = rows.filter(
        (r) =>
          r.engine === e.engine &&
          gpuFamilyOf(r.gpuKey) === gpuFamilyOf(gpuKeyOf(gpu.name)) &&
          Math.abs(r.ms / ms - 1) < 0.02,
      );
      expect(
        twins.map((r) => r.id),
        label(e),
      ).toEqual([]);
      expect(
        rows.some((r) => r.source.includes(e.source.slice(0, 40))),
        label(e),
      ).toBe(false);
    }
    expect(EVIDENCE.length).toBeGreaterThan(0);
  });

  it('a browser engine is slower than a native one on the same GPU', () => {
    const args = [getGpu('m3-max'), getModel('llama-3-8b'), resolveFormat('int4')] as const;
    const native = predictSpec(args[0], 'mlc', args[1], args[2]);
    const browser = predictSpec(args[0], 'webllm', args[1], args[2]);
    const ratio = browser.decode.tokensPerSecond.expected / native.decode.tokensPerSecond.expected;
    expect(ratio).toBeGreaterThan(0.3);
    expect(ratio).toBeLessThan(1);
  });
});

describe('engine profiles', () => {
  it('every engine × vendor has a range holding its expected value, and η ≤ 1', () => {
    for (const engine of ENGINE_IDS) {
      for (const vendor of VENDORS) {
        const p = engineProfile(engine, vendor);
        for (const i of [p.decode.interval, p.ttft.interval]) {
          expect(i.low, `${engine} ${vendor}`).toBeLessThanOrEqual(1);
          expect(i.high, `${engine} ${vendor}`).toBeGreaterThanOrEqual(1);
        }
        expect(p.params.eta).toBeLessThanOrEqual(1);
        expect(p.params.eta).toBeGreaterThan(0);
      }
    }
    expect(getEngine('browser').id).toBe('browser');
    expect(findEngine('cuda')).toBeUndefined();
    expect(() => getEngine('cuda')).toThrow(UnknownEngineError);
  });
});
