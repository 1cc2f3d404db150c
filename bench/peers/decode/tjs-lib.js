// transformers.js, behind a narrow facade (tjs-lib.d.ts types what we use): its own declarations
// do not compile under this project's settings (skipLibCheck off; they name Float16Array, which
// the project's lib does not have). Nothing else imports transformers.js.

export {
  AutoModelForCausalLM,
  AutoTokenizer,
  DynamicCache,
  env,
  Tensor,
} from '@huggingface/transformers';
