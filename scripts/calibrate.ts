// `npm run calibrate`: the leave-one-GPU-out calibration report of the engine profiles.
// `npm run calibrate -- --write` also stores the fitted profiles and figures the page and the
// CLI read (src/model/engines/fitted.generated.ts).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { calibrationReport, formatReport } from '../src/model/engines/cross-validation';
import { calibrationRows } from '../src/model/engines/data';
import { fitTables, fittedModuleSource } from '../src/model/engines/fitted-tables';

const FITTED_FILE = 'src/model/engines/fitted.generated.ts';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--write');
if (unknown.length > 0) {
  console.error(`Unknown argument ${unknown.join(' ')}; usage: npm run calibrate [-- --write]`);
  process.exit(2);
}

const rows = calibrationRows();
console.log(`${rows.length} calibration rows (data/calibration/*.csv)\n`);
console.log(formatReport(calibrationReport(rows)));

if (args.includes('--write')) {
  writeFileSync(FITTED_FILE, fittedModuleSource(fitTables(rows)));
  execFileSync('npx', ['biome', 'format', '--write', FITTED_FILE], { stdio: 'inherit' });
  console.log(`\nwrote ${FITTED_FILE}`);
}
