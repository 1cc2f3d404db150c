// Recomputes the leave-one-GPU-out calibration report (`npm run calibrate`) and pins it against
// issue 12's targets. Where an engine meets a target, the target is asserted. Where it cannot with
// the data in data/calibration/, the honest figure is pinned, with the reason; adding rows that
// move a figure means updating this table.
import { describe, expect, it } from 'vitest';
import { RANGE_LEVEL } from '../../../src/model/engines/calibrate';
import {
  calibrationReport,
  formatReport,
  type ReportLine,
} from '../../../src/model/engines/cross-validation';
import { calibrationRows } from '../../../src/model/engines/data';

const report = calibrationReport(calibrationRows());
const line = (label: string, metric: 'decode' | 'ttft'): ReportLine => {
  const l = report.find((r) => r.label === label && r.metric === metric);
  if (l === undefined) throw new Error(`no report line ${label} ${metric}`);
  return l;
};

/** Issue 12's targets, on GPUs the fit has not seen. */
const TARGET = {
  decode: { mape: 0.15, coverage: 0.85, width: 1.6 },
  ttft: { mape: 0.25, coverage: 0.8 },
} as const;

/** 'target' = meets it; a number = the honest figure, pinned (to ±0.005). */
type Figure = 'target' | number;
interface Expectation {
  label: string;
  metric: 'decode' | 'ttft';
  n: number;
  gpus: number;
  mape: Figure;
  coverage: Figure;
  width?: Figure;
  why?: string;
}

const EXPECTED: readonly Expectation[] = [
  {
    label: 'llama.cpp-metal',
    metric: 'decode',
    n: 56,
    gpus: 15,
    mape: 'target',
    coverage: 'target',
    width: 'target',
  },
  { label: 'llama.cpp-metal', metric: 'ttft', n: 50, gpus: 15, mape: 'target', coverage: 'target' },
  {
    label: 'llama.cpp-cuda',
    metric: 'decode',
    n: 8,
    gpus: 4,
    mape: 'target',
    coverage: 'target',
    width: 1.717,
    why: 'four GPUs; the January 2024 RTX 3090 Ti build runs 50 % slower than the fit, so the held-out residual spread is wide',
  },
  {
    label: 'llama.cpp-cuda',
    metric: 'ttft',
    n: 4,
    gpus: 2,
    mape: 'target',
    coverage: 0.75,
    why: 'two GPUs with prefill rows: the fit falls back to every native NVIDIA row; F16 prefill on the RTX 4090 runs near twice the FP32-accumulate peak (FP16 accumulate) and lands outside',
  },
  {
    label: 'llama.cpp-rocm',
    metric: 'decode',
    n: 2,
    gpus: 1,
    mape: 0.284,
    coverage: 0.5,
    width: 1.892,
    why: 'one AMD GPU: held out, it is predicted from NVIDIA llama.cpp, and ROCm’s Q4_K_M decode is twice as slow as CUDA’s at the same bandwidth',
  },
  {
    label: 'mlx',
    metric: 'decode',
    n: 1,
    gpus: 1,
    mape: 'target',
    coverage: 'target',
    width: 'target',
  },
  {
    label: 'mlx',
    metric: 'ttft',
    n: 1,
    gpus: 1,
    mape: 0.395,
    coverage: 0,
    why: 'one 16-token prompt on a 70B model; MLX’s prompt time there is 65 % above what llama.cpp-Metal’s fit predicts',
  },
  {
    label: 'mlc',
    metric: 'decode',
    n: 1,
    gpus: 1,
    mape: 0.281,
    coverage: 0,
    width: 'target',
    why: 'one MLC row (M1 Pro), predicted from llama.cpp-Metal: MLC is 39 % slower there',
  },
  {
    label: 'trt-llm',
    metric: 'decode',
    n: 2,
    gpus: 1,
    mape: 'target',
    coverage: 'target',
    width: 'target',
  },
  {
    label: 'trt-llm',
    metric: 'ttft',
    n: 2,
    gpus: 1,
    mape: 'target',
    coverage: 0.5,
    why: 'one GPU pair (2×H100); the 5000-token prompt runs at 24 % less than the fitted FP8 rate',
  },
  {
    label: 'webllm',
    metric: 'decode',
    n: 2,
    gpus: 2,
    mape: 0.295,
    coverage: 'target',
    width: 6.12,
    why: 'two rows that contradict each other (the RTX 4090 decodes slower than a laptop RTX 4050); its range is the browser class’s leave-one-vendor-out one',
  },
  {
    label: 'webllm (vendor seen)',
    metric: 'decode',
    n: 2,
    gpus: 2,
    mape: 0.295,
    coverage: 'target',
    width: 6.12,
    why: 'as webllm: both rows are NVIDIA, so each held-out GPU has the other’s vendor',
  },
  {
    label: 'llama.cpp-webgpu',
    metric: 'decode',
    n: 60,
    gpus: 6,
    mape: 0.21,
    coverage: 0.733,
    width: 'target',
    why: 'six GPUs: the RX 7900 XT and Arc B580 are their vendors’ only GPUs, so held out they get the other vendors’ fixed cost per token (the B580’s is 21 ms, NVIDIA’s 3 ms) and miss by up to 3×',
  },
  {
    label: 'llama.cpp-webgpu (vendor seen)',
    metric: 'decode',
    n: 40,
    gpus: 4,
    mape: 'target',
    coverage: 'target',
    width: 'target',
  },
  {
    label: 'llama.cpp-webgpu',
    metric: 'ttft',
    n: 18,
    gpus: 6,
    mape: 'target',
    coverage: 0.722,
    why: 'the RX 7900 XT and Arc B580 are their vendors’ only GPUs: held out, they get another vendor’s ε (AMD’s quantised prefill runs 1.4× the fit); see the vendor-seen line',
  },
  {
    label: 'llama.cpp-webgpu (vendor seen)',
    metric: 'ttft',
    n: 12,
    gpus: 4,
    mape: 'target',
    coverage: 0.75,
    why: 'two NVIDIA and two Apple GPUs: a held-out NVIDIA GPU’s interval rests on the two Apple GPUs’ six residuals (±5 %), while the RTX 5070 runs F16 prefill slower than Q4_K_M (0.88 and 1.11 of the fit) and the RTX 5080 runs Q8_0 as slowly as Q4_K_M (1.12); 9 of 12 inside',
  },
  {
    label: 'native',
    metric: 'decode',
    n: 70,
    gpus: 21,
    mape: 'target',
    coverage: 'target',
    width: 'target',
  },
  { label: 'native', metric: 'ttft', n: 57, gpus: 18, mape: 'target', coverage: 'target' },
  {
    label: 'browser',
    metric: 'decode',
    n: 62,
    gpus: 8,
    mape: 0.233,
    coverage: 0.806,
    width: 2.01,
    why: 'held-out GPUs of unseen vendors (RX 7900 XT, Arc B580) included, as llama.cpp-webgpu decode; its range also holds WebLLM’s two contradicting rows (the RTX 4090 2.3× slower than the fit)',
  },
  {
    label: 'browser (vendor seen)',
    metric: 'decode',
    n: 42,
    gpus: 6,
    mape: 0.161,
    coverage: 'target',
    width: 1.76,
    why: 'the generic profile pools WebLLM’s two rows, which contradict each other (the RTX 4090 decodes slower than a laptop RTX 4050), with llama.cpp-webgpu’s: its fit and range carry both',
  },
  {
    label: 'browser',
    metric: 'ttft',
    n: 18,
    gpus: 6,
    mape: 'target',
    coverage: 0.722,
    why: 'every browser prefill row is llama.cpp-webgpu’s: as llama.cpp-webgpu ttft',
  },
  {
    label: 'browser (vendor seen)',
    metric: 'ttft',
    n: 12,
    gpus: 4,
    mape: 'target',
    coverage: 0.75,
    why: 'as llama.cpp-webgpu (vendor seen) ttft',
  },
  {
    label: 'native (all engines)',
    metric: 'decode',
    n: 70,
    gpus: 21,
    mape: 'target',
    coverage: 'target',
    width: 'target',
  },
  {
    label: 'native (all engines)',
    metric: 'ttft',
    n: 57,
    gpus: 18,
    mape: 'target',
    coverage: 'target',
  },
  {
    label: 'browser (all engines)',
    metric: 'decode',
    n: 62,
    gpus: 8,
    mape: 0.213,
    coverage: 0.742,
    width: 'target',
    why: 'as llama.cpp-webgpu decode: two vendors with one GPU each',
  },
  {
    label: 'browser (all engines)',
    metric: 'ttft',
    n: 18,
    gpus: 6,
    mape: 'target',
    coverage: 0.722,
    why: 'as llama.cpp-webgpu ttft',
  },
];

describe('calibration report (leave-one-GPU-out)', () => {
  it('states its interval: a central 90 % quantile interval of held-out residuals', () => {
    expect(RANGE_LEVEL).toBe(0.9);
    expect(formatReport(report)).toContain('llama.cpp-metal');
  });

  for (const e of EXPECTED) {
    it(`${e.label} ${e.metric}: n ${e.n}${e.why === undefined ? '' : ` — short of a target: ${e.why}`}`, () => {
      const l = line(e.label, e.metric);
      expect(l.n).toBe(e.n);
      expect(l.gpus).toBe(e.gpus);
      const t = TARGET[e.metric];
      if (e.mape === 'target') expect(l.mape).toBeLessThanOrEqual(t.mape);
      else expect(l.mape).toBeCloseTo(e.mape, 2);
      if (e.coverage === 'target') expect(l.coverage).toBeGreaterThanOrEqual(t.coverage);
      else expect(l.coverage).toBeCloseTo(e.coverage, 2);
      if (e.width === 'target') expect(l.width).toBeLessThanOrEqual(TARGET.decode.width);
      else if (e.width !== undefined) expect(l.width).toBeCloseTo(e.width, 1);
    });
  }

  it('engines without rows report n = 0 rather than figures', () => {
    for (const [label, metric] of [
      ['vllm', 'decode'],
      ['vllm', 'ttft'],
      ['llama.cpp-vulkan', 'decode'],
      ['llama.cpp-vulkan', 'ttft'],
      ['llama.cpp-rocm', 'ttft'],
      ['mlc', 'ttft'],
      ['webllm', 'ttft'],
    ] as const) {
      const l = line(label, metric);
      expect(l.n).toBe(0);
      expect(Number.isNaN(l.mape)).toBe(true);
    }
  });
});
