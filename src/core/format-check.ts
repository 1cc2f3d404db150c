// The rules a weight-format entry (./format-registry) must keep, checked when the registry loads,
// each broken one said in words: which format, what is wrong, what would be right. These are the
// only rules; everything else about a format is its own choice.

import { type BitField, type FormatEntry, KERNEL_GROUP } from './format-registry';

export class FormatEntryError extends Error {
  override name = 'FormatEntryError';
}

const isWhole = (v: number, least: number) => Number.isInteger(v) && v >= least;

/** The fields of stored value j, as its entry places them (default: one at j · storedBits). */
export function fieldsOf(f: FormatEntry, j: number): readonly BitField[] {
  return f.bitsOf?.(j) ?? [{ at: j * f.storedBits, width: f.storedBits }];
}

function checkBlock(f: FormatEntry, fail: (what: string) => never): void {
  const { weights, bytes } = f.block;
  if (!isWhole(weights, 1) || weights % KERNEL_GROUP !== 0) {
    fail(
      `a block must hold a positive multiple of ${KERNEL_GROUP} weights (the kernels' group along K), not ${weights}`,
    );
  }
  if (!isWhole(bytes, 1) || bytes % 4 !== 0) {
    fail(
      `a block must take a positive multiple of 4 bytes (the GPU reads and fills weights in u32 words), not ${bytes}`,
    );
  }
  if (!isWhole(f.storedBits, 1) || f.storedBits > 32) {
    fail(`storedBits must be a whole number from 1 to 32, not ${f.storedBits}`);
  }
  if (weights * f.storedBits > bytes * 8) {
    fail(
      `${weights} values of ${f.storedBits} bits need ${weights * f.storedBits} bits, more than a block of ${bytes} bytes holds (${bytes * 8})`,
    );
  }
  if (!isWhole(f.rowAlignBytes, 4) || f.rowAlignBytes % 4 !== 0) {
    fail(`rowAlignBytes must be a positive multiple of 4, not ${f.rowAlignBytes}`);
  }
}

/** Every value's fields inside the block, as wide as storedBits together, no bit used twice. */
function checkFields(f: FormatEntry, fail: (what: string) => never): void {
  const owner = new Array<number>(f.block.bytes * 8).fill(-1);
  for (let j = 0; j < f.block.weights; j++) {
    const fields = fieldsOf(f, j);
    const width = fields.reduce((sum, field) => sum + field.width, 0);
    if (width !== f.storedBits) {
      fail(
        `weight ${j}'s bit fields are ${width} bits wide together, not storedBits (${f.storedBits})`,
      );
    }
    for (const { at, width: w } of fields) {
      if (!isWhole(at, 0) || !isWhole(w, 1) || at + w > owner.length) {
        fail(
          `weight ${j} has a bit field at ${at}, ${w} wide, outside the block's ${owner.length} bits`,
        );
      }
      for (let b = at; b < at + w; b++) {
        if (owner[b] !== -1) fail(`weights ${owner[b]} and ${j} both use bit ${b} of the block`);
        owner[b] = j;
      }
    }
  }
}

/** ±qmax survive encode and decode, and encode stays inside storedBits. */
function checkScales(f: FormatEntry, fail: (what: string) => never): void {
  if (f.scales === null) return;
  const { qmax } = f.scales;
  if (!Number.isFinite(qmax) || qmax <= 0) fail(`scales.qmax must be positive, not ${qmax}`);
  for (const q of [-qmax, 0, qmax]) {
    const bits = f.encode(q);
    if (!isWhole(bits, 0) || bits >= 2 ** f.storedBits) {
      fail(`encode(${q}) gives ${bits}, which does not fit ${f.storedBits} stored bits`);
    }
    if (f.decode(bits) !== q) fail(`decode(encode(${q})) is ${f.decode(bits)}, not ${q}`);
  }
}

/** Throws a FormatEntryError saying what is wrong with `f`, if anything. */
export function checkFormatEntry(f: FormatEntry): void {
  const fail = (what: string): never => {
    throw new FormatEntryError(`weight format "${f.id}": ${what}`);
  };
  if (!/^[a-z][a-z0-9-]*$/.test(f.id)) {
    fail('the id must be lower-case letters, digits and dashes, starting with a letter');
  }
  checkBlock(f, fail);
  checkFields(f, fail);
  checkScales(f, fail);
}

/** Checks each entry, and that no id or alias names two formats. */
export function checkRegistry(entries: readonly FormatEntry[]): void {
  const names = new Map<string, string>();
  for (const f of entries) {
    checkFormatEntry(f);
    for (const name of [f.id, ...f.aliases]) {
      const other = names.get(name);
      if (other !== undefined) {
        throw new FormatEntryError(
          `weight format "${f.id}": the name "${name}" already names format "${other}"`,
        );
      }
      if (name !== name.toLowerCase()) {
        throw new FormatEntryError(
          `weight format "${f.id}": the alias "${name}" must be lower-case`,
        );
      }
      names.set(name, f.id);
    }
  }
}
