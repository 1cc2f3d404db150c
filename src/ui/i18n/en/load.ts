// The "Under load" section's words (English). Numbers arrive formatted.

export const load = {
  title: 'Under load',
  intro:
    'Lab batch = 1 is not production. Here requests arrive at random (Poisson), wait in a queue, and are batched on the step times predicted for this model — so TTFT includes queueing, and the tail (P95, P99) grows long before the mean does.',
  source: 'Step times from',
  measuredSource: 'your GPU (the results on screen)',
  engine: 'Engine',
  scheduler: 'Scheduler',
  schedulers: {
    continuous: 'continuous batching',
    chunked: 'continuous batching, chunked prefill',
    static: 'static batching',
  },
  mode: 'Load',
  modes: { rate: 'arrival rate λ', users: 'concurrent users (closed loop)' },
  rateSlider: (p: { rate: string }) => `λ = ${p.rate} requests/s`,
  usersSlider: (p: { users: string }) => `${p.users} users`,
  prompt: 'Prompt tokens',
  output: 'Output tokens',
  dists: { fixed: 'fixed', exponential: 'exponential', lognormal: 'lognormal' },
  mean: 'mean',
  p99: 'P99',
  memory: 'Your GPU’s memory (GB)',
  preset: 'Chapter preset (prompt 512, output mean 128 / P99 512)',
  sweep: 'Sweep λ',
  cancel: 'Cancel',
  download: 'Download CSV',
  progress: (p: { done: string; total: string }) =>
    `Simulating: run ${p.done} of about ${p.total}…`,
  noMeasured: 'No results on screen: run the benchmark or open results to use your GPU.',
  cancelled: 'Cancelled.',
  failed: (p: { error: string }) => `Cannot simulate: ${p.error}`,
  swept: (p: { runs: string; requests: string; saturation: string }) =>
    `${p.runs} runs of ${p.requests} requests; the server saturates near ${p.saturation} requests/s.`,
  notSwept: 'Press “Sweep λ” to simulate from light load to past saturation.',
  kvSet: (p: { tokens: string }) => `KV cache: ${p.tokens} tokens (set).`,
  kvMemory: (p: { tokens: string; gb: string; share: string; weights: string }) =>
    `KV cache: ${p.tokens} tokens (${p.gb} × ${p.share} − ${p.weights} of weights).`,
  ttftTitle: 'TTFT (ms)',
  itlTitle: 'ITL (ms)',
  xTitle: 'arrival rate λ (requests/s)',
  series: { p50: 'P50', p95: 'P95', p99: 'P99' },
  slaLine: (p: { sla: string; ms: string }) => `${p.sla} (${p.ms} ms)`,
  chosen: 'chosen load',
  queueTitle: 'Requests in the system over time, at the chosen load',
  queueX: 'time (s)',
  queueY: 'requests',
  waiting: 'waiting',
  running: 'running',
  at: (p: {
    load: string;
    tokps: string;
    ttft: string;
    ttftMean: string;
    itl: string;
    itlMean: string;
  }) =>
    `At ${p.load}: ${p.tokps} tok/s; TTFT P95 ${p.ttft} ms (mean ${p.ttftMean}), ITL P95 ${p.itl} ms (mean ${p.itlMean}).`,
  goodputHead: { sla: 'SLA', met: 'P95s met', good: 'requests within', tokps: 'goodput tok/s' },
  yes: 'yes',
  no: 'no',
  capacityHead: { sla: 'SLA', max: 'highest λ (requests/s)', how: 'how found' },
  findings: {
    'no-limit': 'no latency limit: the saturation rate',
    'missed-at-lightest': 'missed even at the lightest load',
    'met-everywhere': 'met at every rate tried',
  },
  bracketed: (p: { low: string; high: string }) => `between ${p.low} and ${p.high}`,
  limitedBy: { ttft: 'TTFT', itl: 'ITL', both: 'TTFT and ITL' },
  slas: {
    chat: 'interactive chat',
    'code-completion': 'code completion',
    'offline-summary': 'offline summarisation',
    'api-standard': 'ToB API, standard',
    'api-priority': 'ToB API, priority',
  },
  chapterTitle: 'The chapter’s A100 under load',
  chapterHead: {
    users: 'users',
    itl: 'mean ITL (ms)',
    chapterItl: 'chapter ITL',
    tokps: 'tok/s',
    chapterTokps: 'chapter tok/s',
  },
  chapterGap: (p: {
    tokps16: string;
    tokps64: string;
    itl16: string;
    itl64: string;
    chapter16: string;
    chapter64: string;
    batch1: string;
    single: string;
    /** The user counts at which the throughput passes the chapter's range ('' for none). */
    passes: string;
    itlVsChapter: 'shorter' | 'no-longer' | 'longer';
  }) =>
    `The simulated A100 (Llama 3 8B FP16, native engine, 16 and 64 users in a closed loop) reaches the chapter’s throughput${p.passes === '' ? '' : ` and passes it with ${p.passes} users`} (${p.tokps16} and ${p.tokps64} tok/s) at ${{ shorter: 'a shorter mean ITL', 'no-longer': 'a mean ITL no longer than the chapter’s', longer: 'a mean ITL partly above the chapter’s' }[p.itlVsChapter]} (${p.itl16} and ${p.itl64} ms against ${p.chapter16} and ${p.chapter64}), because its decode step is the native engine profile’s ${p.batch1} ms at batch 1 (already under the chapter’s single-user ${p.single} ms) and it adds none of a whole serving stack’s per-step costs (scheduler, sampling, HTTP) that the chapter’s numbers include.`,
  chapterTtft: (p: { users: string; kv: string; wait: string; steps: string; chapter: string }) =>
    `With ${p.users} users in a closed loop neither the batch nor the KV cache (${p.kv} tokens) fills: only the first wave queues (up to ${p.wait} s behind ${p.steps} prefill steps), so P95 TTFT stays near one prefill; the chapter’s ${p.chapter} s implies a backlog, such as a burst of arrivals, that steady load does not build.`,
  compareTitle: 'Highest λ per SLA, run A against run B',
  compareNeedsGpu:
    'Both runs need measured results with a bandwidth ceiling to compare under load.',
  compareHead: { sla: 'SLA', a: 'A', b: 'B' },
};
