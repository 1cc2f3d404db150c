// Weight formats as the predictor and the pickers see them, derived from the registry
// (core/format-registry): ids, aliases, and how many bits each weight costs in memory, scales
// included.

import { checkRegistry } from './format-check';
import { FORMAT_PRESETS, type FormatPreset, findPreset } from './format-presets';
import { FORMAT_REGISTRY, type FormatEntry, type FormatId } from './format-registry';

export type { FormatEntry, FormatId } from './format-registry';

// Registration: a broken entry stops here, saying what is wrong with it.
checkRegistry(FORMAT_REGISTRY);

/** Every registered format, in display order. */
export const FORMATS: readonly (FormatEntry & { id: FormatId })[] = FORMAT_REGISTRY;

/** Every format id, in display order: f32, fp16, int8, int4, … */
export const FORMAT_IDS: readonly FormatId[] = FORMATS.map((f) => f.id);

/** The formats LLM weights are served in (all but the f32 reference): predicted and compared. */
export const MODEL_FORMAT_IDS: readonly FormatId[] = FORMATS.filter((f) => f.servesModels).map(
  (f) => f.id,
);

export interface WeightFormat {
  /** Canonical id: a FormatId, or 'custom'. */
  id: string;
  /** Bits per weight including per-group scales. */
  bitsPerWeight: number;
  /** Which measured kernel rows stand in for this format (measured mode). */
  kernel: FormatId;
  description: string;
  /** A weight-file preset (./format-presets): its layout rule, how its bits are given, source. */
  preset?: Pick<FormatPreset, 'layout' | 'bitsOf' | 'source'>;
}

/** A block's bits, its f16 scale included, over its weights: int4 (16 + 2) · 8 / 32 = 4.5. */
export const entryBitsPerWeight = (f: FormatEntry): number =>
  (8 * f.block.bytes + (f.scales === null ? 0 : 16)) / f.block.weights;

/** A registered format's entry; throws for an id outside the registry. */
export function formatEntry(id: FormatId): FormatEntry {
  const found = FORMATS.find((f) => f.id === id);
  if (found === undefined) throw new RangeError(`no weight format ${id}`);
  return found;
}

export const WEIGHT_FORMATS: Readonly<Record<FormatId, WeightFormat>> = Object.fromEntries(
  FORMATS.map((f) => [
    f.id,
    { id: f.id, bitsPerWeight: entryBitsPerWeight(f), kernel: f.id, description: f.description },
  ]),
) as Record<FormatId, WeightFormat>;

export const FORMAT_ALIASES: Readonly<Record<string, FormatId>> = Object.fromEntries(
  FORMATS.flatMap((f) => f.aliases.map((alias) => [alias, f.id])),
);

export class UnknownFormatError extends Error {
  constructor(readonly formatName: string) {
    const known = [
      ...FORMAT_IDS,
      ...Object.keys(FORMAT_ALIASES),
      ...FORMAT_PRESETS.flatMap((p) => [p.id, ...p.aliases]),
    ].join(', ');
    super(`Unknown weight format "${formatName}"; known: ${known}`);
    this.name = 'UnknownFormatError';
  }
}

/** The canonical format for a name or alias (case-insensitive), or undefined. */
export function formatId(name: string): FormatId | undefined {
  const key = name.trim().toLowerCase();
  if (Object.hasOwn(WEIGHT_FORMATS, key)) return key as FormatId;
  return Object.hasOwn(FORMAT_ALIASES, key) ? FORMAT_ALIASES[key] : undefined;
}

/** A weight-file preset as a WeightFormat, measured with its nearest kernel format. */
export function presetFormat(p: FormatPreset): WeightFormat {
  return {
    id: p.id,
    bitsPerWeight: p.bitsPerWeight,
    kernel: p.kernel,
    description: p.description,
    preset: { layout: p.layout, bitsOf: p.bitsOf, source: p.source },
  };
}

/**
 * Resolves a format name or alias: a registered kernel format, else a weight-file preset
 * (./format-presets). `bitsPerWeight` overrides the cost for anything neither covers; the named
 * format still picks which measured kernels stand in for it, and the id becomes 'custom'.
 */
export function resolveFormat(name: string, bitsPerWeight?: number): WeightFormat {
  const id = formatId(name);
  const preset = id === undefined ? findPreset(name) : undefined;
  if (id === undefined && preset === undefined) throw new UnknownFormatError(name);
  const base = id === undefined ? presetFormat(preset as FormatPreset) : WEIGHT_FORMATS[id];
  if (bitsPerWeight === undefined) return base;
  if (!Number.isFinite(bitsPerWeight) || bitsPerWeight <= 0 || bitsPerWeight > 64) {
    throw new RangeError(`bits per weight must be in (0, 64], got ${bitsPerWeight}`);
  }
  return {
    id: 'custom',
    bitsPerWeight,
    kernel: base.kernel,
    description: `${bitsPerWeight} bits/weight (custom; measured as ${base.kernel})`,
  };
}

/** Bytes taken by `count` weights in `format`. */
export function weightBytes(count: number, format: WeightFormat): number {
  return (count * format.bitsPerWeight) / 8;
}
