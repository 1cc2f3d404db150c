// Benchmark: this checkout's Quick plan against another commit's, side by side on this machine
// (npm run bench:against -- --base REV). Builds REV's CLI in a temporary git worktree, then runs
// the two CLIs' Quick plans alternately, N pairs, the order swapped every pair, and compares each
// format's GEMV ÷ read and GEMV GB/s pair by pair (bench/against/pairs.ts). Every run's document
// is kept in --out, and `--analyse DIR` reads such a folder again without running anything.
// `--wgpu` instead pairs this checkout on Dawn (Node) against itself on wgpu (Deno), one driver.

import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { lavapipeIcd, swiftshaderIcd, vulkanEnv } from '../../scripts/vulkan';
import { adapterName } from '../../src/core/adapter-name';
import type { ResultsDocument } from '../../src/core/results';
import {
  COMPARED_SHAPE,
  compareDecode,
  compareRuns,
  median,
  type PairedSummary,
  pairedSummary,
  type RunFigures,
  runFigures,
} from './pairs';

const USAGE = `Usage: npm run bench:against -- --base REV [--pairs N] [--driver swiftshader|lavapipe] [--out DIR]
       npm run bench:against -- --wgpu [--pairs N] [--driver swiftshader|lavapipe] [--out DIR]
       npm run bench:against -- --analyse DIR

Runs this checkout's Quick plan and REV's (any git revision, built in a temporary worktree)
alternately, N pairs (default 4), and compares each format's GEMV at ${COMPARED_SHAPE.n}×${COMPARED_SHAPE.k} ÷ the same
run's read, and its GB/s alone, pair by pair. --driver picks a Vulkan driver for both (default:
whatever Dawn finds). Every run's JSON is kept in DIR (default test-results/against-REV).

--wgpu: the same comparison between two WebGPU implementations on one adapter: this checkout's
Quick plan on Dawn (Node, "old") and on wgpu (Deno, --runtime deno, "new"); --driver defaults to
lavapipe where installed (else SwiftShader), so that both run on the same Vulkan driver.`;

interface Options {
  base?: string;
  /** Dawn against wgpu, this checkout on both, instead of a base revision. */
  wgpu?: true;
  pairs: number;
  driver?: 'swiftshader' | 'lavapipe';
  out?: string;
  analyse?: string;
}

function parse(argv: readonly string[]): Options {
  const options: Options = { pairs: 4 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    const need = () => {
      if (value === undefined || value.startsWith('--')) fail(`${flag} needs a value.`);
      i++;
      return value as string;
    };
    if (flag === '--base') options.base = need();
    else if (flag === '--wgpu') options.wgpu = true;
    else if (flag === '--out') options.out = need();
    else if (flag === '--analyse') options.analyse = need();
    else if (flag === '--pairs') {
      const n = Number(need());
      if (!Number.isInteger(n) || n < 1 || n > 50)
        fail('--pairs takes a whole number from 1 to 50.');
      options.pairs = n;
    } else if (flag === '--driver') {
      const d = need();
      if (d !== 'swiftshader' && d !== 'lavapipe') fail('--driver is swiftshader or lavapipe.');
      options.driver = d;
    } else if (flag === '--help') {
      console.log(USAGE);
      process.exit(0);
    } else fail(`Unknown option ${flag}.`);
  }
  if ([options.base, options.wgpu, options.analyse].filter(Boolean).length !== 1) {
    fail('Give one of --base REV, --wgpu or --analyse DIR.');
  }
  if (options.wgpu && !options.driver) options.driver = lavapipeIcd() ? 'lavapipe' : 'swiftshader';
  return options;
}

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function driverEnv(driver: Options['driver']): NodeJS.ProcessEnv {
  if (driver === undefined) return process.env;
  const icd = driver === 'swiftshader' ? swiftshaderIcd() : lavapipeIcd();
  if (!icd) fail(`No ${driver} driver is installed here (scripts/system-deps.sh installs both).`);
  return { ...process.env, ...vulkanEnv(icd) };
}

const sh = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'], encoding: 'utf8' });

/**
 * One Quick run of the CLI built in `cwd` (under Deno with `runtimeArgs` ['--runtime', 'deno']),
 * its document written to `file`; its wall seconds.
 */
function quickRun(
  cwd: string,
  env: NodeJS.ProcessEnv,
  file: string,
  runtimeArgs: readonly string[] = [],
): number {
  const started = performance.now();
  const run = spawnSync('node', ['dist-cli/bench.js', '--quick', '--json', ...runtimeArgs], {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (run.status !== 0) {
    throw new Error(
      `the Quick run in ${cwd} failed (exit ${run.status}): ${run.stderr.slice(-2000)}`,
    );
  }
  writeFileSync(file, run.stdout);
  return (performance.now() - started) / 1000;
}

/** Each run's wall seconds, by run name ("3-old"), kept beside the documents. */
const WALL_FILE = 'wall-seconds.json';

/** Alternates `run('old', …)` and `run('new', …)`, N pairs, the order swapped every pair. */
function alternate(
  pairs: number,
  dir: string,
  run: (side: 'old' | 'new', file: string) => number,
): void {
  const wall: Record<string, number> = {};
  for (let i = 1; i <= pairs; i++) {
    const order = i % 2 === 1 ? (['new', 'old'] as const) : (['old', 'new'] as const);
    for (const side of order) {
      const name = `${i}-${side}`;
      wall[name] = run(side, join(dir, `${name}.json`));
      writeFileSync(join(dir, WALL_FILE), JSON.stringify(wall, null, 2));
    }
    console.log(`pair ${i} of ${pairs} (${order.join(' first, ')})`);
  }
}

/** --wgpu: this checkout on Dawn ("old") and on wgpu ("new"), alternated. */
function runImplementations(options: Options, dir: string): void {
  const env = driverEnv(options.driver);
  console.log(
    `Building this checkout's CLI; Dawn (Node) against wgpu (Deno) on ${options.driver}…`,
  );
  sh('npm', ['run', '--silent', 'build:cli'], process.cwd());
  alternate(options.pairs, dir, (side, file) =>
    quickRun(process.cwd(), env, file, side === 'new' ? ['--runtime', 'deno'] : []),
  );
}

function runPairs(options: Options & { base: string }, dir: string): void {
  const here = process.cwd();
  const rev = execFileSync('git', ['rev-parse', '--verify', `${options.base}^{commit}`], {
    encoding: 'utf8',
  }).trim();
  const env = driverEnv(options.driver);
  const tree = mkdtempSync(join(tmpdir(), 'roofline-against-'));
  console.log(
    `Building ${rev.slice(0, 10)} in ${tree} (npm ci, build:cli), and this checkout's CLI…`,
  );
  sh('git', ['worktree', 'add', '--detach', '--force', tree, rev], here);
  try {
    const quiet = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: tree,
      env: quiet,
      stdio: 'ignore',
    });
    sh('npm', ['run', '--silent', 'build:cli'], tree);
    sh('npm', ['run', '--silent', 'build:cli'], here);
    alternate(options.pairs, dir, (side, file) =>
      quickRun(side === 'new' ? here : tree, env, file),
    );
  } finally {
    sh('git', ['worktree', 'remove', '--force', tree], here);
  }
}

interface KeptPair {
  old: RunFigures;
  new: RunFigures;
  adapter: string;
  /** Both runs' wall seconds, where WALL_FILE has them. */
  wall?: { old: number; new: number };
}

/** The pairs in `dir`: every N-old.json with its N-new.json. */
function readPairs(dir: string): KeptPair[] {
  const pairs: KeptPair[] = [];
  const wallFile = join(dir, WALL_FILE);
  const wall: Record<string, number> = existsSync(wallFile)
    ? JSON.parse(readFileSync(wallFile, 'utf8'))
    : {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('-old.json'))
    .sort()) {
    const read = (name: string) =>
      JSON.parse(readFileSync(join(dir, name), 'utf8')) as ResultsDocument;
    const newFile = file.replace(/-old\.json$/, '-new.json');
    if (!existsSync(join(dir, newFile))) continue;
    const oldDoc = read(file);
    const newDoc = read(newFile);
    const o = runFigures(oldDoc);
    const n = runFigures(newDoc);
    const name = file.replace(/-old\.json$/, '');
    const [wallOld, wallNew] = [wall[`${name}-old`], wall[`${name}-new`]];
    const walls = wallOld && wallNew ? { wall: { old: wallOld, new: wallNew } } : {};
    if (o && n) pairs.push({ old: o, new: n, adapter: adapterName(newDoc.adapter), ...walls });
  }
  return pairs;
}

const f2 = (x: number) => x.toFixed(2);
const cell = (s: PairedSummary) =>
  `${f2(s.oldMedian)} / ${f2(s.newMedian)}`.padEnd(16) +
  `${s.ratio.toFixed(3)} [${s.low.toFixed(3)}, ${s.high.toFixed(3)}]`.padEnd(24) +
  `${s.newHigher}/${s.pairs}`.padEnd(8);
/** Fewer pairs than this give a bootstrap interval too narrow to trust: no verdict. */
const VERDICT_PAIRS = 4;
const verdict = (s: PairedSummary) =>
  s.pairs < VERDICT_PAIRS
    ? `no verdict from ${s.pairs} pair${s.pairs === 1 ? '' : 's'}`
    : s.high < 1
      ? 'lower'
      : s.low > 1
        ? 'higher'
        : 'no difference shown';

/** What "old" and "new" stand for in a folder: two revisions, or Dawn and wgpu (--wgpu). */
function sidesOf(dir: string): string {
  const doc = readdirSync(dir).find((f) => f.endsWith('-new.json'));
  const runtime = doc
    ? (JSON.parse(readFileSync(join(dir, doc), 'utf8')) as ResultsDocument).runtime
    : undefined;
  return runtime?.kind === 'deno'
    ? 'new = wgpu (Deno) against old = Dawn (Node), this checkout on both'
    : 'new (this checkout) against old';
}

function report(dir: string, pairs: readonly KeptPair[]): void {
  console.log(
    `\nGEMV ${COMPARED_SHAPE.n}×${COMPARED_SHAPE.k}, ${sidesOf(dir)}, ${pairs.length} pair${pairs.length === 1 ? '' : 's'} on ${pairs[0]?.adapter || 'this adapter'} (${dir})`,
  );
  console.log(
    'medians old / new; new ÷ old: geometric mean of the pairs [bootstrap 95%]; pairs where new is higher\n',
  );
  console.log(
    `${'format'.padEnd(7)}${'GEMV ÷ read'.padEnd(48)}${'GEMV GB/s'.padEnd(48)}variants new (old)`,
  );
  const formats = compareRuns(pairs);
  for (const c of formats) {
    console.log(
      `${c.format.padEnd(7)}${cell(c.share)}` +
        `${cell(c.gbps)}${c.newVariants.join(',')} (${c.oldVariants.join(',')})`,
    );
  }
  console.log(
    `\nVerdict (95% interval wholly below 1: lower; above: higher; from ${VERDICT_PAIRS} pairs on):`,
  );
  for (const c of formats) {
    console.log(`  ${c.format}: GEMV ÷ read ${verdict(c.share)}; GEMV GB/s ${verdict(c.gbps)}`);
  }
  const decode = compareDecode(pairs);
  if (decode) {
    const spread = (xs: number[]) =>
      `${f2(median(xs))} (${f2(Math.min(...xs))}–${f2(Math.max(...xs))})`;
    console.log(
      `\nThe Quick plan's decode, ms/token: ${cell(decode.msPerToken)}(${verdict(decode.msPerToken)}; below 1 is faster)`,
    );
    console.log(
      `  measured ÷ its measured-mode prediction, median (range): old ${spread(decode.oldRatios)}, new ${spread(decode.newRatios)}`,
    );
  }
  const walls = pairedSummary(pairs.flatMap((p) => (p.wall ? [p.wall] : [])));
  if (walls) console.log(`A whole Quick run, wall s: ${cell(walls)}(${verdict(walls)})`);
}

const options = parse(process.argv.slice(2));
if (options.analyse) {
  const dir = resolve(options.analyse);
  if (!existsSync(dir)) fail(`No folder ${dir}: give the --out folder of an earlier run.`);
  const pairs = readPairs(dir);
  if (pairs.length === 0) fail(`No N-old.json / N-new.json pairs with a read row in ${dir}.`);
  report(dir, pairs);
} else {
  const base = options.base ?? 'wgpu';
  const dir = resolve(
    options.out ?? join('test-results', `against-${base.replace(/[^\w.-]/g, '_')}`),
  );
  mkdirSync(dir, { recursive: true });
  try {
    if (options.wgpu) runImplementations(options, dir);
    else runPairs({ ...options, base }, dir);
  } catch (e) {
    console.error(`Stopped: ${e instanceof Error ? e.message : String(e)}`);
    console.error(
      `The pairs finished so far are in ${dir} (npm run bench:against -- --analyse ${dir}).`,
    );
    process.exitCode = 1;
  }
  const pairs = readPairs(dir);
  if (pairs.length > 0) report(dir, pairs);
}
