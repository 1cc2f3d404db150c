// The "Decode for real" section's words (English). Numbers arrive formatted.

export const decode = {
  title: 'Decode for real',
  intro:
    'A whole Llama-shaped model steps on this GPU: embedding, every layer (norms, projections, RoPE, attention over the KV cache, SiLU), the LM head and greedy sampling, one command buffer per token — checked against a CPU reference before it is timed. A mixture-of-experts model holds every expert and routes each token to experts drawn at random (a stated assumption); sliding-window layers attend to their window. The weights are random, so the tokens mean nothing: they are ids, and their pace is the point.',
  model: 'Model',
  format: 'Format',
  context: 'Context (tokens in the KV cache)',
  tokens: 'Tokens',
  layers: 'Layers at most (the rest scaled)',
  budget: 'Memory budget (MiB)',
  run: 'Run decode',
  cancel: 'Cancel',
  preparing: 'Building the model, checking it against the CPU reference, prefilling the prompt…',
  progress: (p: { done: string; total: string }) => `Token ${p.done} of ${p.total}…`,
  cancelled: 'Cancelled.',
  failed: (p: { error: string }) => `Failed: ${p.error}`,
  done: (p: { k: string; n: string }) => `Done: ${p.k} of ${p.n} layers ran.`,
  streamLabel: 'Token ids as they were sampled, at the measured pace',
  streamEmpty: 'Press “Run decode”: token ids appear here as the GPU samples them.',
  refused: {
    moe: 'Not run: a mixture-of-experts model, which the decoder did not run when these results were made.',
    mla: 'Not run: multi-head latent attention (DeepSeek) is not in the decoder yet. Predictions for this model still work (the tables above).',
    'attention-layout':
      'Not run: its layers mix sliding-window and global attention, which the decoder did not run when these results were made.',
  },
  routing: (p: { experts: string; k: string; shared: string }) =>
    `Random routing over ${p.experts} experts, ${p.k} per token${p.shared === '0' ? '' : ` plus ${p.shared} shared`} (stated assumption: real routers are not uniform).`,
  approximations: {
    'gemma-block':
      'Gemma’s block runs as the Llama block with Gemma’s shapes (same matrices, same bytes): GeGLU, the extra post-norms, logit soft-capping, q/k norms and embedding scaling are left out (stated approximation).',
    'gpt-oss-block':
      'gpt-oss’s block runs as the Llama block with its shapes (same matrices, same bytes): attention sinks, biases and the clamped SwiGLU are left out (stated approximation).',
  },
  figures: 'This run beside the prediction',
  docRuns: 'Decode runs of the results on screen',
  noDocRuns: 'The results on screen have no decode runs.',
  peers: {
    title: 'Against transformers.js and onnxruntime-web',
    intro:
      'Open the document `npm run bench:peers -- --decode MODEL:int4 --json` printed: the same synthetic model (the same int4 weights) through our decoder and through each peer, one page load per peer on the same adapter, interleaved. A peer whose tokens or logits differed from ours is shown as such and not timed.',
    pick: 'Open a peers document (JSON)',
    summary: (p: {
      model: string;
      layers: string;
      vocab: string;
      context: string;
      prompt: string;
      tokens: string;
      rounds: string;
    }) =>
      `${p.model}, ${p.layers} layers and the full LM head (vocabulary ${p.vocab}), int4: TTFT for a ${p.prompt}-token prompt, ${p.tokens} tokens × ${p.rounds} rounds from a context of ${p.context}.`,
    head: [
      'Side',
      'ms/token',
      'p95 ms',
      'TTFT ms',
      'Tokens/s',
      'Ours ÷ peer',
      'TTFT ours ÷ peer',
      'Tokens equal',
    ],
    oursIn: (p: { peer: string }) => `Ours (${p.peer} page)`,
    agreed: (p: { logits: string }) => `yes (logits ${p.logits})`,
    disagreed: (p: { logits: string }) => `NO (logits ${p.logits})`,
    notTimed: 'not timed',
  },
  head: {
    model: 'Model',
    layers: 'Layers',
    context: 'Context',
    measured: 'ms/token',
    predicted: 'Predicted',
    ratio: 'Measured ÷ predicted',
    floor: 'Bandwidth floor',
    scaled: 'All layers (scaled)',
  },
  layersOf: (p: { k: string; n: string }) => `${p.k} of ${p.n}`,
  failedShort: 'failed',
  rows: {
    measured: 'Measured (k layers): median ms/token',
    p95: 'p95 ms/token',
    tokensPerSecond: 'Tokens/s',
    predicted: 'Predicted, measured mode (same rows, same context)',
    ratio: 'Measured ÷ predicted',
    floor: 'Bandwidth floor (bytes per token ÷ bandwidth)',
    bandwidth: 'Bandwidth this run reached (bytes per token ÷ ms per token)',
    scaled: (p: { n: string }) => `All ${p.n} layers, scaled: measured / predicted`,
    ttft: (p: { prompt: string }) => `TTFT, ${p.prompt}-token prompt (k layers)`,
    dispatches: 'Dispatches per token',
    a100: 'The chapter’s A100 (Llama 3 8B fp16, one user): ms/token',
    reading: 'Reading speed: ms/token a reader keeps pace with',
  },
  noPrediction: 'none — run the benchmark first: the prediction is made from its kernel rows',
  bytes: (p: { bytes: string }) => `${p.bytes} per token`,
  gbps: (p: { gbps: string }) => `${p.gbps} GB/s`,
  ms: (p: { ms: string }) => `${p.ms} ms`,
  range: (p: { min: string; max: string }) => `${p.min}–${p.max} ms`,
  readingVerdict: (p: { faster: boolean }): string =>
    p.faster ? 'faster than you read' : 'slower than you read',
};
