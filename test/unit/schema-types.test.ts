// The schema's check tables are typed against its interfaces: a field left out of a table fails
// `tsc` (which runs over test/), so it can no longer vanish silently from validation or the CSV.

import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type AdapterDescription,
  type DecodeRun,
  FIELD_CHECKS,
  type FieldChecks,
  findProblems,
  type ResultRow,
  type ResultsDocument,
  type RuntimeDescription,
  SCHEMA_FIELD_ORDER,
  type TuningRecord,
  type UnofferedVariant,
} from '../../src/core/results';
import {
  type RunSettings,
  SETTING_PARAMS,
  SETTING_TYPES,
  type SettingTable,
  settingsProblems,
} from '../../src/core/settings';
import { toCsv } from '../../src/share/csv';
import { sampleDocument } from '../fixtures/results';

/** A row with every field, optional ones included: `Required` makes tsc insist on each. */
const FULL_ROW: Required<ResultRow> = {
  kernel: 'gemv',
  variant: 'row-wg64',
  format: 'int4',
  shape: { m: 1, n: 64, k: 64 },
  bytes: 2048,
  flops: 8192,
  medianMs: 1,
  p95Ms: 1.1,
  minMs: 0.9,
  maxMs: 1.2,
  samples: 5,
  spread: 0.2,
  noisy: false,
  gbps: 2,
  gflops: 8,
  verified: true,
  error: 'none',
  dispatchesPerSubmit: 4,
  submitsPerSample: 2,
  passQuanta: 300,
  intensity: 4,
  rooflineEfficiency: 0.5,
};

const FULL_SETTINGS: Required<RunSettings> = {
  timer: 'wall-clock',
  maxWorkingSetMiB: 64,
  samples: 9,
  gemvVariant: 'row-wg64',
  gemmVariant: 'reg4x4',
};

describe('the check tables are typed against the interfaces', () => {
  it('each table has the type that requires every field of its interface', () => {
    expectTypeOf(FIELD_CHECKS.document).toEqualTypeOf<FieldChecks<ResultsDocument>>();
    expectTypeOf(FIELD_CHECKS.tool).toEqualTypeOf<FieldChecks<ResultsDocument['tool']>>();
    expectTypeOf(FIELD_CHECKS.runtime).toEqualTypeOf<FieldChecks<RuntimeDescription>>();
    expectTypeOf(FIELD_CHECKS.adapter).toEqualTypeOf<FieldChecks<AdapterDescription>>();
    expectTypeOf(FIELD_CHECKS.row).toEqualTypeOf<FieldChecks<ResultRow>>();
    expectTypeOf(FIELD_CHECKS.tuning).toEqualTypeOf<FieldChecks<TuningRecord>>();
    expectTypeOf(FIELD_CHECKS.candidate).toEqualTypeOf<
      FieldChecks<TuningRecord['candidates'][number]>
    >();
    expectTypeOf(FIELD_CHECKS.unoffered).toEqualTypeOf<FieldChecks<UnofferedVariant>>();
    expectTypeOf(FIELD_CHECKS.decode).toEqualTypeOf<FieldChecks<DecodeRun>>();
    expectTypeOf(SETTING_PARAMS).toEqualTypeOf<SettingTable<string>>();
    // Runtime: every table lists the same keys, in the same order, as the field order.
    for (const [name, table] of Object.entries(FIELD_CHECKS)) {
      expect(Object.keys(table)).toEqual(SCHEMA_FIELD_ORDER[name as keyof typeof FIELD_CHECKS]);
    }
  });

  it('a table that forgets a field, or gets its optionality wrong, fails tsc', () => {
    const { intensity, ...withoutIntensity } = FIELD_CHECKS.row;
    // @ts-expect-error: intensity is missing, so this is not a check table for ResultRow
    const forgotten: FieldChecks<ResultRow> = withoutIntensity;
    const plainCheck = FIELD_CHECKS.row.variant;
    // @ts-expect-error: error is optional in ResultRow, so its check must be optional(…) too
    const requiredError: FieldChecks<ResultRow> = { ...FIELD_CHECKS.row, error: plainCheck };
    // @ts-expect-error: variant is required in ResultRow, so its check cannot be optional(…)
    const optionalVariant: FieldChecks<ResultRow> = { ...FIELD_CHECKS.row, variant: intensity };
    const { gemmVariant, ...withoutGemm } = SETTING_PARAMS;
    // @ts-expect-error: a setting left out of a settings table
    const settingForgotten: SettingTable<string> = withoutGemm;
    // @ts-expect-error: samples is a number in RunSettings, not a string
    const wrongType: typeof SETTING_TYPES = { ...SETTING_TYPES, samples: 'string' };
    // The objects still exist at runtime: only their types are wrong.
    expect(Object.keys(forgotten)).not.toContain('intensity');
    expect(typeof requiredError.error).toBe('function');
    expect(typeof optionalVariant.variant).toBe('object');
    expect(gemmVariant).toBe('gemm-variant');
    expect(Object.keys(settingForgotten)).not.toContain('gemmVariant');
    expect(wrongType.samples).toBe('string');
  });

  it('the field order covers every field of a row and of the settings', () => {
    expect([...SCHEMA_FIELD_ORDER.row].sort()).toEqual(Object.keys(FULL_ROW).sort());
    expect(Object.keys(SETTING_PARAMS).sort()).toEqual(Object.keys(FULL_SETTINGS).sort());
    expect(Object.keys(SETTING_TYPES).sort()).toEqual(Object.keys(FULL_SETTINGS).sort());
  });
});

describe('validation of every field, as strict as before', () => {
  it('a document whose row carries every optional field is valid, and each field has a CSV column', () => {
    const doc = { ...sampleDocument(), results: [FULL_ROW], settings: FULL_SETTINGS };
    expect(findProblems(doc)).toEqual([]);
    expect(settingsProblems(FULL_SETTINGS, 'settings')).toEqual([]);
    const header = toCsv(doc).split('\r\n')[0]?.split(',') ?? [];
    for (const key of Object.keys(FULL_ROW)) {
      if (key === 'shape') expect(header).toContain('shape.m');
      else expect(header).toContain(key);
    }
  });

  it('each optional row field is checked when present, and may be absent', () => {
    const optionalKeys = [
      'error',
      'dispatchesPerSubmit',
      'submitsPerSample',
      'intensity',
      'rooflineEfficiency',
    ] as const;
    for (const key of optionalKeys) {
      const { [key]: _, ...without } = FULL_ROW;
      expect(findProblems({ ...sampleDocument(), results: [without] })).toEqual([]);
      const wrong = { ...FULL_ROW, [key]: key === 'error' ? 3 : 'x' };
      expect(findProblems({ ...sampleDocument(), results: [wrong] })).toEqual([
        key === 'error'
          ? 'document.results[0].error must be a string'
          : `document.results[0].${key} must be a finite number between 0 and 1e18`,
      ]);
    }
  });

  it('each required row field is missing when absent', () => {
    for (const key of SCHEMA_FIELD_ORDER.row) {
      if (
        [
          'error',
          'dispatchesPerSubmit',
          'submitsPerSample',
          'passQuanta',
          'intensity',
          'rooflineEfficiency',
        ].includes(key)
      )
        continue;
      const { [key]: _, ...without } = FULL_ROW;
      expect(findProblems({ ...sampleDocument(), results: [without] })).toContain(
        `document.results[0].${key} is missing`,
      );
    }
  });

  it('each setting is checked for its type', () => {
    for (const key of Object.keys(FULL_SETTINGS) as (keyof RunSettings)[]) {
      const wrong = { [key]: SETTING_TYPES[key] === 'number' ? '9' : 9 };
      expect(settingsProblems(wrong, 'settings')).toEqual([
        `settings.${key} is not a valid setting`,
      ]);
    }
  });
});
