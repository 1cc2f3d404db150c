import { deflateRawSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HfConfigError } from '../../../src/model/llm/hf-config/errors';
import { MAX_CONFIG_BYTES, parseHfConfigText } from '../../../src/model/llm/hf-config/read';
import { paramCount } from '../../../src/model/llm/models';
import { decodeBase64url, encodeBase64url } from '../../../src/share/link/base64url';
import {
  decodeModelParam,
  encodeModelParam,
  modelParamOf,
  withModelParam,
} from '../../../src/share/link/model-link';
import { MIXTRAL_8X7B_CONFIG } from '../../fixtures/hf-configs';
import { CATALOGUE_CONFIGS, editedConfig, Tally } from '../hf-config/config-arbitraries';

const LINK_RUNS = 4_000;
const mixtral = { _name_or_path: 'mistralai/Mixtral-8x7B-v0.1', ...MIXTRAL_8X7B_CONFIG };

describe('a config.json in the link (m=)', () => {
  it('round-trips: the same model, named by _name_or_path, in a short parameter', async () => {
    const value = await encodeModelParam(mixtral);
    expect(value.length).toBeLessThan(400);
    const { config, model } = await decodeModelParam(value);
    expect(config).toEqual(mixtral);
    expect(model.name).toBe('mistralai/Mixtral-8x7B-v0.1');
    expect(paramCount(model).total).toBe(46_702_792_704);
  });

  it('sits beside the results parameter, replacing an older one', () => {
    expect(withModelParam('#r=abc', 'xyz')).toBe('#r=abc&m=xyz');
    expect(withModelParam('#r=abc&m=old', 'new')).toBe('#r=abc&m=new');
    expect(withModelParam('#m=old', null)).toBe('');
    expect(withModelParam('', 'v')).toBe('#m=v');
    expect(modelParamOf('https://x.test/#r=abc&m=xyz')).toBe('xyz');
    expect(modelParamOf('#r=abc')).toBeNull();
  });

  // 4,000 cases, not 10,000: each one inflates through a DecompressionStream (about 1 ms).
  it(`${LINK_RUNS.toLocaleString('en')} links — real, cut, altered, not base64, not deflate, not UTF-8, too large — decode as their bytes say`, async () => {
    const tally = new Tally();
    await fc.assert(
      fc.asyncProperty(payload, linkEdit, async (bytes, edit) => {
        const value = editLink(linkOf(bytes), edit);
        const expected = expectedOutcome(value, bytes.length);
        tally.add(expected.step);
        let got: string;
        try {
          const { config, model } = await decodeModelParam(value);
          got = 'ok';
          // A decode that succeeds gives the JSON the link holds, read as the reader reads it.
          expect(config).toEqual(JSON.parse(expected.text ?? 'null'));
          expect(model).toEqual(parseHfConfigText(expected.text ?? ''));
        } catch (e) {
          if (!(e instanceof HfConfigError)) throw e;
          got = /in this link is over/.test(e.message)
            ? 'link:too-large'
            : /does not decode/.test(e.message)
              ? 'link:corrupt'
              : e.code;
        }
        expect(expected.outcomes).toContain(got);
      }),
      { numRuns: LINK_RUNS },
    );
    expect(tally.total).toBe(LINK_RUNS);
    tally.expectShares({
      ok: 0.3,
      'link:not-base64': 0.05,
      'link:not-deflate': 0.05,
      'link:not-utf8': 0.01,
      'link:too-large': 0.01,
      'malformed-json': 0.02,
      'not-object|unknown-model-type|missing-field|bad-field|absurd-size|inconsistent': 0.05,
    });
  }, 120_000);
});

/** What a link carries before deflating: mostly config.json texts, some anything. */
const payload: fc.Arbitrary<Uint8Array> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .tuple(fc.constantFrom(...CATALOGUE_CONFIGS), fc.constantFrom('org/Model-7B', ' ', ''))
      .map(([c, name]) => encodeText({ _name_or_path: name, ...c })),
  },
  { weight: 6, arbitrary: editedConfig.map(encodeText) },
  { weight: 2, arbitrary: fc.json({ maxDepth: 2 }).map((t) => new TextEncoder().encode(t)) },
  // Random bytes: mostly not UTF-8.
  { weight: 2, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 64 }) },
  // A config padded past MAX_CONFIG_BYTES: deflates small, inflates too large.
  {
    weight: 1,
    arbitrary: fc.constant(
      encodeText({ ...CATALOGUE_CONFIGS[0], pad: 'x'.repeat(MAX_CONFIG_BYTES) }),
    ),
  },
);

type LinkEdit =
  | { op: 'none' }
  | { op: 'cut'; at: number }
  | { op: 'swap'; at: number; ch: string }
  | { op: 'insert'; at: number; ch: string }
  | { op: 'replace'; text: string };

/** What a link goes through on its way: nothing mostly; cut, a character changed or added, or replaced. */
const linkEdit: fc.Arbitrary<LinkEdit> = fc.oneof(
  { weight: 14, arbitrary: fc.constant({ op: 'none' as const }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('cut' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('swap' as const),
      at: fc.nat(),
      ch: fc.constantFrom(...'AQgw_-09az'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('insert' as const),
      at: fc.nat(),
      ch: fc.constantFrom(...'=+/. %'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('replace' as const),
      text: fc.oneof(fc.string({ maxLength: 80 }), fc.base64String({ maxLength: 80 })),
    }),
  },
);

function editLink(link: string, edit: LinkEdit): string {
  if (edit.op === 'none') return link;
  if (edit.op === 'replace') return edit.text;
  const at = edit.at % (link.length + 1);
  if (edit.op === 'cut') return link.slice(0, at);
  if (edit.op === 'insert') return link.slice(0, at) + edit.ch + link.slice(at);
  return link.slice(0, at) + edit.ch + link.slice(at + 1);
}

function encodeText(value: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(value));
}

/** The link for these bytes, deflated by Node's zlib (another implementation than the page's). */
const linkOf = (bytes: Uint8Array): string => encodeBase64url(deflateRawSync(bytes));

/**
 * Where a link stops (`step`), found with the lower-level pieces one after the other, and what
 * decoding it must give (`outcome`): the link's own refusals, the reader's code, or 'ok' and its text.
 */
/**
 * What decoding `value` must give. A link whose intact payload (`payloadBytes` before deflating)
 * is over the limit and whose stream was then corrupted may fail either way: the reader stops at
 * the limit, and whether the corrupt part comes before it depends on where the edit fell.
 */
function expectedOutcome(
  value: string,
  payloadBytes: number,
): { step: string; outcomes: string[]; text?: string } {
  const corrupt = (step: string) => ({
    step,
    outcomes:
      step === 'link:not-deflate' && payloadBytes > MAX_CONFIG_BYTES
        ? ['link:corrupt', 'link:too-large']
        : ['link:corrupt'],
  });
  const bytes = decodeBase64url(value);
  if (bytes === null) return corrupt('link:not-base64');
  let inflated: Uint8Array;
  try {
    inflated = inflateRawSync(bytes, { maxOutputLength: MAX_CONFIG_BYTES });
  } catch (e) {
    if (e instanceof RangeError) return { step: 'link:too-large', outcomes: ['link:too-large'] };
    return corrupt('link:not-deflate');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    return corrupt('link:not-utf8');
  }
  try {
    parseHfConfigText(text);
    return { step: 'ok', outcomes: ['ok'], text };
  } catch (e) {
    if (!(e instanceof HfConfigError)) throw e;
    return { step: e.code, outcomes: [e.code] };
  }
}
