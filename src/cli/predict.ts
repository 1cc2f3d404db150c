// `npm run predict`: decode/prefill/E2E for a model on a GPU, from a datasheet or from a results
// document, beside an A100. Exit 0 on success, 2 for a usage error, 1 for anything else.

import { readFileSync } from 'node:fs';
import { adapterName } from '../core/adapter-name';
import { errorMessage } from '../core/error-message';
import { predictMeasured } from '../model/predict/measured-estimator';
import type { Prediction, PredictOptions } from '../model/predict/predictor';
import { buildReport } from '../model/predict/report';
import { predictSpec } from '../model/predict/spec-estimator';
import { argsOrExit, runMain } from './args/flags';
import { CliError, loadResults } from './args/load-results';
import { PREDICT_USAGE, type PredictArgs, parsePredictArgs } from './args/predict-args';
import { specHardware } from './args/spec-hardware';
import { renderPrediction } from './render/predict-table';
import { reportJson } from './render/report-json';

function predict(args: PredictArgs, opts: PredictOptions) {
  const { model, format, source } = args;
  if (source.kind === 'results') {
    const results = loadResults(source.path);
    let prediction: Prediction;
    try {
      prediction = predictMeasured(results, model, format, opts);
    } catch (e) {
      throw new CliError(`cannot predict from ${source.path}: ${errorMessage(e)}`);
    }
    return { prediction, gpuName: adapterName(results.adapter), results };
  }
  const hw = specHardware(source, args);
  const prediction = predictSpec(hw, args.engine, model, format, { ...opts, tp: args.tp });
  return { prediction, gpuName: hw.name, hw };
}

function main(argv: readonly string[]): number {
  const parsed = argsOrExit(
    () => parsePredictArgs(argv, (path) => readFileSync(path, 'utf8')),
    PREDICT_USAGE,
  );
  if (typeof parsed === 'number') return parsed;
  const options: PredictOptions = {
    promptTokens: parsed.promptTokens,
    outputTokens: parsed.outputTokens,
    batch: parsed.batch,
    ...(parsed.context === undefined ? {} : { context: parsed.context }),
    ...(parsed.kvBits === undefined ? {} : { kvBits: parsed.kvBits }),
  };
  const { prediction, gpuName, results, hw } = predict(parsed, options);
  const report = buildReport({
    prediction,
    model: parsed.model,
    format: parsed.format,
    gpuName,
    options,
    ...(results === undefined ? {} : { results }),
    ...(hw === undefined ? {} : { hw }),
  });
  process.stdout.write(
    parsed.json
      ? `${JSON.stringify(reportJson(report), null, 2)}\n`
      : `${renderPrediction(report)}\n`,
  );
  return 0;
}

runMain(() => main(process.argv.slice(2)));
