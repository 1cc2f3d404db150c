// Versioned migrations: numbered SQL files in ./migrations, applied in order, each recorded in
// schema_migrations. Several servers starting at once on one PostgreSQL take turns (an advisory
// lock held for the transaction); a failed migration rolls back whole.

import type { Database } from './database';
import m001 from './migrations/001_runs.sql?raw';
import m002 from './migrations/002_gpu_page_summary.sql?raw';
import m003 from './migrations/003_figures_as_real.sql?raw';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration, oldest first. A new one is a new file and a new line here; none is edited. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'runs', sql: m001 },
  { version: 2, name: 'gpu page summary', sql: m002 },
  { version: 3, name: 'gpu page figures as real', sql: m003 },
];

/** Any number: the advisory lock's key, the same for every server of this gallery. */
const MIGRATION_LOCK = 7_316_024;

/** The statements of a migration file (no semicolon inside a statement's text). */
export function statements(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, '')
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Applies what is missing; returns the versions it applied. */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map(
        (r) => r.version,
      ),
    );
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      for (const statement of statements(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        m.version,
        m.name,
      ]);
      applied.push(m.version);
    }
    return applied;
  });
}
