// The predictions section's engine picker and GPU count (issue 12): which engine a spec-mode
// prediction stands for, and how many identical GPUs it is split over in tensor parallel.

import { ENGINE_IDS, type EngineId, findEngine } from '../../model/engines/ids';
import { TP_SIZES } from '../../model/predict/fit-advice';
import { t } from '../i18n';
import { fmtInt } from '../i18n/numbers';
import { setOptions } from '../shell/dom';

export const DEFAULT_ENGINE: EngineId = 'native';

/** Fills the engine picker in the page's language, keeping the choice. */
export function fillEngines(select: HTMLSelectElement): void {
  const names = t().predictions.engineName;
  setOptions(
    select,
    ENGINE_IDS.map((id) => ({ value: id, label: names[id] })),
    select.value || DEFAULT_ENGINE,
  );
}

/** Fills the GPU-count picker (1, 2, 4, 8), keeping the choice. */
export function fillTp(select: HTMLSelectElement): void {
  const m = t().predictions;
  setOptions(
    select,
    TP_SIZES.map((n) => ({
      value: String(n),
      label: n === 1 ? m.tpOne : m.tpMany({ tp: fmtInt(n) }),
    })),
    select.value || '1',
  );
}

export const chosenEngine = (select: HTMLSelectElement): EngineId =>
  findEngine(select.value) ?? DEFAULT_ENGINE;

export const chosenTp = (select: HTMLSelectElement): number => {
  const n = Number(select.value);
  return TP_SIZES.includes(n) ? n : 1;
};
