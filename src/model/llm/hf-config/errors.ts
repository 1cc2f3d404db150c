// The one error a Hugging Face config.json can give: `code` for code, `message` in English for
// the CLI (the page words the code and its details through i18n).

export type HfConfigErrorCode =
  /** The text is over MAX_CONFIG_BYTES. */
  | 'too-large'
  /** Not JSON at all. */
  | 'malformed-json'
  /** JSON, but not an object (an array, a string, null, …). */
  | 'not-object'
  /** No `model_type`, or one this reader does not know. */
  | 'unknown-model-type'
  /** A field the family needs is absent. */
  | 'missing-field'
  /** A field of the wrong type, or a number that is not a positive whole number. */
  | 'bad-field'
  /** A size beyond any real model (see LIMITS in ./fields.ts). */
  | 'absurd-size'
  /** Fields that contradict each other (heads not a multiple of KV heads, k > experts, …). */
  | 'inconsistent';

export interface HfConfigErrorDetail {
  /** The config.json field concerned, where one is. */
  field?: string;
  /** The value as found (short, stringified), or the limit broken. */
  value?: string;
  limit?: number;
}

export class HfConfigError extends Error {
  constructor(
    readonly code: HfConfigErrorCode,
    message: string,
    readonly detail: HfConfigErrorDetail = {},
  ) {
    super(message);
    this.name = 'HfConfigError';
  }
}
