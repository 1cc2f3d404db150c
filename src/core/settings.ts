// Run settings that change results: anything but the defaults makes a run "not comparable" with
// default runs on other machines. The page reads them from its address (?timer=wall…), the CLI
// from flags; a results document records the ones it ran with.

export interface RunSettings {
  /** Time with the wall clock even where GPU timestamps are granted. */
  timer?: 'wall-clock';
  /** Largest bandwidth working set, MiB (the sweep stops there; a cache-sized cap flatters). */
  maxWorkingSetMiB?: number;
  /** Samples per kernel instead of the plan's. */
  samples?: number;
  /** A GEMV variant pinned by name where the format offers it, instead of tuning. */
  gemvVariant?: string;
  /** A GEMM variant pinned by name, instead of tuning. */
  gemmVariant?: string;
}

export type SettingKey = keyof RunSettings;

/** One entry per setting: a setting left out of such a table fails `tsc`. */
export type SettingTable<V> = { [K in SettingKey]-?: V };

/** The URL parameter (and CLI flag, with --) of each setting. */
export const SETTING_PARAMS: SettingTable<string> = {
  timer: 'timer',
  maxWorkingSetMiB: 'max-working-set-mib',
  samples: 'samples',
  gemvVariant: 'gemv-variant',
  gemmVariant: 'gemm-variant',
};

/** Each setting's JSON type in a results document, checked against RunSettings by `tsc`. */
export const SETTING_TYPES: {
  [K in SettingKey]-?: NonNullable<RunSettings[K]> extends number ? 'number' : 'string';
} = {
  timer: 'string',
  maxWorkingSetMiB: 'number',
  samples: 'number',
  gemvVariant: 'string',
  gemmVariant: 'string',
};

const VARIANT_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Parses one setting's text; returns the value or a message saying what is allowed. */
function parseOne(
  key: SettingKey,
  text: string,
): { value: RunSettings[SettingKey] } | { problem: string } {
  const param = SETTING_PARAMS[key];
  switch (key) {
    case 'timer':
      return text === 'wall'
        ? { value: 'wall-clock' }
        : { problem: `${param}="${text}": the only choice is "wall"` };
    case 'maxWorkingSetMiB':
    case 'samples': {
      const [lo, hi] = key === 'samples' ? [3, 50] : [1, 65_536];
      const n = Number(text);
      return Number.isInteger(n) && n >= lo && n <= hi
        ? { value: n }
        : { problem: `${param}="${text}" must be a whole number from ${lo} to ${hi}` };
    }
    case 'gemvVariant':
    case 'gemmVariant':
      return VARIANT_NAME.test(text)
        ? { value: text }
        : { problem: `${param}="${text}" is not a variant name (e.g. row-wg64, reg4x4)` };
  }
}

/** Reads the settings from URL parameters; unknown parameters are not settings and are ignored. */
export function parseRunSettings(params: URLSearchParams): {
  settings: RunSettings;
  problems: string[];
} {
  const settings: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, param] of Object.entries(SETTING_PARAMS) as [SettingKey, string][]) {
    const text = params.get(param);
    if (text === null) continue;
    const parsed = parseOne(key, text.trim());
    if ('problem' in parsed) problems.push(parsed.problem);
    else settings[key] = parsed.value;
  }
  return { settings: settings as RunSettings, problems };
}

/** The settings as URL parameters, e.g. "timer=wall&samples=9" (empty for the defaults). */
export function settingsQuery(settings: RunSettings): string {
  const params = new URLSearchParams();
  for (const [key, param] of Object.entries(SETTING_PARAMS) as [SettingKey, string][]) {
    const v = settings[key];
    if (v !== undefined) params.set(param, key === 'timer' ? 'wall' : String(v));
  }
  return params.toString();
}

export const isDefaultSettings = (settings: RunSettings | undefined): boolean =>
  settings === undefined || Object.values(settings).every((v) => v === undefined);

/** Problems with a document's `settings` field, for the results validator. */
export function settingsProblems(value: unknown, path: string): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`${path} must be an object`];
  }
  const problems: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    // own keys only: `constructor` or `toString` is not a setting
    if (!Object.hasOwn(SETTING_PARAMS, key)) {
      problems.push(`${path}.${key} is not a run setting`);
      continue;
    }
    const typeOk = typeof v === SETTING_TYPES[key as SettingKey];
    // String(v) only once v is a number or a string: an object's `toString` key could throw
    const text = () => (key === 'timer' && v === 'wall-clock' ? 'wall' : String(v));
    if (!typeOk || 'problem' in parseOne(key as SettingKey, text())) {
      problems.push(`${path}.${key} is not a valid setting`);
    }
  }
  return problems;
}
