// `npm run calibrate`: the calibration report of the engine profiles, held out three ways: one
// GPU, one source (thread / repository / paper) and one GPU family (twins together) at a time.
// `npm run calibrate -- --write` also stores the fitted profiles and figures the page and the
// CLI read (src/model/engines/fitted.generated.ts).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import {
  CATEGORY_LABEL,
  calibrationReport,
  formatReport,
  GROUPING_TITLE,
  type ReportLine,
} from '../src/model/engines/cross-validation';
import { calibrationRows } from '../src/model/engines/data';
import {
  borrowersWithRows,
  fitTables,
  fittedModuleSource,
  heldOutTables,
} from '../src/model/engines/fitted-tables';
import { REPORT_GROUPINGS } from '../src/model/engines/groups';
import { ENGINE_IDS, ENGINES } from '../src/model/engines/ids';

const FITTED_FILE = 'src/model/engines/fitted.generated.ts';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--write');
if (unknown.length > 0) {
  console.error(`Unknown argument ${unknown.join(' ')}; usage: npm run calibrate [-- --write]`);
  process.exit(2);
}

const rows = calibrationRows();
console.log(`${rows.length} calibration rows (data/calibration/*.csv)\n`);
const held = heldOutTables(rows);
const categories: ReportLine[] = [];
for (const g of REPORT_GROUPINGS) {
  const lines = calibrationReport(held[g]);
  console.log(`== ${GROUPING_TITLE[g]}\n`);
  console.log(`${formatReport(lines)}\n`);
  const isCategory = (l: ReportLine) => Object.values(CATEGORY_LABEL).includes(l.label);
  categories.push(...lines.filter(isCategory).map((l) => ({ ...l, label: `${l.label} · ${g}` })));
}
console.log('== the categories, three ways\n');
console.log(formatReport(categories));

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
  writeFileSync(FITTED_FILE, fittedModuleSource(fitTables(rows, held)));
  execFileSync('npx', ['biome', 'format', '--write', FITTED_FILE], { stdio: 'inherit' });
  console.log(`\nwrote ${FITTED_FILE}`);
}
