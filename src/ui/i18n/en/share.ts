// Exports, permalinks, imports, the run history and the comparison of two runs (English).

export const share = {
  saved: (p: { file: string }) => `Saved ${p.file}.`,
  copiedJson: 'Copied the results document (JSON) to the clipboard.',
  copiedMarkdown: 'Copied a Markdown table to the clipboard.',
  noClipboard: 'The clipboard is not available here: the text is selected in the field above.',
  linkMade: 'Anyone who opens this link sees these results; nothing is uploaded anywhere.',
  opened: (p: { file: string }) => `Opened ${p.file}.`,
  unexpected: (p: { why: string }) => `Something went wrong: ${p.why}`,
  /** A refused file or link: the importer's own words already name the problem. */
  importFailed: (p: { reason: string; detail: string }) => p.detail,
  dropHere: 'Drop a results file (.json) to open it',
  history: {
    entry: (p: { date: string; adapter: string; plan: string; rows: string; failed: string }) =>
      `${p.date} · ${p.adapter} · ${p.plan} · ${p.rows} rows${p.failed === '0' ? '' : `, ${p.failed} failed`}`,
    open: 'Open',
    compare: 'Compare',
    delete: 'Delete',
    deleteLabel: (p: { date: string }) => `Delete the run of ${p.date}`,
    compareLabel: (p: { date: string }) =>
      `Compare the results on screen with the run of ${p.date}`,
  },
  compare: {
    caption: (p: { a: string; b: string }) =>
      `A: the results on screen (${p.a}). B: ${p.b}. On the roofline B’s points are × and its ceilings dashed; on the bandwidth and compute charts its lines are thin and dashed, marked (B).`,
    needA:
      'Open or measure a run first: the comparison sets a second run beside the one on screen.',
    metric: 'Measure',
    ratio: 'B ÷ A',
    readPeak: 'Peak read bandwidth, GB/s',
    computePeak: (p: { format: string }) => `Compute peak ${p.format}, GFLOP/s`,
    gemv: (p: { format: string; shape: string }) => `GEMV ${p.format} ${p.shape}, GB/s`,
    gemm: (p: { format: string; shape: string }) => `GEMM ${p.format} ${p.shape}, GFLOP/s`,
    decode: (p: { model: string; format: string }) => `${p.model} ${p.format} decode, ms/token`,
    decodeRun: (p: { model: string; format: string; layers: string; context: string }) =>
      `${p.model} ${p.format} decode run (${p.layers} layers, context ${p.context}), measured ms/token`,
    notInRun: '—',
    caveat: (p: { which: string }) => `Not comparable: run ${p.which} used non-default settings.`,
    differentPlans: (p: { a: string; b: string }) =>
      `The runs used different plans (${p.a}, ${p.b}): only the shapes both measured are compared.`,
  },
};
