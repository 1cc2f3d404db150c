// The checklist "A new weight format" of docs/ARCHITECTURE.md, done on a throwaway format: a
// copy of int3's entry under another id, appended to the registry in memory before anything reads
// it (vi.mock below) — the one source file the checklist names. Then the CLI's --weights parser
// and its help, the predictor, the run plans, the page's format lists, the CPU packing and the
// buffer sizes must all pick it up with no other edit. Its WGSL decoder, the checklist's other
// file, is not written here: the test shows the kernels ask for it by name and for nothing else.

import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { buildPlan, isTuned } from '../../../src/bench/plan';
import { PREDICT_USAGE, parsePredictArgs } from '../../../src/cli/args/predict-args';
import { specHardware } from '../../../src/cli/args/spec-hardware';
import type { FormatEntry } from '../../../src/core/format-registry';
import {
  FORMAT_IDS,
  type FormatId,
  formatEntry,
  MODEL_FORMAT_IDS,
  WEIGHT_FORMATS,
} from '../../../src/core/formats';
import {
  matrixBytes,
  packedWords,
  packMatrix,
  unpackMatrix,
  weightBufferBytes,
  wordsPerRow,
} from '../../../src/kernels/formats';
import { weightsShader } from '../../../src/kernels/weights';
import { predictReport } from '../../../src/model/predict/report';
import { TABLE_FORMATS } from '../../../src/ui/predictions/predictions';
import { expectSameFiles } from './checklist-doc';

const NEW = 'checklist-int3' as FormatId;

// The registry entry: int3's block, bit layout, scales and encoding under a new id.
vi.mock('../../../src/core/format-registry', async (real) => {
  const m = await real<typeof import('../../../src/core/format-registry')>();
  const int3 = m.FORMAT_REGISTRY.find((f) => f.id === 'int3') as FormatEntry;
  const entry: FormatEntry = {
    ...int3,
    id: 'checklist-int3',
    aliases: ['chk3'],
    description: 'a throwaway copy of int3 (the format checklist test)',
  };
  return { ...m, FORMAT_REGISTRY: [...m.FORMAT_REGISTRY, entry] };
});

/** `npm run predict`'s steps for a datasheet GPU: flags, hardware, prediction. */
function predictCli(weights: string) {
  const args = ['--model', 'llama-3-8b', '--weights', weights, '--gpu', 'a100'];
  const parsed = parsePredictArgs(args);
  if (parsed.help || parsed.source.kind === 'results') throw new Error('a datasheet run expected');
  const hw = specHardware(parsed.source, parsed);
  const { report } = predictReport(
    { kind: 'spec', hw, engine: parsed.engine },
    parsed.model,
    parsed.format,
    {
      promptTokens: parsed.promptTokens,
      outputTokens: parsed.outputTokens,
      batch: parsed.batch,
    },
  );
  return { parsed, report };
}

describe('checklist: a new weight format', () => {
  it('names one source file to edit, the registry, which is the one file this test changed', () => {
    const { changed } = expectSameFiles('A new weight format', fileURLToPath(import.meta.url));
    expect(changed).toEqual(['src/core/format-registry.ts']);
  });

  it('the CLI takes it by id and alias, and its help lists it', () => {
    expect(FORMAT_IDS).toContain(NEW);
    for (const name of [NEW, 'CHK3']) {
      const { parsed } = predictCli(name);
      expect(parsed.format).toBe(WEIGHT_FORMATS[NEW]);
    }
    const help = PREDICT_USAGE.split('\n').find((l) => /^\s+--weights FORMAT/.test(l)) ?? '';
    expect(help.split(/[\s|(),]+/)).toEqual(expect.arrayContaining([NEW, 'chk3']));
  });

  it('the predictor costs it at 3.5 bits per weight, the same as int3', () => {
    expect(WEIGHT_FORMATS[NEW].bitsPerWeight).toBe(3.5);
    const mine = predictCli(NEW).report;
    const int3 = predictCli('int3').report;
    const int4 = predictCli('int4').report;
    expect(mine.bitsPerWeight).toBe(3.5);
    expect(mine.weightBytes).toBe(int3.weightBytes);
    expect(mine.weightBytes).toBeLessThan(int4.weightBytes);
    expect(mine.decode?.msPerToken).toEqual(int3.decode?.msPerToken);
  });

  it('the Quick and Full plans measure it', () => {
    const limits = { maxStorageBufferBindingSize: 2 ** 30, maxBufferSize: 2 ** 30 };
    for (const name of ['quick', 'full'] as const) {
      const formats = buildPlan(name, { limits, hasF16: true })
        .cases.filter(isTuned)
        .filter((c) => c.kernel === 'gemv')
        .map((c) => c.make(c.variants[0] ?? '').format);
      expect(formats, name).toContain(NEW);
    }
  });

  it('the page offers it in its prediction table and format picker', () => {
    expect(MODEL_FORMAT_IDS).toContain(NEW);
    expect(TABLE_FORMATS).toContain(NEW);
  });

  it('packs, unpacks and sizes its buffers from the entry alone', () => {
    const v = Float64Array.from({ length: 3 * 64 }, (_, i) => Math.sin(i));
    const mine = packMatrix(NEW, 3, 64, v);
    const int3 = packMatrix('int3', 3, 64, v);
    expect([...mine.weights]).toEqual([...int3.weights]);
    expect([...unpackMatrix(packedWords(mine))]).toEqual([...unpackMatrix(packedWords(int3))]);
    expect(formatEntry(NEW).block).toEqual({ weights: 32, bytes: 12 });
    expect(wordsPerRow(NEW, 64)).toBe(6);
    expect(matrixBytes(NEW, 3, 64)).toBe((3 * 64 * 3.5) / 8);
    // 3 rows of 24 bytes, rounded up to whole vec4s.
    expect(weightBufferBytes(NEW, 3, 64)).toBe(80);
  });

  it('the kernels ask for its decoder by name, the checklist’s other file', () => {
    expect(() => weightsShader(NEW)).toThrow(
      /shaders\/weights\/weights_checklist-int3\.wgsl is missing/,
    );
  });
});
