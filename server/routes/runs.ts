// POST /api/runs (submit), GET /api/runs/:id, GET /api/runs/:id/standing, DELETE /api/runs/:id.

import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ResultsDocument } from '../../src/core/results';
import { parseResultsFile } from '../../src/share/import/import';
import { ImportError } from '../../src/share/import/import-error';
import { type Database, DatabaseUnavailableError } from '../db/database';
import { HttpProblem } from '../http-problem';
import { hostileContent } from '../runs/hostile';
import { findRun, runStanding } from '../runs/queries';
import { runStore } from '../runs/store';
import { deleteRun } from '../runs/summary';

export interface RunRoutesOptions {
  db: Database;
  /** Submissions one address may make per window. */
  rateLimit: { max: number; timeWindowMs: number };
  /** Bearer token that may delete runs; deletion is off without one. */
  adminToken: string | undefined;
}

/** Any failure of the database becomes a 503 the client can word ("try again later"). */
export async function fromDatabase<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw e instanceof HttpProblem ? e : new DatabaseUnavailableError(e);
  }
}

function validate(body: unknown): ResultsDocument {
  if (typeof body !== 'string') {
    throw new HttpProblem(415, 'unsupported-media-type', 'Send the results document as JSON.');
  }
  let doc: ResultsDocument;
  try {
    doc = parseResultsFile(body, { source: 'submission' });
  } catch (e) {
    if (e instanceof ImportError) {
      throw new HttpProblem(e.reason === 'too-large' ? 413 : 400, e.reason, e.message);
    }
    throw e;
  }
  const hostile = hostileContent(doc);
  if (hostile !== null) {
    throw new HttpProblem(400, 'refused-content', `The submitted document is refused: ${hostile}.`);
  }
  return doc;
}

function runId(raw: string): number {
  if (!/^[1-9][0-9]{0,14}$/.test(raw)) {
    throw new HttpProblem(
      400,
      'bad-id',
      `"${raw.slice(0, 40)}" is not a run id (a positive whole number).`,
    );
  }
  return Number(raw);
}

function checkAdmin(token: string | undefined, header: string | undefined): void {
  if (token === undefined || token === '') {
    throw new HttpProblem(
      403,
      'deletion-disabled',
      'Deleting runs is off: the server has no GALLERY_ADMIN_TOKEN.',
    );
  }
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(token);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    throw new HttpProblem(
      401,
      'not-authorised',
      'Deleting a run needs the admin token: Authorization: Bearer <token>.',
    );
  }
}

export async function runRoutes(app: FastifyInstance, o: RunRoutesOptions): Promise<void> {
  const store = runStore(o.db);
  app.post(
    '/api/runs',
    { config: { rateLimit: { max: o.rateLimit.max, timeWindow: o.rateLimit.timeWindowMs } } },
    async (request, reply) => {
      const doc = validate(request.body);
      const stored = await fromDatabase(() => store(doc));
      return reply.code(stored.created ? 201 : 200).send({
        id: stored.id,
        duplicate: !stored.created,
        submittedAt: stored.submittedAt,
      });
    },
  );

  app.get<{ Params: { id: string } }>('/api/runs/:id', async (request) => {
    const id = runId(request.params.id);
    const run = await fromDatabase(() => findRun(o.db, id));
    if (run === null) throw new HttpProblem(404, 'no-such-run', `No run ${id} in the gallery.`);
    return run;
  });

  app.get<{ Params: { id: string } }>('/api/runs/:id/standing', async (request) => {
    const id = runId(request.params.id);
    const standing = await fromDatabase(() => runStanding(o.db, id));
    if (standing === null)
      throw new HttpProblem(404, 'no-such-run', `No run ${id} in the gallery.`);
    return standing;
  });

  app.delete<{ Params: { id: string } }>('/api/runs/:id', async (request, reply) => {
    checkAdmin(o.adminToken, request.headers.authorization);
    const id = runId(request.params.id);
    const deleted = await fromDatabase(() => deleteRun(o.db, id));
    if (!deleted) throw new HttpProblem(404, 'no-such-run', `No run ${id} in the gallery.`);
    return reply.code(204).send();
  });
}
