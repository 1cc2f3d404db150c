import { describe, expect, it } from 'vitest';
import { ImportError, type ImportReason } from '../../../src/share/import/import-error';
import { encodeBase64url } from '../../../src/share/link/base64url';
import { deflateRaw } from '../../../src/share/link/deflate';
import { decodePermalink, encodePermalink, isPermalink } from '../../../src/share/link/permalink';
import { sampleDocument } from '../../fixtures/results';

/** A `#r=` fragment holding any text, valid or not. */
async function fragmentOf(text: string | Uint8Array): Promise<string> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  return `#r=${encodeBase64url(await deflateRaw(bytes))}`;
}

async function expectReason(promise: Promise<unknown>, reason: ImportReason, message: RegExp) {
  const error = await promise.then(
    () => {
      throw new Error('expected an ImportError');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  expect((error as ImportError).reason).toBe(reason);
  expect((error as ImportError).message).toMatch(message);
}

describe('permalink round trip', () => {
  it('encodes to #r=<base64url> and decodes to an equal document', async () => {
    const doc = sampleDocument();
    doc.adapter.description = 'Ünïcødé 歌 😀 <script>alert(1)</script>';
    const fragment = await encodePermalink(doc);
    expect(fragment).toMatch(/^#r=[A-Za-z0-9_-]+$/);
    expect(fragment.length).toBeLessThan(JSON.stringify(doc).length);
    expect(await decodePermalink(fragment)).toEqual(doc);
  });

  it('reads the fragment of a whole URL, and beside other parameters', async () => {
    const doc = sampleDocument();
    const fragment = await encodePermalink(doc);
    const url = `https://example.org/webgpu-roofline/?x=1${fragment.replace('#', '#plan=full&')}&lang=zh`;
    expect(isPermalink(url)).toBe(true);
    expect(await decodePermalink(url)).toEqual(doc);
    expect(await decodePermalink(fragment.slice(1))).toEqual(doc);
    expect(isPermalink('#plan=full')).toBe(false);
  });

  it('round-trips every payload length (base64url tails of 0, 2 and 3 characters)', async () => {
    const doc = sampleDocument();
    for (let n = 0; n < 6; n++) {
      doc.runtime.description = 'n'.repeat(n);
      expect(await decodePermalink(await encodePermalink(doc))).toEqual(doc);
    }
  });
});

describe('permalink failures, each an ImportError naming the problem', () => {
  it('not-permalink', async () => {
    for (const text of ['', '#', '#plan=full', 'https://example.org/', '#rr=abc']) {
      await expectReason(decodePermalink(text), 'not-permalink', /no shared results/);
    }
  });

  it('empty', async () => {
    await expectReason(decodePermalink('#r='), 'empty', /empty/);
    await expectReason(decodePermalink(await fragmentOf('  ')), 'empty', /^The link is empty/);
  });

  it('corrupt: characters, truncation, random bytes, not UTF-8', async () => {
    const fragment = await encodePermalink(sampleDocument());
    await expectReason(decodePermalink(`${fragment.slice(0, 20)}$%`), 'corrupt', /not base64url/);
    await expectReason(decodePermalink(fragment.slice(0, 21)), 'corrupt', /base64url|decompress/);
    await expectReason(decodePermalink(fragment.slice(0, 42)), 'corrupt', /do not decompress/);
    await expectReason(decodePermalink('#r=A'), 'corrupt', /not base64url/);
    // 64 random bytes (once drawn from a seeded PRNG), never compressed
    const random = Uint8Array.from(
      Buffer.from(
        'b8097413c37b7c29438d3115b67acbe152b049ac86d48a02e04fefc46bb6275e' +
          'b900027adc9aaec99594125f87d669767f92c6daaa5fb0b377fae1b6adf3c30e',
        'hex',
      ),
    );
    await expectReason(decodePermalink(`#r=${encodeBase64url(random)}`), 'corrupt', /damaged/);
    await expectReason(
      decodePermalink(await fragmentOf(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))),
      'corrupt',
      /not UTF-8/,
    );
  });

  it('too-large: long links, and links that inflate past the limit', async () => {
    await expectReason(
      decodePermalink(`#r=${'A'.repeat(1_000_000)}`),
      'too-large',
      /characters long/,
    );
    const bomb = await fragmentOf(' '.repeat(3 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(10_000);
    await expectReason(decodePermalink(bomb), 'too-large', /decompress to over 2\.1 MB/);
    const doc = sampleDocument();
    await expectReason(
      encodePermalink(doc, { maxFragmentChars: 100 }),
      'too-large',
      /download the JSON/,
    );
    await expectReason(
      decodePermalink(await encodePermalink(doc), { maxJsonBytes: 500 }),
      'too-large',
      /over 500 bytes/,
    );
  });

  it('malformed-json, not-results, schema-version and invalid, worded for a link', async () => {
    await expectReason(
      decodePermalink(await fragmentOf('{"a": }')),
      'malformed-json',
      /^The link is not valid JSON: unexpected "}" at line 1, column 7\.$/,
    );
    await expectReason(
      decodePermalink(await fragmentOf('[1]')),
      'not-results',
      /^The link is JSON/,
    );
    await expectReason(
      decodePermalink(await fragmentOf(JSON.stringify({ ...sampleDocument(), schemaVersion: 3 }))),
      'schema-version',
      /^The link holds schemaVersion 3/,
    );
    const doc = sampleDocument();
    (doc.results[0] as unknown as Record<string, unknown>).gbps = 1e308;
    await expectReason(
      decodePermalink(await fragmentOf(JSON.stringify(doc))),
      'invalid',
      /document\.results\[0\]\.gbps must be a finite number/,
    );
  });
});
