// The headline figure of each presenter screen, from the results on screen (or the datasheet).

import { errorMessage } from '../../core/error-message';
import { fitRoofline } from '../../model/measured/roofline';
import { capToContext } from '../../model/predict/predictor';
import { predictReport } from '../../model/predict/report';
import { chapterA100Serving } from '../../model/serving/chapter-scenario';
import { reachedGBps } from '../decode/decode-figures';
import { decodeController } from '../decode/decode-section';
import { t } from '../i18n';
import { fmt, fmtBytes, fmtInt } from '../i18n/numbers';
import type { Page } from '../shell/section';
import type { SlideId } from './presenter-slides';

/** Decode and the A100 beside it, for the prediction settings on screen. */
function predictionFigure(slide: 'decode' | 'predictions', page: Page): string {
  const m = t().presenter.figure;
  const ctx = page.context();
  if (ctx === undefined) throw new Error('predictions not set up');
  try {
    const { options } = capToContext(ctx.focusModel, ctx.options);
    const { report: r } = predictReport(ctx.source, ctx.focusModel, ctx.focusFormat, options);
    const names = { model: ctx.focusModel.name, format: ctx.focusFormat.id };
    if (r.decode === null) return t().predictions.doesNotFitShort;
    return slide === 'decode'
      ? m.decode({
          ...names,
          ms: fmt(r.decode.msPerToken.expected),
          floor: fmt(r.decode.floorMsPerToken),
        })
      : m.predictions({
          ...names,
          here: fmt(r.decode.msPerToken.expected),
          a100: fmt(r.a100.msPerToken.expected),
        });
  } catch (e) {
    return errorMessage(e);
  }
}

/** Bytes per token ÷ ms per token of the last decode here (or the document's): a bandwidth. */
function decodeRealFigure(page: Page, beta: number | undefined): string {
  const m = t().presenter.figure;
  const run =
    decodeController?.last?.verified === true
      ? decodeController.last
      : page.onScreen()?.decode?.find((r) => r.verified);
  const gbps = run === undefined ? undefined : reachedGBps(run);
  if (run?.bytesPerToken === undefined || run.medianMs === undefined || gbps === undefined)
    return m.decodeRealNone;
  const text = m.decodeReal({
    bytes: fmtBytes(run.bytesPerToken),
    ms: fmt(run.medianMs),
    gbps: fmt(gbps),
  });
  return beta === undefined ? text : text + m.decodeRealSweep({ gbps: fmt(beta) });
}

/** The chapter's A100 with 64 users under load: the ITL tail beside its mean. */
function loadFigure(): string {
  const row = chapterA100Serving()[1];
  if (row === undefined) return '';
  const itl = row.result.itlMs;
  return t().presenter.figure.load({
    users: fmtInt(row.users),
    mean: fmt(itl.mean),
    p95: fmt(itl.p95),
    p99: fmt(itl.p99),
  });
}

export function presenterFigure(slide: SlideId, page: Page): string {
  const m = t().presenter.figure;
  if (slide === 'decode' || slide === 'predictions') return predictionFigure(slide, page);
  if (slide === 'load') return loadFigure();
  const doc = page.onScreen();
  const roof = doc === null ? null : fitRoofline(doc);
  const beta = roof?.bandwidthGBps;
  if (slide === 'decode-real') return decodeRealFigure(page, beta);
  if (roof === null || beta === undefined) return m.noRun;
  if (slide === 'compute') {
    const [format, pi] = Object.entries(roof.computeGflops)[0] ?? [];
    if (pi === undefined || format === undefined) return m.noRun;
    return m.compute({ gflops: fmt(pi), ridge: fmt(pi / beta) });
  }
  return m.bandwidth({ gbps: fmt(beta) });
}
