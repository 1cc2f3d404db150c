// `npm start`: the page and the gallery's API on one origin, on 127.0.0.1. The database is
// PostgreSQL: a server at DATABASE_URL when set, else PGlite in a data directory.

import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { DEFAULT_DATA_DIR, openDatabase } from './db/open';

const USAGE = `Usage: npm start -- [--port N] [--host ADDRESS] [--data-dir DIR] [--static DIR]

Serves the built page and the results gallery's API on one origin.

  --port N          port (default: PORT, else 4173)
  --host ADDRESS    address to listen on (default 127.0.0.1: this machine only)
  --data-dir DIR    the embedded database's directory (default ${DEFAULT_DATA_DIR})
  --static DIR      the built page (default dist)
  --rate-limit N    submissions one address may make a minute (default 30)

Environment: DATABASE_URL=postgres://… uses that PostgreSQL server instead of the embedded one;
GALLERY_ADMIN_TOKEN allows DELETE /api/runs/:id with "Authorization: Bearer <token>".`;

interface ServerArgs {
  port: number;
  host: string;
  dataDir: string;
  staticDir: string;
  submissionsPerMinute: number;
}

function parseServerArgs(argv: string[]): ServerArgs | string {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      static: { type: 'string' },
      'rate-limit': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return USAGE;
  const rawPort = values.port ?? process.env.PORT ?? '4173';
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be a whole number from 0 to 65535, not "${rawPort}".`);
  }
  const rawLimit = values['rate-limit'] ?? '30';
  const submissionsPerMinute = Number(rawLimit);
  if (!Number.isInteger(submissionsPerMinute) || submissionsPerMinute < 1) {
    throw new Error(
      `--rate-limit must be a whole number of submissions a minute, not "${rawLimit}".`,
    );
  }
  return {
    submissionsPerMinute,
    port,
    host: values.host ?? '127.0.0.1',
    dataDir: values['data-dir'] ?? DEFAULT_DATA_DIR,
    staticDir: values.static ?? 'dist',
  };
}

async function main(argv: string[]): Promise<void> {
  const args = parseServerArgs(argv);
  if (typeof args === 'string') {
    process.stdout.write(`${args}\n`);
    return;
  }
  const databaseUrl = process.env.DATABASE_URL;
  const db = await openDatabase({ databaseUrl, dataDir: args.dataDir });
  const app = await buildApp({
    db,
    staticDir: args.staticDir,
    adminToken: process.env.GALLERY_ADMIN_TOKEN,
    rateLimit: { max: args.submissionsPerMinute, timeWindowMs: 60_000 },
  });
  const stop = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ port: args.port, host: args.host });
  const where = db.kind === 'postgres' ? 'the PostgreSQL server at DATABASE_URL' : args.dataDir;
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : args.port;
  process.stdout.write(
    `Serving the page and the gallery on http://${args.host}:${port}/ (runs stored in ${where}).\nOpen it in a browser with WebGPU (Chrome/Edge 113+, Safari 26+, Firefox 141+).\n`,
  );
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
