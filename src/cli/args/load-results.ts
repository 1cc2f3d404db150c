// Reading a results document named on the command line (--from), for predict and simulate.

import { readFileSync } from 'node:fs';
import { errorMessage } from '../../core/error-message';
import { migrateResults } from '../../core/migrate';
import { type ResultsDocument, validateResults } from '../../core/results';

/** An error for the user: printed as one line, exit 1. */
export class CliError extends Error {}

/** Reads and validates a results document; every failure is one readable line. */
export function loadResults(path: string): ResultsDocument {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : errorMessage(e);
    throw new CliError(`cannot read results file ${path}: ${why}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new CliError(`results file ${path} is not valid JSON: ${errorMessage(e)}`);
  }
  try {
    return validateResults(migrateResults(value));
  } catch (e) {
    throw new CliError(`results file ${path}: ${errorMessage(e)}`);
  }
}
