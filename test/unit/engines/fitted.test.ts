// The profiles and figures the page and the CLI read (src/model/engines/fitted.generated.ts) are
// exactly what a fresh fit of the bundled calibration rows gives.
import { describe, expect, it } from 'vitest';
import { summaryKey } from '../../../src/model/engines/cross-validation';
import { FITTED } from '../../../src/model/engines/fitted.generated';
import {
  fitTables,
  fittedModuleSource,
  profileKey,
} from '../../../src/model/engines/fitted-tables';
import { DOC_GROUPINGS } from '../../../src/model/engines/groups';
import { FITTED_ENGINE_IDS } from '../../../src/model/engines/ids';
import { calibrationRows } from '../../../src/model/engines/measurements/data';
import { engineCalibration, engineProfile } from '../../../src/model/engines/predict';

const STALE = 'fitted.generated.ts is stale: run `npm run calibrate -- --write`';

/**
 * Deep equality with numbers equal to 1e-6 relative: the module keeps seven significant digits
 * (fitted-tables.ts), another Node's Math.log or Math.exp may differ in the last bit, and a stale
 * table differs by far more.
 */
function expectSame(actual: unknown, expected: unknown, path: string): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const same =
      (Number.isNaN(expected) && Number.isNaN(actual)) ||
      Math.abs(actual - expected) <= 1e-6 * Math.max(1, Math.abs(expected));
    expect(same, `${STALE}: ${path} is ${actual}, a fresh fit gives ${expected}`).toBe(true);
  } else if (typeof expected === 'object' && expected !== null) {
    expect(typeof actual, `${STALE}: ${path}`).toBe('object');
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    expect(Object.keys(a).sort(), `${STALE}: keys of ${path}`).toEqual(Object.keys(e).sort());
    for (const k of Object.keys(e)) expectSame(a[k], e[k], `${path}.${k}`);
  } else {
    expect(actual, `${STALE}: ${path}`).toBe(expected);
  }
}

describe('fitted tables', () => {
  const fresh = fitTables(calibrationRows());

  it('match a fresh fit of the bundled rows, entry for entry', () => {
    expectSame(FITTED, fresh, 'FITTED');
  });

  it('cover every engine that borrows no profile on every vendor, and both metrics', () => {
    expect(Object.keys(fresh.profiles)).toHaveLength(FITTED_ENGINE_IDS.length * 4);
    expect(Object.keys(fresh.summaries).sort()).toEqual([...DOC_GROUPINGS].sort());
    for (const g of DOC_GROUPINGS) {
      for (const engine of FITTED_ENGINE_IDS) {
        for (const metric of ['decode', 'ttft'] as const) {
          expect(
            fresh.summaries[g][summaryKey(engine, metric)],
            `${g} ${engine} ${metric}`,
          ).toBeDefined();
        }
      }
    }
    expect(engineProfile('llama.cpp-cuda', 'amd')).toBe(
      FITTED.profiles[profileKey('llama.cpp-cuda', 'amd')],
    );
    // By default the headline figures: each row held out with its source and its GPU family.
    expect(engineCalibration('vllm', 'ttft')).toBe(
      FITTED.summaries['source+family'][summaryKey('vllm', 'ttft')],
    );
    expect(engineCalibration('vllm', 'ttft', 'source')).toBe(
      FITTED.summaries.source[summaryKey('vllm', 'ttft')],
    );
    expect(engineCalibration('mlx', 'decode', 'family')).toBe(
      FITTED.summaries.family[summaryKey('mlx', 'decode')],
    );
    // Per-vendor lines are the report's alone: the page shows every vendor's GPUs together.
    expect(Object.keys(FITTED.summaries.family).every((k) => k.split('|').length === 2)).toBe(true);
  });

  it('write NaN (an engine without rows has no MAPE) as NaN, not as null', () => {
    const source = fittedModuleSource({
      profiles: {},
      summaries: {
        source: {
          'x|decode': {
            n: 0,
            noFit: 0,
            notEnoughData: 0,
            gpus: 0,
            mape: Number.NaN,
            coverage: 1,
            width: 2,
            bias: 1,
          },
        },
        family: {},
        'source+family': {},
      },
      harnessSpread: { low: 0.5, high: 2, n: 3 },
    });
    expect(source).toContain('"mape": NaN');
    expect(source).not.toContain('null');
  });
});
