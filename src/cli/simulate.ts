// `npm run simulate`: a server under load, with step times from the predictor (a datasheet or a
// results document). Exit 0 on success, 2 for a usage error, 1 for anything else.

import { readFileSync } from 'node:fs';
import { argsOrExit, runMain } from './args/flags';
import { parseSimulateArgs, SIMULATE_USAGE } from './args/simulate-args';
import { renderSimulation, simulationJson } from './render/simulate-report';
import { runSimulation } from './simulate-run';

function main(argv: readonly string[]): number {
  const parsed = argsOrExit(
    () => parseSimulateArgs(argv, (path) => readFileSync(path, 'utf8')),
    SIMULATE_USAGE,
  );
  if (typeof parsed === 'number') return parsed;
  const { header, outcome } = runSimulation(parsed);
  process.stdout.write(
    parsed.json
      ? `${JSON.stringify(simulationJson(header, outcome), null, 2)}\n`
      : `${renderSimulation(header, outcome)}\n`,
  );
  return 0;
}

runMain(() => main(process.argv.slice(2)));
