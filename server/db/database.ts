// The one interface the server's SQL runs through, for both forms of PostgreSQL: PGlite (embedded,
// a data directory) and a PostgreSQL server (DATABASE_URL). Queries use $1, $2… placeholders and
// never splice values into SQL text.

/** Something SQL can be sent to: the database, or one open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  /** Which form of PostgreSQL answers, for logs and the test summary. */
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The database could not be reached or answered with a failure that is not the request's fault. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      `The gallery's database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'DatabaseUnavailableError';
  }
}
