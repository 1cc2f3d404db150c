// Reads vitest's JSON report, prints one plain summary line, and fails if any test was skipped:
// in CI no GPU (or any other) test may be skipped.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

if (!existsSync(process.argv[2])) {
  console.error(
    `No test report at ${process.argv[2]}: vitest stopped before writing one (see above).`,
  );
  process.exit(1);
}
const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const tests = report.testResults.flatMap((file) => file.assertionResults);
const count = (status) => tests.filter((t) => t.status === status).length;
const passed = count('passed');
const failed = count('failed');
const skipped = tests.length - passed - failed;
if (skipped > 0) {
  for (const t of tests.filter((t) => t.status !== 'passed' && t.status !== 'failed')) {
    console.error(`not run (${t.status}): ${t.fullName}`);
  }
  console.error('Every test must run; a skipped test here means something it needs is missing.');
}
// Set by scripts/test.sh where lavapipe could not be installed: say what that left out.
const noLavapipe = process.env.ROOFLINE_LAVAPIPE_ABSENT;
if (noLavapipe) {
  console.log(
    `not run: the success paths of the f16-native (shader-f16), dp4a and subgroup kernels — no lavapipe (${noLavapipe})`,
  );
}
// The gallery's tests ran on PGlite and, where the global setup could start one, on a PostgreSQL
// server: say which (test/server/postgres-cluster.ts writes the note).
const postgresNote = join(dirname(process.argv[2]), 'postgres.json');
if (existsSync(postgresNote)) {
  const note = JSON.parse(readFileSync(postgresNote, 'utf8'));
  console.log(
    note.postgres
      ? 'gallery database tests: ran on PGlite and on a PostgreSQL server'
      : `gallery database tests: ran on PGlite ONLY, not on a PostgreSQL server (${note.reason})`,
  );
}
// Where the time went: the slowest files (a file of one project, e.g. both GPU drivers, counts
// once per project), so a suite growing slower shows which file grew.
const slowest = report.testResults
  .map((file) => ({
    name: file.name.replace(`${process.cwd()}/`, ''),
    ms: file.endTime - file.startTime,
  }))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 8);
console.log(
  `slowest files: ${slowest.map((f) => `${f.name} ${(f.ms / 1000).toFixed(0)} s`).join(', ')}`,
);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || skipped > 0 || passed === 0 ? 1 : 0);
