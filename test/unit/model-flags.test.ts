import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args/flags';
import { ModelConfigFileError } from '../../src/cli/args/model-flags';
import { parsePredictArgs } from '../../src/cli/args/predict-args';
import { parseSimulateArgs } from '../../src/cli/args/simulate-args';
import { MIXTRAL_8X7B_CONFIG } from '../fixtures/hf-configs';

const files: Record<string, string> = {
  'models/Mixtral/config.json': JSON.stringify(MIXTRAL_8X7B_CONFIG),
  'falcon.json': '{"model_type":"falcon"}',
};
const readText = (path: string) => {
  const text = files[path];
  if (text === undefined) throw Object.assign(new Error('nope'), { code: 'ENOENT' });
  return text;
};
const base = ['--weights', 'fp16', '--gpu', 'a100'];

describe('predict: --model-config and --kv-bits', () => {
  it('reads a config.json through the reader it is given; named by its folder', () => {
    const a = parsePredictArgs(['--model-config', 'models/Mixtral/config.json', ...base], readText);
    if (a.help) throw new Error('help');
    expect(a.model.name).toBe('Mixtral');
    expect(a.model.moe?.experts).toBe(8);
    expect(a.kvBits).toBeUndefined();
  });

  it('a bad or missing file is a ModelConfigFileError with the reader’s code', () => {
    const bad = () => parsePredictArgs(['--model-config', 'falcon.json', ...base], readText);
    expect(bad).toThrow(ModelConfigFileError);
    expect(bad).toThrow(/^config file falcon\.json: Unknown model_type "falcon"/);
    expect(() => parsePredictArgs(['--model-config', 'x.json', ...base], readText)).toThrow(
      'cannot read config file x.json: no such file',
    );
  });

  it('--kv-bits takes 16, 8 or 4', () => {
    for (const bits of [16, 8, 4]) {
      const a = parsePredictArgs(['--model', 'llama-3-8b', ...base, '--kv-bits', String(bits)]);
      expect(!a.help && a.kvBits).toBe(bits);
    }
    for (const bad of ['5', '8.0', 'eight', '-4']) {
      expect(() => parsePredictArgs(['--model', 'llama-3-8b', ...base, '--kv-bits', bad])).toThrow(
        UsageError,
      );
    }
  });

  it('--model and --model-config together is a usage error', () => {
    expect(() =>
      parsePredictArgs(
        ['--model', 'llama-3-8b', '--model-config', 'falcon.json', ...base],
        readText,
      ),
    ).toThrow('Give --model or --model-config, not both.');
  });
});

describe('simulate: the same --model-config and --kv-bits', () => {
  it('reads a config.json through the reader it is given, and takes --kv-bits', () => {
    const argv = ['--model-config', 'models/Mixtral/config.json', ...base, '--rate', '1'];
    const a = parseSimulateArgs([...argv, '--kv-bits', '4'], readText);
    if (a.help) throw new Error('help');
    expect(a.model.name).toBe('Mixtral');
    expect(a.model.moe?.experts).toBe(8);
    expect(a.kvBits).toBe(4);
    expect(() =>
      parseSimulateArgs(['--model-config', 'falcon.json', ...base, '--rate', '1'], readText),
    ).toThrow(ModelConfigFileError);
    expect(() =>
      parseSimulateArgs(
        ['--model', 'llama-3-8b', '--model-config', 'falcon.json', ...base],
        readText,
      ),
    ).toThrow('Give --model or --model-config, not both.');
  });
});
