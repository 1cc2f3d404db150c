import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HfConfigError } from '../../../src/model/llm/hf-config/errors';
import { paramCount } from '../../../src/model/llm/models';
import {
  decodeModelParam,
  encodeModelParam,
  modelParamOf,
  withModelParam,
} from '../../../src/share/model-link';
import { MIXTRAL_8X7B_CONFIG } from '../../fixtures/hf-configs';

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

  it('10,000 arbitrary parameters decode to a model or an HfConfigError, nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 80 }), fc.base64String({ maxLength: 80 })),
        async (text) => {
          try {
            await decodeModelParam(text);
          } catch (e) {
            expect(e).toBeInstanceOf(HfConfigError);
          }
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
