// The gallery's web server: the built page (static files) and the API on one origin.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { MAX_IMPORT_BYTES } from '../src/share/import/import';
import { type Database, DatabaseUnavailableError } from './db/database';
import { HttpProblem, type ProblemBody } from './http-problem';
import { adapterRoutes } from './routes/adapters';
import { fromDatabase, runRoutes } from './routes/runs';

export interface AppOptions {
  db: Database;
  /** The built page (dist/); null: the API alone. */
  staticDir: string | null;
  /** GALLERY_ADMIN_TOKEN: may delete runs. */
  adminToken?: string | undefined;
  /** Submissions per address per window (default 30 a minute). */
  rateLimit?: { max: number; timeWindowMs: number };
  logger?: boolean;
}

/** The page's own policy (index.html), sent as a header too. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; worker-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'";

function problemOf(error: FastifyError | Error): { status: number; body: ProblemBody } {
  if (error instanceof HttpProblem) {
    return { status: error.status, body: { error: error.code, message: error.message } };
  }
  if (error instanceof DatabaseUnavailableError) {
    const message =
      'The gallery cannot store or read runs right now (its database is unavailable). Your run is kept where it was made; try again later.';
    return { status: 503, body: { error: 'database-unavailable', message } };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const message = `The submitted document is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MiB; results documents over that are refused.`;
    return { status: 413, body: { error: 'too-large', message } };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return { status, body: { error: 'rate-limited', message: error.message } };
  if (status < 500) return { status, body: { error: 'bad-request', message: error.message } };
  return {
    status: 500,
    body: { error: 'internal', message: 'The server failed; the run was not stored.' },
  };
}

function wireErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = problemOf(error);
    if (status >= 500) request.log.error(error);
    return reply.code(status).send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ error: 'not-found', message: `Nothing at ${request.url.slice(0, 200)}.` }),
  );
}

function wireParsing(app: FastifyInstance): void {
  // the body reaches the import validator as text: it words JSON errors, depth and size
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.addHook('onRequest', async (request) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      throw new HttpProblem(
        415,
        'compressed-body',
        'Compressed bodies are not accepted: send the JSON uncompressed (2 MiB at most).',
      );
    }
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('Referrer-Policy', 'no-referrer');
    return payload;
  });
}

export async function buildApp(o: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: o.logger ?? false, bodyLimit: MAX_IMPORT_BYTES });
  wireErrors(app);
  wireParsing(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'rate-limited',
      message: `Too many submissions from this address: at most ${context.max} per ${context.after}. Try again later.`,
    }),
  });
  app.get('/api/health', async () => {
    await fromDatabase(() => o.db.query('SELECT 1'));
    return { ok: true, database: o.db.kind };
  });
  await runRoutes(app, {
    db: o.db,
    rateLimit: o.rateLimit ?? { max: 30, timeWindowMs: 60_000 },
    adminToken: o.adminToken,
  });
  await adapterRoutes(app, o.db);
  if (o.staticDir !== null && existsSync(resolve(o.staticDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: resolve(o.staticDir), prefix: '/' });
  }
  return app;
}
