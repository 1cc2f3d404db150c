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
  it('--quick prints the table, --out writes a valid document with verified read/copy/write/fma rows', {
    timeout: 300_000,
  }, () => {
    const out = cli.path('results.json');
    // Variants pinned: the tuner is the runner's (test/gpu/runner.test.ts runs the tuned Quick
    // plan); tuning every format and shape class takes minutes on a software adapter. The read
    // sweep stops at 1 MiB and each kernel takes 3 samples: this is the command line's test.
    const result = run([
      '--quick',
      ...PINNED,
      '--samples',
      '3',
      '--max-working-set-mib',
      '1',
      '--out',
      out,
    ]);
    expect(result.stderr).not.toMatch(/^\s+at /m); // no stack trace
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Peak read bandwidth/);
    expect(result.stdout).toMatch(/smollm2-135m/); // the decode run's table
    const doc = validateResults(JSON.parse(readFileSync(out, 'utf8')));
    expect(doc.runtime.description).toMatch(/^node v\d+.*webgpu \d/);
    expect(doc.runtime.implementation).toBe('dawn');
    expect(result.stdout).toMatch(/Runtime: node .* \(dawn\)/);
    for (const kernel of ['read', 'copy', 'write', 'fma'] as const) {
      const rows = doc.results.filter((r) => r.kernel === kernel);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.verified && r.medianMs > 0)).toBe(true);
    }
    expect(doc.decode?.[0]?.verified).toBe(true);
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

  it('an --out that cannot be written is refused before anything runs (exit 2)', () => {
    for (const [out, why] of [
      ['/nonexistent-dir/x.json', /the folder \/nonexistent-dir does not exist/],
      [cli.path(''), /it is a folder/],
    ] as const) {
      const result = run(['--quick', '--out', out]);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/cannot write there/);
      expect(result.stderr).toMatch(why);
      expect(result.stderr).toMatch(/nothing was run/);
      expect(result.stderr).not.toMatch(/\[1\/\d+\]/); // no kernel started
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(result.stdout).toBe('');
    }
  });
});
