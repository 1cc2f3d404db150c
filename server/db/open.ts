// Picks the database: a PostgreSQL server when DATABASE_URL is set, else PGlite in a data directory.

import type { Database } from './database';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export const DEFAULT_DATA_DIR = './data/gallery';

export interface DatabaseChoice {
  /** postgres://… : a PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** PGlite's data directory; null: in memory (tests). */
  dataDir?: string | null;
}

/** Opens the chosen database and brings its schema up to date. */
export async function openDatabase(choice: DatabaseChoice): Promise<Database> {
  const db =
    choice.databaseUrl !== undefined && choice.databaseUrl !== ''
      ? await openPostgres(choice.databaseUrl)
      : await openPglite(choice.dataDir === undefined ? DEFAULT_DATA_DIR : choice.dataDir);
  try {
    await migrate(db);
  } catch (e) {
    await db.close();
    throw e;
  }
  return db;
}
