// The checklist comparison (./checklist-files.ts) for a test in Node: reads docs/ARCHITECTURE.md
// and the test's own source from the repository.

import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ChecklistFiles, compareFiles } from './checklist-files';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** `doc` replaces docs/ARCHITECTURE.md (the comparison's own test). */
export function expectSameFiles(
  title: string,
  testFile: string,
  doc = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8'),
): { changed: string[]; named: ChecklistFiles } {
  const testPath = relative(ROOT, testFile).replaceAll('\\', '/');
  return compareFiles(title, doc, readFileSync(testFile, 'utf8'), testPath);
}
