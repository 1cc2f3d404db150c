// Reading a results document that came from outside (a file, or the JSON inside a permalink).
// Every failure is an ImportError naming the problem; nothing is evaluated. Strings, including
// ones that look like HTML or script, stay plain strings: whoever renders an imported document
// must do so as text (textContent, never innerHTML).

import { migrateResults } from '../../core/migrate';
import { findProblems, type ResultsDocument, SCHEMA_VERSION, TOOL_NAME } from '../../core/results';
import { formatSize, ImportError } from './import-error';
import { nestsDeeperThan } from './json-depth';
import { jsonErrorOffset, placeOf } from './json-error';

/** The default limit on an imported file or a permalink's decoded JSON. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

/** Deepest nesting accepted. A real document nests 4 levels; JSON.stringify overflows at thousands. */
export const MAX_IMPORT_DEPTH = 64;

export interface ParseOptions {
  /** Largest accepted text, in UTF-8 bytes. Default MAX_IMPORT_BYTES. */
  maxBytes?: number;
  /** Wording of messages: "The file …", "The link …" or "The submitted document …". Default 'file'. */
  source?: 'file' | 'link' | 'submission';
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const NOUNS = { file: 'The file', link: 'The link', submission: 'The submitted document' };
const noun = (options: ParseOptions) => NOUNS[options.source ?? 'file'];

/** Refuses a file over the limit before it is read (for File.size in the page). */
export function checkFileSize(size: number, options: ParseOptions = {}): void {
  const maxBytes = options.maxBytes ?? MAX_IMPORT_BYTES;
  if (size > maxBytes) {
    throw new ImportError(
      'too-large',
      `${noun(options)} is ${formatSize(size)}; results documents over ${formatSize(maxBytes)} are refused.`,
    );
  }
}

/** UTF-8 length, computed only when it could matter (UTF-8 bytes ≥ UTF-16 units, ≤ 3 × units). */
function utf8Length(text: string, maxBytes: number): number {
  if (text.length > maxBytes || text.length * 3 <= maxBytes) return text.length;
  return new TextEncoder().encode(text).length;
}

function parseJson(text: string, options: ParseOptions): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const offset = jsonErrorOffset(text);
    const p = offset === null ? null : placeOf(text, offset);
    const where =
      p === null
        ? ''
        : p.offset >= text.length
          ? `: it ends too early, at line ${p.line}, column ${p.column}`
          : `: unexpected ${p.found} at line ${p.line}, column ${p.column}`;
    throw new ImportError('malformed-json', `${noun(options)} is not valid JSON${where}.`);
  }
}

function listProblems(problems: string[]): string {
  const shown = problems.slice(0, 3).join('; ');
  return problems.length > 3 ? `${shown}; and ${problems.length - 3} more` : shown;
}

/**
 * Checks a parsed value and returns it as a results document, or throws ImportError. A document
 * from an older schema version is migrated first (files, permalinks and history all come here).
 */
export function toResultsDocument(parsed: unknown, options: ParseOptions = {}): ResultsDocument {
  const what = noun(options);
  if (!isObject(parsed) || !('schemaVersion' in parsed || 'results' in parsed)) {
    throw new ImportError(
      'not-results',
      `${what} is JSON, but not a ${TOOL_NAME} results document.`,
    );
  }
  // before anything walks or words the value (JSON.stringify overflows at a few thousand levels)
  if (nestsDeeperThan(parsed, MAX_IMPORT_DEPTH)) {
    const problem = `document nests values more than ${MAX_IMPORT_DEPTH} levels deep`;
    throw new ImportError('invalid', `${what} is not a valid results document: ${problem}.`, [
      problem,
    ]);
  }
  const migrated = migrateResults(parsed);
  const value = isObject(migrated) ? migrated : parsed;
  const version = value.schemaVersion;
  if (version !== SCHEMA_VERSION) {
    const detail =
      typeof version === 'number' && version > SCHEMA_VERSION
        ? `schemaVersion ${version}, from a newer ${TOOL_NAME}`
        : `schemaVersion ${JSON.stringify(version) ?? 'missing'}`;
    throw new ImportError(
      'schema-version',
      `${what} holds ${detail}; this version reads schemaVersion ${SCHEMA_VERSION}.`,
    );
  }
  const problems = findProblems(value);
  if (problems.length > 0) {
    throw new ImportError(
      'invalid',
      `${what} is not a valid results document: ${listProblems(problems)}.`,
      problems,
    );
  }
  return value as unknown as ResultsDocument;
}

/** Parses and validates the text of a results file. Throws ImportError, and nothing else. */
export function parseResultsFile(text: string, options: ParseOptions = {}): ResultsDocument {
  const maxBytes = options.maxBytes ?? MAX_IMPORT_BYTES;
  checkFileSize(utf8Length(text, maxBytes), { ...options, maxBytes });
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // a BOM from an editor
  if (body.trim() === '') throw new ImportError('empty', `${noun(options)} is empty.`);
  return toResultsDocument(parseJson(body, options), options);
}
