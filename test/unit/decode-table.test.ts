import { describe, expect, it } from 'vitest';
import { renderDecode } from '../../src/cli/render/decode-table';
import type { DecodeRun, ResultsDocument } from '../../src/core/results';
import { sampleDecodeRun } from '../fixtures/results';

const run = sampleDecodeRun({ medianMs: 20, predictedMs: 25, ratio: 0.8 });
const text = (r: DecodeRun) => renderDecode({ decode: [r] } as unknown as ResultsDocument);

describe('the CLI decode table', () => {
  it('prints the comparison on minimums where the run has it', () => {
    const withMin = text({ ...run, minMs: 15, predictedMinMs: 16, minRatio: 15 / 16 });
    expect(withMin).toContain('measured ÷ predicted = 0.80');
    expect(withMin).toContain('on minimums: fastest token 15.0 ms, predicted 16.0 ms; ratio 0.94');
  });

  it('says a mixture-of-experts run routed at random, and a stand-in block', () => {
    const moe = text({
      ...run,
      routing: 'uniform-random',
      experts: 60,
      expertsPerToken: 4,
      sharedExperts: 1,
      approximations: ['gemma-block'],
    });
    expect(moe).toContain(
      'random routing over 60 experts, 4 per token plus 1 shared (stated assumption)',
    );
    expect(moe).toMatch(/Llama block with Gemma's shapes .* \(stated approximation\)/);
    expect(text(run)).not.toContain('routing');
  });

  it('leaves the line out for runs recorded before it', () => {
    expect(text(run)).not.toContain('on minimums');
  });
});
