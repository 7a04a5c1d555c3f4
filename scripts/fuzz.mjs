#!/usr/bin/env node
// `npm run fuzz`: runs every cargo-fuzz target (fuzz/fuzz_targets) for a given time, one after the other,
// under `nice`, and prints executions, coverage and crashes per target.
// Usage: node scripts/fuzz.mjs [--secs N (default 60)] [--only t1,t2] [--jobs N (parallel workers per target)]
//                             [--parallel (every target at once)] [--nice N (default 10)]
// Corpora grow in fuzz/corpus/TARGET (ignored), seeded from fuzz/seeds/TARGET (in the repo); crashes land in
// fuzz/artifacts/TARGET (ignored) and must become regression inputs in tests/data/fuzz_regressions/TARGET.
// Exits non-zero if any target crashed or failed to run. A summary is written to target/fuzz-summary.json.
import { spawnSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const arg = (flag, dflt) => {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : dflt;
};
const secs = Number(arg('--secs', '60'));
const jobs = Number(arg('--jobs', '1'));
const niceness = arg('--nice', '10');
const parallel = argv.includes('--parallel');
const targets = arg('--only', null)?.split(',') ??
  readdirSync(join(root, 'fuzz', 'fuzz_targets')).filter((f) => f.endsWith('.rs')).map((f) => f.slice(0, -3)).sort();
if (!(secs > 0) || !(jobs >= 1) || !/^-?\d+$/.test(niceness)) {
  console.error('usage: node scripts/fuzz.mjs [--secs N] [--only t1,t2] [--jobs N] [--parallel] [--nice N]');
  process.exit(2);
}

const setup = spawnSync('bash', ['scripts/setup.sh', 'fuzz'], { cwd: root, stdio: 'inherit' });
if (setup.status !== 0) {
  console.error('fuzz: setup (cargo-fuzz, nightly) failed');
  process.exit(1);
}
// The fuzz crate is a member of the workspace, whose release profile has `lto = true`: LTO drops the coverage
// counters' symbols that sanitizer instrumentation links against, so the fuzz builds turn it off.
const env = { ...process.env, CARGO_PROFILE_RELEASE_LTO: 'false' };
const build = spawnSync('nice', ['-n', '10', 'cargo', '+nightly', 'fuzz', 'build', '--features', 'libfuzzer'],
  { cwd: root, stdio: 'inherit', env });
if (build.status !== 0) {
  console.error('fuzz: build failed');
  process.exit(1);
}

const run = (t) => new Promise((resolve) => {
  const corpus = join('fuzz', 'corpus', t);
  mkdirSync(join(root, corpus), { recursive: true });
  const args = ['-n', niceness, 'cargo', '+nightly', 'fuzz', 'run', '--features', 'libfuzzer', t, corpus, join('fuzz', 'seeds', t), '--',
    `-max_total_time=${secs}`, '-print_final_stats=1', '-timeout=20', '-rss_limit_mb=2048', '-max_len=4096'];
  if (jobs > 1) args.push(`-workers=${jobs}`, `-jobs=${jobs}`);
  console.log(`\n=== fuzz ${t}: ${secs} s`);
  const child = spawn('nice', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
  let log = '';
  let head = ''; // the start of the output, where libFuzzer reports the number of counters
  const keep = (d) => {
    if (head.length < 65536) head += d;
    log += d;
    if (log.length > 4e6) log = log.slice(-2e6);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', (d) => {
    keep(d);
    const s = d.toString();
    // Show progress sparingly: libFuzzer's pulse lines and anything that is not a routine status line.
    for (const line of s.split('\n')) {
      if (/pulse|DONE|ERROR|panicked|artifact|Test unit|SUMMARY|deadly/.test(line)) console.log(`  ${line}`);
    }
  });
  child.on('close', (code) => {
    const execs = [...log.matchAll(/stat::number_of_executed_units: (\d+)/g)].reduce((a, m) => a + Number(m[1]), 0);
    const covs = [...log.matchAll(/#\d+\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)/g)];
    const last = covs.at(-1);
    // libFuzzer also writes inputs that were merely slow (`slow-unit-…`, -report_slow_units): not failures.
    const written = [...log.matchAll(/Test unit written to (\S+)/g)].map((m) => m[1]);
    const artifacts = written.filter((a) => !/\/slow-unit-[^/]*$/.test(a));
    const slow = written.length - artifacts.length;
    const counters = head.match(/Loaded \d+ modules\s+\((\d+) inline 8-bit counters\)/);
    resolve({
      target: t, secs, exit: code, executions: execs,
      coverage: last ? Number(last[1]) : null, counters: counters ? Number(counters[1]) : null,
      features: last ? Number(last[2]) : null,
      corpus: last ? Number(last[3]) : null, crashes: artifacts.length, artifacts, slow,
    });
  });
});

const results = [];
if (parallel) results.push(...await Promise.all(targets.map(run)));
else for (const t of targets) results.push(await run(t));
console.log('\n=== fuzz summary (cov = edges covered of the instrumented counters, crate and dependencies; ft = features)');
for (const r of results) {
  console.log(`  ${r.target.padEnd(14)} ${String(r.executions).padStart(11)} execs  cov ${r.coverage}/${r.counters}  ft ${r.features}` +
    `  corpus ${r.corpus}  crashes ${r.crashes}${r.slow ? `  slow inputs ${r.slow}` : ''}${r.exit === 0 ? '' : `  exit ${r.exit}`}`);
  for (const a of r.artifacts) console.log(`      ${a}`);
}
mkdirSync(join(root, 'target'), { recursive: true });
writeFileSync(join(root, 'target', 'fuzz-summary.json'), JSON.stringify(results, null, 2));
const bad = results.filter((r) => r.exit !== 0 || r.crashes > 0);
console.log(bad.length ? `\nfuzz: ${bad.length} target(s) crashed or failed` : '\nfuzz: no crashes');
process.exit(bad.length ? 1 : 0);
