// The one error type for results coming from outside: an imported file or a permalink.
// `reason` is for code; `message` is for the user and names the problem.

export type ImportReason =
  /** The file or decoded link holds nothing. */
  | 'empty'
  /** Over the size limit (file, link, or the JSON a link decompresses to). */
  | 'too-large'
  /** Not JSON; the message gives line and column. */
  | 'malformed-json'
  /** JSON, but not a results document at all. */
  | 'not-results'
  /** A results document of another schemaVersion. */
  | 'schema-version'
  /** A results document with missing fields or bad values; `problems` lists them. */
  | 'invalid'
  /** Not a `#r=…` link. */
  | 'not-permalink'
  /** A permalink whose data does not decode (bad base64url, deflate or UTF-8). */
  | 'corrupt';

export class ImportError extends Error {
  constructor(
    readonly reason: ImportReason,
    message: string,
    /** The validator's findings, for reason 'invalid'. */
    readonly problems: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

/** "1.5 MB": sizes in limit messages, decimal units as browsers show file sizes. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1e6) return `${(bytes / 1e3).toFixed(bytes < 1e4 ? 1 : 0)} kB`;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
