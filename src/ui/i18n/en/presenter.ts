// Presenter mode: one idea per screen (English). Numbers arrive formatted.

export const presenter = {
  step: (p: { n: string; total: string }) => `${p.n} / ${p.total}`,
  slides: {
    bandwidth: {
      title: 'Memory bandwidth',
      idea: 'How many bytes per second this GPU can read. Each step of the curve is a cache level; the right end is memory itself.',
    },
    compute: {
      title: 'Compute',
      idea: 'How many floating-point operations per second it can do when the data is already on chip — far more than it can read.',
    },
    roofline: {
      title: 'The roofline',
      idea: 'Speed = min(compute, intensity × bandwidth). Below the ridge a kernel waits for memory; above it, for arithmetic.',
    },
    decode: {
      title: 'Decode is memory-bound',
      idea: 'One token reads every weight once and does two FLOPs per weight. Batching reuses each weight B times: throughput grows almost B-fold while latency barely moves.',
    },
    'decode-real': {
      title: 'Watch decode be memory-bound',
      idea: 'A whole model, one token at a time, on this GPU. Each token reads every weight once: bytes per token ÷ ms per token is a bandwidth — the one the sweep measured.',
    },
    predictions: {
      title: 'Predictions beside an A100',
      idea: 'ms/token follows bytes per token ÷ bandwidth. Fewer bits per weight, fewer bytes, faster decode.',
    },
    load: {
      title: 'Why P95, not the mean',
      idea: 'Under load most requests are fast and a few wait behind a queue or a prefill. The mean hides them; P95 is what one user in twenty sees. State P95 TTFT and P95 ITL at a stated load, never mean tok/s alone.',
    },
  },
  figure: {
    load: (p: { users: string; mean: string; p95: string; p99: string }) =>
      `Simulated A100, ${p.users} users: ITL mean ${p.mean} ms, P95 ${p.p95} ms, P99 ${p.p99} ms`,
    noRun: 'No run yet: press “Quick run” (here, in step 4) to measure this GPU live.',
    bandwidth: (p: { gbps: string }) => `${p.gbps} GB/s`,
    compute: (p: { gflops: string; ridge: string }) =>
      `${p.gflops} GFLOP/s — ${p.ridge} FLOPs per byte before compute is the limit`,
    decode: (p: { model: string; format: string; ms: string; floor: string }) =>
      `${p.model} ${p.format}: ${p.ms} ms/token; reading the weights once takes ${p.floor} ms`,
    decodeReal: (p: { bytes: string; ms: string; gbps: string }) =>
      `${p.bytes} per token ÷ ${p.ms} ms per token = ${p.gbps} GB/s`,
    decodeRealSweep: (p: { gbps: string }) => `; the bandwidth sweep measured ${p.gbps} GB/s`,
    decodeRealNone: 'No decode yet: press “Run decode” on this screen.',
    predictions: (p: { model: string; format: string; here: string; a100: string }) =>
      `${p.model} ${p.format}: ${p.here} ms/token here, ${p.a100} ms/token on an A100`,
  },
  enter: 'Presenter mode: arrow keys or Page Up/Down to step, Esc to leave.',
};
