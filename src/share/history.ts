// Previous runs, kept in a Storage (localStorage in the page, a Map in tests). An index key
// lists the runs, newest first; each document has its own key. Counts and total size are
// capped, the oldest runs dropped first. Nothing here throws: unreadable stored data is
// removed and reported through `onNote`.

import { adapterName } from '../core/adapter-name';
import type { PlanName, ResultsDocument } from '../core/results';
import { parseResultsFile } from './import/import';
import { ImportError } from './import/import-error';

/** The part of the Web Storage API used here; `length`/`key` let a corrupt index be swept. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length?: number;
  key?(index: number): string | null;
}

export interface HistoryEntry {
  id: string;
  createdAt: string;
  /** When it was saved here (ISO). */
  savedAt: string;
  plan: PlanName;
  /** Plain text, e.g. "google swiftshader — SwiftShader". */
  adapter: string;
  rows: number;
  failed: number;
  /** Stored JSON length, in characters. */
  chars: number;
}

export interface HistoryOptions {
  /** Most runs kept. Default 20. */
  maxEntries?: number;
  /** Most characters of JSON kept in all (localStorage holds about 5 M). Default 3 M. */
  maxChars?: number;
  /** Key prefix. Default "webgpu-roofline:history:". */
  prefix?: string;
  onNote?: (note: string) => void;
  now?: () => Date;
}

/** A Storage over a Map: for tests, and for the page where localStorage is unavailable. */
export function memoryStorage(map = new Map<string, string>()): StorageLike {
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      map.set(k, String(v));
    },
    removeItem: (k) => {
      map.delete(k);
    },
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
  };
}

/** FNV-1a of the JSON, plus its length: the same document saved twice has one id. */
function idOf(json: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < json.length; i++) h = Math.imul(h ^ json.charCodeAt(i), 0x01000193);
  return `${(h >>> 0).toString(16).padStart(8, '0')}${json.length.toString(36)}`;
}

function isEntry(v: unknown): v is HistoryEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.id === 'string' &&
    /^[0-9a-z]{1,40}$/.test(e.id) &&
    ['createdAt', 'savedAt', 'adapter'].every((k) => typeof e[k] === 'string') &&
    (e.plan === 'quick' || e.plan === 'full') &&
    ['rows', 'failed', 'chars'].every((k) => Number.isSafeInteger(e[k]) && (e[k] as number) >= 0)
  );
}

/** Only the entry's own fields: anything else stored with it (even nested past what
 * JSON.stringify can write back) is not kept. */
function entryFields(e: HistoryEntry): HistoryEntry {
  const { id, createdAt, savedAt, plan, adapter, rows, failed, chars } = e;
  return { id, createdAt, savedAt, plan, adapter, rows, failed, chars };
}

export class RunHistory {
  private readonly maxEntries: number;
  private readonly maxChars: number;
  private readonly prefix: string;
  private readonly note: (note: string) => void;
  private readonly now: () => Date;

  constructor(
    private readonly storage: StorageLike,
    options: HistoryOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 20;
    this.maxChars = options.maxChars ?? 3_000_000;
    this.prefix = options.prefix ?? 'webgpu-roofline:history:';
    this.note = options.onNote ?? (() => {});
    this.now = options.now ?? (() => new Date());
  }

  private get indexKey() {
    return `${this.prefix}index`;
  }

  private runKey(id: string) {
    return `${this.prefix}run:${id}`;
  }

  /** Runs a storage call; a failure (quota, private mode, blocked storage) becomes a note. */
  private attempt<T>(what: string, fn: () => T): T | undefined {
    try {
      return fn();
    } catch (error) {
      this.note(
        `Could not ${what} in browser storage: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    }
  }

  private writeIndex(entries: HistoryEntry[]): boolean {
    return (
      this.attempt('update the list of saved runs', () => {
        this.storage.setItem(this.indexKey, JSON.stringify(entries));
        return true;
      }) === true
    );
  }

  /** Saved runs, newest first. A damaged list is reset (and its orphaned runs removed). */
  list(): HistoryEntry[] {
    const raw = this.attempt('read the saved runs', () => this.storage.getItem(this.indexKey));
    if (raw === null || raw === undefined) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    if (!Array.isArray(parsed)) {
      this.note('The list of saved runs was damaged and has been cleared.');
      this.attempt('clear the list of saved runs', () => this.storage.removeItem(this.indexKey));
      this.sweep(new Set());
      return [];
    }
    const entries = parsed.filter(isEntry).map(entryFields);
    if (entries.length < parsed.length) {
      const lost = parsed.length - entries.length;
      this.note(
        `${lost} damaged entr${lost === 1 ? 'y was' : 'ies were'} dropped from the saved runs.`,
      );
      this.writeIndex(entries);
      this.sweep(new Set(entries.map((e) => e.id)));
    }
    return entries;
  }

  /** Removes stored runs that no index entry names (needs `length` and `key`). */
  private sweep(keep: Set<string>) {
    const { storage } = this;
    if (storage.length === undefined || storage.key === undefined) return;
    this.attempt('tidy the saved runs', () => {
      const prefix = this.runKey('');
      const keys: string[] = [];
      for (let i = 0; i < (storage.length ?? 0); i++) keys.push(storage.key?.(i) ?? '');
      for (const key of keys) {
        if (key.startsWith(prefix) && !keep.has(key.slice(prefix.length))) storage.removeItem(key);
      }
    });
  }

  /**
   * Keeps `doc`, dropping the oldest runs to stay under the caps. Returns its entry, or null
   * when it could not be kept (too large, or storage refused it: see the note).
   */
  save(doc: ResultsDocument): HistoryEntry | null {
    const json = this.attempt('prepare the run for saving', () => JSON.stringify(doc));
    if (json === undefined) return null;
    if (json.length > this.maxChars) {
      this.note(`This run is too large to keep in browser storage (${json.length} characters).`);
      return null;
    }
    const entry: HistoryEntry = {
      id: idOf(json),
      createdAt: doc.createdAt,
      savedAt: this.now().toISOString(),
      plan: doc.plan,
      adapter: adapterName(doc.adapter),
      rows: doc.results.length,
      failed: doc.results.filter((r) => !r.verified).length,
      chars: json.length,
    };
    const kept = this.list().filter((e) => e.id !== entry.id);
    const total = () => kept.reduce((sum, e) => sum + e.chars, json.length);
    while (kept.length > 0 && (kept.length >= this.maxEntries || total() > this.maxChars)) {
      this.drop(kept.pop());
    }
    // Storage may still refuse (its quota is shared with the rest of the origin): drop more.
    for (;;) {
      try {
        this.storage.setItem(this.runKey(entry.id), json);
        break;
      } catch (error) {
        if (kept.length === 0) {
          this.writeIndex(kept);
          this.note(
            `Browser storage refused this run: ${error instanceof Error ? error.message : String(error)}`,
          );
          return null;
        }
        this.drop(kept.pop());
      }
    }
    if (this.writeIndex([entry, ...kept])) return entry;
    this.drop(entry);
    return null;
  }

  private drop(entry: HistoryEntry | undefined) {
    if (entry === undefined) return;
    this.attempt('remove an old run', () => this.storage.removeItem(this.runKey(entry.id)));
  }

  /** The saved document, or null when there is none; a damaged one is removed with a note. */
  load(id: string): ResultsDocument | null {
    const entry = this.list().find((e) => e.id === id);
    if (entry === undefined) return null;
    const json = this.attempt('read a saved run', () => this.storage.getItem(this.runKey(id)));
    if (json === undefined) return null;
    try {
      if (json === null) throw new ImportError('empty', 'it is missing');
      return parseResultsFile(json, { maxBytes: Number.POSITIVE_INFINITY });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.note(
        `The saved run from ${entry.createdAt} could not be read and has been removed: ${why}`,
      );
      this.remove(id);
      return null;
    }
  }

  remove(id: string): void {
    this.attempt('remove a saved run', () => this.storage.removeItem(this.runKey(id)));
    const entries = this.list();
    if (entries.some((e) => e.id === id)) this.writeIndex(entries.filter((e) => e.id !== id));
  }
}
