// What `npm run predict -- ARGS` prints for a datasheet, through the steps src/cli/predict.ts takes
// (that module runs at import, so the checklist tests call its steps): parse the flags, resolve
// the GPU, predict, render the table.

import { parsePredictArgs } from '../../../src/cli/args/predict-args';
import { specHardware } from '../../../src/cli/args/spec-hardware';
import { renderPrediction } from '../../../src/cli/render/predict-table';
import { predictReport } from '../../../src/model/predict/report';

export function predictCli(args: readonly string[]) {
  const parsed = parsePredictArgs(args);
  if (parsed.help) throw new Error('--help asked for');
  if (parsed.source.kind === 'results') throw new Error('a datasheet (--gpu) expected');
  const hw = specHardware(parsed.source, parsed);
  const { report } = predictReport(
    { kind: 'spec', hw, engine: parsed.engine },
    parsed.model,
    parsed.format,
    { promptTokens: parsed.promptTokens, outputTokens: parsed.outputTokens, batch: parsed.batch },
  );
  return { parsed, report, text: renderPrediction(report) };
}
