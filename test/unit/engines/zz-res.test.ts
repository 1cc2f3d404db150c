import { it } from 'vitest';
import { heldOutPredictions } from '../../../src/model/engines/cross-validation';
import { calibrationRows } from '../../../src/model/engines/data';
import { ENGINE_IDS, isGenericEngine } from '../../../src/model/engines/ids';

it('k', () => {
  const rows = calibrationRows();
  const out: string[] = [];
  for (const e of ENGINE_IDS) {
    if (isGenericEngine(e)) continue;
    for (const m of ['decode', 'ttft'] as const) {
      for (const p of heldOutPredictions(e, rows, m, 'source')) {
        if (p.row.vendor === 'apple' && p.row.engine === 'llama.cpp-metal') continue;
        out.push(
          `${e.padEnd(17)} ${m.padEnd(6)} ${p.row.gpuKey.padEnd(22)} ${p.row.model.id.padEnd(14)} ${p.row.layout.format.padEnd(7)} ctx${String(p.row.contextTokens).padStart(6)} pp${String(p.row.promptTokens).padStart(6)} meas/pred ${(p.row.ms / p.predictedMs).toFixed(2)} w ${(p.highMs / p.lowMs).toFixed(2)} ${p.row.source.slice(19, 60)}`,
        );
      }
    }
  }
  console.log(out.join('\n'));
});
