import { describe, expect, it } from 'vitest';
import { resolveFormat } from '../../../src/core/formats';
import { getGpu, gpuForCalibrationName } from '../../../src/model/gpus';
import { getModel, prefillFlops } from '../../../src/model/llm';
import { predictSpec } from '../../../src/model/predictor';
import { getProfile, PROFILES, UnknownProfileError } from '../../../src/model/profiles';
import { loadCalibration } from './csv';
import { EVIDENCE } from './evidence';
import { decodePoint, fitComputeEfficiency, fitDecode } from './fit';

const csv = loadCalibration();
const llama2 = getModel('llama-2-7b');

/** The CSV's own bandwidth column, as a datasheet. */
const hwFor = (row: (typeof csv)[number]) => {
  const gpu = gpuForCalibrationName(row.hardware);
  return {
    id: gpu?.id ?? row.hardware,
    name: row.hardware,
    bandwidthGBps: row.peakBandwidthGBps,
    fp16Tflops: gpu?.fp16Tflops ?? 1,
    fp32Tflops: gpu?.fp32Tflops ?? 1,
  };
};

describe('native profile against the llama.cpp Apple CSV', () => {
  it('has 51 Llama-2-7B rows', () => {
    expect(csv).toHaveLength(51);
    expect(new Set(csv.map((r) => r.model))).toEqual(new Set(['Llama-2-7B']));
  });

  it('fitDecode on the CSV gives the profile’s expected values', () => {
    const fit = fitDecode(
      csv.map((r) =>
        decodePoint(llama2, resolveFormat(r.weights), r.peakBandwidthGBps, r.decodeTokS),
      ),
    );
    const p = PROFILES.native;
    expect(fit.efficiency).toBeCloseTo(p.bandwidthEfficiency.expected, 3);
    expect(fit.overheadMsPerLayer).toBeCloseTo(p.overheadMsPerLayer.expected, 3);
    expect(fit.mape).toBeLessThan(0.05);
    // The profile's range is at least as wide as the CSV's band around the fit.
    expect(fit.minRatio).toBeGreaterThan(0.9);
    expect(fit.maxRatio).toBeLessThan(1.15);
  });

  it('spec mode predicts the CSV decode rates: MAPE < 10 %, every row inside [low, high]', () => {
    let sumErr = 0;
    for (const r of csv) {
      const pred = predictSpec(hwFor(r), PROFILES.native, llama2, resolveFormat(r.weights), {
        promptTokens: 1,
        outputTokens: 128,
        context: 64,
      });
      const tps = pred.decode.tokensPerSecond;
      sumErr += Math.abs(tps.expected / r.decodeTokS - 1);
      expect(r.decodeTokS, r.hardware).toBeGreaterThanOrEqual(tps.low);
      expect(r.decodeTokS, r.hardware).toBeLessThanOrEqual(tps.high);
    }
    expect(sumErr / csv.length).toBeLessThan(0.1);
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

  it('prefill: the CSV’s pp512 compute efficiency matches the profile and sits in its range', () => {
    const points = csv.flatMap((r) => {
      const gpu = gpuForCalibrationName(r.hardware);
      if (gpu === undefined || r.prefillTokS === undefined) return [];
      return [
        {
          flops: prefillFlops(llama2, 512).total,
          peakTflops: gpu.fp16Tflops,
          measuredMs: (512 / r.prefillTokS) * 1000,
        },
      ];
    });
    expect(points.length).toBe(48); // three rows have no pp512
    const fit = fitComputeEfficiency(points);
    const ce = PROFILES.native.computeEfficiency;
    expect(fit.expected).toBeCloseTo(ce.expected, 2);
    expect(fit.low).toBeGreaterThanOrEqual(ce.low);
    expect(fit.high).toBeLessThanOrEqual(ce.high);
    // And the spec predictor's TTFT range holds every measured prefill.
    for (const r of csv) {
      if (r.prefillTokS === undefined) continue;
      const pred = predictSpec(hwFor(r), PROFILES.native, llama2, resolveFormat(r.weights), {
        promptTokens: 512,
      });
      expect(r.prefillTokS, r.hardware).toBeGreaterThanOrEqual(pred.prefill.tokensPerSecond.low);
      expect(r.prefillTokS, r.hardware).toBeLessThanOrEqual(pred.prefill.tokensPerSecond.high);
    }
  });
});

describe('evidence beyond the CSV', () => {
  it.each(EVIDENCE.map((e) => [`${e.profile} ${e.gpu} ${e.model} ${e.weights}`, e] as const))(
    '%s lies inside the profile’s range',
    (_label, e) => {
      const pred = predictSpec(
        getGpu(e.gpu),
        PROFILES[e.profile],
        getModel(e.model),
        resolveFormat(e.weights),
        {
          promptTokens: 64,
          outputTokens: 128,
        },
      );
      expect(e.tokensPerSecond).toBeGreaterThanOrEqual(pred.decode.tokensPerSecond.low);
      expect(e.tokensPerSecond).toBeLessThanOrEqual(pred.decode.tokensPerSecond.high);
      expect(e.source.length).toBeGreaterThan(20);
    },
  );

  it('the browser profile is the fit to the WebLLM pair', () => {
    const points = EVIDENCE.filter((e) => e.profile === 'browser').map((e) =>
      decodePoint(
        getModel(e.model),
        resolveFormat(e.weights),
        getGpu(e.gpu).bandwidthGBps,
        e.tokensPerSecond,
      ),
    );
    const fit = fitDecode(points);
    expect(fit.efficiency).toBeCloseTo(PROFILES.browser.bandwidthEfficiency.expected, 2);
    expect(fit.overheadMsPerLayer).toBeCloseTo(PROFILES.browser.overheadMsPerLayer.expected, 2);
  });

  it('a browser is slower than native on the same GPU, by the WebLLM paper’s ~70–80 %', () => {
    const args = [getGpu('m3-max'), getModel('llama-3-8b'), resolveFormat('q4f16_1')] as const;
    const native = predictSpec(args[0], PROFILES.native, args[1], args[2]);
    const browser = predictSpec(args[0], PROFILES.browser, args[1], args[2]);
    const ratio = browser.decode.tokensPerSecond.expected / native.decode.tokensPerSecond.expected;
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(0.85);
  });
});

describe('profiles', () => {
  it('keep low ≤ expected ≤ high and state how they were derived', () => {
    for (const p of Object.values(PROFILES)) {
      for (const r of [p.bandwidthEfficiency, p.overheadMsPerLayer, p.computeEfficiency]) {
        expect(r.low).toBeLessThanOrEqual(r.expected);
        expect(r.expected).toBeLessThanOrEqual(r.high);
      }
      expect(p.bandwidthEfficiency.high).toBeLessThanOrEqual(1);
      expect(p.derivation.length).toBeGreaterThan(0);
    }
    expect(getProfile('browser').id).toBe('browser');
    expect(() => getProfile('cuda')).toThrow(UnknownProfileError);
  });
});
