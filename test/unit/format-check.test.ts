// The rules a weight-format entry must keep, each broken on a copy of a real entry: the registry
// refuses it at registration with a sentence that names the format and what is wrong.

import { describe, expect, it } from 'vitest';
import { checkFormatEntry, checkRegistry, FormatEntryError } from '../../src/core/format-check';
import { FORMAT_REGISTRY, type FormatEntry } from '../../src/core/format-registry';
import { formatEntry } from '../../src/core/formats';

const int3 = formatEntry('int3');
const int4 = formatEntry('int4');
const bad = (base: FormatEntry, change: Partial<FormatEntry>): FormatEntry => ({
  ...base,
  id: 'bad',
  aliases: [],
  ...change,
});

describe('registering a weight format', () => {
  it('accepts every registered entry', () => {
    expect(() => checkRegistry(FORMAT_REGISTRY)).not.toThrow();
    for (const f of FORMAT_REGISTRY) expect(() => checkFormatEntry(f)).not.toThrow();
  });

  it.each([
    [
      'a block that is not a whole number of kernel groups',
      bad(int3, { block: { weights: 24, bytes: 12 } }),
      /"bad": a block must hold a positive multiple of 32 weights .* not 24/,
    ],
    [
      'a block that is not whole u32 words',
      bad(int3, { block: { weights: 32, bytes: 14 } }),
      /"bad": a block must take a positive multiple of 4 bytes .* not 14/,
    ],
    [
      'values that do not fit the block',
      bad(int4, { block: { weights: 32, bytes: 12 } }),
      /"bad": 32 values of 4 bits need 128 bits, more than a block of 12 bytes holds \(96\)/,
    ],
    [
      'a row alignment that is not whole u32 words',
      bad(int3, { rowAlignBytes: 2 }),
      /"bad": rowAlignBytes must be a positive multiple of 4, not 2/,
    ],
    [
      'two values sharing a bit',
      bad(int3, {
        bitsOf: (j) => [
          { at: 2 * j, width: 2 },
          { at: 64 + (j % 31), width: 1 },
        ],
      }),
      /"bad": weights 0 and 31 both use bit 64 of the block/,
    ],
    [
      'fields narrower than the stored value',
      bad(int3, { bitsOf: (j) => [{ at: 2 * j, width: 2 }] }),
      /"bad": weight 0's bit fields are 2 bits wide together, not storedBits \(3\)/,
    ],
    [
      'a field past the block',
      bad(int3, { bitsOf: (j) => [{ at: 3 * j + 1, width: 3 }] }),
      /"bad": weight 31 has a bit field at 94, 3 wide, outside the block's 96 bits/,
    ],
    [
      'an encoding that cannot hold ±qmax',
      bad(int3, { scales: { format: 'f16', qmax: 5 } }),
      /"bad": decode\(encode\(-5\)\) is -3, not -5/,
    ],
    [
      'stored bits past 32',
      bad(int3, { storedBits: 33 }),
      /"bad": storedBits must be a whole number from 1 to 32, not 33/,
    ],
  ])('refuses %s, saying what is wrong', (_, entry, message) => {
    expect(() => checkFormatEntry(entry)).toThrow(FormatEntryError);
    expect(() => checkFormatEntry(entry)).toThrow(message);
  });

  it('refuses a name that already names another format, and a capitalised alias', () => {
    const clash = bad(int3, { aliases: ['q4_0'] });
    expect(() => checkRegistry([...FORMAT_REGISTRY, clash])).toThrow(
      /"bad": the name "q4_0" already names format "int4"/,
    );
    const upper = bad(int3, { aliases: ['Bad3'] });
    expect(() => checkRegistry([...FORMAT_REGISTRY, upper])).toThrow(
      /alias "Bad3" must be lower-case/,
    );
    expect(() => checkFormatEntry(bad(int3, { id: 'Int 3' }))).toThrow(/lower-case letters/);
  });

  it('needs neither stored bits that divide 32 nor 16-byte rows: int3 has 3 bits in 12-byte blocks', () => {
    expect(32 % int3.storedBits).not.toBe(0);
    expect(int3.block.bytes % 16).not.toBe(0);
    expect(int3.rowAlignBytes).toBe(4);
  });
});
