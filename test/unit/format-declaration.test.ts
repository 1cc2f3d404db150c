// A weight format is one declaration (src/core/format-registry.ts): what it stands for in the
// engines' files, which measured kernel stands in for a preset, which formats the fit advice
// offers, whether its f16 forms may run in the decoder, and its gallery runs' layout all follow
// from the registry and the presets, with no list keyed by format id elsewhere.

import { describe, expect, it } from 'vitest';
import { FORMAT_PRESETS } from '../../src/core/format-presets';
import {
  F16_ACTIVATION_BOUND,
  FORMATS,
  f16DotsFit,
  formatEntry,
  formatsLoadedBy,
  MODEL_FORMAT_IDS,
  nearestKernel,
  resolveFormat,
} from '../../src/core/formats';
import { FILE_FAMILIES } from '../../src/core/weight-files';
import { ENGINE_IDS, ENGINES } from '../../src/model/engines/ids';
import { galleryCalibrationRows } from '../../src/model/engines/measurements/gallery-rows';
import { getModel, modelMatrices } from '../../src/model/llm/models';
import { GGML_TYPE_BITS, weightLayout } from '../../src/model/llm/weight-layout';
import { fileFamilyOf, formatLayout } from '../../src/model/predict/format-layout';
import { predictMeasured } from '../../src/model/predict/measured-estimator';
import { doc, fmaRow, matRow, readRow } from './model/synthetic';

const llama8b = getModel('llama-3-8b');
const gguf = ENGINE_IDS.find((e) => ENGINES[e].readsGguf) ?? 'llama.cpp-cuda';
const other = ENGINE_IDS.find((e) => !ENGINES[e].readsGguf) ?? 'vllm';

describe('a format is one declaration', () => {
  it('every registered format has a layout on every engine: its file there, else its own bits', () => {
    for (const f of FORMATS) {
      const own = weightLayout(llama8b, f.id);
      for (const engine of [gguf, other]) {
        const layout = formatLayout(llama8b, resolveFormat(f.id), engine);
        const file = f.files[fileFamilyOf(engine)];
        const expected = file === undefined ? own : weightLayout(llama8b, file);
        expect(layout.headBits, `${f.id} on ${engine}`).toBe(expected.headBits);
        expect(layout.bodyBits, `${f.id} on ${engine}`).toBeCloseTo(expected.bodyBits, 9);
        expect(layout.format).toBe(f.id);
      }
    }
  });

  it('int5 is a Q5_0 file on llama.cpp (head Q6_K) and its own 5.5 bits in every tensor elsewhere', () => {
    const onGguf = formatLayout(llama8b, resolveFormat('int5'), gguf);
    expect(onGguf.headBits).toBe(GGML_TYPE_BITS.Q6_K);
    expect(onGguf.bodyBits).toBe(GGML_TYPE_BITS.Q5_0);
    const onOther = formatLayout(llama8b, resolveFormat('q5_0'), other);
    expect([onOther.bodyBits, onOther.headBits, onOther.embeddingBits]).toEqual([5.5, 5.5, 5.5]);
  });

  it('a preset is measured with the served format nearest in bits per weight', () => {
    for (const p of FORMAT_PRESETS) {
      const kernel = resolveFormat(p.id).kernel;
      const gap = Math.abs(resolveFormat(kernel).bitsPerWeight - p.bitsPerWeight);
      for (const id of MODEL_FORMAT_IDS) {
        expect(Math.abs(resolveFormat(id).bitsPerWeight - p.bitsPerWeight)).toBeGreaterThanOrEqual(
          gap,
        );
      }
    }
    expect(resolveFormat('q5_k_m').kernel).toBe('int5');
    expect(resolveFormat('q4_k_m').kernel).toBe('int4');
    // Where the run measured no int5, the nearest format it did measure stands in.
    expect(nearestKernel(5.68, (id) => id !== 'int5')).toBe('int4');
  });

  it('the fit advice offers what each file family loads, most bits first', () => {
    for (const family of FILE_FAMILIES) {
      const loaded = formatsLoadedBy(family);
      const bits = loaded.map((f) => f.bitsPerWeight);
      expect(bits).toEqual([...bits].sort((a, b) => b - a));
      for (const f of loaded) {
        const registered = FORMATS.find((e) => e.id === f.id);
        if (registered !== undefined) expect(registered.files[family]).toBeDefined();
        else expect(FORMAT_PRESETS.find((p) => p.id === f.id)?.loadedBy).toContain(family);
      }
    }
    expect(formatsLoadedBy('gguf').map((f) => f.id)).toEqual(
      expect.arrayContaining(['int5', 'q5_k_m', 'int4']),
    );
    // No engine loads an int3 file, and MLX's own files are offered to no family.
    const all = FILE_FAMILIES.flatMap((f) => formatsLoadedBy(f).map((x) => x.id));
    expect(all).not.toContain('int3');
    expect(all).not.toContain('mlx-4bit');
  });

  it("the decoder's f16 forms: refused for int8, whose q · x overflows f16 within the bound", () => {
    expect(f16DotsFit(formatEntry('int8'))).toBe(false);
    expect(4 * 127 * 129).toBeGreaterThan(65504);
    for (const id of ['fp16', 'int5', 'int4', 'int3'] as const) {
      expect(f16DotsFit(formatEntry(id)), id).toBe(true);
    }
    expect(F16_ACTIVATION_BOUND).toBeGreaterThan(129);
  });

  it("every served format's gallery runs become calibration rows, in its own layout", () => {
    for (const id of MODEL_FORMAT_IDS) {
      const run = {
        runId: 1,
        adapter: {
          vendor: 'nvidia',
          architecture: '',
          device: '',
          description: 'NVIDIA GeForce RTX 4090',
        },
        isSoftware: false,
        browser: 'chrome',
        model: 'llama-3.2-1b',
        format: id,
        context: 512,
        verified: true,
        msPerToken: 5,
      };
      const g = galleryCalibrationRows([run, run, run], 'test');
      expect(g.rows, id).toHaveLength(3);
      expect(g.rows[0]?.layout.bodyBits).toBe(resolveFormat(id).bitsPerWeight);
      expect(g.rows[0]?.layout.headBits).toBe(resolveFormat(id).bitsPerWeight);
    }
  });
});

describe('a preset in measured mode', () => {
  // A run that measured int4's GEMVs alone, as every run from before int5 did.
  const int4Rows = modelMatrices(llama8b).map((m) =>
    matRow('int4', 4.5, 1, m.n, m.k, (m.n * m.k * 4.5) / 8 / 600e6),
  );
  const reads = [readRow(2 ** 28, 800), readRow(2 ** 30, 800)];
  const run = doc([...reads, fmaRow('f32', 20_000), ...int4Rows]);

  it('is timed from the nearest format the run measured when its own stand-in was not', () => {
    const q5 = predictMeasured(run, llama8b, resolveFormat('q5_k_m'));
    expect(resolveFormat('q5_k_m').kernel).toBe('int5');
    const byBytes = (p: typeof q5, format: string) =>
      p.notes.some((n) => n.id === 'matrix-by-bytes' && n.format === format);
    expect(byBytes(q5, 'int4')).toBe(true);
    // A registered format the run did not measure stays a roofline.
    const int5 = predictMeasured(run, llama8b, resolveFormat('int5'));
    expect(int5.notes.some((n) => n.id === 'matrix-roofline' && n.format === 'int5')).toBe(true);
    expect(byBytes(int5, 'int4')).toBe(false);
  });
});
