// What each side of a decode page offers: the same greedy run, the same prompt, the same clock.

/** A greedy run: the tokens it made and the logits it chose each of them from. */
export interface Generated {
  tokens: number[];
  logits: Float32Array[];
}

export interface DecodeSide {
  /** What runs, in words (library, version, provider). */
  readonly what: string;
  /** The prompt from an empty cache, then `count` − 1 steps, each fed the last token. */
  generate(prompt: readonly number[], count: number): Promise<Generated>;
  /** Milliseconds from the prompt's submission to its first token on the CPU. */
  ttft(prompt: readonly number[]): Promise<number>;
  /**
   * From `context` cached positions (random entries, the same on every side): one token not
   * timed (first-use costs), then `count` tokens, each timed until its id is on the CPU.
   */
  decode(context: number, count: number): Promise<number[]>;
  destroy(): Promise<void>;
}

export function argmaxOf(values: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if ((values[i] ?? 0) > (values[best] ?? 0)) best = i;
  return best;
}
