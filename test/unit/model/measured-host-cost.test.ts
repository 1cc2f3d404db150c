// Measured mode learns the host cost from the document's own decode runs (issue 34, part 3): one
// small dispatch from their probe, and per layer what their measured tokens took beyond measured
// mode's own prediction of those runs; the prediction says these figures were measured here.
import { describe, expect, it } from 'vitest';
import { noteText } from '../../../src/cli/words/notes-en';
import { resolveFormat } from '../../../src/core/formats';
import { getModel, modelMatrices } from '../../../src/model/llm/models';
import {
  hostCostOf,
  measuredEstimator,
  predictMeasured,
} from '../../../src/model/predict/measured-estimator';
import { measuredHostCost } from '../../../src/model/predict/measured-host-cost';
import { sampleDecodeRun } from '../../fixtures/results';
import { doc, fmaRow, matRow, readRow } from './synthetic';

const small = getModel('smollm2-135m');
const int4 = resolveFormat('int4');
const gemvMs = (n: number, k: number) => (n * k * 4.5) / 8 / (600 * 1e6);
const rows = [
  readRow(64 * 2 ** 20, 800, 0.005),
  readRow(256 * 2 ** 20, 800, 0.005),
  readRow(2 ** 30, 800, 0.005),
  fmaRow('f32', 20_000),
  ...modelMatrices(small).map((m) => matRow('int4', 4.5, 1, m.n, m.k, gemvMs(m.n, m.k))),
];
const context = 512 + Math.floor(8 / 2);

/** Measured mode's ms/token for the sample run (2 layers) with the probe's dispatch, no host term. */
const withProbe = (dispatchMs: number) => {
  const host = { dispatchMs, layerMs: 0, runs: 1, models: [] };
  const est = measuredEstimator(doc(rows), { ...small, layers: 2 }, int4, 2, undefined, host);
  return est.decode(1, context).ms.expected;
};

describe('the host cost measured by the document’s own decode runs', () => {
  const HOST_PER_LAYER = 0.4;
  const base = withProbe(0.02);
  const run = sampleDecodeRun({ medianMs: base + 2 * HOST_PER_LAYER, dispatchMs: 0.02 });
  const d = { ...doc(rows), decode: [run] };

  it('takes the probe’s dispatch and the ms per layer the runs took beyond the prediction', () => {
    const host = hostCostOf(d);
    expect(host?.dispatchMs).toBe(0.02);
    expect(host?.layerMs).toBeCloseTo(HOST_PER_LAYER, 9);
    expect(host).toMatchObject({ runs: 1, models: ['smollm2-135m'] });
  });

  it('predicts the run it learnt from as measured, and says what was measured here', () => {
    const p = predictMeasured(d, { ...small, layers: 2 }, int4, { context });
    expect(p.decode.msPerToken.expected).toBeCloseTo(run.medianMs ?? 0, 9);
    // Without the runs the read sweep's 0.005 ms per dispatch and no host term: faster.
    const bare = predictMeasured(doc(rows), { ...small, layers: 2 }, int4, { context });
    expect(bare.decode.msPerToken.expected).toBeLessThan(base);
    const text = p.assumptions.map(noteText).join('\n');
    expect(text).toMatch(/measured here, by this document's own decode runs \(1: smollm2-135m\)/);
    expect(text).toMatch(/0\.4000 ms of host cost per layer measured here/);
    expect(text).not.toMatch(/intercept of the read sweep/);
  });

  it('without decode runs keeps the read sweep’s overhead and says host round trips were not measured', () => {
    expect(hostCostOf(doc(rows))).toBeUndefined();
    const p = predictMeasured(doc(rows), small, int4, { context });
    const text = p.assumptions.map(noteText).join('\n');
    expect(text).toMatch(/intercept of the read sweep/);
    expect(text).toMatch(/host round trips not measured/);
  });

  it('a run faster than predicted teaches no negative host cost; unusable runs are skipped', () => {
    const fast = sampleDecodeRun({ medianMs: base / 2, dispatchMs: 0.01 });
    // The prediction of each run comes in as a function: here the same figure for every run.
    const unverified = sampleDecodeRun({ verified: false, error: 'device lost' });
    const host = measuredHostCost({ ...doc(rows), decode: [fast, unverified] }, () => base);
    expect(host).toMatchObject({ runs: 1, layerMs: 0, dispatchMs: 0.01 });
    expect(measuredHostCost({ ...doc(rows), decode: [unverified] }, () => base)).toBeUndefined();
  });
});
