// An engine with no measurement of its own borrows another's fitted profile (ids.ts
// borrowsProfileFrom): the predictor uses the lender's profile and held-out figures, and the CLI,
// the JSON report and the page's words say "borrowed from" it instead of range codes about an
// engine the data never saw. No engine of the catalogue borrows now (transformers.js has rows of
// its own since browser-llm-lab's runs), so a throwaway browser harness, added in memory before
// anything reads ids.ts (vi.mock below), borrows the browser class's profile here.
import { describe, expect, it, vi } from 'vitest';
import { renderPrediction } from '../../../src/cli/render/predict-table';
import { reportJson } from '../../../src/cli/render/report-json';
import { resolveFormat } from '../../../src/core/formats';
import { FITTED } from '../../../src/model/engines/fitted.generated';
import { borrowersWithRows, profileKey } from '../../../src/model/engines/fitted-tables';
import { ENGINE_IDS, ENGINES, type EngineId, profileEngine } from '../../../src/model/engines/ids';
import { calibrationRows } from '../../../src/model/engines/measurements/data';
import {
  engineCalibration,
  engineProfile,
  predictEngine,
} from '../../../src/model/engines/predict';
import { getGpu } from '../../../src/model/hardware/gpus';
import { getModel } from '../../../src/model/llm/models';
import { weightLayout } from '../../../src/model/llm/weight-layout';
import { predictReport } from '../../../src/model/predict/report';
import { calibrationText } from '../../../src/ui/predictions/prediction-words';

const UNMEASURED = 'unmeasured-harness' as EngineId;

vi.mock('../../../src/model/engines/ids', async (real) => {
  const m = await real<typeof import('../../../src/model/engines/ids')>();
  (m.ENGINE_IDS as unknown as string[]).push('unmeasured-harness');
  (m.ENGINES as Record<string, unknown>)['unmeasured-harness'] = {
    ...m.ENGINES.browser,
    id: 'unmeasured-harness',
    covers: 'a browser harness no public measurement names (this test only)',
    borrowsProfileFrom: 'browser',
  };
  return m;
});

const borrowers = ENGINE_IDS.filter((e) => ENGINES[e].borrowsProfileFrom !== undefined);
const model = getModel('llama-3.2-1b');
const int4 = resolveFormat('int4');
const arc = getGpu('arc-b580');

const reportFor = (engine: string) =>
  predictReport({ kind: 'spec', hw: arc, engine: engine as EngineId }, model, int4, {}).report;

describe('borrowed profiles', () => {
  it('each lender has a fit of its own and the borrower’s physics', () => {
    expect(borrowers).toEqual([UNMEASURED]);
    for (const e of borrowers) {
      const from = profileEngine(e);
      expect(from).not.toBe(e);
      expect(ENGINES[from].borrowsProfileFrom, `${e} borrows from a borrower`).toBeUndefined();
      for (const field of ['engineClass', 'prefillPeak', 'fp8Tensor', 'fp16Accumulate'] as const) {
        expect(ENGINES[e][field], `${e}.${field}`).toBe(ENGINES[from][field]);
      }
      // Nothing is fitted for the borrower: its tables are the lender's (a browser harness's
      // range widened to the spread between harnesses: see below).
      expect(FITTED.profiles[profileKey(e, 'intel')]).toBeUndefined();
      expect(engineProfile(e, 'intel').params).toBe(engineProfile(from, 'intel').params);
      expect(engineCalibration(e, 'ttft', 'family')).toBe(
        engineCalibration(from, 'ttft', 'family'),
      );
    }
  });

  it('no engine borrows while the data holds rows of its own', () => {
    expect(borrowersWithRows(calibrationRows())).toEqual([]);
    const fake = { ...calibrationRows()[0], engine: UNMEASURED } as ReturnType<
      typeof calibrationRows
    >[number];
    expect(borrowersWithRows([fake])).toEqual([UNMEASURED]);
    // transformers.js borrowed the browser profile until browser-llm-lab's runs gave it rows.
    expect(ENGINES['transformers.js'].borrowsProfileFrom).toBeUndefined();
    expect(FITTED.profiles[profileKey('transformers.js', 'apple')]).toBeDefined();
  });

  it('an unmeasured harness predicts what the browser profile does, in a range as wide as the harnesses differ, and says whose it is', () => {
    const own = reportFor('browser');
    const r = reportFor(UNMEASURED);
    expect(r.engine).toBe(UNMEASURED);
    expect(r.profileBorrowedFrom).toBe('browser');
    expect(own.profileBorrowedFrom).toBeNull();
    expect(r.decode?.msPerToken.expected).toBe(own.decode?.msPerToken.expected);
    expect(r.prefill?.ttftMs.expected).toBe(own.prefill?.ttftMs.expected);
    // A harness never measured: at least the spread between the measured ones, "not enough data".
    const spread = FITTED.harnessSpread;
    expect(spread).not.toBeNull();
    const profile = engineProfile(UNMEASURED, 'intel');
    expect(profile.decode.interval.low).toBeLessThanOrEqual(spread?.low ?? 0);
    expect(profile.decode.interval.high).toBeGreaterThanOrEqual(spread?.high ?? Infinity);
    expect(profile.decode.codes).toContain('harness-not-in-data');
    expect(r.rangeStated).toEqual({ decode: false, ttft: false });
    expect(own.rangeStated.decode).toBe(true);
    expect(r.calibration).toEqual(own.calibration);
    expect(r.assumptions).toContainEqual({
      id: 'engine-borrowed',
      engine: UNMEASURED,
      from: 'browser',
    });
    // Every range code is the lender's, and none claims the borrower's rows or their absence.
    const ranges = r.assumptions.filter((n) => n.id === 'engine-range');
    expect(ranges.length).toBeGreaterThan(0);
    for (const n of ranges) {
      expect(n).toMatchObject({ engine: 'browser' });
      expect(['no-rows-for-engine', 'pooled-class']).not.toContain(
        n.id === 'engine-range' ? n.code : '',
      );
    }
    expect(reportJson(r).profileBorrowedFrom).toBe('browser');
  });

  it('the CLI and the page say "borrowed from", not "too few measurements"', () => {
    const text = renderPrediction(reportFor(UNMEASURED));
    expect(text).toMatch(
      /calibration of the profile borrowed from "browser", not of "unmeasured-harness"/,
    );
    expect(text).toMatch(
      /profile borrowed from "browser": no public measurement of "unmeasured-harness"/,
    );
    expect(text).not.toMatch(/too few measurements|no public measurements of this engine/);
    expect(text).not.toMatch(/range for unmeasured-harness/);
    const words = calibrationText(reportFor(UNMEASURED)) ?? '';
    expect(words).toMatch(
      /^No public measurement of unmeasured-harness is in the data: .* borrowed from browser, harness unknown/,
    );
    expect(words).not.toMatch(/Too few measurements|No public measurement of this engine/);
    expect(calibrationText(reportFor('webllm'))).not.toMatch(/borrowed from/);
  });

  it('the engine model says whose profile it used', () => {
    const p = predictEngine({
      engine: UNMEASURED,
      gpu: arc,
      model,
      layout: weightLayout(model, 'q4_0'),
    });
    expect(p.engine).toBe(UNMEASURED);
    expect(p.borrowedFrom).toBe('browser');
    expect(p.profile.params).toBe(engineProfile('browser', 'intel').params);
    expect(p.profile).toBe(engineProfile(UNMEASURED, 'intel'));
  });
});
