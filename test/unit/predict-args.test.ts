import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args/flags';
import { MAX_COUNT, type PredictArgs, parsePredictArgs } from '../../src/cli/args/predict-args';
import { FORMAT_IDS } from '../../src/core/formats';

const base = ['--model', 'llama-3-8b', '--weights', 'fp16'];
const withGpu = [...base, '--gpu', 'a100'];

/** Parses argv that must not be --help. */
function parse(argv: readonly string[]): PredictArgs {
  const r = parsePredictArgs(argv);
  if (r.help) throw new Error('unexpected --help');
  return r;
}

/** The UsageError's first line (the usage text follows it). */
function usageError(argv: readonly string[]): string {
  try {
    parsePredictArgs(argv);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    const text = (e as Error).message;
    expect(text).toMatch(/\n\nUsage: npm run predict -- --model ID --weights FORMAT/);
    return text.split('\n')[0] ?? '';
  }
  throw new Error(`no error for ${argv.join(' ')}`);
}

describe('predict flags: what each one sets', () => {
  it('--gpu with defaults: native runtime, prompt 512, output 256, batch 1, context left to the predictor, table', () => {
    const a = parse(withGpu);
    expect(a.model.id).toBe('llama-3-8b');
    expect(a.format).toMatchObject({ id: 'fp16', bitsPerWeight: 16 });
    expect(a.source.kind).toBe('gpu');
    expect(a.source.kind === 'gpu' && a.source.gpu.id).toBe('a100-80g-sxm');
    expect(a).toMatchObject({
      runtime: 'native',
      promptTokens: 512,
      outputTokens: 256,
      batch: 1,
      context: undefined,
      json: false,
    });
  });

  it('resolves aliases for models, formats and GPUs, case-insensitively', () => {
    const a = parse(['--model', 'Llama-3.1-8B', '--weights', 'Q4_0', '--gpu', '4090']);
    expect(a.model.id).toBe('llama-3.1-8b');
    expect(parse(['--model', 'MISTRAL-7B', '--weights', 'Q4_0', '--gpu', '4090']).model.id).toBe(
      'mistral-7b-v0.3',
    );
    expect(a.format).toMatchObject({ id: 'int4', bitsPerWeight: 4.5 });
    expect(a.source.kind === 'gpu' && a.source.gpu.id).toBe('rtx-4090');
    expect(parse(['--model=llama-3-8b', '--weights=q8_0', '--gpu=m3-max']).format.id).toBe('int8');
  });

  it('--bits-per-weight makes a custom format measured as the named one', () => {
    const a = parse([...withGpu, '--bits-per-weight', '4.25']);
    expect(a.format).toMatchObject({ id: 'custom', bitsPerWeight: 4.25, kernel: 'fp16' });
    expect(parse([...withGpu, '--bits-per-weight=8']).format.bitsPerWeight).toBe(8);
  });

  it('--bandwidth-gbps with --tflops is a datasheet', () => {
    const a = parse([...base, '--bandwidth-gbps', '400', '--tflops', '14.2']);
    expect(a.source).toEqual({ kind: 'datasheet', bandwidthGBps: 400, tflops: 14.2 });
    expect(a).toMatchObject({ engine: 'native', vendor: 'nvidia', memoryGB: undefined, tp: 1 });
    expect(parse([...base, '--tflops=1e1', '--bandwidth-gbps=.5']).source).toEqual({
      kind: 'datasheet',
      bandwidthGBps: 0.5,
      tflops: 10,
    });
  });

  it('--from names a results file (read later by the CLI)', () => {
    expect(parse([...base, '--from', 'r.json']).source).toEqual({
      kind: 'results',
      path: 'r.json',
    });
    expect(parse([...base, '--from=dir/r.json']).source).toEqual({
      kind: 'results',
      path: 'dir/r.json',
    });
  });

  it('--runtime, --prompt, --output, --batch, --context and --json', () => {
    const a = parse([
      ...withGpu,
      '--runtime',
      'browser',
      '--prompt',
      '4096',
      '--output=128',
      '--batch',
      '16',
      '--context',
      '0',
      '--json',
    ]);
    expect(a).toMatchObject({
      runtime: 'browser',
      engine: 'browser',
      promptTokens: 4096,
      outputTokens: 128,
      batch: 16,
      context: 0,
      json: true,
    });
    // Llama 3.2 1B takes 131,072 tokens of context; Llama 3 8B 8,192.
    const long = ['--model', 'llama-3.2-1b', '--weights', 'fp16', '--gpu', 'a100'];
    expect(parse([...long, '--context', '32768']).context).toBe(32768);
  });

  it('--help and -h win over everything else, even missing flags', () => {
    expect(parsePredictArgs(['--help'])).toEqual({ help: true });
    expect(parsePredictArgs(['-h', '--gpu', 'a100'])).toEqual({ help: true });
  });
});

describe('predict flags: every error says what is wrong', () => {
  it('requires --model and --weights', () => {
    expect(usageError(['--weights', 'fp16', '--gpu', 'a100'])).toBe('--model is required.');
    expect(usageError(['--model', 'llama-3-8b', '--gpu', 'a100'])).toBe('--weights is required.');
  });

  it('requires exactly one source', () => {
    expect(usageError(base)).toBe(
      'Say what to predict for: --gpu ID, --bandwidth-gbps B with --tflops T, or --from RESULTS.json.',
    );
    expect(usageError([...withGpu, '--from', 'r.json'])).toBe(
      'Give only one of --gpu, --bandwidth-gbps/--tflops and --from (got --gpu and --from).',
    );
    expect(usageError([...withGpu, '--bandwidth-gbps', '1', '--tflops', '1'])).toMatch(
      /got --gpu and --bandwidth-gbps\/--tflops\)\.$/,
    );
    expect(usageError([...base, '--tflops', '1', '--from', 'r.json'])).toMatch(
      /got --bandwidth-gbps\/--tflops and --from\)\.$/,
    );
    expect(usageError([...base, '--bandwidth-gbps', '100'])).toBe(
      '--bandwidth-gbps and --tflops go together: give both.',
    );
    expect(usageError([...base, '--tflops', '10'])).toBe(
      '--bandwidth-gbps and --tflops go together: give both.',
    );
  });

  it('a bad --gpu lists the choices and aliases', () => {
    const msg = usageError([...base, '--gpu', 'bogus']);
    expect(msg).toMatch(
      /^--gpu: Unknown GPU "bogus"; choose one of a100-80g-sxm, a100-40g, h100-sxm, h200, rtx-4090, rtx-3090, rtx-2060,/,
    );
    // Every vendor's GPUs are listed, NVIDIA's first and Apple's last.
    expect(msg).toMatch(/, rx-7900-xtx, .*, arc-b580, .*, m1, .*, m4-max \(aliases/);
    expect(msg).toMatch(/\(aliases: .*\ba100, .*h100\b.*\)\.$/);
  });

  it('a bad --model or --weights lists the choices', () => {
    expect(usageError(['--model', 'gpt-5', '--weights', 'fp16', '--gpu', 'a100'])).toMatch(
      /^--model: Unknown model "gpt-5"; choose one of llama-3\.2-1b, .*llama-3-8b.*llama-3-70b.*deepseek-v3 \(aliases: .*mistral-7b.*\)\.$/,
    );
    const known = usageError(['--model', 'llama-3-8b', '--weights', 'q5_k', '--gpu', 'a100']);
    expect(known).toMatch(/^--weights: Unknown weight format "q5_k"; known: .*q4_0.*\.$/);
    expect(known).toContain(`known: ${FORMAT_IDS.join(', ')}, `);
  });

  it('a bad --runtime lists the two, and --runtime does not go with --from', () => {
    expect(usageError([...withGpu, '--runtime', 'cuda'])).toBe(
      '--runtime: Unknown runtime "cuda"; choose native or browser, or --engine ID (llama.cpp-cuda, llama.cpp-metal, llama.cpp-rocm, llama.cpp-vulkan, llama.cpp-sycl, mlx, mlc, vllm, trt-llm, webllm, llama.cpp-webgpu, llama.cpp-webgpu-dawn, transformers.js, webgpu-roofline, native, browser).',
    );
    expect(usageError([...base, '--from', 'r.json', '--runtime', 'native'])).toBe(
      '--runtime applies to --gpu and --bandwidth-gbps/--tflops; --from predicts from the kernels as measured, on one GPU.',
    );
  });

  it.each([
    ['--bits-per-weight', '0', 64],
    ['--bits-per-weight', '65', 64],
    ['--bits-per-weight', 'four', 64],
    ['--bits-per-weight', '-4', 64],
    ['--bandwidth-gbps', 'NaN', 1e6],
    ['--bandwidth-gbps', 'Infinity', 1e6],
    ['--bandwidth-gbps', '0x10', 1e6],
    ['--bandwidth-gbps', '2e6', 1e6],
    ['--tflops', '1.2.3', 1e6],
    ['--tflops', ' 5', 1e6],
  ] as const)('rejects %s %s', (flag, value, max) => {
    const argv = {
      '--bits-per-weight': [...withGpu, flag, value],
      '--bandwidth-gbps': [...base, flag, value, '--tflops', '10'],
      '--tflops': [...base, '--bandwidth-gbps', '100', flag, value],
    }[flag];
    expect(usageError(argv)).toBe(
      `${flag} must be a number greater than 0 and at most ${max}, got "${value}".`,
    );
  });

  it.each([
    ['--prompt', '0', '≥ 1'],
    ['--prompt', '1.5', '≥ 1'],
    ['--output', '-3', '≥ 1'],
    ['--output', 'many', '≥ 1'],
    ['--batch', '0', '≥ 1'],
    ['--batch', '1e3', '≥ 1'],
    ['--batch', String(MAX_COUNT + 1), '≥ 1'],
    ['--context', '-1', '≥ 0'],
    ['--context', '12k', '≥ 0'],
  ] as const)('rejects %s %s', (flag, value, bound) => {
    expect(usageError([...withGpu, flag, value])).toBe(
      `${flag} must be a whole number ${bound} (at most ${MAX_COUNT}), got "${value}".`,
    );
  });

  it('a flag without its value, given twice, unknown, or a value on --json', () => {
    expect(usageError([...base, '--gpu'])).toBe('--gpu needs a GPU id.');
    expect(usageError([...base, '--gpu', '--json'])).toBe('--gpu needs a GPU id.');
    expect(usageError([...base, '--gpu='])).toBe('--gpu needs a GPU id.');
    expect(usageError(['--model'])).toBe('--model needs a model id.');
    expect(usageError([...withGpu, '--from'])).toBe('--from needs a results file.');
    expect(usageError([...withGpu, '--batch'])).toBe('--batch needs a batch size.');
    expect(usageError([...withGpu, '--gpu', 'h100'])).toBe('--gpu is given more than once.');
    expect(usageError([...withGpu, '--fast'])).toBe('Unknown option: --fast');
    expect(usageError([...withGpu, 'a100'])).toBe('Unknown option: a100');
    expect(usageError([...withGpu, '--json=yes'])).toBe('--json takes no value.');
  });
});

describe('predict flags: engines, tensor parallelism and limits', () => {
  it('--engine picks an engine (aliases too); --runtime is the generic one; the default is native', () => {
    expect(parse(withGpu)).toMatchObject({ engine: 'native', runtime: 'native', tp: 1 });
    expect(parse([...withGpu, '--engine', 'llama.cpp-cuda'])).toMatchObject({
      engine: 'llama.cpp-cuda',
      runtime: 'native',
    });
    expect(parse([...withGpu, '--engine', 'NIM']).engine).toBe('trt-llm');
    expect(parse([...withGpu, '--engine=webllm']).runtime).toBe('browser');
    expect(parse([...withGpu, '--runtime', 'native']).engine).toBe('native');
  });

  it('a bad --engine lists the engines; --engine and --runtime do not go together', () => {
    expect(usageError([...withGpu, '--engine', 'ollama-turbo'])).toMatch(
      /^--engine: Unknown engine "ollama-turbo"; choose one of llama\.cpp-cuda, .*, native, browser \(or ollama, lm-studio: the vendor's llama\.cpp backend\)\.$/,
    );
    expect(usageError([...withGpu, '--engine', 'vllm', '--runtime', 'native'])).toBe(
      'Give --engine or --runtime, not both (--runtime native|browser is --engine native|browser).',
    );
    expect(usageError([...base, '--from', 'r.json', '--engine', 'vllm', '--tp', '2'])).toBe(
      '--engine, --tp apply to --gpu and --bandwidth-gbps/--tflops; --from predicts from the kernels as measured, on one GPU.',
    );
  });

  it('--tp: a GPU count that splits the attention heads', () => {
    const big = ['--model', 'llama-3-70b', '--weights', 'fp16', '--gpu', 'a100'];
    expect(parse([...big, '--tp', '8']).tp).toBe(8);
    expect(usageError([...big, '--tp', '3'])).toBe(
      "--tp 3: Llama 3 70B's 64 attention heads do not split evenly over 3 GPUs.",
    );
    expect(usageError([...big, '--tp', '0'])).toBe(
      '--tp must be a whole number from 1 to 64, got "0".',
    );
    expect(usageError([...big, '--tp', '2.5'])).toBe(
      '--tp must be a whole number from 1 to 64, got "2.5".',
    );
  });

  it('--fp32-tflops, --vendor and --memory-gb describe a datasheet; a browser engine needs the FP32 rate', () => {
    const sheet = [...base, '--bandwidth-gbps', '1008', '--tflops', '165.2'];
    const a = parse([
      ...sheet,
      '--fp32-tflops',
      '82.6',
      '--engine',
      'browser',
      '--memory-gb',
      '24',
    ]);
    expect(a.source).toEqual({
      kind: 'datasheet',
      bandwidthGBps: 1008,
      tflops: 165.2,
      fp32Tflops: 82.6,
    });
    expect(a).toMatchObject({ engine: 'browser', vendor: 'nvidia', memoryGB: 24 });
    expect(parse([...sheet, '--engine', 'mlx']).vendor).toBe('apple');
    expect(parse([...sheet, '--engine', 'llama.cpp-rocm']).vendor).toBe('amd');
    // The vendor an engine runs on alone is its entry's (engines/ids.ts `vendor`), not its name's.
    expect(parse([...sheet, '--engine', 'ipex-llm']).vendor).toBe('intel');
    expect(parse([...sheet, '--engine', 'trt-llm']).vendor).toBe('nvidia');
    expect(parse([...sheet, '--vendor', 'Intel']).vendor).toBe('intel');
    // Ollama / LM Studio / llama.cpp: the vendor's llama.cpp backend (NVIDIA without --vendor).
    expect(parse([...sheet, '--engine', 'ollama', '--vendor', 'amd']).engine).toBe(
      'llama.cpp-rocm',
    );
    expect(parse([...sheet, '--engine', 'LM-Studio', '--vendor', 'intel'])).toMatchObject({
      engine: 'llama.cpp-vulkan',
      vendor: 'intel',
    });
    expect(parse([...sheet, '--engine', 'ollama']).engine).toBe('llama.cpp-cuda');
    expect(parse([...base, '--gpu', 'm3-max', '--engine', 'ollama']).engine).toBe(
      'llama.cpp-metal',
    );
    expect(usageError([...sheet, '--engine', 'webllm'])).toBe(
      '--engine webllm runs prefill on WebGPU shaders at the FP32 rate, not the FP16 tensor rate of --tflops: give --fp32-tflops too.',
    );
    expect(usageError([...sheet, '--vendor', 'qualcomm'])).toBe(
      '--vendor must be one of nvidia, amd, apple, intel, got "qualcomm".',
    );
    expect(usageError([...withGpu, '--fp32-tflops', '19.5'])).toBe(
      '--fp32-tflops describes a datasheet given with --bandwidth-gbps/--tflops; --gpu has its own.',
    );
    expect(usageError([...sheet, '--fp32-tflops', '-1'])).toBe(
      '--fp32-tflops must be a number greater than 0 and at most 1000000, got "-1".',
    );
  });

  it('refuses inputs beyond the model’s context limit', () => {
    const llama2 = ['--model', 'llama-2-7b', '--weights', 'int4', '--gpu', 'rtx-4090'];
    expect(usageError([...llama2, '--prompt', '4000'])).toBe(
      "--prompt 4000 + --output 256 = 4256 tokens exceed Llama 2 7B's context limit of 4096 tokens (max_position_embeddings).",
    );
    expect(usageError([...llama2, '--context', '5000'])).toBe(
      "--context 5000 exceeds Llama 2 7B's context limit of 4096 tokens (max_position_embeddings).",
    );
    expect(parse([...llama2, '--prompt', '3840']).promptTokens).toBe(3840);
  });

  it('--weights takes the file presets, with their bits per weight and nearest kernel', () => {
    expect(
      parse([...base.slice(0, 2), '--weights', 'Q4_K_M', '--gpu', 'a100']).format,
    ).toMatchObject({
      id: 'q4_k_m',
      bitsPerWeight: 4.84,
      kernel: 'int4',
    });
    expect(parse([...base.slice(0, 2), '--weights', 'awq', '--gpu', 'a100']).format.id).toBe(
      'awq-g128',
    );
    expect(parse([...base.slice(0, 2), '--weights', 'fp8', '--gpu', 'h100']).format).toMatchObject({
      id: 'fp8',
      bitsPerWeight: 8,
      kernel: 'int8',
    });
  });
});
