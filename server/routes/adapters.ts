// GET /api/adapters (the GPU browser) and GET /api/adapters/:key (one GPU's page), with the
// browser and OS filters as query parameters; GET /api/decode-runs (what `npm run calibrate --
// --gallery URL` refits from).

import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { HttpProblem } from '../http-problem';
import { calibrationDecodeRuns } from '../runs/calibration-runs';
import { adapterPage } from '../runs/gpu-page';
import { listAdapters, type RunFilters } from '../runs/queries';
import { BROWSERS, OPERATING_SYSTEMS } from '../runs/user-agent';
import { fromDatabase } from './runs';

interface FilterQuery {
  browser?: string;
  os?: string;
}

function filters(query: FilterQuery): RunFilters {
  const pick = (name: string, value: string | undefined, allowed: readonly string[]) => {
    if (value === undefined || value === '') return undefined;
    if (!allowed.includes(value)) {
      throw new HttpProblem(400, 'bad-filter', `${name} must be one of ${allowed.join(', ')}.`);
    }
    return value;
  };
  return {
    browser: pick('browser', query.browser, BROWSERS),
    os: pick('os', query.os, OPERATING_SYSTEMS),
  };
}

export async function adapterRoutes(app: FastifyInstance, db: Database): Promise<void> {
  app.get<{ Querystring: FilterQuery }>('/api/adapters', async (request) => {
    const f = filters(request.query);
    const adapters = await fromDatabase(() => listAdapters(db, f));
    // software adapters apart: they are CPUs, never ranked with GPUs
    return {
      gpus: adapters.filter((a) => !a.isSoftware),
      software: adapters.filter((a) => a.isSoftware),
    };
  });

  app.get<{ Params: { key: string }; Querystring: FilterQuery }>(
    '/api/adapters/:key',
    async (request) => {
      const f = filters(request.query);
      const key = request.params.key;
      const page = await fromDatabase(() => adapterPage(db, key, f));
      if (page === null) {
        throw new HttpProblem(
          404,
          'no-such-adapter',
          'No runs on this adapter in the gallery (with these filters).',
        );
      }
      return page;
    },
  );
  app.get('/api/decode-runs', async () => ({
    runs: await fromDatabase(() => calibrationDecodeRuns(db)),
  }));
}
