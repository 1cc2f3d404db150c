// The command line on the second implementation: `npm run bench -- --quick --runtime deno` runs
// the same built CLI under Deno, on wgpu, with the tuner and the decode run as on Dawn.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateResults } from '../../src/core/results';
import { builtCli } from '../gpu/built-cli';

const cli = builtCli('bench', 600_000);

describe('npm run bench -- --runtime deno', () => {
  it('runs the Quick plan on wgpu: every row verified, tuned, the document and table say wgpu', {
    timeout: 600_000,
  }, () => {
    // The read sweep stops at 1 MiB and each kernel takes 3 samples: the runtime is under test.
    const out = cli.path('deno.json');
    const settings = ['--samples', '3', '--max-working-set-mib', '1'];
    const table = cli.run(['--quick', '--runtime', 'deno', ...settings, '--out', out]);
    expect(table.stderr).not.toMatch(/panicked|^\s+at /m);
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/Runtime: deno \d+\.\d+\.\d+ \(wgpu\)/);
    expect(table.stdout).toMatch(/Not offered by this WebGPU:\n {2}\d+ need subgroups/);
    const doc = validateResults(JSON.parse(readFileSync(out, 'utf8')));
    expect(doc.runtime).toMatchObject({ kind: 'deno', implementation: 'wgpu' });
    expect(doc.results.length).toBeGreaterThan(10);
    expect(doc.results.every((r) => r.verified && r.medianMs > 0)).toBe(true);
    expect(doc.tuning?.some((t) => t.family.startsWith('gemv'))).toBe(true);
    expect(doc.decode?.[0]?.verified).toBe(true);
  });

  it('a runtime it does not know is a usage error, exit 2', () => {
    const result = cli.run(['--quick', '--runtime', 'bun']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--runtime bun: expected node or deno/);
  });
});
