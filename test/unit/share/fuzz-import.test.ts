// Property-based tests of the results importer (fast-check), 10 000 generated cases each:
// valid documents, mutated ones, damaged texts, random JSON and text. Each must give a valid
// document or an ImportError with a known reason — never another exception, never a hang;
// accepted documents survive export and import unchanged; nothing touches Object.prototype.
// A failure prints the shrunk counterexample, and the seed to replay it (test/fuzz/run.ts).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findProblems } from '../../../src/core/results';
import {
  checkFileSize,
  MAX_IMPORT_BYTES,
  parseResultsFile,
  toResultsDocument,
} from '../../../src/share/import/import';
import { ImportError, type ImportReason } from '../../../src/share/import/import-error';
import { untrustedJson } from '../../fuzz/json';
import {
  asJson,
  checkRoundTrip,
  type Outcome,
  OutcomeTally,
  outcome,
  outcomeName,
  validResults,
} from '../../fuzz/results';
import { Findings, FUZZ_RUNS, FUZZ_TIMEOUT_MS, fuzzParameters, withinTime } from '../../fuzz/run';

const VALUE_REASONS: ImportReason[] = ['not-results', 'schema-version', 'invalid'];
const TEXT_REASONS: ImportReason[] = [...VALUE_REASONS, 'empty', 'too-large', 'malformed-json'];

const inputs = untrustedJson(validResults(3).map(asJson));
const source = fc.constantFrom(undefined, 'file' as const, 'link' as const);
/** Mostly the default limit; sometimes one small enough that sample documents go over it. */
const maxBytes = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 9 },
  { arbitrary: fc.nat({ max: 3000 }), weight: 1 },
);

const options = (bytes: number | undefined, from: 'file' | 'link' | undefined) => ({
  ...(bytes === undefined ? {} : { maxBytes: bytes }),
  ...(from === undefined ? {} : { source: from }),
});

/** What JSON.parse makes of `text`, or null when it throws. */
function parse(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}

/** The same outcome, and for documents the same JSON. */
function sameOutcome(a: Outcome, b: Outcome): boolean {
  const json = (o: Outcome) => (o.ok ? JSON.stringify(o.doc) : o.reason);
  return json(a) === json(b);
}

describe('fuzz: the results importer', () => {
  it(
    'the generator’s valid documents pass the validator and import back',
    () => {
      fc.assert(
        fc.property(validResults(), (doc) => {
          expect(findProblems(doc)).toEqual([]);
          expect(parseResultsFile(JSON.stringify(doc))).toEqual(doc);
        }),
        fuzzParameters(1000),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    `${FUZZ_RUNS} cases: toResultsDocument on the value (NaN, Infinity too), parseResultsFile on its text`,
    () => {
      const tally = new OutcomeTally();
      fc.assert(
        fc.property(inputs, maxBytes, source, fc.boolean(), (input, bytes, from, bom) => {
          const { value, text } = input;
          const found = new Findings();
          // the validator, on the value itself
          const checked = tally.count(
            outcome(found, VALUE_REASONS, () =>
              withinTime('toResultsDocument', () =>
                toResultsDocument(value, options(undefined, from)),
              ),
            ),
          );
          found.check(!checked.ok || checked.doc === value, () => 'copied, not checked');

          // the importer, on its text (sometimes with a BOM, sometimes over a small limit)
          const file = tally.count(
            outcome(found, TEXT_REASONS, () =>
              withinTime('parseResultsFile', () =>
                parseResultsFile(bom ? `\ufeff${text}` : text, options(bytes, from)),
              ),
            ),
          );
          if (file.ok) checkRoundTrip(found, file.doc);

          // Under the limit, a text that JSON.parse reads (after one BOM, which the importer
          // drops) is judged as its value is; one it cannot read is malformed (or empty, or over
          // the limit).
          const name = outcomeName(file);
          const body = !bom && text.startsWith('\ufeff') ? text.slice(1) : text;
          const parsed = body === text && input.parsed !== undefined ? input.parsed : parse(body);
          if (parsed === null) {
            found.check(/^(malformed-json|too-large|empty)$/.test(name), () => `no JSON: ${name}`);
          } else if (name !== 'too-large') {
            const judged =
              parsed.value === value
                ? checked
                : outcome(found, VALUE_REASONS, () => toResultsDocument(parsed.value));
            found.check(
              sameOutcome(file, judged),
              () => `${name}; its value: ${outcomeName(judged)}`,
            );
          }
          found.checkPrototypes();
          found.expectNone();
        }),
        fuzzParameters(),
      );
      // The cases reach every outcome the importer has, valid documents included.
      tally.expectReached(['ok', ...TEXT_REASONS]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    `checkFileSize: ${FUZZ_RUNS} sizes, refused exactly when over the limit`,
    () => {
      const size = fc.oneof(
        fc.nat(),
        fc.double(),
        fc.constantFrom(MAX_IMPORT_BYTES, MAX_IMPORT_BYTES + 1),
      );
      fc.assert(
        fc.property(size, maxBytes, source, (n, bytes, from) => {
          let error: unknown;
          try {
            checkFileSize(n, options(bytes, from));
          } catch (e) {
            error = e;
          }
          if (n > (bytes ?? MAX_IMPORT_BYTES)) {
            expect(error).toBeInstanceOf(ImportError);
            expect((error as ImportError).reason).toBe('too-large');
            expect((error as ImportError).message).toMatch(
              from === 'link' ? /^The link / : /^The file /,
            );
          } else expect(error).toBeUndefined();
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
