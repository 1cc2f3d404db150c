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
    mape: 0.279,
    coverage: 0.5,
    width: 2.184,
    why: 'two rows that contradict each other: the RTX 4090 decodes slower (26 ms) than a laptop RTX 4050 (22 ms)',
  },
  {
    label: 'llama.cpp-webgpu',
    metric: 'decode',
    n: 12,
    gpus: 3,
    mape: 0.24,
    coverage: 0.75,
    width: 2.061,
    why: 'three GPUs of three vendors: holding one out leaves no row of its vendor, and the per-layer cost differs by vendor (AMD ~60 % above NVIDIA at the same bandwidth)',
  },
  {
    label: 'llama.cpp-webgpu',
    metric: 'ttft',
    n: 6,
    gpus: 3,
    mape: 0.626,
    coverage: 0.667,
    width: 16.7,
    why: 'the two discrete GPUs are fixed-cost bound (~250 ms), the Apple M3 compute bound; from two of them the third cannot be told',
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
    n: 14,
    gpus: 5,
    mape: 0.246,
    coverage: 0.714,
    width: 2.061,
    why: 'five browser GPUs, one or two per vendor (see llama.cpp-webgpu and webllm)',
  },
  {
    label: 'browser',
    metric: 'ttft',
    n: 6,
    gpus: 3,
    mape: 0.626,
    coverage: 0.667,
    width: 16.7,
    why: 'the llama.cpp-webgpu rows are the only browser prefill rows',
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
    n: 14,
    gpus: 5,
    mape: 0.246,
    coverage: 0.714,
    width: 2.061,
    why: 'as browser',
  },
  {
    label: 'browser (all engines)',
    metric: 'ttft',
    n: 6,
    gpus: 3,
    mape: 0.626,
    coverage: 0.667,
    width: 16.7,
    why: 'as browser',
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
