// What `npm run simulate` computes for its parsed flags: the predictor for the source, step
// times and the KV size, then one run or a λ sweep (and the run at its highest rate).

import { readFileSync } from 'node:fs';
import { adapterName } from '../core/adapter-name';
import { errorMessage } from '../core/error-message';
import { measuredEstimator } from '../model/predict/measured-estimator';
import { type Estimator, kvElementBytes } from '../model/predict/predictor';
import { specEstimator } from '../model/predict/spec-estimator';
import { parseTrace } from '../model/serving/requests/trace';
import type { ArrivalSpec } from '../model/serving/requests/workload';
import { servingHardware } from '../model/serving/setup';
import { simulate } from '../model/serving/simulate';
import { sweepRates } from '../model/serving/sweep';
import { CliError, loadResults } from './args/load-results';
import type { SimulateArgs } from './args/simulate-args';
import { specHardware } from './args/spec-hardware';
import type { SimulateOutcome, SimulationHeader } from './render/simulate-report';

/** Bytes per cached K or V element for --kv-bits (16 bits: 2 bytes). */
const kvBytes = (args: SimulateArgs) =>
  kvElementBytes(args.kvBits === undefined ? {} : { kvBits: args.kvBits });

/** The predictor for the chosen source, and the GPU's name. */
function estimator(args: SimulateArgs): { est: Estimator; gpuName: string } {
  const { model, format, source } = args;
  if (source.kind === 'results') {
    const results = loadResults(source.path);
    try {
      return {
        est: measuredEstimator(results, model, format, kvBytes(args)),
        gpuName: adapterName(results.adapter),
      };
    } catch (e) {
      throw new CliError(`cannot predict from ${source.path}: ${errorMessage(e)}`);
    }
  }
  const hw = specHardware(source, args);
  const est = specEstimator(hw, args.engine, model, format, {
    kvBytesPerElement: kvBytes(args),
    tp: args.tp,
  });
  return { est, gpuName: hw.name };
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

export function runSimulation(args: SimulateArgs): {
  header: SimulationHeader;
  outcome: SimulateOutcome;
} {
  const { est, gpuName } = estimator(args);
  // With --tp N the weights and the KV cache spread over N GPUs' memory.
  const memoryBytes =
    args.memoryBytes ?? (est.capacityBytes === undefined ? undefined : est.capacityBytes * args.tp);
  let hardware: ReturnType<typeof servingHardware>;
  try {
    hardware = servingHardware(est, args.model, args.format, {
      ...(args.kvTokens === undefined ? {} : { kvCapacityTokens: args.kvTokens }),
      ...(memoryBytes === undefined ? {} : { memoryBytes }),
      kvBytesPerElement: kvBytes(args),
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
