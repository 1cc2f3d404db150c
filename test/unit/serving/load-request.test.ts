import { describe, expect, it } from 'vitest';
import { defaultScheduler } from '../../../src/model/serving/batching/schedulers';
import { type LoadRequest, loadConfig } from '../../../src/model/serving/load-request';
import { sweepRates } from '../../../src/model/serving/sweep';
import { cancelLoad, runLoad } from '../../../src/worker/load';

const req: LoadRequest = {
  model: 'llama-3-8b',
  format: 'fp16',
  source: { kind: 'spec', gpu: 'a100', engine: 'native' },
  workload: {
    requests: 200,
    prompt: { kind: 'fixed', tokens: 512 },
    output: { kind: 'lognormal', mean: 128, p99: 512 },
    seed: 1,
  },
  scheduler: defaultScheduler('continuous'),
  sweep: { fractions: [0.2, 0.6, 1, 1.4], refineSteps: 2 },
};

describe('load requests: plain inputs for the worker', () => {
  it('resolves the ids into step times and the KV size from the GPU’s memory', () => {
    const { config, kvNote } = loadConfig(req);
    expect(kvNote.id).toBe('kv-memory');
    expect(config.kvCapacityTokens).toBeGreaterThan(420_000);
    expect(config.stepTimes.source).toMatchObject({
      kind: 'estimator',
      mode: 'spec',
      engine: 'native',
    });
    // The engine chosen on the page is the one the step times stand for.
    const web = loadConfig({ ...req, source: { kind: 'spec', gpu: 'a100', engine: 'webllm' } });
    expect(web.config.stepTimes.source).toMatchObject({ engine: 'webllm' });
    expect(web.config.stepTimes.decodeMs(1, 512)).toBeGreaterThan(
      config.stepTimes.decodeMs(1, 512),
    );
    expect(loadConfig({ ...req, kvTokens: 5000 }).kvNote).toEqual({ id: 'kv-set', tokens: 5000 });
  });

  it('a sweep in steps, with progress, gives what the one-call sweep gives', async () => {
    const progress: [number, number][] = [];
    const answer = await runLoad(req, (done, total) => progress.push([done, total]));
    const { config } = loadConfig(req);
    expect(answer?.sweep).toEqual(sweepRates(config, req.sweep));
    expect(progress.length).toBeGreaterThan(4);
    expect(progress.map(([d]) => d)).toEqual(progress.map((_, i) => i + 1));
    for (const [done, total] of progress) expect(done).toBeLessThanOrEqual(total);
  });

  it('one run at a rate, for the queue strip', async () => {
    const answer = await runLoad({ ...req, single: { kind: 'poisson', ratePerS: 5 } }, () => {});
    expect(answer?.sweep).toBeUndefined();
    expect(answer?.run?.counts.finished).toBe(200);
    expect(answer?.run?.assumptions[0]).toEqual({
      id: 'arrivals-poisson',
      requests: 200,
      ratePerS: 5,
    });
  });

  it('is cancelled between runs, by cancelLoad or by a newer request', async () => {
    let calls = 0;
    const first = runLoad(req, () => {
      calls++;
      if (calls === 2) cancelLoad();
    });
    expect(await first).toBeNull();
    expect(calls).toBe(2);
    const older = runLoad(req, () => {});
    const newer = runLoad({ ...req, single: { kind: 'closed', users: 8, thinkMs: 0 } }, () => {});
    expect(await older).toBeNull();
    expect((await newer)?.run?.counts.finished).toBe(200);
    expect((await newer)?.run?.assumptions[0]).toMatchObject({ id: 'arrivals-closed', users: 8 });
  });
});
