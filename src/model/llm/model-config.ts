// The shape of a decoder-only LLM that the accounting (./llm.ts) reads: a dense Llama-shaped
// transformer, with optional mixture-of-experts layers, multi-head latent attention (DeepSeek)
// and per-layer sliding-window attention. Catalogue models and Hugging Face config.json files
// (./hf-config) both become one of these.

/** Mixture-of-experts MLP (Mixtral, Qwen-MoE, DeepSeek, gpt-oss). */
export interface MoeConfig {
  /** Routed experts per MoE layer (E: `num_local_experts`, `num_experts`, `n_routed_experts`). */
  experts: number;
  /** Routed experts each token goes through (k: `num_experts_per_tok`). */
  expertsPerToken: number;
  /** Always-active experts per MoE layer (DeepSeek `n_shared_experts`; Qwen2-MoE: 1). */
  sharedExperts: number;
  /** Intermediate size of one routed expert (`moe_intermediate_size`, Mixtral `intermediate_size`). */
  expertIntermediateSize: number;
  /** Intermediate size of one shared expert. */
  sharedIntermediateSize: number;
  /** Indices of the layers whose MLP is dense (`intermediateSize`), e.g. DeepSeek's first 3. */
  denseLayers: readonly number[];
}

/** Multi-head latent attention (DeepSeek-V2/V3): K and V live in one compressed latent per token. */
export interface MlaConfig {
  /** Rank of the query compression; null: queries projected directly (`q_lora_rank`). */
  qLoraRank: number | null;
  /** Rank of the KV latent, what the cache holds per token per layer (`kv_lora_rank`). */
  kvLoraRank: number;
  qkNopeHeadDim: number;
  /** The decoupled RoPE key, shared by all heads and cached beside the latent (`qk_rope_head_dim`). */
  qkRopeHeadDim: number;
  vHeadDim: number;
}

export type LayerAttention = 'full' | 'sliding';

export interface ModelConfig {
  id: string;
  name: string;
  hiddenSize: number;
  layers: number;
  attentionHeads: number;
  kvHeads: number;
  /** Per-head dimension of Q and K (and V where MLA is absent). */
  headDim: number;
  /** The dense MLP's intermediate size (every layer of a dense model; MoE models' dense layers). */
  intermediateSize: number;
  vocabSize: number;
  /** The output head reuses the embedding table (stored once). */
  tiedEmbeddings: boolean;
  /** Q, K and V projections carry a bias (Qwen2). */
  qkvBias: boolean;
  /** Published parameter count (model card / safetensors metadata); absent for a user's file. */
  publishedParams?: number;
  /** Published active parameters per token, for MoE models (model card). */
  publishedActiveParams?: number;
  /** Longest context the model was trained for (config.json `max_position_embeddings`). */
  maxContextTokens: number;
  /**
   * Attention window (`sliding_window`): of every layer, or of the layers that `layerAttention`
   * marks 'sliding'.
   */
  slidingWindow?: number;
  /** Each layer's attention, where layers differ (Gemma 2/3, gpt-oss: local and global). */
  layerAttention?: readonly LayerAttention[];
  moe?: MoeConfig;
  mla?: MlaConfig;
  /**
   * 16-bit weights per layer outside the matrices: norms, biases, attention sinks. Default: two
   * RMSNorms, plus the QKV bias where `qkvBias`.
   */
  smallPerLayer?: number;
  /** config.json's `model_type` (Gemma 3: its text model's), where the model was read from one. */
  modelType?: string;
  /** Where the architecture numbers come from (HF config.json). */
  source: string;
}
