// Weight formats as the predictor and the pickers see them, derived from the registry
// (core/format-registry): ids, aliases, and how many bits each weight costs in memory, scales
// included.

import { checkRegistry } from './format-check';
import { FORMAT_PRESETS, type FormatPreset, findPreset } from './format-presets';
import { FORMAT_REGISTRY, type FormatEntry, type FormatId } from './format-registry';
import type { FileFamily } from './weight-files';

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

/**
 * The format serving models whose bits per weight are nearest `bits` (ties: the one with more
 * bits), among those `accept` takes; undefined where it takes none.
 */
export function nearestKernel(
  bits: number,
  accept: (id: FormatId) => boolean = () => true,
): FormatId | undefined {
  const distance = (f: FormatEntry) => Math.abs(entryBitsPerWeight(f) - bits);
  let best: FormatEntry | undefined;
  for (const f of FORMATS) {
    if (!f.servesModels || !accept(f.id)) continue;
    const closer = best === undefined || distance(f) < distance(best);
    const tieWithMore =
      best !== undefined &&
      distance(f) === distance(best) &&
      entryBitsPerWeight(f) > entryBitsPerWeight(best);
    if (closer || tieWithMore) best = f;
  }
  return best?.id as FormatId | undefined;
}

/** A weight-file preset as a WeightFormat, measured with its nearest kernel format. */
export function presetFormat(p: FormatPreset): WeightFormat {
  const kernel = nearestKernel(p.bitsPerWeight);
  if (kernel === undefined) throw new RangeError('no registered format serves models');
  return {
    id: p.id,
    bitsPerWeight: p.bitsPerWeight,
    kernel,
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

/**
 * The formats engines of `family` load, most bits first (ties in registry, then preset order):
 * registered formats that serve models and name a file there, and the presets loaded there.
 */
export function formatsLoadedBy(family: FileFamily): WeightFormat[] {
  const registered = MODEL_FORMAT_IDS.filter((id) => formatEntry(id).files[family] !== undefined);
  const presets = FORMAT_PRESETS.filter((p) => p.loadedBy.includes(family));
  return [...registered.map((id) => WEIGHT_FORMATS[id]), ...presets.map(presetFormat)].sort(
    (a, b) => b.bitsPerWeight - a.bitsPerWeight,
  );
}

/**
 * The largest activation a kernel's f16 form must carry: an assumption, stated. A down
 * projection's inputs pass ±129 in Llama-class models (which rules out int8's f16 form); they are
 * taken to stay within ±512.
 */
export const F16_ACTIVATION_BOUND = 512;

/** Largest finite f16. */
const F16_MAX = 65504;

/**
 * Whether a kernel may dot this format's stored values with f16 activations: a 4-term f16 dot of
 * q · x before the block's scale must stay finite for |x| up to F16_ACTIVATION_BOUND (int8's
 * q = ±128 overflow past |x| = 128; int4's ±8 at 2047). Unscaled formats multiply the weights
 * themselves, as f16 GEMMs do.
 */
export function f16DotsFit(entry: FormatEntry): boolean {
  if (entry.scales === null) return true;
  const codes = 2 ** Math.min(entry.storedBits, 16);
  let largest = 0;
  for (let c = 0; c < codes; c++) largest = Math.max(largest, Math.abs(entry.decode(c)));
  return 4 * largest * F16_ACTIVATION_BOUND <= F16_MAX;
}
