import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkFileSize,
  MAX_IMPORT_DEPTH,
  parseResultsFile,
  toResultsDocument,
} from '../../../src/share/import/import';
import { ImportError, type ImportReason } from '../../../src/share/import/import-error';
import { jsonErrorOffset } from '../../../src/share/import/json-error';
import { sampleDocument } from '../../fixtures/results';
import { fuzzParameters } from '../../fuzz/run';

const text = (value: unknown) => JSON.stringify(value, null, 2);

/** The ImportError `fn` throws (failing the test if it throws anything else, or nothing). */
function importError(fn: () => unknown): ImportError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ImportError);
    return error as ImportError;
  }
  throw new Error('expected an ImportError');
}

function expectReason(fn: () => unknown, reason: ImportReason, message: RegExp) {
  const error = importError(fn);
  expect(error.reason).toBe(reason);
  expect(error.message).toMatch(message);
  return error;
}

describe('parseResultsFile', () => {
  it('returns the document, with a BOM or without', () => {
    const doc = sampleDocument();
    expect(parseResultsFile(text(doc))).toEqual(doc);
    expect(parseResultsFile(`\ufeff${text(doc)}`)).toEqual(doc);
  });

  it('keeps strings holding HTML or script as plain strings', () => {
    const doc = sampleDocument();
    doc.adapter.description = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const row = doc.results[0];
    if (row) row.variant = '</td><iframe src="javascript:alert(3)">';
    const back = parseResultsFile(text(doc));
    expect(back.adapter.description).toBe(doc.adapter.description);
    expect(back.results[0]?.variant).toBe('</td><iframe src="javascript:alert(3)">');
  });

  it('empty: nothing but white space', () => {
    expectReason(() => parseResultsFile(''), 'empty', /^The file is empty\.$/);
    expectReason(() => parseResultsFile(' \n\t'), 'empty', /empty/);
  });

  it('too-large: over maxBytes, counted in UTF-8 bytes', () => {
    const doc = text(sampleDocument());
    expectReason(
      () => parseResultsFile(doc, { maxBytes: 1000 }),
      'too-large',
      /^The file is \d\.\d kB; results documents over 1\.0 kB are refused\.$/,
    );
    expect(() => parseResultsFile(doc, { maxBytes: doc.length })).not.toThrow();
    const wide = sampleDocument();
    wide.adapter.description = '歌'.repeat(1000); // 3 bytes each in UTF-8
    const wideText = JSON.stringify(wide);
    expectReason(
      () => parseResultsFile(wideText, { maxBytes: wideText.length + 1000 }),
      'too-large',
      /refused/,
    );
    expectReason(
      () => checkFileSize(3e6),
      'too-large',
      /^The file is 3\.0 MB; results documents over 2\.1 MB/,
    );
    expect(() => checkFileSize(2e6)).not.toThrow();
  });

  it('malformed-json: says where, by line and column', () => {
    expectReason(
      () => parseResultsFile('{\n  "schemaVersion": 1,\n  "plan": }'),
      'malformed-json',
      /^The file is not valid JSON: unexpected "}" at line 3, column 11\.$/,
    );
    expectReason(
      () => parseResultsFile('{"a": [1, 2'),
      'malformed-json',
      /^The file is not valid JSON: it ends too early, at line 1, column 12\.$/,
    );
    expectReason(() => parseResultsFile('{"a": NaN}'), 'malformed-json', /"N" at line 1, column 7/);
    expectReason(() => parseResultsFile("{'a': 1}"), 'malformed-json', /"'" at line 1, column 2/);
    expectReason(() => parseResultsFile('{"a": 1,}'), 'malformed-json', /"}" at line 1, column 9/);
    expectReason(
      () => parseResultsFile('{"a": "x\ty"}'),
      'malformed-json',
      /U\+0009 at line 1, column 9/,
    );
    expectReason(() => parseResultsFile('<html>'), 'malformed-json', /"<" at line 1, column 1/);
  });

  it('not-results: JSON that is no results document', () => {
    for (const value of [[1, 2], 'results', 42, null, { hello: 'world' }]) {
      expectReason(
        () => parseResultsFile(text(value)),
        'not-results',
        /^The file is JSON, but not a webgpu-roofline results document\.$/,
      );
    }
  });

  it('schema-version: another version, or none', () => {
    const newer = { ...sampleDocument(), schemaVersion: 2 };
    expectReason(
      () => parseResultsFile(text(newer)),
      'schema-version',
      /^The file holds schemaVersion 2, from a newer webgpu-roofline; this version reads schemaVersion 1\.$/,
    );
    expectReason(
      () => parseResultsFile(text({ ...sampleDocument(), schemaVersion: '1' })),
      'schema-version',
      /schemaVersion "1";/,
    );
    const { schemaVersion: _, ...none } = sampleDocument();
    expectReason(() => parseResultsFile(text(none)), 'schema-version', /schemaVersion missing;/);
  });

  it('invalid: missing fields and absurd values, each named', () => {
    const doc = sampleDocument() as unknown as Record<string, unknown>;
    delete doc.adapter;
    const error = expectReason(
      () => parseResultsFile(text(doc)),
      'invalid',
      /^The file is not a valid results document: document\.adapter is missing\.$/,
    );
    expect(error.problems).toEqual(['document.adapter is missing']);
    for (const bad of [-1, 1e308, 'fast']) {
      const d = sampleDocument();
      (d.results[1] as unknown as Record<string, unknown>).medianMs = bad;
      expectReason(
        () => parseResultsFile(text(d)),
        'invalid',
        /document\.results\[1\]\.medianMs must be a finite number between 0 and 1e18/,
      );
    }
    const many = sampleDocument();
    for (const row of many.results) (row as unknown as Record<string, unknown>).gbps = -1;
    expectReason(() => parseResultsFile(text(many)), 'invalid', /; and 2 more\.$/);
  });

  it('invalid: nesting deeper than MAX_IMPORT_DEPTH, which could not be exported again', () => {
    // JSON.parse reads any depth; JSON.stringify overflows the stack at a few thousand levels,
    // so such a file once imported and then broke toJson (found by fuzz-import.test.ts).
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const withExtra = (extra: string) =>
      text(sampleDocument()).replace(/^\{/, `{"extra":${extra},`);
    const error = expectReason(
      () => parseResultsFile(withExtra(nested(20_000))),
      'invalid',
      new RegExp(`nests values more than ${MAX_IMPORT_DEPTH} levels deep`),
    );
    expect(error.problems).toHaveLength(1);
    expect(() => parseResultsFile(withExtra(nested(MAX_IMPORT_DEPTH - 1)))).not.toThrow();
    expectReason(() => parseResultsFile(withExtra(nested(MAX_IMPORT_DEPTH))), 'invalid', /levels/);
    // even where the message would quote the value: a deep schemaVersion once threw RangeError
    expectReason(
      () => parseResultsFile(`{"schemaVersion":${nested(20_000)}}`),
      'invalid',
      /levels deep/,
    );
  });

  it('validates values that JSON cannot carry when given objects (NaN, Infinity)', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY]) {
      const d = sampleDocument();
      (d.results[0] as unknown as Record<string, unknown>).gbps = bad;
      expectReason(() => toResultsDocument(d), 'invalid', /gbps must be a finite number/);
    }
  });

  it('words messages for a link when asked', () => {
    expectReason(() => parseResultsFile('', { source: 'link' }), 'empty', /^The link is empty/);
  });
});

describe('jsonErrorOffset', () => {
  it('is null exactly when JSON.parse accepts the text', () => {
    const pieces = [
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"a"',
      '"\\u00e9"',
      '"\\x"',
      '1',
      '-0.5e3',
      '01',
      'true',
      'nul',
      ' ',
      '\n',
      '"',
      '\\',
    ];
    const candidates = fc
      .array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 })
      .map((parts) => parts.join(''));
    let valid = 0;
    // no fixed seed: fast-check prints the seed of a failure (FUZZ_SEED replays it, test/fuzz/run.ts)
    fc.assert(
      fc.property(candidates, (candidate) => {
        let parses = true;
        try {
          JSON.parse(candidate);
        } catch {
          parses = false;
        }
        if (parses) valid++;
        expect(jsonErrorOffset(candidate) === null, candidate).toBe(parses);
      }),
      fuzzParameters(3000),
    );
    expect(valid).toBeGreaterThan(50);
    expect(jsonErrorOffset(text(sampleDocument()))).toBeNull();
    expect(jsonErrorOffset('['.repeat(100_000))).toBe(100_000);
  });
});
