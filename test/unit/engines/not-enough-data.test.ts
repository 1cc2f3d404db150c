// A range wider than 4× is no prediction: the profile carries 'not-enough-data', and the CLI's
// table prints the expected value with those words instead of a low–high range.
import { describe, expect, it } from 'vitest';
import { renderPrediction } from '../../../src/cli/render/predict-table';
import { reportJson } from '../../../src/cli/render/report-json';
import { resolveFormat } from '../../../src/core/formats';
import { MAX_RANGE_WIDTH } from '../../../src/model/engines/calibrate';
import { FITTED } from '../../../src/model/engines/fitted.generated';
import { engineProfile } from '../../../src/model/engines/predict';
import { getGpu } from '../../../src/model/hardware/gpus';
import { getModel } from '../../../src/model/llm/models';
import { predictReport } from '../../../src/model/predict/report';
import { calibrationText } from '../../../src/ui/predictions/prediction-words';

describe('not enough data for a range', () => {
  it('every fitted range wider than 4× says so, and none narrower does', () => {
    for (const p of Object.values(FITTED.profiles)) {
      for (const m of ['decode', 'ttft'] as const) {
        const { low, high } = p[m].interval;
        const wide = high / low > MAX_RANGE_WIDTH;
        expect(p[m].codes.includes('not-enough-data'), `${p.engine} ${p.vendor} ${m}`).toBe(wide);
      }
    }
  });

  it('llama.cpp ROCm TTFT (prefill 0.2–0.6 of the FP16 rate across AMD GPUs) prints words, decode a range', () => {
    const rocm = engineProfile('llama.cpp-rocm', 'amd');
    expect(rocm.ttft.codes).toContain('not-enough-data');
    expect(rocm.decode.codes).not.toContain('not-enough-data');
    const { report } = predictReport(
      { kind: 'spec', hw: getGpu('rx-7900-xtx'), engine: 'llama.cpp-rocm' },
      getModel('llama-3-8b'),
      resolveFormat('int4'),
      {},
    );
    const text = renderPrediction(report);
    expect(text).toMatch(/TTFT\s+\d[\d.,]* ms; not enough data for a range/);
    expect(text).toMatch(/prefill rate\s+\d[\d.,]* tokens\/s; not enough data/);
    expect(text).toMatch(/decode ITL\s+\d+\.\d+ ms\/token \(\d/);
  });

  it('the JSON gives no low and high where the range is not stated, and says why', () => {
    const { report } = predictReport(
      { kind: 'spec', hw: getGpu('rx-7900-xtx'), engine: 'llama.cpp-rocm' },
      getModel('llama-3-8b'),
      resolveFormat('int4'),
      {},
    );
    expect(report.rangeStated).toEqual({ decode: true, ttft: false });
    const json = JSON.parse(JSON.stringify(reportJson(report)));
    expect(json.prefill.ttftMs).toEqual({
      expected: report.prefill?.ttftMs.expected,
      low: null,
      high: null,
    });
    expect(json.prefill.tokensPerSecond.low).toBeNull();
    expect(json.e2eMs.high).toBeNull();
    expect(json.rangeReason.ttft).toMatch(/not enough data: the range would be more than 4× wide/);
    // Decode is stated: its range stays two numbers, everywhere it appears.
    expect(json.rangeReason.decode).toBeNull();
    expect(json.decode.msPerToken.low).toBe(report.decode?.msPerToken.low);
    expect(json.latencyThroughput[0].msPerToken.high).toBeGreaterThan(0);
  });
});

describe('measurements of too few sources', () => {
  it('the calibration line counts the held-out ranges that said "not enough data" apart', () => {
    const line = (engine: 'llama.cpp-webgpu' | 'llama.cpp-metal') => {
      const { report } = predictReport(
        { kind: 'spec', hw: getGpu('rtx-4090'), engine },
        getModel('llama-3.2-1b'),
        resolveFormat('int4'),
        {},
      );
      return renderPrediction(report)
        .split('\n')
        .find((l) => l.startsWith('calibration'));
    };
    // Held out by source and GPU family (the headline the CLI prints), most llama.cpp WebGPU
    // decode rows get no range: the share inside is of the others, and the line says so.
    const webgpu = FITTED.summaries['source+family']['llama.cpp-webgpu|decode'];
    expect(webgpu?.notEnoughData).toBeGreaterThan(0);
    expect(line('llama.cpp-webgpu')).toContain(
      `n = ${webgpu?.n} (${webgpu?.notEnoughData} of them "not enough data", not counted inside)`,
    );
    const metal = FITTED.summaries['source+family']['llama.cpp-metal|decode'];
    expect(metal?.notEnoughData).toBe(0);
    expect(line('llama.cpp-metal')).toMatch(new RegExp(`decode MAPE [^;]*n = ${metal?.n};`));
  });

  it('llama.cpp WebGPU TTFT: its 18 rows are one repository’s; held out, only other harnesses predict them, every range past 4×, and the CLI says so', () => {
    const { report } = predictReport(
      { kind: 'spec', hw: getGpu('rtx-4090'), engine: 'llama.cpp-webgpu' },
      getModel('llama-3.2-1b'),
      resolveFormat('int4'),
      {},
    );
    expect(report.calibrationTtft).toMatchObject({ n: 18, noFit: 0, notEnoughData: 18 });
    const text = renderPrediction(report);
    expect(text).toMatch(
      /TTFT MAPE \d+ %, n = 18, each held-out range "not enough data" \(wider than 4×\)/,
    );
    expect(text).not.toMatch(/NaN|— inside/);
  });

  it('the page says when every held-out decode range was past 4×, and prints no share or width', () => {
    const { report } = predictReport(
      { kind: 'spec', hw: getGpu('rtx-4090'), engine: 'webllm' },
      getModel('llama-3.2-1b'),
      resolveFormat('int4'),
      {},
    );
    const c = report.calibration;
    expect(c).not.toBeNull();
    if (c === null) return;
    // As a held-out table with no stated range gives it: NaN share and width.
    const allWide = { ...c, notEnoughData: c.n, coverage: Number.NaN, width: Number.NaN };
    const words = calibrationText({ ...report, calibration: allWide }) ?? '';
    expect(words).toMatch(
      /every one of those held-out ranges was wider than 4×, "not enough data"/,
    );
    expect(words).not.toMatch(/NaN/);
    expect(calibrationText(report)).toMatch(/fall inside the range/);
  });
});
