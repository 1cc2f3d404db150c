// PGlite: PostgreSQL compiled to WebAssembly, in this process, persisted to a data directory.

import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

/** Opens (creating when new) the embedded database in `dataDir`; in memory when null. */
export async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true });
  const db = dataDir === null ? await PGlite.create() : await PGlite.create(dataDir);
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return (await db.query<Row>(sql, [...params])).rows;
    },
    transaction<T>(work: (tx: Queryable) => Promise<T>) {
      return db.transaction((tx) =>
        work({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            return (await tx.query<Row>(sql, [...params])).rows;
          },
        }),
      );
    },
    close: () => db.close(),
  };
}
