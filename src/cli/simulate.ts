// `npm run simulate`: a server under load, with step times from the predictor (a datasheet or a
// results document). Exit 0 on success, 2 for a usage error, 1 for anything else.

import { readFileSync } from 'node:fs';
import { adapterName } from '../core/adapter-name';
import { errorMessage } from '../core/error-message';
import { measuredEstimator } from '../model/measured';
import { type Estimator, specEstimator } from '../model/predictor';
import { PROFILES } from '../model/profiles';
import { servingHardware } from '../model/serving/setup';
import { simulate } from '../model/serving/simulate';
import { sweepRates } from '../model/serving/sweep';
import { parseTrace } from '../model/serving/trace';
import type { ArrivalSpec } from '../model/serving/workload';
import { UsageError } from './flags';
import { CliError, loadResults } from './load-results';
import { parseSimulateArgs, SIMULATE_USAGE, type SimulateArgs } from './simulate-args';
import {
  renderSimulation,
  type SimulateOutcome,
  type SimulationHeader,
  simulationJson,
} from './simulate-report';
import { specHardware } from './spec-hardware';

/** The predictor for the chosen source, and the GPU's name. */
function estimator(args: SimulateArgs): { est: Estimator; gpuName: string } {
  const { model, format, source } = args;
  if (source.kind === 'results') {
    const results = loadResults(source.path);
    try {
      return {
        est: measuredEstimator(results, model, format),
        gpuName: adapterName(results.adapter),
      };
    } catch (e) {
      throw new CliError(`cannot predict from ${source.path}: ${errorMessage(e)}`);
    }
  }
  const hw = specHardware(source);
  return { est: specEstimator(hw, PROFILES[args.runtime], model, format), gpuName: hw.name };
}

function readTrace(path: string): ArrivalSpec {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CliError(
      `cannot read trace file ${path}: ${code === 'ENOENT' ? 'no such file' : errorMessage(e)}`,
    );
  }
  try {
    return { kind: 'trace', requests: parseTrace(text) };
  } catch (e) {
    throw new CliError(`${path}: ${errorMessage(e)}`);
  }
}

function run(args: SimulateArgs): { header: SimulationHeader; outcome: SimulateOutcome } {
  const { est, gpuName } = estimator(args);
  let hardware: ReturnType<typeof servingHardware>;
  try {
    hardware = servingHardware(est, args.model, args.format, {
      ...(args.kvTokens === undefined ? {} : { kvCapacityTokens: args.kvTokens }),
      ...(args.memoryBytes === undefined ? {} : { memoryBytes: args.memoryBytes }),
    });
  } catch (e) {
    throw new CliError(`${errorMessage(e)} (--memory-gb or --kv-tokens)`);
  }
  const base = {
    stepTimes: hardware.stepTimes,
    scheduler: args.scheduler,
    kvCapacityTokens: hardware.kvCapacityTokens,
  };
  const workload = {
    requests: args.requests,
    prompt: args.prompt,
    output: args.output,
    seed: args.seed,
  };
  const header = { args, gpuName, hardware };
  const l = args.load;
  if (l.kind === 'sweep') {
    const sweep = sweepRates({ ...base, workload });
    const top = sweep.points[sweep.points.length - 1]?.ratePerS ?? sweep.saturationRatePerS;
    const result = simulate({
      ...base,
      workload: { ...workload, arrivals: { kind: 'poisson', ratePerS: top } },
    });
    return { header, outcome: { kind: 'sweep', sweep, result } };
  }
  const arrivals: ArrivalSpec =
    l.kind === 'rate'
      ? { kind: 'poisson', ratePerS: l.ratePerS }
      : l.kind === 'users'
        ? { kind: 'closed', users: l.users, thinkMs: l.thinkMs }
        : readTrace(l.path);
  return {
    header,
    outcome: { kind: 'run', result: simulate({ ...base, workload: { ...workload, arrivals } }) },
  };
}

function main(argv: readonly string[]): number {
  let parsed: ReturnType<typeof parseSimulateArgs>;
  try {
    parsed = parseSimulateArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (parsed.help) {
    process.stdout.write(`${SIMULATE_USAGE}\n`);
    return 0;
  }
  const { header, outcome } = run(parsed);
  process.stdout.write(
    parsed.json
      ? `${JSON.stringify(simulationJson(header, outcome), null, 2)}\n`
      : `${renderSimulation(header, outcome)}\n`,
  );
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`error: ${errorMessage(e)}\n`);
  process.exitCode = 1;
}
