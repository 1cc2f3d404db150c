// tfjs, behind a narrow facade (tfjs.d.ts types what we use). tfjs-core's own declarations pull
// in an older @webgpu/types that clashes with the project's, and refer to an undeclared `Long`;
// with skipLibCheck off, the project's tsc would fail on them. Nothing else imports tfjs.

import '@tensorflow/tfjs-backend-webgpu';

export {
  backend,
  env,
  matMul,
  ready,
  setBackend,
  tensor2d,
  time,
  version_core,
} from '@tensorflow/tfjs-core';
