// Benchmark: how long the serving simulator takes for 10,000 requests (npm run bench:sim).
// Workload: Llama 3 8B FP16 on an A100 (spec mode, native runtime), the chapter's lengths (512-token
// prompts, outputs lognormal mean 128 / P99 512), Poisson arrivals at 10 requests/s (the
// continuous schedulers keep ~25–30 sequences decoding), each scheduler in turn. Prints the
// median wall time of 5 runs after one warm-up run, plus a 16-point λ sweep of 2,000-request runs,
// and what `npm run simulate -- … --requests 10000 --json` computes after parsing its flags.

import { parseSimulateArgs } from '../../src/cli/args/simulate-args';
import { simulationJson } from '../../src/cli/render/simulate-report';
import { runSimulation } from '../../src/cli/simulate-run';
import { CHAPTER_A100_LLAMA3_8B_FP16 as A100_TABLE } from '../../src/model/predict/chapter';
import { defaultScheduler, type SchedulerKind } from '../../src/model/serving/batching/schedulers';
import { chapterA100Hardware } from '../../src/model/serving/chapter-scenario';
import {
  CHAPTER_OUTPUT_LENGTHS,
  CHAPTER_PROMPT_LENGTHS,
} from '../../src/model/serving/requests/lengths';
import { type SimulationConfig, simulate } from '../../src/model/serving/simulate';
import { sweepRates } from '../../src/model/serving/sweep';

const REQUESTS = 10_000;
const RUNS = 5;
const { stepTimes, kvCapacityTokens } = chapterA100Hardware();

const config = (kind: SchedulerKind): SimulationConfig => ({
  workload: {
    arrivals: { kind: 'poisson', ratePerS: 10 },
    requests: REQUESTS,
    prompt: CHAPTER_PROMPT_LENGTHS,
    output: CHAPTER_OUTPUT_LENGTHS,
    seed: 1,
  },
  stepTimes,
  scheduler: defaultScheduler(kind),
  kvCapacityTokens,
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

console.log(
  `serving simulator, ${REQUESTS.toLocaleString('en-US')} requests, ${A100_TABLE.model} ${A100_TABLE.weights} on ${A100_TABLE.gpu} (spec mode), Node ${process.version}`,
);
for (const kind of ['continuous', 'chunked', 'static'] as const) {
  simulate(config(kind)); // warm-up (JIT)
  const times: number[] = [];
  let last: ReturnType<typeof simulate> | undefined;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    last = simulate(config(kind));
    times.push(performance.now() - t0);
  }
  if (last === undefined) continue;
  console.log(
    `${kind.padEnd(10)} ${median(times).toFixed(1).padStart(7)} ms median of ${RUNS} (min ${Math.min(...times).toFixed(1)})  | ${last.counts.finished} finished, ${last.outputTokensPerS.toFixed(0)} tok/s, mean batch ${last.meanDecodeBatch.toFixed(1)}, ITL P95 ${last.itlMs.p95.toFixed(1)} ms`,
  );
}

const t0 = performance.now();
const sweep = sweepRates({
  stepTimes,
  scheduler: defaultScheduler('continuous'),
  kvCapacityTokens,
  workload: {
    requests: 2000,
    prompt: CHAPTER_PROMPT_LENGTHS,
    output: CHAPTER_OUTPUT_LENGTHS,
    seed: 1,
  },
});
console.log(
  `λ sweep (continuous, 2,000 requests per run): ${sweep.points.length} runs in ${(performance.now() - t0).toFixed(0)} ms; saturation ${sweep.saturationRatePerS.toFixed(1)} requests/s`,
);
for (const c of sweep.capacity) {
  console.log(
    `  ${c.sla.id.padEnd(26)} max λ ${c.maxRatePerS?.toFixed(2) ?? '—'} requests/s (${c.finding}${c.limitedBy ? `; limited by ${c.limitedBy}` : ''})`,
  );
}

// What `npm run simulate -- … --requests 10000 --json` does after parsing: the run and its JSON.
const argv = [
  '--gpu',
  'a100',
  '--model',
  'llama-3-8b',
  '--weights',
  'fp16',
  '--rate',
  '10',
  '--requests',
  '10000',
  '--json',
];
const parsed = parseSimulateArgs(argv);
if (!parsed.help) {
  const jsonTimes: number[] = [];
  let bytes = 0;
  for (let i = 0; i <= RUNS; i++) {
    const t1 = performance.now();
    const { header, outcome } = runSimulation(parsed);
    bytes = JSON.stringify(simulationJson(header, outcome)).length;
    if (i > 0) jsonTimes.push(performance.now() - t1); // the first run warms up
  }
  console.log(
    `simulate ${argv.join(' ')}: ${median(jsonTimes).toFixed(1)} ms median of ${RUNS} (hardware, run and JSON; ${bytes} characters)`,
  );
}
