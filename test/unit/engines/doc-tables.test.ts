import { describe, expect, it } from 'vitest';
import { docBlock, normalizedTable, withDocBlock } from '../../../src/model/engines/doc-tables';

describe('the documents’ calibration blocks', () => {
  const doc = 'intro\n\n<!-- calibrate:t -->\nold\n<!-- /calibrate:t -->\n\nafter\n';

  it('replaces what lies between the markers, and reads it back', () => {
    const next = withDocBlock(doc, 't', '| a | b |');
    expect(docBlock(next, 't')).toBe('| a | b |');
    expect(next.startsWith('intro\n\n<!-- calibrate:t -->')).toBe(true);
    expect(next.endsWith('<!-- /calibrate:t -->\n\nafter\n')).toBe(true);
    expect(withDocBlock(next, 't', '| a | b |')).toBe(next);
  });

  it('says which block is missing instead of writing anywhere', () => {
    expect(() => docBlock('no markers', 't')).toThrow(/<!-- calibrate:t -->/);
    expect(() => withDocBlock(doc, 'other', 'x')).toThrow(/calibrate:other/);
  });

  it('compares tables whatever their padding', () => {
    expect(normalizedTable('| a  |  b |\n| --- | ------ |')).toBe(
      normalizedTable('| a | b |\n| - | - |'),
    );
    expect(normalizedTable('| a | b |')).not.toBe(normalizedTable('| a | c |'));
  });
});
