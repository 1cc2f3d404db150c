import { test } from 'vitest';
import { heldOutPredictions } from '../../../src/model/engines/cross-validation';
import { calibrationRows } from '../../../src/model/engines/data';
import type { EngineId } from '../../../src/model/engines/ids';
const engines = (process.env.ENGINES ?? 'llama.cpp-cuda').split(',') as EngineId[];
const metrics = (process.env.METRICS ?? 'decode').split(',') as ('decode' | 'ttft')[];
test('resid', () => {
  for (const e of engines) for (const m of metrics) {
    const ps = heldOutPredictions(e, calibrationRows(), m);
    const lines = ps.map((p) => {
      const r = p.row;
      const ratio = r.ms / p.predictedMs;
      const inside = r.ms >= p.lowMs && r.ms <= p.highMs ? ' ' : '*';
      return `${inside} ${ratio.toFixed(2)}  ${r.gpuLabel.padEnd(28).slice(0,28)} ${r.engine.padEnd(16)} ${r.model.id.padEnd(14)} ${r.layout.format.padEnd(7)} p${r.promptTokens} c${r.contextTokens} meas ${r.ms.toFixed(2)} pred ${p.predictedMs.toFixed(2)} [${p.lowMs.toFixed(1)}-${p.highMs.toFixed(1)}] ${r.id}`;
    }).sort();
    console.log(`== ${e} ${m}\n${lines.join('\n')}`);
  }
});
