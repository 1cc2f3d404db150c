// The command line, built as users run it (`npm run bench` = build, then node dist-cli/bench.js;
// here the build of this test run, test/build-cli.global.ts).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateResults } from '../../src/core/results';
import { builtCli } from './built-cli';

const cli = builtCli('bench', 180_000);
const run = cli.run;
const PINNED = ['--gemv-variant', 'rows4-wg64', '--gemm-variant', 'reg4x4'];

describe('npm run bench', () => {
  it('--quick --json prints a valid document with verified read/copy/write/fma rows, and --out writes it', {
    timeout: 300_000,
  }, () => {
    const out = cli.path('results.json');
    // Variants pinned: the tuner is the runner's (test/gpu/runner.test.ts runs the tuned Quick
    // plan); tuning every format and shape class takes minutes on a software adapter.
    const result = run(['--quick', '--json', ...PINNED, '--out', out]);
    expect(result.stderr).not.toMatch(/^\s+at /m); // no stack trace
    expect(result.status).toBe(0);
    const doc = validateResults(JSON.parse(result.stdout));
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(doc);
    expect(doc.runtime.description).toMatch(/^node v\d+.*webgpu \d/);
    for (const kernel of ['read', 'copy', 'write', 'fma'] as const) {
      const rows = doc.results.filter((r) => r.kernel === kernel);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.verified && r.medianMs > 0)).toBe(true);
    }
    if (doc.adapter.isSoftware) expect(result.stderr).toMatch(/CPU/);
    // A whole Quick run tells how long a full one would take on this adapter.
    expect(result.stderr).toMatch(/a full run would take about \d+ min on this adapter/);
  });

  it('a bad flag gets the usage text and exit status 2, without a stack trace', () => {
    const result = run(['--quick', '--bogus']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/Unknown option: --bogus/);
    expect(result.stderr).toMatch(
      /Usage: npm run bench -- \[--quick \| --full\] \[--json\] \[--out FILE\]/,
    );
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stdout).toBe('');
  });

  it('--help prints the usage and exits 0', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/--out FILE/);
  });

  it('an unwritable --out is a one-line error, and the table still prints', () => {
    const result = run(['--quick', ...PINNED, '--out', '/nonexistent-dir/x.json']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/could not write \/nonexistent-dir\/x\.json/);
    expect(result.stdout).toMatch(/Peak read bandwidth/);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});
