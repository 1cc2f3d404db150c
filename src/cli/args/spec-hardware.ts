// The hardware a spec-mode prediction runs on, from --gpu or the datasheet flags (--vendor,
// --memory-gb and --fp32-tflops describe a datasheet; a catalogue GPU has its own).

import type { SpecHardware } from '../../model/predict/spec-estimator';
import type { PredictSource } from './hardware-args';
import type { EngineArgs } from './predict-engine-args';

export function specHardware(
  source: Exclude<PredictSource, { kind: 'results' }>,
  args: Pick<EngineArgs, 'vendor' | 'memoryGB'>,
): SpecHardware {
  return source.kind === 'gpu'
    ? source.gpu
    : {
        id: 'datasheet',
        name: `a GPU with ${source.bandwidthGBps} GB/s and ${source.tflops} TFLOP/s`,
        vendor: args.vendor,
        bandwidthGBps: source.bandwidthGBps,
        fp16Tflops: source.tflops,
        ...(source.fp32Tflops === undefined ? {} : { fp32Tflops: source.fp32Tflops }),
        ...(args.memoryGB === undefined ? {} : { memoryGB: args.memoryGB }),
      };
}
