// A v1 results document, committed as a file (a real Quick run on SwiftShader, written by
// `npm run bench -- --quick --json`), must stay readable by every way in: a file import, a
// permalink and a history entry; and the schema's migration steps must reach the current version.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MIGRATIONS,
  type MigrationStep,
  migrateResults,
  OLDEST_READABLE_VERSION,
} from '../../../src/core/migrate';
import { SCHEMA_VERSION, validateResults } from '../../../src/core/results';
import { memoryStorage, RunHistory } from '../../../src/share/history';
import { parseResultsFile, toResultsDocument } from '../../../src/share/import/import';
import { encodeBase64url } from '../../../src/share/link/base64url';
import { deflateRaw } from '../../../src/share/link/deflate';
import { decodePermalink } from '../../../src/share/link/permalink';
import { sampleDocument } from '../../fixtures/results';

const V1_TEXT = readFileSync(new URL('../../fixtures/results-v1.json', import.meta.url), 'utf8');
const V1 = JSON.parse(V1_TEXT) as Record<string, unknown>;

describe('a v1 document from a file', () => {
  it('is a real, complete v1 document', () => {
    expect(V1.schemaVersion).toBe(1);
    const doc = validateResults(V1);
    expect(new Set(doc.results.map((r) => r.kernel))).toEqual(
      new Set(['read', 'copy', 'write', 'fma', 'gemv', 'gemm']),
    );
    expect(doc.tuning?.length).toBeGreaterThan(0);
  });

  it('is read by the importer', () => {
    expect(parseResultsFile(V1_TEXT)).toEqual(V1);
  });

  it('is read from a permalink made of its bytes', async () => {
    const fragment = `#r=${encodeBase64url(await deflateRaw(new TextEncoder().encode(V1_TEXT)))}`;
    expect(await decodePermalink(fragment)).toEqual(V1);
  });

  it('is read from a history entry saved by an older version', () => {
    const map = new Map<string, string>();
    const notes: string[] = [];
    const prefix = 'webgpu-roofline:history:';
    const entry = {
      id: 'v1fixture',
      createdAt: V1.createdAt,
      savedAt: '2026-12-01T00:00:00.000Z',
      plan: 'quick',
      adapter: 'google swiftshader — SwiftShader driver 5.0.0',
      rows: 19,
      failed: 0,
      chars: V1_TEXT.length,
    };
    map.set(`${prefix}index`, JSON.stringify([entry]));
    map.set(`${prefix}run:v1fixture`, V1_TEXT);
    const history = new RunHistory(memoryStorage(map), { onNote: (n) => notes.push(n) });
    expect(history.list()).toEqual([entry]);
    expect(history.load('v1fixture')).toEqual(V1);
    expect(notes).toEqual([]);
  });
});

describe('migrateResults', () => {
  it('has a step from every readable older version to the current one', () => {
    for (let v = OLDEST_READABLE_VERSION; v < SCHEMA_VERSION; v++) {
      expect(MIGRATIONS.filter((s) => s.from === v)).toHaveLength(1);
    }
    expect(MIGRATIONS.every((s) => s.from < SCHEMA_VERSION)).toBe(true);
  });

  it('leaves a current document as it is (v1 today: the identity)', () => {
    expect(migrateResults(V1)).toBe(V1);
    expect(migrateResults(sampleDocument())).toEqual(sampleDocument());
  });

  it('leaves what it cannot migrate for the validator to name', () => {
    for (const value of [null, 42, 'x', [], { results: [] }, { schemaVersion: '1' }]) {
      expect(migrateResults(value)).toBe(value);
    }
    const newer = { ...sampleDocument(), schemaVersion: SCHEMA_VERSION + 1 };
    expect(migrateResults(newer)).toBe(newer);
    expect(() => toResultsDocument(newer)).toThrow(
      `The file holds schemaVersion ${SCHEMA_VERSION + 1}, from a newer webgpu-roofline; this version reads schemaVersion ${SCHEMA_VERSION}.`,
    );
  });

  // Fake history, in the test only: v1 named the plan `mode`; v2 renamed it `plan`; v3 added
  // a required `notes` list.
  const steps: MigrationStep[] = [
    { from: 2, migrate: (doc) => ({ ...doc, notes: [] }) },
    {
      from: 1,
      migrate: ({ mode, ...rest }) => ({ ...rest, plan: mode }),
    },
  ];

  it('applies the steps in order, one version at a time, without touching its input', () => {
    const v1 = { schemaVersion: 1, mode: 'quick', results: [] };
    const before = structuredClone(v1);
    expect(migrateResults(v1, steps, 3)).toEqual({
      schemaVersion: 3,
      plan: 'quick',
      results: [],
      notes: [],
    });
    expect(v1).toEqual(before);
    expect(migrateResults({ schemaVersion: 2, plan: 'full' }, steps, 3)).toEqual({
      schemaVersion: 3,
      plan: 'full',
      notes: [],
    });
    expect(migrateResults(v1, steps, 2)).toEqual({ schemaVersion: 2, plan: 'quick', results: [] });
  });

  it('stops where a step is missing, leaving that version for the validator', () => {
    const v0 = { schemaVersion: 0, mode: 'quick' };
    expect(migrateResults(v0, steps, 3)).toBe(v0);
    expect(migrateResults({ schemaVersion: 1, mode: 'full' }, steps.slice(1), 3)).toEqual({
      schemaVersion: 2,
      plan: 'full',
    });
  });

  it('brings an older document to one the validator accepts', () => {
    const { plan, ...current } = sampleDocument();
    const old = { ...current, schemaVersion: 0, mode: plan };
    const upgrade: MigrationStep[] = [
      { from: 0, migrate: ({ mode, ...rest }) => ({ ...rest, plan: mode }) },
    ];
    expect(validateResults(migrateResults(old, upgrade, 1))).toEqual(sampleDocument());
  });
});
