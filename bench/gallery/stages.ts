// Where a submission's time goes, stage by stage, one submission after another in this process
// (no HTTP): the import validator, the hostile-content check, the content hash, the column
// extraction, and the transaction that stores it (PGlite in a temporary data directory).

import type { Database } from '../../server/db/database';
import { contentHash } from '../../server/runs/content-hash';
import { extractColumns } from '../../server/runs/extract';
import { hostileContent } from '../../server/runs/hostile';
import { storeRun } from '../../server/runs/store';
import type { ResultsDocument } from '../../src/core/results';
import { parseResultsFile } from '../../src/share/import/import';
import { submission } from './documents';

export interface StageTimes {
  submissions: number;
  /** Mean ms per submission of each stage. */
  validateMs: number;
  hostileMs: number;
  hashMs: number;
  extractMs: number;
  storeMs: number;
}

export async function stageTimes(
  db: Database,
  template: ResultsDocument,
  submissions = 200,
): Promise<StageTimes> {
  const sum = { validateMs: 0, hostileMs: 0, hashMs: 0, extractMs: 0, storeMs: 0 };
  for (let n = 0; n < submissions; n++) {
    const body = submission(template, 1e7 + n);
    let t = performance.now();
    const lap = (stage: keyof typeof sum) => {
      const now = performance.now();
      sum[stage] += now - t;
      t = now;
    };
    const doc = parseResultsFile(body, { source: 'submission' });
    lap('validateMs');
    hostileContent(doc);
    lap('hostileMs');
    contentHash(doc);
    lap('hashMs');
    extractColumns(doc);
    lap('extractMs');
    await storeRun(db, doc);
    lap('storeMs');
  }
  const mean = (ms: number) => ms / submissions;
  return {
    submissions,
    validateMs: mean(sum.validateMs),
    hostileMs: mean(sum.hostileMs),
    hashMs: mean(sum.hashMs),
    extractMs: mean(sum.extractMs),
    storeMs: mean(sum.storeMs),
  };
}
