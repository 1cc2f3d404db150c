// Older results documents brought up to the current schema version before they are validated,
// so a saved file, a permalink or a history entry from an older webgpu-roofline stays readable.
// The rule (docs/SCHEMA.md): within a version, the schema only gains optional fields; a breaking
// change bumps SCHEMA_VERSION and adds one step here, from the version before.

import { SCHEMA_VERSION } from './results';

/** The oldest schema version still read: every version from it up has a step to the next. */
export const OLDEST_READABLE_VERSION = 1;

/** One step up: a document of version `from` becomes one of version `from + 1`. */
export interface MigrationStep {
  from: number;
  /** Returns the document in the next version's shape; must not modify its argument. */
  migrate(doc: Readonly<Record<string, unknown>>): Record<string, unknown>;
}

/**
 * The steps, oldest first. Version 1 is the first and the current one, so there are none yet;
 * version 2 would add `{ from: 1, migrate: (doc) => ({ ...doc, newField: … }) }`.
 */
export const MIGRATIONS: readonly MigrationStep[] = [];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `value` brought up to `target` (the current SCHEMA_VERSION) one step at a time. Anything it
 * cannot migrate (not an object, no version, a newer version, a version with no step) comes back
 * as it is, for the validator to name the problem.
 */
export function migrateResults(
  value: unknown,
  steps: readonly MigrationStep[] = MIGRATIONS,
  target: number = SCHEMA_VERSION,
): unknown {
  if (!isObject(value)) return value;
  let doc = value;
  for (;;) {
    const version = doc.schemaVersion;
    if (typeof version !== 'number' || version >= target) return doc;
    const step = steps.find((s) => s.from === version);
    if (step === undefined) return doc;
    doc = { ...step.migrate(doc), schemaVersion: version + 1 };
  }
}
