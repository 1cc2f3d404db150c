import { describe, expect, it } from 'vitest';
import {
  formatId,
  resolveFormat,
  UnknownFormatError,
  WEIGHT_FORMATS,
  weightBytes,
} from '../../../src/core/formats';

describe('weight formats', () => {
  it('counts the f16 scale of each 32-weight group', () => {
    expect(WEIGHT_FORMATS.fp16.bitsPerWeight).toBe(16);
    expect(WEIGHT_FORMATS.int8.bitsPerWeight).toBe(8.5); // Q8_0: 32 bytes + 2-byte scale per 32
    expect(WEIGHT_FORMATS.int4.bitsPerWeight).toBe(4.5); // Q4_0: 16 bytes + 2-byte scale per 32
    // One Q4_0 block: 32 weights in 18 bytes.
    expect(weightBytes(32, WEIGHT_FORMATS.int4)).toBe(18);
    expect(weightBytes(32, WEIGHT_FORMATS.int8)).toBe(34);
  });

  it('resolves aliases, case-insensitively', () => {
    expect(formatId('f16')).toBe('fp16');
    expect(formatId('Q8_0')).toBe('int8');
    expect(formatId('q4_0')).toBe('int4');
    expect(formatId('q4f16_1')).toBe('int4');
    expect(resolveFormat('F16')).toBe(WEIGHT_FORMATS.fp16);
    expect(formatId('q5_k')).toBeUndefined();
  });

  it('takes a bits-per-weight override and keeps the kernel it is measured with', () => {
    const awq = resolveFormat('int4', 4.25);
    expect(awq).toMatchObject({ id: 'custom', bitsPerWeight: 4.25, kernel: 'int4' });
    expect(resolveFormat('fp16', 8).kernel).toBe('fp16'); // e.g. FP8
  });

  it('rejects unknown names and absurd overrides with a clear message', () => {
    expect(() => resolveFormat('bf17')).toThrow(UnknownFormatError);
    expect(() => resolveFormat('bf17')).toThrow(/known: .*fp16.*q4_0/);
    expect(() => resolveFormat('int4', 0)).toThrow(RangeError);
    expect(() => resolveFormat('int4', Number.NaN)).toThrow(RangeError);
  });
});
