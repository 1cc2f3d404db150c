// Several hundred mutated documents and texts through the importer, the permalink decoder and
// the validator: each must give a valid document or an ImportError — never another exception,
// never a hang.

import { describe, expect, it } from 'vitest';
import { validateResults } from '../../../src/core/results';
import { encodeBase64url } from '../../../src/share/base64url';
import { deflateRaw } from '../../../src/share/deflate';
import { parseResultsFile, toResultsDocument } from '../../../src/share/import';
import { ImportError } from '../../../src/share/import-error';
import { decodePermalink } from '../../../src/share/permalink';
import { sampleDocument } from '../../fixtures/results';
import { mulberry32, mutateDocument, mutateText, randomBytes } from './mutate';

const CASES = 400;

type Outcome = { ok: true } | { ok: false; reason: string };

function outcome(fn: () => unknown): Outcome {
  let doc: unknown;
  try {
    doc = fn();
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    expect(error.message.length).toBeGreaterThan(10);
    return { ok: false, reason: error.reason };
  }
  expect(() => validateResults(doc)).not.toThrow();
  return { ok: true };
}

async function outcomeAsync(promise: Promise<unknown>): Promise<Outcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('decodePermalink hung')), 5000);
  });
  let doc: unknown;
  try {
    doc = await Promise.race([promise, hang]);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    expect(error.message.length).toBeGreaterThan(10);
    return { ok: false, reason: error.reason };
  } finally {
    clearTimeout(timer);
  }
  expect(() => validateResults(doc)).not.toThrow();
  return { ok: true };
}

async function fragmentOf(bytes: Uint8Array): Promise<string> {
  return `#r=${encodeBase64url(await deflateRaw(bytes))}`;
}

describe('fuzz: mutated documents', () => {
  it(`${CASES} cases through the validator, the importer and the permalink decoder`, async () => {
    const rand = mulberry32(20261129);
    const seen = new Map<string, number>();
    const count = (o: Outcome) => {
      const key = o.ok ? 'ok' : o.reason;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    };
    for (let n = 0; n < CASES; n++) {
      const mutated = mutateDocument(sampleDocument(), rand);
      // the validator, on the object itself (NaN and Infinity included)
      count(outcome(() => toResultsDocument(mutated)));

      // the importer, on its JSON, sometimes damaged, sometimes oversized
      let text = JSON.stringify(mutated);
      if (rand() < 0.4) text = mutateText(text, rand);
      const maxBytes = rand() < 0.05 ? 500 : undefined;
      const file = outcome(() =>
        parseResultsFile(text, maxBytes === undefined ? {} : { maxBytes }),
      );
      count(file);

      // the permalink decoder, on the same text compressed, sometimes with a damaged fragment
      let fragment = await fragmentOf(new TextEncoder().encode(text));
      const damaged = rand() < 0.3;
      if (damaged) {
        fragment =
          rand() < 0.5
            ? fragment.slice(0, 3 + Math.floor(rand() * (fragment.length - 3)))
            : await fragmentOf(randomBytes(rand, Math.floor(rand() * 300)));
      }
      if (rand() < 0.05)
        fragment = `#r=${encodeBase64url(randomBytes(rand, 1 + Math.floor(rand() * 300)))}`;
      const link = await outcomeAsync(
        decodePermalink(fragment, maxBytes === undefined ? {} : { maxJsonBytes: maxBytes }),
      );
      count(link);
      if (!damaged && maxBytes === undefined && fragment.startsWith('#r=') && file.ok) {
        expect(link).toEqual(file);
      }
    }
    // The cases reach every outcome the importer has, valid documents included.
    for (const key of [
      'ok',
      'too-large',
      'malformed-json',
      'schema-version',
      'invalid',
      'corrupt',
      'empty',
      'not-results',
    ]) {
      expect(seen.get(key) ?? 0, `${key} in ${JSON.stringify([...seen])}`).toBeGreaterThan(0);
    }
  }, 60_000);
});
