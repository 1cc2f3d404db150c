// `npm run calibrate`: the calibration report of the engine profiles, held out four ways: one
// GPU, one source (thread / repository / paper), one GPU family (twins together), and a row's source
// and family together (the headline the page, the CLI and the documents quote) at a time.
// `npm run calibrate -- --write` also stores the fitted profiles and figures the page and the
// CLI read (src/model/engines/fitted.generated.ts).
// `npm run calibrate -- --gallery (URL | DATABASE_URL | PGlite data dir)` adds the gallery's
// verified decode runs as rows of this benchmark's own decoder (src/model/engines/measurements/gallery-rows.ts),
// prints what they change per browser engine and vendor, and with --write keeps them in
// data/calibration/gallery-decode-runs.csv before refitting.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import {
  CATEGORY_LABEL,
  calibrationReport,
  formatReport,
  GROUPING_TITLE,
  type ReportLine,
} from '../src/model/engines/cross-validation';
import { CATEGORY_DOCS, categoryTable, withDocBlock } from '../src/model/engines/doc-tables';
import {
  borrowersWithRows,
  fitTables,
  fittedModuleSource,
  heldOutTables,
} from '../src/model/engines/fitted-tables';
import { REPORT_GROUPINGS } from '../src/model/engines/groups';
import { formatHostCosts, hostCostPerLayer, SHORT_CONTEXT } from '../src/model/engines/host-cost';
import { ENGINE_IDS, ENGINES } from '../src/model/engines/ids';
import { calibrationRows, GALLERY_FILE } from '../src/model/engines/measurements/data';
import { formatChanges, galleryChanges } from '../src/model/engines/measurements/gallery-changes';
import {
  GALLERY_CSV_FILE,
  galleryCalibrationRows,
  galleryRowsCsv,
  MIN_RUNS_PER_ADAPTER,
} from '../src/model/engines/measurements/gallery-rows';
import type { CalibrationRow } from '../src/model/engines/measurements/rows';
import { readGalleryDecodeRuns } from './gallery-source';

const FITTED_FILE = 'src/model/engines/fitted.generated.ts';
const USAGE =
  'usage: npm run calibrate [-- [--gallery URL | DATABASE_URL | PGLITE_DATA_DIR] [--write]]';

const args = process.argv.slice(2);
const galleryAt = args.indexOf('--gallery');
const galleryTarget = galleryAt < 0 ? undefined : args[galleryAt + 1];
const unknown = args.filter(
  (a, i) => a !== '--write' && a !== '--gallery' && !(galleryAt >= 0 && i === galleryAt + 1),
);
if (unknown.length > 0 || (galleryAt >= 0 && (galleryTarget ?? '').startsWith('--'))) {
  console.error(`Unknown argument ${unknown.join(' ')}; ${USAGE}`);
  process.exit(2);
}
if (galleryAt >= 0 && galleryTarget === undefined) {
  console.error(`--gallery needs the gallery's address, database URL or data directory; ${USAGE}`);
  process.exit(2);
}

/** The bundled rows with the gallery's fresh rows in place of the ones stored before. */
async function withGallery(target: string, bundled: readonly CalibrationRow[]) {
  const { runs, source } = await readGalleryDecodeRuns(target);
  const g = galleryCalibrationRows(runs, source);
  const skipped = Object.entries(g.skipped).filter(([, n]) => n > 0);
  console.log(
    `${runs.length} decode runs in the gallery: ${g.rows.length} rows on ${g.adapters.size} GPUs (at least ${MIN_RUNS_PER_ADAPTER} runs each)${skipped.length > 0 ? `; left out: ${skipped.map(([why, n]) => `${n} ${why}`).join(', ')}` : ''}`,
  );
  for (const [gpu, n] of g.adapters) console.log(`  ${gpu}: ${n} runs`);
  const rows = [...bundled.filter((r) => !r.id.startsWith(`${GALLERY_FILE}:`)), ...g.rows];
  console.log(`\n== what the gallery changes (browser engines' decode fits, before → after)\n`);
  console.log(`${formatChanges(galleryChanges(bundled, rows))}\n`);
  return { rows, galleryRows: g.rows };
}

const bundled = calibrationRows();
const gallery = galleryTarget === undefined ? undefined : await withGallery(galleryTarget, bundled);
const rows = gallery?.rows ?? bundled;
console.log(
  `${rows.length} calibration rows (data/calibration/*.csv${gallery ? ' and the gallery' : ''})\n`,
);
const held = heldOutTables(rows, REPORT_GROUPINGS);
const categories: ReportLine[] = [];
for (const g of REPORT_GROUPINGS) {
  const lines = calibrationReport(held[g]);
  console.log(`== ${GROUPING_TITLE[g]}\n`);
  console.log(`${formatReport(lines)}\n`);
  const isCategory = (l: ReportLine) => Object.values(CATEGORY_LABEL).includes(l.label);
  categories.push(...lines.filter(isCategory).map((l) => ({ ...l, label: `${l.label} · ${g}` })));
}
console.log(
  '== the categories, four ways (the last, source and GPU family together, is the headline)\n',
);
console.log(formatReport(categories));

console.log(
  `\n== browser decode: ms per layer beyond the weight reads (measured ms/token less the weights and KV at the datasheet bandwidth, ÷ layers; contexts ≤ ${SHORT_CONTEXT} tokens)\n`,
);
console.log(formatHostCosts(hostCostPerLayer(rows)));

const borrowing = ENGINE_IDS.filter((e) => ENGINES[e].borrowsProfileFrom !== undefined);
console.log('\n== borrowed profiles (not fitted or held out themselves)\n');
for (const e of borrowing) {
  console.log(`${e}: borrowed from ${ENGINES[e].borrowsProfileFrom} (its profile and figures)`);
}
for (const e of borrowersWithRows(rows)) {
  console.log(
    `warning: the data now holds rows of ${e}: drop its borrowsProfileFrom (src/model/engines/ids.ts) so it is fitted on them`,
  );
}

if (args.includes('--write')) {
  if (gallery !== undefined) {
    writeFileSync(GALLERY_CSV_FILE, galleryRowsCsv(gallery.galleryRows));
    console.log(`\nwrote ${GALLERY_CSV_FILE} (${gallery.galleryRows.length} rows)`);
  }
  writeFileSync(FITTED_FILE, fittedModuleSource(fitTables(rows, held)));
  const table = categoryTable({
    'source+family': calibrationReport(held['source+family']),
    source: calibrationReport(held.source),
    family: calibrationReport(held.family),
  });
  for (const doc of CATEGORY_DOCS) {
    writeFileSync(doc, withDocBlock(readFileSync(doc, 'utf8'), 'categories', table));
  }
  execFileSync('npx', ['biome', 'format', '--write', FITTED_FILE, ...CATEGORY_DOCS], {
    stdio: 'inherit',
  });
  console.log(`\nwrote ${FITTED_FILE}, and the figures in ${CATEGORY_DOCS.join(' and ')}`);
}
