// The comparison the checklist tests rest on fails both ways: a file the steps changed that the
// checklist does not name, and a file the checklist names that the steps did not need.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectSameFiles } from './checklist-doc';
import { checklistFiles, matchesPath, mockedFiles } from './checklist-files';

const MODEL_TEST = fileURLToPath(new URL('./model.test.ts', import.meta.url));
const doc = (files: string) => `# A\n\n### A new model\n\nFiles: ${files}.\n\nSteps.\n\n### Next\n`;

describe('checklist files', () => {
  it('reads the Files line, new files apart, and the mocks of a test', () => {
    expect(checklistFiles('A new model', doc('`src/a.ts`, `src/<area>/<name>.ts` (new)'))).toEqual({
      edit: ['src/a.ts'],
      create: ['src/<area>/<name>.ts'],
    });
    expect(
      mockedFiles(readFileSync(MODEL_TEST, 'utf8'), 'test/unit/checklists/model.test.ts'),
    ).toEqual(['src/model/llm/catalogue-configs.ts']);
    expect(
      matchesPath(
        'src/model/hardware/catalogue/<vendor>.ts',
        'src/model/hardware/catalogue/nvidia-geforce.ts',
      ),
    ).toBe(true);
    expect(
      matchesPath('src/model/hardware/catalogue/<vendor>.ts', 'src/model/hardware/gpus.ts'),
    ).toBe(false);
  });

  it('fails on a file changed but not named, and on one named but not changed', () => {
    expect(() =>
      expectSameFiles('A new model', MODEL_TEST, doc('`src/model/llm/catalogue-configs.ts`')),
    ).not.toThrow();
    expect(() =>
      expectSameFiles('A new model', MODEL_TEST, doc('`src/model/llm/models.ts`')),
    ).toThrow(
      /changed src\/model\/llm\/catalogue-configs\.ts, which it does not name; it names src\/model\/llm\/models\.ts, which the steps did not need/,
    );
    expect(() =>
      expectSameFiles(
        'A new model',
        MODEL_TEST,
        doc('`src/model/llm/catalogue-configs.ts`, `src/model/llm/models.ts`'),
      ),
    ).toThrow(/names src\/model\/llm\/models\.ts, which the steps did not need/);
    expect(() => expectSameFiles('A new GPU', MODEL_TEST, doc('`src/x.ts`'))).toThrow(
      /no checklist/,
    );
  });
});
