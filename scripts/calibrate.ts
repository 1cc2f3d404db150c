// `npm run calibrate`: the leave-one-GPU-out calibration report of the engine profiles.
import { calibrationReport, formatReport } from '../src/model/engines/cross-validation';
import { calibrationRows } from '../src/model/engines/data';

const rows = calibrationRows();
console.log(`${rows.length} calibration rows (data/calibration/*.csv)\n`);
console.log(formatReport(calibrationReport(rows)));
