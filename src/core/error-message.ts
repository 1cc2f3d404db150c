// The message of anything thrown, for results rows, the page and the CLI.

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
