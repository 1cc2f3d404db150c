// Request traces: one request per line, "arrival time, prompt tokens, output tokens", separated by
// commas, tabs or spaces. An optional header names the columns and the time unit
// (arrival_s or arrival_ms, prompt_tokens, output_tokens); without one, times are in seconds.
// Lines starting with # and blank lines are skipped. Arrivals must not go backwards.

export interface TraceRequest {
  arrivalMs: number;
  promptTokens: number;
  outputTokens: number;
}

export class TraceError extends Error {
  /** 1-based line number, or undefined for errors about the whole trace. */
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(line === undefined ? `trace: ${message}` : `trace line ${line}: ${message}`);
    this.name = 'TraceError';
    this.line = line;
  }
}

const HEADER_HINT = 'arrival_s (or arrival_ms), prompt_tokens, output_tokens';

const splitFields = (line: string) => line.trim().split(/\s*[,\t]\s*|\s+/);

function parseHeader(fields: string[], line: number): number {
  const [t, p, o] = fields.map((f) => f.toLowerCase());
  if (fields.length !== 3 || p !== 'prompt_tokens' || o !== 'output_tokens') {
    throw new TraceError(`unknown header "${fields.join(',')}"; expected ${HEADER_HINT}`, line);
  }
  if (t === 'arrival_s') return 1000;
  if (t === 'arrival_ms') return 1;
  throw new TraceError(
    `unknown time column "${fields[0]}"; expected arrival_s or arrival_ms`,
    line,
  );
}

function wholeTokens(text: string, what: string, line: number): number {
  const v = Number(text);
  if (!Number.isInteger(v) || v < 1) {
    throw new TraceError(`${what} must be a whole number ≥ 1, got "${text}"`, line);
  }
  return v;
}

export function parseTrace(text: string): TraceRequest[] {
  const out: TraceRequest[] = [];
  let msPerUnit: number | undefined;
  let sawData = false;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i]?.trim() ?? '';
    if (raw === '' || raw.startsWith('#')) continue;
    const fields = splitFields(raw);
    const first = fields[0] ?? '';
    if (!sawData && msPerUnit === undefined && Number.isNaN(Number(first))) {
      msPerUnit = parseHeader(fields, lineNo);
      continue;
    }
    sawData = true;
    if (fields.length !== 3) {
      throw new TraceError(
        `expected 3 fields (arrival time, prompt tokens, output tokens), found ${fields.length}: "${raw}"`,
        lineNo,
      );
    }
    const [t, p, o] = fields as [string, string, string];
    const time = Number(t);
    if (!Number.isFinite(time) || time < 0) {
      throw new TraceError(`arrival time must be a number ≥ 0, got "${t}"`, lineNo);
    }
    const arrivalMs = time * (msPerUnit ?? 1000);
    const prev = out[out.length - 1];
    if (prev !== undefined && arrivalMs < prev.arrivalMs) {
      throw new TraceError(
        `arrival time ${t} is earlier than the line before; sort the trace by arrival time`,
        lineNo,
      );
    }
    out.push({
      arrivalMs,
      promptTokens: wholeTokens(p, 'prompt tokens', lineNo),
      outputTokens: wholeTokens(o, 'output tokens', lineNo),
    });
  }
  if (out.length === 0) {
    throw new TraceError(`no requests found; each line needs ${HEADER_HINT}`);
  }
  return out;
}
