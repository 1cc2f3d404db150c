// The layering rule (docs/ARCHITECTURE.md), checked by `npm test`:
//   ui, cli → worker → bench → kernels → gpu; share and model beside them; core at the bottom;
//   server/ (the gallery) above core, model and share, and nothing in src imports it.
// A layer imports only the layers listed for it (and itself); no import cycles anywhere.
/** Layers and what each may import, besides itself. */
const LAYERS = {
  core: [],
  model: ['core'],
  gpu: ['core'],
  kernels: ['core', 'gpu'],
  bench: ['core', 'model', 'gpu', 'kernels'],
  share: ['core', 'model'],
  worker: ['core', 'model', 'gpu', 'kernels', 'bench', 'share'],
  ui: ['core', 'model', 'share', 'worker'],
  cli: ['core', 'model', 'gpu', 'kernels', 'bench', 'share'],
};

const layerRules = Object.entries(LAYERS).map(([layer, allowed]) => ({
  name: `layer-${layer}`,
  comment: `src/${layer} may import only ${allowed.length ? allowed.join(', ') : 'itself'} (and itself)`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: '^src/', pathNot: `^src/(${[layer, ...allowed].join('|')})/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: break it by moving the shared part down a layer.',
      severity: 'error',
      // The section checklist reads its own source as text (?raw) to list what it mocks.
      from: { pathNot: '^test/browser/checklist-section\\.test\\.ts$' },
      to: { circular: true },
    },
    {
      name: 'src-not-from-tests',
      comment: 'Code in src must not import test helpers.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^test/' },
    },
    ...layerRules,
    {
      name: 'layer-server',
      comment: 'server/ (the gallery) may import only src/core, src/model and src/share of src',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/(core|model|share)/' },
    },
    {
      name: 'src-not-from-server',
      comment: 'The page, the CLI and every layer of src work without the server: none imports it.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.wgsl|\\?raw' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
