// The hardware a spec-mode prediction runs on, from --gpu or the datasheet flags.

import type { SpecHardware } from '../model/predictor';
import type { PredictSource } from './hardware-args';

export function specHardware(source: Exclude<PredictSource, { kind: 'results' }>): SpecHardware {
  return source.kind === 'gpu'
    ? source.gpu
    : {
        id: 'datasheet',
        name: `a GPU with ${source.bandwidthGBps} GB/s and ${source.tflops} TFLOP/s`,
        bandwidthGBps: source.bandwidthGBps,
        fp16Tflops: source.tflops,
      };
}
