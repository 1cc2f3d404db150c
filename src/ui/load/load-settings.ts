// The "Under load" section's settings: what they are by default (the chapter's load test), how
// they travel in the URL fragment (`load=…`, validated on the way in: a bad or unknown part falls
// back to its default), and the worker request they make with the page's model and format.

import { ENGINE_IDS, type EngineId } from '../../model/engines/ids';
import { GPUS } from '../../model/hardware/gpus';
import { defaultScheduler, type SchedulerKind } from '../../model/serving/batching/schedulers';
import type { LoadRequest, LoadSource } from '../../model/serving/load-request';
import {
  CHAPTER_OUTPUT_LENGTHS,
  CHAPTER_PROMPT_LENGTHS,
  type LengthDist,
  validateLengthDist,
} from '../../model/serving/requests/lengths';

export const SCHEDULER_KINDS: readonly SchedulerKind[] = ['continuous', 'chunked', 'static'];

export interface LoadSettings {
  /** 'measured' (the results on screen) or a reference GPU's id. */
  source: string;
  /** The engine a reference GPU's step times stand for (spec mode). */
  engine: EngineId;
  scheduler: SchedulerKind;
  /** What the slider sets: a Poisson rate λ, or a number of users in a closed loop. */
  mode: 'rate' | 'users';
  ratePerS: number;
  users: number;
  prompt: LengthDist;
  output: LengthDist;
  /** The measured GPU's memory in GB (WebGPU does not report it). */
  memoryGB: number;
}

export const DEFAULT_LOAD: LoadSettings = {
  source: 'a100-80g-sxm',
  engine: 'native',
  scheduler: 'continuous',
  mode: 'rate',
  ratePerS: 5,
  users: 16,
  prompt: CHAPTER_PROMPT_LENGTHS,
  output: CHAPTER_OUTPUT_LENGTHS,
  memoryGB: 16,
};

/** Requests per simulation in the page's sweeps (each rate of a sweep runs this many). */
export const PAGE_REQUESTS = 1000;

/** `fixed-512`, `exp-128`, `lognormal-128-512`. */
export function distCode(d: LengthDist): string {
  if (d.kind === 'fixed') return `fixed-${d.tokens}`;
  if (d.kind === 'exponential') return `exp-${d.mean}`;
  return `lognormal-${d.mean}-${d.p99}`;
}

export function distFromCode(code: string): LengthDist | null {
  const [kind, ...rest] = code.split('-');
  const n = rest.map(Number);
  const d: LengthDist | null =
    kind === 'fixed' && n.length === 1
      ? { kind: 'fixed', tokens: n[0] as number }
      : kind === 'exp' && n.length === 1
        ? { kind: 'exponential', mean: n[0] as number }
        : kind === 'lognormal' && n.length === 2
          ? { kind: 'lognormal', mean: n[0] as number, p99: n[1] as number }
          : null;
  if (d === null) return null;
  try {
    validateLengthDist(d, 'lengths');
    return d;
  } catch {
    return null;
  }
}

export function encodeLoad(s: LoadSettings): string {
  return [
    `src:${s.source}`,
    `eng:${s.engine}`,
    `sch:${s.scheduler}`,
    `mode:${s.mode}`,
    `rate:${s.ratePerS}`,
    `users:${s.users}`,
    `prompt:${distCode(s.prompt)}`,
    `output:${distCode(s.output)}`,
    `mem:${s.memoryGB}`,
  ].join('|');
}

const within = (v: number, lo: number, hi: number) => Number.isFinite(v) && v >= lo && v <= hi;

/** The settings in `text`; every part missing or invalid keeps its default. */
export function decodeLoad(text: string | null): LoadSettings {
  const s: LoadSettings = { ...DEFAULT_LOAD };
  for (const part of (text ?? '').split('|')) {
    const colon = part.indexOf(':');
    const key = part.slice(0, colon);
    const v = part.slice(colon + 1);
    const num = Number(v);
    if (key === 'src' && (v === 'measured' || GPUS.some((g) => g.id === v))) s.source = v;
    else if (key === 'eng' && (ENGINE_IDS as readonly string[]).includes(v))
      s.engine = v as EngineId;
    else if (key === 'sch' && (SCHEDULER_KINDS as readonly string[]).includes(v))
      s.scheduler = v as SchedulerKind;
    else if (key === 'mode' && (v === 'rate' || v === 'users')) s.mode = v;
    else if (key === 'rate' && within(num, 1e-3, 1e5)) s.ratePerS = num;
    else if (key === 'users' && Number.isInteger(num) && within(num, 1, 1024)) s.users = num;
    else if (key === 'mem' && within(num, 0.1, 4096)) s.memoryGB = num;
    else if (key === 'prompt' || key === 'output') s[key] = distFromCode(v) ?? s[key];
  }
  return s;
}

/** The worker request for these settings: a sweep, or (`single`) one run at the slider's load. */
export function loadRequest(
  s: LoadSettings,
  model: string,
  format: string,
  source: LoadSource,
  single: boolean,
): LoadRequest {
  return {
    model,
    format,
    source,
    workload: { requests: PAGE_REQUESTS, prompt: s.prompt, output: s.output, seed: 1 },
    scheduler: defaultScheduler(s.scheduler),
    ...(single
      ? {
          single:
            s.mode === 'rate'
              ? { kind: 'poisson', ratePerS: s.ratePerS }
              : { kind: 'closed', users: s.users, thinkMs: 0 },
        }
      : {}),
  };
}
