// `npm run predict -- --model-config PATH` and --kv-bits, built as users run it and spawned:
// configs of several families written from their published config.json, and bad configs.

import { describe, expect, it } from 'vitest';
import type { PredictJson } from '../../src/cli/render/report-json';
import { LLAMA_3_1_8B_CONFIG, QWEN3_30B_A3B_CONFIG } from '../fixtures/hf-configs';
import { builtCli, expectOneLineError } from './built-cli';

const { run, file, path: inWork } = builtCli('predict');

const qwen3Moe = { _name_or_path: 'Qwen/Qwen3-30B-A3B', ...QWEN3_30B_A3B_CONFIG };

describe('npm run predict -- --model-config', () => {
  it('an MoE config.json: named by _name_or_path, total and active parameters, routing assumed', () => {
    const path = file('config.json', JSON.stringify(qwen3Moe));
    const r = run(['--model-config', path, '--weights', 'fp16', '--gpu', 'h100-sxm', '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout) as PredictJson;
    expect(j.modelName).toBe('Qwen/Qwen3-30B-A3B');
    expect(j.params.moe).toBe(true);
    expect(j.params.total / 1e9).toBeCloseTo(30.5, 0);
    expect(j.params.activePerToken / 1e9).toBeCloseTo(3.35, 1);
    expect(j.assumptions.join('\n')).toMatch(
      /128 experts per layer are in memory; each token runs 8/,
    );
    expect(j.a100.chapter).toBeNull();
    const table = run(['--model-config', path, '--weights', 'int4', '--gpu', 'a100']);
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/B parameters in total, 3\.35 B active per token/);
    expect(table.stdout).toMatch(/no A100 numbers for this model/);
  });

  it('--kv-bits 8 shrinks the KV cache and says how the scales are counted', () => {
    const path = file(
      'llama31.json',
      // Unnamed, so the file's name names it.
      JSON.stringify({ ...LLAMA_3_1_8B_CONFIG, _name_or_path: undefined }),
    );
    const base = ['--model-config', path, '--weights', 'int4', '--gpu', 'rtx-4090', '--json'];
    const k16 = JSON.parse(run(base).stdout) as PredictJson;
    const k8 = JSON.parse(run([...base, '--kv-bits', '8']).stdout) as PredictJson;
    expect(k16.modelName).toBe('llama31.json');
    expect(k8.kvBits).toBe(8);
    expect(k8.kvBytes / k16.kvBytes).toBeCloseTo(34 / 64, 6);
    expect(k8.assumptions.join('\n')).toMatch(/8 bits with one 16-bit scale per 32 values/);
  });

  it('bad configs: one clear line each, exit 1', () => {
    const args = (p: string) => ['--model-config', p, '--weights', 'fp16', '--gpu', 'a100'];
    expectOneLineError(
      run(args(file('falcon.json', '{"model_type":"falcon"}'))),
      /^error: config file .*falcon\.json: Unknown model_type "falcon"; this reads llama, /,
    );
    expectOneLineError(run(args(file('array.json', '[1]'))), /this is an array\.\n$/);
    expectOneLineError(run(args(file('bad.json', '{"model_type":'))), /This is not JSON/);
    expectOneLineError(
      run(args(file('missing.json', '{"model_type":"llama","hidden_size":64}'))),
      /has no "num_hidden_layers"/,
    );
    expectOneLineError(
      run(args(file('big.json', `{"x":"${'y'.repeat(10_000_000)}"}`))),
      /a config\.json is a few kB/,
    );
    expectOneLineError(
      run(args(inWork('nope.json'))),
      /cannot read config file .*nope\.json: no such file\n$/,
    );
  });

  it('--kv-bits 5 and --model with --model-config are usage errors', () => {
    const bits = run([
      '--model',
      'llama-3-8b',
      '--weights',
      'fp16',
      '--gpu',
      'a100',
      '--kv-bits',
      '5',
    ]);
    expect(bits.status).toBe(2);
    expect(bits.stderr).toMatch(/^--kv-bits must be 16, 8 or 4, got "5"\./);
    const both = run([
      '--model',
      'llama-3-8b',
      '--model-config',
      'x.json',
      '--weights',
      'fp16',
      '--gpu',
      'a100',
    ]);
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/^Give --model or --model-config, not both\./);
  });
});
