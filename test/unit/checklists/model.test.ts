// The checklist "A new model" of docs/ARCHITECTURE.md, done on a throwaway catalogue entry (Llama
// 3.2 1B's config.json fields under another id, in a family of its own), appended in memory
// before anything reads the catalogue (vi.mock below). The catalogue's reader, `npm run predict
// -- --model`, the predictor and the page's picker groups must take it; and the files changed
// must be the checklist's.

import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { getModel, MODELS, paramCount } from '../../../src/model/llm/models';
import { catalogueGroups } from '../../../src/ui/predictions/model-picker';
import { expectSameFiles } from './checklist-doc';
import { predictCli } from './predict-cli';

// The one step: an entry in CATALOGUE.
vi.mock('../../../src/model/llm/catalogue-configs', async (real) => {
  const m = await real<typeof import('../../../src/model/llm/catalogue-configs')>();
  const base = m.CATALOGUE.find((e) => e.id === 'llama-3.2-1b');
  if (base === undefined) throw new Error('llama-3.2-1b left the catalogue');
  return {
    ...m,
    CATALOGUE: [
      ...m.CATALOGUE,
      { ...base, id: 'checklist-model', name: 'Checklist Model 1B', family: 'Checklist' },
    ],
  };
});

const cli = (model: string) =>
  predictCli(['--model', model, '--gpu', 'rtx-4090', '--weights', 'fp16', '--engine', 'native']);

describe('checklist: a new model', () => {
  it('touches exactly the files the checklist names', () => {
    const { changed } = expectSameFiles('A new model', fileURLToPath(import.meta.url));
    expect(changed).toEqual(['src/model/llm/catalogue-configs.ts']);
  });

  it('the catalogue reads its config.json fields, and the count matches the published one', () => {
    const m = getModel('Checklist-Model');
    expect(MODELS.map((x) => x.id)).toContain('checklist-model');
    expect(m.name).toBe('Checklist Model 1B');
    expect(m.layers).toBe(16);
    expect(Math.abs(paramCount(m).total / (m.publishedParams ?? 0) - 1)).toBeLessThan(0.01);
  });

  it('the CLI and the predictor take it: the same shape predicts the same times', () => {
    const mine = cli('checklist-model');
    const base = cli('llama-3.2-1b');
    expect(mine.report.modelName).toBe('Checklist Model 1B');
    expect(mine.text).toMatch(/^Checklist Model 1B · fp16/);
    expect(mine.report.decode?.msPerToken).toEqual(base.report.decode?.msPerToken);
    expect(mine.report.prefill?.ttftMs).toEqual(base.report.prefill?.ttftMs);
  });

  it('the page’s model pickers list it in its family', () => {
    const group = catalogueGroups().find((g) => g.label === 'Checklist');
    expect(group?.models.map((m) => m.id)).toEqual(['checklist-model']);
  });
});
