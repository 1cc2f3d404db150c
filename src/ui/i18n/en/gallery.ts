// The results gallery: submitting a run and the GPU browser (English).

export const gallery = {
  heading: 'Results gallery',
  intro:
    'Runs people chose to share, on this server: how one GPU compares with the same GPU elsewhere and with others.',
  connected: (p: { database: string }) => `Connected to this server's gallery (${p.database}).`,
  offline:
    'Not connected: this page is served as static files, with no gallery behind it. Everything else works; `npm start` serves the page with its gallery.',
  offer: 'Add to the public gallery…',
  offerNote:
    'This sends the results document below, exactly as shown, to this server, which keeps it and shows it to anyone: the adapter’s name, limits and features, the browser’s user agent, the plan and every result. Nothing else: no name, no address, no free text.',
  send: 'Send it',
  cancel: 'Do not send',
  sending: 'Sending…',
  added: (p: { id: string }) => `Added to the gallery as run ${p.id}.`,
  already: (p: { id: string }) => `Already in the gallery, as run ${p.id}.`,
  refused: (p: { message: string }) =>
    `The gallery did not take the run: ${p.message} The run stays in this browser’s list of runs.`,
  lost: 'The gallery could not be reached. The run stays in this browser’s list of runs.',
  standing: (p: { percent: string; runs: string }) =>
    `Read bandwidth faster than ${p.percent} of ${p.runs} other runs on this GPU.`,
  firstRun: 'The first run on this GPU in the gallery.',
  filters: 'Filters',
  browser: 'Browser',
  os: 'Operating system',
  any: 'any',
  gpus: 'GPUs',
  software: 'Software adapters (CPUs; listed apart, never ranked with GPUs)',
  none: 'No runs yet (with these filters).',
  columns: {
    adapter: 'Adapter',
    runs: 'Runs',
    read: 'Read GB/s: median (P10–P90)',
    gemv: 'GEMV int4, % of roof',
    decode: (p: { model: string }) => `Decode ${p.model}, ms/token`,
  },
  spreadChart: 'Read bandwidth of each GPU’s runs: P10–P90 bar, median dot (GB/s)',
  open: 'Open',
  openLabel: (p: { adapter: string }) => `Open the gallery page of ${p.adapter}`,
  page: {
    heading: (p: { adapter: string }) => `${p.adapter}: side by side`,
    runs: (p: { runs: string }) => `${p.runs} runs in the gallery`,
    histogram: 'Read bandwidth of its runs (GB/s): how many runs in each bin',
    datasheet: 'Datasheet',
    noDatasheet:
      'No datasheet match: the adapter did not name its model (browsers often hide it), or the catalogue lacks it.',
    datasheetLine: (p: { gpu: string; gbps: string; share: string }) =>
      `${p.gpu}: ${p.gbps} GB/s on the datasheet; this benchmark’s median read is ${p.share} of it.`,
    predicted: (p: { model: string; low: string; high: string }) =>
      `Spec-mode prediction for a browser engine, ${p.model}: ${p.low}–${p.high} ms/token.`,
    published: 'Published engine measurements for this GPU (data/calibration)',
    noPublished: 'None in data/calibration for this GPU.',
    measured: 'This benchmark’s runs',
    gemvRow: (p: { format: string; median: string; p10: string; p90: string; n: string }) =>
      `GEMV ${p.format}: ${p.median} of roof (P10–P90 ${p.p10}–${p.p90}, ${p.n} runs)`,
    decodeRow: (p: { label: string; median: string; p10: string; p90: string; n: string }) =>
      `Decode ${p.label}: ${p.median} ms/token (P10–P90 ${p.p10}–${p.p90}, ${p.n} runs)`,
    publishedRow: (p: { engine: string; model: string; ms: string; source: string }) =>
      `${p.engine}, ${p.model}: ${p.ms} ms/token — ${p.source}`,
  },
};
