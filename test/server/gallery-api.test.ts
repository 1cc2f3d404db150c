// The gallery's HTTP API end to end (Fastify's inject, and once over a real 127.0.0.1 port), on
// the real database: PGlite, and a PostgreSQL server where one could be started.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { submitToGallery } from '../../src/cli/submit';
import { MAX_IMPORT_BYTES } from '../../src/share/import/import';
import { emptyGallery, galleryRun, testDatabases } from './gallery-fixtures';

const JSON_TYPE = { 'content-type': 'application/json' };
const ADMIN = 'test-admin-token-0123456789';

function deeplyNested(levels: number): string {
  return `{"schemaVersion":1,"results":[],"x":${'['.repeat(levels)}${']'.repeat(levels)}}`;
}

describe.each(testDatabases())('gallery API on $name', (target) => {
  let db: Database;
  let app: FastifyInstance;
  let site: string;
  beforeAll(async () => {
    db = await target.open();
    site = mkdtempSync(join(tmpdir(), 'gallery-site-'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>page</title>');
    app = await buildApp({
      db,
      staticDir: site,
      adminToken: ADMIN,
      rateLimit: { max: 5000, timeWindowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(site, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await emptyGallery(db);
  });

  const submit = (payload: string, headers: Record<string, string> = JSON_TYPE) =>
    app.inject({ method: 'POST', url: '/api/runs', headers, payload });
  const stored = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM runs'))[0]?.n;

  it('stores a run (201), knows it again (200, same id) and serves it back', async () => {
    const doc = galleryRun({ readGbps: 400, decodeMs: 6 });
    const first = await submit(JSON.stringify(doc));
    expect(first.statusCode).toBe(201);
    const { id, duplicate } = first.json();
    expect(duplicate).toBe(false);
    const second = await submit(JSON.stringify(doc, null, 2));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id, duplicate: true });
    const back = await app.inject({ url: `/api/runs/${id}` });
    expect(back.json().document).toEqual(JSON.parse(JSON.stringify(doc)));
    expect((await app.inject({ url: '/api/runs/123456' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/runs/1;DROP' })).json().error).toBe('bad-id');
  });

  it('refuses bad and hostile input with a specific error, storing nothing', async () => {
    const doc = galleryRun({ readGbps: 400 });
    const cases: [string, string, number, string][] = [
      ['not JSON', '{"schemaVersion": 1,', 400, 'malformed-json'],
      ['empty', '', 400, 'empty'],
      ['not a results document', '[1,2,3]', 400, 'not-results'],
      ['a newer schema', JSON.stringify({ ...doc, schemaVersion: 99 }), 400, 'schema-version'],
      ['a missing field', JSON.stringify({ ...doc, adapter: undefined }), 400, 'invalid'],
      ['deep JSON', deeplyNested(5000), 400, 'invalid'],
      [
        'a __proto__ key',
        JSON.stringify(doc).replace('"plan":', '"__proto__":{"polluted":1},"plan":'),
        400,
        'refused-content',
      ],
      [
        'HTML in a string',
        JSON.stringify({
          ...doc,
          adapter: { ...doc.adapter, description: '<img src=x onerror=alert(1)>' },
        }),
        400,
        'refused-content',
      ],
      [
        'HTML in a row',
        JSON.stringify({
          ...doc,
          results: [{ ...doc.results[0], variant: '</script><script>x()' }],
        }),
        400,
        'refused-content',
      ],
    ];
    for (const [what, payload, status, code] of cases) {
      const reply = await submit(payload);
      expect({ what, status: reply.statusCode, code: reply.json().error }).toEqual({
        what,
        status,
        code,
      });
      expect(reply.json().message.length, what).toBeGreaterThan(20);
    }
    const oversize = await submit(`{"pad":"${'x'.repeat(MAX_IMPORT_BYTES)}"}`);
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toMatchObject({ error: 'too-large' });
    const gzip = await submit(JSON.stringify(doc), { ...JSON_TYPE, 'content-encoding': 'gzip' });
    expect(gzip.statusCode).toBe(415);
    expect(gzip.json().error).toBe('compressed-body');
    const form = await submit('a=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(await stored()).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lists GPUs by vendor and software adapters apart, with filters', async () => {
    for (const [i, gbps] of [300, 320, 340].entries()) {
      expect(
        (await submit(JSON.stringify(galleryRun({ readGbps: gbps, seed: i })))).statusCode,
      ).toBe(201);
    }
    await submit(
      JSON.stringify(
        galleryRun({ vendor: 'google', architecture: 'swiftshader', software: true, readGbps: 3 }),
      ),
    );
    const all = (await app.inject({ url: '/api/adapters' })).json();
    expect(all.gpus.map((a: { vendor: string; runs: number }) => [a.vendor, a.runs])).toEqual([
      ['nvidia', 3],
    ]);
    expect(all.software.map((a: { vendor: string }) => a.vendor)).toEqual(['google']);
    expect(all.gpus[0].readGbps).toMatchObject({ n: 3, median: 320 });
    const none = (await app.inject({ url: '/api/adapters?browser=firefox' })).json();
    expect(none).toEqual({ gpus: [], software: [] });
    const bad = await app.inject({ url: '/api/adapters?os=beos' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('bad-filter');
    const key = encodeURIComponent(all.gpus[0].key);
    const one = (await app.inject({ url: `/api/adapters/${key}` })).json();
    // 300, 320 and 340 GB/s in 10 bins of 4 GB/s: the first, the sixth and the last.
    expect(one.histograms.readGbps.map((b: { count: number }) => b.count)).toEqual([
      1, 0, 0, 0, 0, 1, 0, 0, 0, 1,
    ]);
    expect((await app.inject({ url: '/api/adapters/nobody' })).statusCode).toBe(404);
  });

  it('deletes a run only with the admin token', async () => {
    const { id } = (await submit(JSON.stringify(galleryRun({ readGbps: 100 })))).json();
    const del = (headers: Record<string, string>) =>
      app.inject({ method: 'DELETE', url: `/api/runs/${id}`, headers });
    expect((await del({})).statusCode).toBe(401);
    expect((await del({ authorization: 'Bearer wrong' })).statusCode).toBe(401);
    expect((await del({ authorization: `Bearer ${ADMIN}` })).statusCode).toBe(204);
    expect(await stored()).toBe(0);
  });

  it('stores each of 1,000 concurrent submissions exactly once', async () => {
    const distinct = 250;
    const docs = Array.from({ length: distinct }, (_, i) =>
      JSON.stringify(galleryRun({ readGbps: 100 + i, seed: i })),
    );
    const latencies: number[] = [];
    const replies = await Promise.all(
      Array.from({ length: 1000 }, async (_, i) => {
        const started = performance.now();
        const reply = await submit(docs[i % distinct] as string);
        latencies.push(performance.now() - started);
        return { doc: i % distinct, status: reply.statusCode, id: reply.json().id as number };
      }),
    );
    expect(replies.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(replies.filter((r) => r.status === 201)).toHaveLength(distinct);
    const idOf = new Map<number, Set<number>>();
    for (const r of replies) idOf.set(r.doc, (idOf.get(r.doc) ?? new Set()).add(r.id));
    expect([...idOf.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(await stored()).toBe(distinct);
    const sorted = latencies.sort((a, b) => a - b);
    const p95 = sorted[Math.floor(0.95 * sorted.length)] ?? 0;
    console.log(
      `${target.name}: 1,000 concurrent submissions, p95 latency ${p95.toFixed(0)} ms (in-process, shared machine)`,
    );
  });

  it('serves the static page with its CSP beside the API, over a real loopback port', async () => {
    const page = await app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>page</title>');
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const health = await fetch(`${address}/api/health`);
    expect(await health.json()).toEqual({ ok: true, database: db.kind });
    expect(new URL(address).hostname).toBe('127.0.0.1');

    // the CLI's --submit, against the same server
    const doc = galleryRun({ readGbps: 250 });
    const added = await submitToGallery(doc, `${address}/`);
    expect(added).toEqual({ ok: true, line: `Run added to the gallery at ${address} as run 1.` });
    expect((await submitToGallery(doc, `${address}/api/runs`)).line).toMatch(
      /already in the gallery .* as run 1\./,
    );
    const refused = await submitToGallery({ ...doc, plan: 'slow' as never }, address);
    expect(refused.ok).toBe(false);
    expect(refused.line).toMatch(
      /did not take the run: The submitted document is not a valid results document: document.plan must be one of/,
    );
    expect((await submitToGallery(doc, 'ftp://127.0.0.1/')).line).toMatch(
      /http:\/\/ or https:\/\//,
    );
  });
});

describe('gallery API when the database is gone', () => {
  it('answers 503 with a message, and rate-limits floods from one address', async () => {
    const target = testDatabases()[0];
    if (target === undefined) throw new Error('no database');
    const db = await target.open();
    const app = await buildApp({
      db,
      staticDir: null,
      rateLimit: { max: 3, timeWindowMs: 60_000 },
    });
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/api/runs',
        headers: JSON_TYPE,
        payload: JSON.stringify(galleryRun({ readGbps: 1 })),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post()).statusCode);
    expect(statuses).toEqual([201, 200, 200, 429]);
    const limited = await post();
    expect(limited.json()).toMatchObject({ error: 'rate-limited' });
    await db.close();
    const down = await app.inject({ url: '/api/adapters' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: 'database-unavailable' });
    expect(down.json().message).toContain('try again later');
    await app.close();
  });
});
