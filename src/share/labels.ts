// Short, plain-text descriptions of a run, shared by exports and the run history.

/** "2026-11-29" (UTC) from an ISO timestamp, or null when it is not a date. */
export function isoDay(createdAt: string): string | null {
  const t = Date.parse(createdAt);
  return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10);
}
