// A PostgreSQL server, reached through the `pg` pool at DATABASE_URL.

import pg from 'pg';
import type { Database, Queryable } from './database';

// bigint (COUNT, bigserial ids) as a JS number, as PGlite gives it: ids stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openPostgres(connectionString: string): Promise<Database> {
  // a burst waits its turn for one of the pool's connections rather than failing at once
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 30_000 });
  // an idle client that loses its server must not crash the process
  pool.on('error', () => {});
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return (await pool.query(sql, [...params])).rows as Row[];
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            return (await client.query(sql, [...params])).rows as Row[];
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
