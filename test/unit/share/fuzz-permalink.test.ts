// Property-based tests of the permalink decoder (fast-check), 10 000 generated links: documents
// valid, mutated or damaged as text, then compressed; links cut short or edited; random and
// non-UTF-8 bytes, compressed or not; text that is no link at all. Each must give a valid
// document or an ImportError with a known reason — never another exception, never a hang; an
// undamaged link decodes as its JSON imports; accepted documents survive a new link unchanged.
// Payloads stay small (one-row documents), and links are decoded 16 at a time: each decode
// costs a DecompressionStream, and concurrent ones cost far less each.
// A failure prints the shrunk counterexample, and the seed to replay it (test/fuzz/run.ts).

import { isDeepStrictEqual } from 'node:util';
import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES, parseResultsFile } from '../../../src/share/import/import';
import { encodeBase64url } from '../../../src/share/link/base64url';
import { decodePermalink, encodePermalink } from '../../../src/share/link/permalink';
import { untrustedJson } from '../../fuzz/json';
import {
  asJson,
  IMPORT_REASONS,
  type Outcome,
  OutcomeTally,
  outcome,
  outcomeAsync,
  throughJson,
  validResults,
} from '../../fuzz/results';
import {
  Findings,
  FUZZ_RUNS,
  FUZZ_TIMEOUT_MS,
  fuzzParameters,
  REPLAYING,
  settlesInTime,
} from '../../fuzz/run';

/** A link to test, and what it was made from when it was made from JSON text. */
interface LinkCase {
  fragment: string;
  /** The JSON text inside, as the decoder reads it back, when the link is undamaged… */
  text?: string;
  /** …and its size in UTF-8 bytes (a BOM included, which the text has lost). */
  bytes?: number;
  maxJsonBytes?: number;
}

const fragmentOf = (bytes: Uint8Array) => `#r=${encodeBase64url(deflateRawSync(bytes))}`;
const utf8 = (text: string) => new TextEncoder().encode(text);

/** Byte sequences UTF-8 forbids: stray continuation bytes, overlong forms, surrogates, 0xFF. */
const NOT_UTF8 = [
  [0x80],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xff],
  [0xe2, 0x82],
];

const texts = untrustedJson(validResults(1).map(asJson)).map((u) => u.text);

/** Links made from JSON text, carried intact: they must decode as the text imports. */
const intact: fc.Arbitrary<LinkCase> = fc
  .tuple(
    texts,
    fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 9 },
      { arbitrary: fc.nat({ max: 2000 }), weight: 1 },
    ),
    fc.constantFrom('', 'https://example.test/roofline/?lang=de', 'x=1&'),
  )
  .map(([text, maxJsonBytes, prefix]) => {
    const fragment = fragmentOf(utf8(text));
    const link = prefix.includes('&') ? `#${prefix}${fragment.slice(1)}` : `${prefix}${fragment}`;
    return {
      fragment: link,
      // as the decoder reads it: lone surrogates become U+FFFD, a leading BOM goes
      text: new TextDecoder().decode(utf8(text)),
      bytes: utf8(text).length,
      ...(maxJsonBytes === undefined ? {} : { maxJsonBytes }),
    };
  });

/** Links damaged on the way: cut short, a character changed, inserted or dropped. */
const damaged: fc.Arbitrary<LinkCase> = fc
  .tuple(
    texts,
    fc.nat(),
    fc.oneof(
      fc.constant(''),
      fc.constantFrom('A', '-', '_', '=', '%', ' ', '+', '/', '#', '&', 'é'),
      fc.string({ unit: 'binary', maxLength: 3 }),
    ),
    fc.nat({ max: 2 }),
  )
  .map(([text, at, insert, drop]) => {
    const fragment = fragmentOf(utf8(text));
    const cut = 3 + (at % Math.max(1, fragment.length - 3));
    return { fragment: fragment.slice(0, cut) + insert + fragment.slice(cut + drop) };
  });

/** Bytes that are not UTF-8 text, or not JSON: compressed properly, or not compressed at all. */
const notText: fc.Arbitrary<LinkCase> = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((b) => ({ fragment: fragmentOf(b) })),
  fc.tuple(texts, fc.nat(), fc.constantFrom(...NOT_UTF8)).map(([text, at, bad]) => {
    const b = utf8(text);
    const i = at % (b.length + 1);
    return { fragment: fragmentOf(new Uint8Array([...b.slice(0, i), ...bad, ...b.slice(i)])) };
  }),
  fc.uint8Array({ maxLength: 300 }).map((b) => ({ fragment: `#r=${encodeBase64url(b)}` })),
);

/** Text that is barely a link, or none: empty payloads, other parameters, random characters. */
const other: fc.Arbitrary<LinkCase> = fc
  .oneof(
    fc.constantFrom(
      '',
      '#',
      '#r=',
      '#r',
      '#x=1',
      '#r=A',
      '#r==',
      '#R=abc',
      '#&r=',
      'r=AAAA',
      '#r=%41',
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ maxLength: 40 }).map((s) => `#r=${s}`),
    fc.constantFrom('', ' ', '\n\t').map((s) => fragmentOf(utf8(s))),
  )
  .map((fragment) => ({ fragment }));

const links = fc.oneof(
  { arbitrary: intact, weight: 6 },
  { arbitrary: damaged, weight: 2 },
  { arbitrary: notText, weight: 2 },
  { arbitrary: other, weight: 1 },
);

/** An accepted document makes a new link that decodes to the same document. */
async function checkLinkRoundTrip(found: Findings, o: Outcome) {
  if (!o.ok) return;
  const again = await decodePermalink(await encodePermalink(o.doc));
  found.check(isDeepStrictEqual(again, throughJson(o.doc)), () => 'a new link changed it');
}

const json = (o: Outcome) => (o.ok ? JSON.stringify(o.doc) : o.reason);

/** Links decoded together in one case: concurrent decodes take about a third of the CPU each. */
const BATCH = 16;

/** Decodes one link and checks what it gives. */
async function checkLink(found: Findings, tally: OutcomeTally, c: LinkCase): Promise<void> {
  const limits = c.maxJsonBytes === undefined ? {} : { maxJsonBytes: c.maxJsonBytes };
  const link = tally.count(
    await outcomeAsync(
      found,
      IMPORT_REASONS,
      settlesInTime('decodePermalink', decodePermalink(c.fragment, limits)),
    ),
  );
  // An undamaged link is too large when its JSON is, and otherwise decodes as that JSON imports.
  const { text, bytes } = c;
  if (text !== undefined && bytes !== undefined) {
    const file: Outcome =
      bytes > (c.maxJsonBytes ?? MAX_IMPORT_BYTES)
        ? { ok: false, reason: 'too-large' }
        : outcome(found, IMPORT_REASONS, () => parseResultsFile(text, { maxBytes: Infinity }));
    found.check(json(link) === json(file), () => `link ${json(link)}, file ${json(file)}`);
  }
  await checkLinkRoundTrip(found, link);
}

describe('fuzz: the permalink decoder', () => {
  it(
    `${FUZZ_RUNS} links (${BATCH} at a time) give a valid document or an ImportError`,
    async () => {
      const tally = new OutcomeTally();
      await fc.assert(
        fc.asyncProperty(fc.array(links, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
          const found = new Findings();
          await Promise.all(batch.map((c) => checkLink(found, tally, c)));
          found.checkPrototypes();
          found.expectNone();
        }),
        fuzzParameters(FUZZ_RUNS / BATCH),
      );
      // The cases reach every outcome the decoder has, valid documents included.
      tally.expectReached(['ok', ...IMPORT_REASONS]);
      if (!REPLAYING) expect(tally.total).toBeGreaterThanOrEqual(FUZZ_RUNS);
    },
    FUZZ_TIMEOUT_MS,
  );
});
