// The groups cross-validation holds out together: a row's source (thread, repository, paper) and
// its GPU family (twins and variants).
import { describe, expect, it } from 'vitest';
import { gpuFamilyOf, sourceKeyOf } from '../../../src/model/engines/groups';
import { calibrationRows } from '../../../src/model/engines/measurements/data';

describe('sourceKeyOf', () => {
  it('a GitHub thread is its issue, pull request or discussion', () => {
    expect(sourceKeyOf('https://github.com/ggml-org/llama.cpp/pull/4766')).toBe(
      'github.com/ggml-org/llama.cpp#4766',
    );
    expect(
      sourceKeyOf('https://github.com/ggml-org/llama.cpp/discussions/4167 — build 8e672ef'),
    ).toBe('github.com/ggml-org/llama.cpp#4167');
    expect(sourceKeyOf('https://github.com/ROCm/ROCm/issues/4868')).toBe(
      'github.com/rocm/rocm#4868',
    );
  });

  it('files of one repository are one source, whatever the file, commit or note', () => {
    const a = sourceKeyOf(
      'https://github.com/reeselevine/web-of-llamas/blob/main/quantization_data.tsv',
    );
    const b = sourceKeyOf(
      'https://github.com/reeselevine/web-of-llamas/blob/main/benchmark_bars.py',
    );
    expect(a).toBe('github.com/reeselevine/web-of-llamas');
    expect(b).toBe(a);
    expect(
      sourceKeyOf(
        'https://github.com/geerlingguy/ai-benchmarks/blob/main/README.md (section "Llama 3.2:3b")',
      ),
    ).toBe('github.com/geerlingguy/ai-benchmarks');
  });

  it('a paper is its arXiv id; another site is its host and first path segment', () => {
    expect(sourceKeyOf('https://arxiv.org/abs/2412.15803v2')).toBe('arxiv:2412.15803');
    expect(sourceKeyOf('https://docs.nvidia.com/nim/benchmarking/llm/1.0.0/performance.md')).toBe(
      'docs.nvidia.com/nim',
    );
    expect(sourceKeyOf('  My Own  Notes ')).toBe('my own notes');
  });

  it('the bundled rows come from a few dozen sources, none of them blank', () => {
    const keys = new Set(calibrationRows().map((r) => sourceKeyOf(r.source)));
    expect(keys.size).toBeGreaterThan(30);
    expect(keys.has('')).toBe(false);
  });
});

describe('gpuFamilyOf', () => {
  it('puts twins and variants together', () => {
    const same = (keys: string[]) =>
      expect(new Set(keys.map(gpuFamilyOf)).size, keys.join(' / ')).toBe(1);
    same(['a100 80gb pcie', 'a100 80gb sxm', 'a100 40gb pcie']);
    same(['h100 pcie 80gb', 'h100 80gb sxm', 'h100 nvl', 'h200']);
    same(['rtx 4090', 'rtx 4090 d', 'rtx 4090d', 'rtx 4090 laptop']);
    same(['rtx 3090', 'rtx 3090 ti']);
    same(['rtx 5060 ti 16gb', 'rtx 5060']);
    same(['rx 7900 xt', 'rx 7900 xtx', 'rx 7900 gre', 'radeon pro w7900']);
    same(['apple m2 pro', 'apple m2 max', 'apple m2 ultra']);
    same(['instinct mi300x', 'mi300a', 'instinct mi325x']);
    same(['ryzen ai max 385', 'ryzen ai max+ 395']);
    same(['arc a770 16gb', 'arc a750']);
  });

  it('keeps other chips apart', () => {
    const apart = (a: string, b: string) =>
      expect(gpuFamilyOf(a), `${a} vs ${b}`).not.toBe(gpuFamilyOf(b));
    apart('apple m2', 'apple m2 pro');
    apart('apple m2 max', 'apple m3 max');
    apart('rtx 4090', 'rtx 4080');
    apart('rtx 6000 ada', 'rtx a6000');
    apart('a100 80gb sxm', 'h100 80gb sxm');
    apart('arc a770 16gb', 'arc b580');
    apart('instinct mi100', 'instinct mi300x');
    apart('rx 6800 xt', 'rx 7800 xt');
  });

  it('the bundled rows span fewer families than GPUs', () => {
    const rows = calibrationRows();
    const gpus = new Set(rows.map((r) => r.gpuKey)).size;
    const families = new Set(rows.map((r) => gpuFamilyOf(r.gpuKey))).size;
    expect(families).toBeLessThan(gpus);
    expect(families).toBeGreaterThan(30);
  });
});
