// The engine-side words of a prediction in the page's language: the engine's name, what would
// fit where a model does not, and how far the engine's ranges held on GPUs the fit had not seen.

import type { EngineId } from '../../model/engines/ids';
import type { FitAdvice } from '../../model/predict/fit-advice';
import type { PredictReport } from '../../model/predict/report';
import { t } from '../i18n';
import { fmtFixed, fmtInt, fmtLabelGB, fmtPercent } from '../i18n/numbers';

export const engineLabel = (id: EngineId): string => t().predictions.engineName[id];

/** "does not fit: needs N GB per GPU, has M GB (fits on N GPUs in TP, or as format X)". */
export function doesNotFitText(a: FitAdvice): string {
  const m = t().predictions;
  const gib = 2 ** 30;
  const base = { need: fmtLabelGB(a.needGB * gib), cap: fmtLabelGB(a.capacityGB * gib) };
  if (a.fitsAtTp !== null && a.fitsAsFormat !== null) {
    return m.doesNotFitBoth({ ...base, tp: fmtInt(a.fitsAtTp), format: a.fitsAsFormat });
  }
  if (a.fitsAtTp !== null) return m.doesNotFitTp({ ...base, tp: fmtInt(a.fitsAtTp) });
  if (a.fitsAsFormat !== null) return m.doesNotFitFormat({ ...base, format: a.fitsAsFormat });
  return m.doesNotFit(base);
}

/** How far the engine's decode range held on held-out GPUs, and why its range is as wide. */
export function calibrationText(r: PredictReport): string | undefined {
  const m = t().predictions;
  if (r.engine === null || r.calibration === null) return undefined;
  const c = r.calibration;
  const lender = r.profileBorrowedFrom;
  // A borrowed profile's figures and codes are the lender's: say so first, then word them as its.
  const borrowed =
    lender === null ? [] : [m.calibrationBorrowed({ engine: r.engine, from: engineLabel(lender) })];
  const engine = lender ?? r.engine;
  const figures =
    c.n === 0 && c.noFit > 0
      ? m.calibrationOneSource({ engine, n: fmtInt(c.noFit) })
      : c.n === 0
        ? m.calibrationNone({ engine })
        : c.notEnoughData >= c.n
          ? m.calibrationAllTooWide({ engine, n: fmtInt(c.n), mape: fmtPercent(c.mape) })
          : m.calibrationNote({
              engine,
              n: fmtInt(c.n),
              mape: fmtPercent(c.mape),
              coverage: fmtPercent(c.coverage),
              width: fmtFixed(c.width, 2),
            });
  const codes = new Set(
    r.assumptions.flatMap((n) =>
      n.id === 'engine-range' && n.metric === 'decode' ? [n.code] : [],
    ),
  );
  const buildEra = r.assumptions.some((n) => n.id === 'build-era-in-range');
  return [
    ...borrowed,
    figures,
    ...[...codes].map((code) => m.calibrationCode[code]),
    ...profileWords(r),
    ...(buildEra ? [m.buildEraInRange] : []),
  ].join(m.sentenceGap);
}

/** The engine profile the ranges come from; browser engines' further terms where not 0. */
function profileWords(r: PredictReport): string[] {
  const m = t().predictions;
  const n = r.assumptions.find((a) => a.id === 'engine-profile');
  if (n === undefined || n.id !== 'engine-profile') return [];
  const ms = (x: number) => fmtFixed(x, x < 1 ? 2 : 1);
  const out = [
    m.engineProfile({
      engine: n.engine,
      eta: fmtPercent(n.eta),
      layerMs: fmtFixed(n.cLayerMs, 3),
      eps: fmtPercent(n.eps),
      fixedMs: fmtInt(n.fixedMs),
    }),
  ];
  if (n.consumeMsPerGB > 0) {
    out.push(
      m.engineProfileCeiling({
        msPerGB: fmtFixed(n.consumeMsPerGB, 2),
        ceilingGBps: fmtInt(1000 / n.consumeMsPerGB),
      }),
    );
  }
  if (n.tokenMs > 0 || n.attnFactor > 0 || n.blockUnpack > 0 || n.kQuantUnpack > 0) {
    out.push(
      m.engineProfileBrowser({
        tokenMs: ms(n.tokenMs),
        attn: fmtFixed(n.attnFactor, 0),
        block: fmtFixed(n.blockUnpack, 1),
        kQuant: fmtFixed(n.kQuantUnpack, 1),
      }),
    );
  }
  return out;
}
