import { describe, expect, it } from 'vitest';
import { findProblems, InvalidResultsError, validateResults } from '../../src/core/results';
import { summarizeRun } from '../../src/model/measured/run-summary';
import { sampleDecodeRun, sampleDocument } from '../fixtures/results';

describe('results schema', () => {
  it('accepts a well-formed document, including after a JSON round trip', () => {
    const doc = sampleDocument();
    expect(findProblems(doc)).toEqual([]);
    expect(validateResults(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
  });

  it('names each problem', () => {
    const doc = sampleDocument() as unknown as Record<string, unknown>;
    doc.schemaVersion = 99;
    doc.timing = 'sundial';
    delete doc.adapter;
    const problems = findProblems(doc);
    expect(problems).toContain(
      'document.schemaVersion is 99; this version of webgpu-roofline reads 1: the document was made by a newer webgpu-roofline',
    );
    expect(problems).toContain('document.timing must be one of timestamp-query, wall-clock');
    expect(problems).toContain('document.adapter is missing');
  });

  it('rejects absurd numbers: negative, NaN, infinite, 1e308', () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1e308, '3']) {
      const doc = sampleDocument();
      (doc.results[0] as unknown as Record<string, unknown>).gbps = bad;
      expect(findProblems(doc)).toEqual([
        'document.results[0].gbps must be a finite number between 0 and 1e18',
      ]);
    }
  });

  it('requires an error on every unverified row, and a known kernel name', () => {
    const doc = sampleDocument();
    delete doc.results[4]?.error;
    (doc.results[1] as unknown as Record<string, unknown>).kernel = 'gemm2';
    expect(findProblems(doc)).toEqual([
      'document.results[1].kernel must be one of read, copy, write, fma, gemv, gemm, attention',
      'document.results[4] is unverified but gives no error',
    ]);
  });

  it('reads the optional stop reason as a code, and files written before it without one', () => {
    const stopped = { ...sampleDocument(), incomplete: 'Cancelled by the user.' };
    expect(findProblems(stopped)).toEqual([]);
    expect(findProblems({ ...stopped, stopReason: 'cancelled' })).toEqual([]);
    expect(findProblems({ ...stopped, stopReason: 'device-lost' })).toEqual([]);
    expect(findProblems({ ...stopped, stopReason: 'Cancelled by the user.' })).toEqual([
      'document.stopReason must be one of cancelled, device-lost',
    ]);
  });

  it('reads the optional decode section, and documents without one', () => {
    const run = sampleDecodeRun({
      promptTokens: 32,
      tokens: 16,
      medianMs: 12.5,
      predictedMs: 11,
      ratio: 12.5 / 11,
      dispatchesPerToken: 29,
    });
    expect(findProblems(sampleDocument())).toEqual([]);
    expect(findProblems({ ...sampleDocument(), decode: [run] })).toEqual([]);
    const failed = { ...run, verified: false, error: 'out of memory' };
    expect(findProblems({ ...sampleDocument(), decode: [failed] })).toEqual([]);
    const { error: _, ...silent } = failed;
    expect(findProblems({ ...sampleDocument(), decode: [silent, { ...run, ratio: -1 }] })).toEqual([
      'document.decode[1].ratio must be a finite number between 0 and 1e18',
      'document.decode[0] is unverified but gives no error',
    ]);
    expect(findProblems({ ...sampleDocument(), decode: 'no' })).toEqual([
      'document.decode must be a list',
    ]);
  });

  it('reads a mixture-of-experts run (random routing) and stated approximations', () => {
    const run = {
      model: 'qwen3-30b-a3b',
      format: 'int4',
      layers: 1,
      totalLayers: 48,
      context: 512,
      promptTokens: 32,
      tokens: 16,
      verified: true,
      routing: 'uniform-random',
      experts: 128,
      expertsPerToken: 8,
      sharedExperts: 0,
      approximations: ['gemma-block'],
    };
    expect(findProblems({ ...sampleDocument(), decode: [run] })).toEqual([]);
    // Documents written when the decoder refused MoE models still read.
    const old = { ...run, verified: false, error: 'x', refused: 'moe' };
    expect(findProblems({ ...sampleDocument(), decode: [old] })).toEqual([]);
    expect(
      findProblems({
        ...sampleDocument(),
        decode: [{ ...run, routing: 'learned', approximations: ['none'] }],
      }),
    ).toEqual([
      'document.decode[0].routing must be one of uniform-random',
      'document.decode[0].approximations[0] must be one of gemma-block, gpt-oss-block',
    ]);
  });

  it('throws InvalidResultsError for non-documents', () => {
    for (const bad of [null, 42, 'x', [], { results: 'no' }]) {
      expect(() => validateResults(bad)).toThrow(InvalidResultsError);
    }
    expect(() => validateResults(null)).toThrow(/document must be an object/);
  });
});

describe('run summary', () => {
  it('takes DRAM bandwidth from the largest verified read and the compute peak from verified FMA rows', () => {
    const s = summarizeRun(sampleDocument());
    expect(s.dramReadGbps).toBe(2);
    expect(s.dramWorkingSetBytes).toBe(1 << 24);
    expect(s.computePeakGflops).toEqual({ f32: 9 }); // the unverified 99 is ignored
    expect(s).toMatchObject({ verified: 4, failed: 1, noisy: 5 });
  });
});
