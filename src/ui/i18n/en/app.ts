// The adapter panel, run controls, headline and results table (English). Numbers arrive formatted.

export const app = {
  adapter: {
    adapter: 'Adapter',
    vendor: 'Vendor',
    architecture: 'Architecture',
    device: 'Device',
    description: 'Description',
    fallback: 'Fallback adapter',
    timer: 'Timer',
    timestamp: 'GPU timestamps (timestamp-query)',
    wallClock: 'wall clock around onSubmittedWorkDone',
    maxBinding: 'Max storage binding',
    maxBuffer: 'Max buffer',
    defaultLimit: (p: { value: string }) => `WebGPU default: ${p.value}`,
    features: 'Features',
    wgslFeatures: 'WGSL language features',
    implementation: 'WebGPU implementation',
    implementations: {
      dawn: 'Dawn (Chrome, Edge)',
      wgpu: 'wgpu (Firefox)',
      webkit: 'WebKit (Safari)',
      unknown: 'not known from this browser',
    },
    unoffered: 'Not offered here',
    allOffered: 'nothing: every kernel variant can run here',
    unofferedGroup: (p: { count: string; missing: string; variants: string }) =>
      `${p.count} variants need ${p.missing}: ${p.variants}`,
    stillPredicts: 'Predictions from a datasheet still work: see Predictions below.',
    /** WebGPU failed to give a device: the message already says what happened and what to do. */
    failed: (p: { code: string; detail: string }) => p.detail,
    noWebgpu:
      'This browser does not expose WebGPU (navigator.gpu). Use Chrome or Edge 113+ (on Linux start it with --enable-unsafe-webgpu), Safari 26+, or Firefox 141+ on Windows.',
    software: (p: { name: string }) =>
      `This adapter (${p.name}) is a software renderer running on the CPU: the numbers below measure your CPU, not a GPU. Enable hardware acceleration or use a browser with GPU-backed WebGPU for real figures.`,
  },
  stage: {
    read: 'bandwidth',
    copy: 'bandwidth',
    write: 'bandwidth',
    fma: 'compute',
    gemv: 'decode (GEMV)',
    gemm: 'prefill and batching (GEMM)',
    attention: 'decode attention over the KV cache',
  },
  progress: (p: { stage: string; label: string; step: string; total: string }) =>
    `${p.stage}: ${p.label} (step ${p.step} of ${p.total})`,
  secondsLeft: (p: { seconds: string }) => ` — about ${p.seconds} s left`,
  cancelled: 'Cancelled by the user.',
  fullEstimate: (p: { time: string }) =>
    `A Full run would take about ${p.time} on this adapter (estimated from this run's pace, bandwidth and compute peak).`,
  stopped: (p: { why: string }) => `Stopped: ${p.why}`,
  done: (p: { verified: string; total: string }) =>
    `Done: ${p.verified} of ${p.total} kernels verified.`,
  failed: (p: { why: string }) =>
    `The run failed: ${p.why}. Results measured so far are kept above.`,
  settings: {
    notComparable: 'not comparable',
    banner: (p: { settings: string }) =>
      `Non-default run settings from the page address (${p.settings}): runs made now are marked “not comparable” with default runs. Remove them from the address to measure the default way.`,
    problems: (p: { problems: string }) =>
      `Ignored settings in the page address: ${p.problems}. Runs use the defaults for those.`,
    recorded: (p: { settings: string }) =>
      `Not comparable: measured with non-default settings (${p.settings}).`,
  },
  summary: {
    notMeasured: 'not measured',
    read: (p: { gbps: string; workingSet: string }) =>
      `${p.gbps} GB/s (read, ${p.workingSet} working set)`,
    compute: (p: { gflops: string; format: string }) => `${p.gflops} GFLOP/s (${p.format})`,
  },
  results: {
    verified: 'verified',
    noisy: (p: { spread: string }) => `verified · noisy, spread ${p.spread}`,
    failed: (p: { why: string }) => `FAILED: ${p.why}`,
    ranOutOfMemory: (p: { requested: string }) => `(${p.requested} ran out of memory)`,
  },
  origin: {
    shared: 'A shared result, opened from a link — not a live run on this machine.',
    imported: 'An imported results file — not a live run on this machine.',
    saved: 'A saved earlier run, reopened from this browser — not a live run.',
    measured: (p: { date: string; adapter: string }) => `Measured ${p.date} on ${p.adapter}.`,
    unnamed: 'an unnamed adapter',
  },
};
