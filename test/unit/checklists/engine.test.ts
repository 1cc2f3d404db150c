// The checklist "A new engine" of docs/ARCHITECTURE.md, done on a throwaway engine that borrows
// llama.cpp WebGPU's profile: its entry in ids.ts and its name in both languages, added in memory
// before anything reads those modules (vi.mock below). Then `npm run predict`'s steps (flags,
// prediction, table), the predictor and the page's words must all pick it up, say "borrowed
// from", and predict what the lender predicts; and the files changed must be the checklist's.

import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { PREDICT_USAGE } from '../../../src/cli/args/predict-args';
import { ENGINE_IDS, type EngineId, findEngine } from '../../../src/model/engines/ids';
import { decodeLoad, encodeLoad } from '../../../src/ui/load/load-settings';
import { calibrationText, engineLabel } from '../../../src/ui/predictions/prediction-words';
import { expectSameFiles } from './checklist-doc';
import { predictCli } from './predict-cli';

const NEW = 'checklist-engine' as EngineId;
const LENDER: EngineId = 'llama.cpp-webgpu';

// Step 1 and 2: the id and its entry, borrowing the lender's profile (same physics fields).
vi.mock('../../../src/model/engines/ids', async (real) => {
  const m = await real<typeof import('../../../src/model/engines/ids')>();
  (m.ENGINE_IDS as unknown as string[]).push('checklist-engine');
  (m.ENGINES as Record<string, unknown>)['checklist-engine'] = {
    ...m.ENGINES['llama.cpp-webgpu'],
    id: 'checklist-engine',
    covers: 'a throwaway engine of the checklist test',
    borrowsProfileFrom: 'llama.cpp-webgpu',
  };
  return m;
});
// Step 3: its name in both languages.
vi.mock('../../../src/ui/i18n/en/predictions', async (real) => {
  const m = await real<typeof import('../../../src/ui/i18n/en/predictions')>();
  (m.predictions.engineName as Record<string, string>)['checklist-engine'] = 'Checklist Engine';
  return m;
});
vi.mock('../../../src/ui/i18n/zh/predictions', async (real) => {
  const m = await real<typeof import('../../../src/ui/i18n/zh/predictions')>();
  (m.predictions.engineName as Record<string, string>)['checklist-engine'] = '清单引擎';
  return m;
});

const args = (engine: string) => [
  ...['--engine', engine, '--gpu', 'rtx-4090', '--model', 'llama-3.2-1b', '--weights', 'int4'],
];

describe('checklist: a new engine that borrows a profile', () => {
  it('touches exactly the files the checklist names', () => {
    const { changed } = expectSameFiles('A new engine', fileURLToPath(import.meta.url));
    expect(changed).toHaveLength(3);
  });

  it('the CLI takes it and says whose profile it borrowed', () => {
    expect(ENGINE_IDS).toContain(NEW);
    expect(findEngine('Checklist-Engine')).toBe(NEW);
    expect(PREDICT_USAGE).toMatch(
      /--engine ID .*transformers\.js, webgpu-roofline, native, browser, checklist-engine;/s,
    );
    const mine = predictCli(args(NEW));
    const lender = predictCli(args(LENDER));
    expect(mine.parsed.engine).toBe(NEW);
    expect(mine.text).toMatch(/engine "checklist-engine" \(browser\)/);
    expect(mine.text).toMatch(/calibration of the profile borrowed from "llama\.cpp-webgpu"/);
    expect(mine.text).toMatch(/profile borrowed from "llama\.cpp-webgpu": no public measurement/);
    expect(mine.text).not.toMatch(/too few measurements|no public measurements of this engine/);
    // The predictor: the lender's profile, so the lender's times and figures.
    // The lender's profile: its expected times (a browser harness never measured gets a range at
    // least as wide as the harnesses differ: test/unit/engines/borrowed.test.ts).
    expect(mine.report.decode?.msPerToken.expected).toBe(lender.report.decode?.msPerToken.expected);
    expect(mine.report.prefill?.ttftMs.expected).toBe(lender.report.prefill?.ttftMs.expected);
    expect(mine.report.calibration).toEqual(lender.report.calibration);
    expect(mine.report.profileBorrowedFrom).toBe(LENDER);
  });

  it('the page names it, says it is borrowed and keeps it in its link', () => {
    expect(engineLabel(NEW)).toBe('Checklist Engine');
    const { report } = predictCli(args(NEW));
    expect(calibrationText(report)).toMatch(
      /^No public measurement of checklist-engine is in the data: .* borrowed from llama\.cpp WebGPU as WASM in a browser/,
    );
    const link = encodeLoad({ ...decodeLoad(null), engine: NEW });
    expect(decodeLoad(link).engine).toBe(NEW);
  });
});
