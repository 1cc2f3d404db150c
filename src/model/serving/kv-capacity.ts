// How many tokens the KV cache holds: the memory left after the weights, at a utilisation share
// like vLLM's gpu_memory_utilization (default 0.9), divided by the KV bytes per token.
// Activations and the runtime's own buffers are not subtracted beyond that share.

import type { WeightFormat } from '../../core/formats';
import { kvBytesPerToken, type ModelConfig, weightMemoryBytes } from '../llm/models';
import { GIB } from '../predict/capacity';
import type { KvNote } from './notes';

export const DEFAULT_MEMORY_UTILIZATION = 0.9;

export interface KvCapacity {
  tokens: number;
  note: KvNote;
}

export class NoKvRoomError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoKvRoomError';
  }
}

export function kvCapacityFromMemory(
  capacityBytes: number,
  model: ModelConfig,
  format: WeightFormat,
  opts: { memoryUtilization?: number; kvBytesPerElement?: number } = {},
): KvCapacity {
  const share = opts.memoryUtilization ?? DEFAULT_MEMORY_UTILIZATION;
  if (!(share > 0 && share <= 1)) throw new RangeError('memory utilisation must be in (0, 1]');
  const weights = weightMemoryBytes(model, format);
  const perToken = kvBytesPerToken(model, opts.kvBytesPerElement);
  const left = capacityBytes * share - weights;
  const tokens = Math.floor(left / perToken);
  const gb = (b: number) => (b / GIB).toFixed(1);
  if (tokens < 1) {
    throw new NoKvRoomError(
      `${model.name} weights (${gb(weights)} GB) leave no room for a KV cache in ${gb(capacityBytes * share)} GB`,
    );
  }
  return {
    tokens,
    note: {
      id: 'kv-memory',
      tokens,
      capacityBytes,
      share,
      weightBytes: weights,
      bytesPerToken: perToken,
    },
  };
}
