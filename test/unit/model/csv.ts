// Reads the Apple calibration CSV (data/calibration/, a copy of shared/data/calibration-decode-llamacpp-apple.csv).
import { readFileSync } from 'node:fs';

export interface CalibrationRow {
  hardware: string;
  peakBandwidthGBps: number;
  model: string;
  weights: string;
  bitsPerWeight: number;
  decodeTokS: number;
  prefillTokS: number | undefined;
  promptLen: number | undefined;
}

/** Splits one CSV line, honouring double quotes. */
function splitLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

export function loadCalibration(): CalibrationRow[] {
  const text = readFileSync(
    new URL('../../../data/calibration/calibration-decode-llamacpp-apple.csv', import.meta.url),
    'utf8',
  );
  const [header, ...lines] = text.trim().split('\n');
  const cols = splitLine(header ?? '');
  const at = (cells: string[], name: string) => cells[cols.indexOf(name)] ?? '';
  const optNum = (s: string) => (s === '' ? undefined : Number(s));
  return lines.map((line) => {
    const c = splitLine(line);
    return {
      hardware: at(c, 'hardware'),
      peakBandwidthGBps: Number(at(c, 'peak_bw_GBps')),
      model: at(c, 'model'),
      weights: at(c, 'weights'),
      bitsPerWeight: Number(at(c, 'bits_per_weight')),
      decodeTokS: Number(at(c, 'decode_tok_s')),
      prefillTokS: optNum(at(c, 'prefill_tok_s')),
      promptLen: optNum(at(c, 'prompt_len')),
    };
  });
}
