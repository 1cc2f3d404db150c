// An --out FILE checked before anything runs: a run takes minutes, and a path that cannot be
// written would otherwise be found out only at its end.

import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { errorMessage } from '../../core/error-message';

/** Why `path` cannot be written, in words; null where it can. */
export function outFileProblem(path: string): string | null {
  const full = resolve(path);
  try {
    if (existsSync(full)) {
      if (statSync(full).isDirectory()) return 'it is a folder';
      accessSync(full, constants.W_OK);
      return null;
    }
    const folder = dirname(full);
    if (!existsSync(folder)) return `the folder ${folder} does not exist`;
    if (!statSync(folder).isDirectory()) return `${folder} is not a folder`;
    accessSync(folder, constants.W_OK);
    return null;
  } catch (e) {
    return errorMessage(e);
  }
}
