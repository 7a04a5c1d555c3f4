#!/usr/bin/env node
// What each entry of the package costs a browser, measured on what ships (pkg/, after `npm run build`): the files an
// import of the entry downloads (its static imports, the .wasm its bindings fetch, the worker script a client
// starts), raw, gzip (level 9) and brotli; and the budgets.
//
// Usage: node scripts/size.mjs [--json]                 the entries; fails over a budget, or when the table of
//                                                        docs/js-api.md is more than 2 KB (gzip) off a measurement
//        node scripts/size.mjs --write-docs             rewrites that table
//        node scripts/size.mjs --breakdown [--write-docs]
//   --breakdown also builds the wasm without the optional parts of the binding (cargo features `wasm-search`,
//   `wasm-notation`, `wasm-board`, see Cargo.toml) into a temporary directory, the same way scripts/build.mjs does,
//   and reports what each part costs (builds made for measuring, not shipped; their own table in docs/js-api.md).
//   It takes several minutes (four release builds); `npm test` runs the plain form.
import { readFileSync, writeFileSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WASM_BUILDS, WASM_FEATURES, WASM_OPT } from './wasm-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(root, 'pkg');
const KB = 1024;

/**
 * The entries, with the module an import loads and what else it fetches: the .wasm (found by the bindings'
 * `new URL(...)`) and, for the worker client, the worker script and its imports. The lesson's worker
 * (lesson-worker.js) is left out: it is started only for records over 256 KB.
 */
const ENTRIES = [
  { name: 'xiangqi-wasm', file: 'xiangqi_wasm.js', label: '`xiangqi-wasm`: rules, notation and records, hint engine, clock, board painter' },
  { name: 'xiangqi-wasm/rules', file: 'rules.js', label: '`xiangqi-wasm/rules`: rules, notation and records, clock (no search, no board)' },
  { name: 'xiangqi-wasm/board', file: 'board.js', build: 'view', label: '`xiangqi-wasm/board`: the board, on the light wasm (no search)' },
  { name: 'xiangqi-wasm/board with xiangqi-wasm', file: 'board.js', also: 'xiangqi_wasm.js', build: 'full', label: '`xiangqi-wasm/board` on a page that imports `xiangqi-wasm`: one wasm, the full one' },
  { name: 'xiangqi-wasm/lesson', file: 'lesson.js', build: 'view', label: '`xiangqi-wasm/lesson`: the lesson embed, with the board, on the light wasm' },
  { name: 'xiangqi-wasm/puzzle', file: 'puzzle.js', build: 'full', label: '`xiangqi-wasm/puzzle`: the exercise embed, with the board and its prover worker (the full wasm)' },
  { name: 'xiangqi-wasm/editor', file: 'editor.js', build: 'view', label: '`xiangqi-wasm/editor`: the record editor, with the board, on the light wasm' },
  { name: 'xiangqi-wasm/openings', file: 'openings.js', label: '`xiangqi-wasm/openings`: the opening explorer (no wasm)' },
  { name: 'openings-data.json', file: 'openings-data.json', label: '`xiangqi-wasm/openings-data.json`: the explorer\'s data, fetched when it first opens' },
  { name: 'network.nnue', file: 'network.nnue', label: '`xiangqi-wasm/network.nnue`: the neural evaluation\'s net, fetched by whoever loads it (`NETWORK_URL`)' },
  { name: 'xiangqi-wasm/worker', file: 'engine-client.js', label: '`xiangqi-wasm/worker`: the client, the worker script and `xiangqi-wasm` in the worker' },
];
const LAZY = new Set(['lesson-worker.js']);
/**
 * The entry module of each build the board runs on: js/board.js imports one of them dynamically, the full one where
 * the page imports `xiangqi-wasm` (the entry's `build`), so an entry's files are those of its build only.
 */
const BUILD_ENTRY = { full: 'xiangqi_wasm.js', view: 'xiangqi_view.js' };
/**
 * Budgets, gzip, each raised only by the measured cost of what was added, and lowered to what ships when something
 * got smaller. The package: 215 KB until the panic hook (console_error_panic_hook, +1.2 KB) and the freed / busy
 * object guard (+1.0 KB); then 217.2 KB until records were read as archives have them (issue 22: the one reader, XQF,
 * the PGN stream, DhtmlXQ pages, headers, the recorded result: +31.1 KB) and the engine became a coach (issue 24: the
 * search in slices, the game analysis, the novice levels: +13.9 KB, both measured on the package as it was), then
 * measured on what ships (each entry with its imports, the bindings minified): 253.9 KB, so 254.5 KB; then the
 * MateProver class for exercises (issue 26: src/mate.rs and the prover's defence, +5.9 KB measured on what ships),
 * 260.4 KB; the prover made fast enough for a puzzle's verdicts (issue 26, item 7: bounds in its memo, the last
 * move's checks, `matingMoves` in slices, +0.9 KB). The rules entry: issue 23 asks for 120 KB with notation and
 * records; the build made for size (opt-level "z") shipped 144.8 KB before the records (+25.9 KB), so 171.5 KB.
 * Then both lowered to what they measured (235.9 and 139.9 KB) when the rules crate shed a sort per call site and
 * DhtmlXQ's BTreeMaps (-10 KB gzipped on every entry), the main wasm was compiled with simd128 (-1.9 KB), the rules
 * entry got the rules crate's feature `small` (Zobrist keys computed, not stored) and the talc allocator (-13.6 KB
 * more), and wasm-opt stopped inlining large functions into their one caller (-12.8 and -7.2 KB). What it would take to reach 120 KB is written in docs/js-api.md ("Size"). Then
 * the teacher's studio (issue 36), in both entries, measured on what ships: 236.4 -> 273.9 KB (+37.5) and
 * 140.3 -> 172.7 KB (+32.4), so 274.0 and 173.0 KB. Measured alone, each on the package before it: `RecordEditor`
 * (notation/edit.rs, src/record_edit.rs) +17.3 / +15.1 KB, `writeRecord` with the PGN / DhtmlXQ / XQF writers,
 * drawings and the GBK table +13.7 / +11.6 KB, the CBR / CBL reader and issue 41's record fixes +9.0 / +7.1 KB; the
 * binding's one reader of a JS record (shared by the editor and the writer) won back about 2.5 KB. Then the openings
 * (issue 39), in both entries: the ECCO classifier's generated table (2 400 position keys of 32 bits, which no
 * compressor shrinks, their codes, 252 codes' Chinese and English names: about 16 KB gzipped) and `opening` on the
 * game, the records and their summaries, the ECCO / Opening tags: 273.9 -> 293.2 KB (+19.3) and 172.6 -> 192.5 KB
 * (+19.9), so 294.0 and 193.5 KB (docs/openings.md says what a smaller table would cost in agreement). The explorer's
 * data is its own download, fetched when the explorer is first opened: budgeted at 600 KB gzipped. Then every reader
 * (issue 37), measured on what ships, each on the package before the openings: 273.9 -> 279.1 KB (+5.2) and
 * 172.6 -> 177.3 KB (+4.7): the Vietnamese notation (its writer and reader, `parse_move_as`, the PGN `Format` rule)
 * and the rulings' sentences in Traditional Chinese and Vietnamese (the sentences themselves, UTF-8, and the
 * `explanations` object every outcome carries). Both together, with the ECCO table built from the published
 * definitions first (a smaller table, -1.6 KB): 273.9 -> 296.9 KB (+23.0) and 172.6 -> 195.5 KB (+22.9), so 297.5 and
 * 196.0 KB. Then the ECCO rules of the "m. / n." form (issue 39: 82 rules, about 3 KB of 16-bit words, and their
 * matcher) let the learnt table shrink from 2 054 keys to 1 138: 296.9 -> 294.4 KB (-2.5) and 195.5 -> 193.0 KB
 * (-2.5), so 295.0 and 193.5 KB. Then the board, the lesson and the editor moved to a light build of their own
 * (issue 38: no search, made for size like the rules build; js/board.js chooses): the board alone 218.4 KB with
 * its bindings (before, on the full wasm, 293.3 KB without them), so 219.0 KB. Then the hint engine got the neural
 * evaluation's inference (issue 40: `engine.loadNetwork`, the net a file of its own): 294.4 -> 300.0 KB (+5.6), so
 * 300.5 KB. The net it loads ships as a file of its own, fetched only by whoever loads it: issue 40 allows the app 150 KB
 * gzipped more before its first move; the net is 43.3 KB, budgeted at 50 KB. These budgets keep each from growing
 * unnoticed.
 */
const BUDGETS = { 'xiangqi-wasm': 300.5 * KB, 'xiangqi-wasm/rules': 193.5 * KB, 'xiangqi-wasm/board': 219.0 * KB,
  'openings-data.json': 600 * KB, 'network.nnue': 50 * KB };

/** The files an import of `file` downloads: static imports, the .wasm, worker scripts; in load order, once each. */
function filesOf(file, seen = new Set(), build = 'full') {
  if (seen.has(file) || LAZY.has(file)) return seen;
  if (!existsSync(join(pkg, file))) throw new Error(`pkg/${file} is missing: run node scripts/build.mjs`);
  seen.add(file);
  // (board.js imports nothing statically and names both builds' .wasm: only its build's files count)
  if (file === 'board.js') return filesOf(BUILD_ENTRY[build], seen, build);
  if (!file.endsWith('.js')) return seen;
  const text = readFileSync(join(pkg, file), 'utf8');
  const refs = [
    ...[...text.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w${},*\s]*?from\s*)?["'`](\.\/[^"'`]+)["'`]/g)].map((m) => m[1]),
    ...[...text.matchAll(/new URL\(\s*["'`](\.?\/?[\w.-]+\.(?:wasm|js))["'`]\s*,\s*import\.meta\.url/g)].map((m) => m[1]),
  ];
  for (const r of refs) filesOf(r.replace(/^\.?\//, ''), seen, build);
  return seen;
}

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const buf = readFileSync(join(pkg, file));
    sizes.set(file, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length,
      brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length });
  }
  return sizes.get(file);
}

function measureEntry({ file, also, build }) {
  const seen = also ? filesOf(also) : new Set();
  const list = [...filesOf(file, seen, build)];
  const sum = (k, f = () => true) => list.filter(f).reduce((n, x) => n + sizeOf(x)[k], 0);
  const isWasm = (x) => x.endsWith('.wasm');
  return { files: list, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli'), wasmGzip: sum('gzip', isWasm),
    jsGzip: sum('gzip', (x) => !isWasm(x)) };
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const json = process.argv.includes('--json');
const report = { entries: {} };
let ok = true;
for (const e of ENTRIES) {
  const m = measureEntry(e);
  report.entries[e.name] = m;
  if (BUDGETS[e.name] && m.gzip >= BUDGETS[e.name]) {
    console.error(`[size] ${e.name}: ${kb(m.gzip)} gzipped, over its budget of ${kb(BUDGETS[e.name])}`);
    ok = false;
  }
}

// --- the feature breakdown (builds made for measuring) -----------------------------------------------------------
/** Builds the binding with `features` (cargo, default features off) at `optLevel`; the .wasm and bindings, gzip. */
function buildVariant(features, optLevel, rustflags) {
  const out = mkdtempSync(join(tmpdir(), 'xiangqi-size-'));
  const env = { ...process.env, PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
    CARGO_PROFILE_RELEASE_OPT_LEVEL: optLevel, ...(rustflags ? { CARGO_ENCODED_RUSTFLAGS: rustflags.join('\x1f') } : {}) };
  const run = (cmd, argv) => {
    const r = spawnSync(cmd, argv, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.error?.message ?? `exit ${r.status}`})`);
  };
  run('wasm-pack', ['build', '--mode', 'no-install', '--release', '--target', 'web', '--weak-refs', '--no-typescript',
    '--no-pack', '--out-dir', out, '--out-name', 'variant', '--', '--package', 'xiangqi-wasm', '--no-default-features',
    ...(features.length ? ['--features', features.join(',')] : [])]);
  const wasm = join(out, 'variant_bg.wasm');
  run('wasm-opt', [...WASM_OPT, ...WASM_FEATURES, wasm, '-o', wasm]);
  const gz = (f) => gzipSync(readFileSync(join(out, f)), { level: 9 }).length;
  const r = { wasmRaw: readFileSync(wasm).length, wasmGzip: gz('variant_bg.wasm'), bindingsGzip: gz('variant.js') };
  rmSync(out, { recursive: true, force: true });
  return r;
}
const VARIANTS = [
  ['rules', [], 'rules, adjudication, clock (ICCS only)'],
  ['rules+notation', ['wasm-notation'], '+ notation and records (WXF, Chinese, PGN, DhtmlXQ)'],
  ['rules+search', ['wasm-search'], '+ the hint engine (`Engine`, `hint`)'],
  ['rules+search+nnue', ['wasm-search', 'wasm-nnue'], '+ the neural evaluation\'s inference (`engine.loadNetwork`)'],
  ['no-board', ['wasm-search', 'wasm-nnue', 'wasm-notation'], 'everything but the board painter (`BoardView`)'],
  ['all', ['wasm-search', 'wasm-nnue', 'wasm-notation', 'wasm-board'], 'everything (the package\'s wasm)'],
];
if (process.argv.includes('--breakdown')) {
  const { optLevel: opt, rustflags } = WASM_BUILDS.find((b) => b.name === 'full');
  report.breakdown = {};
  for (const [name, features] of VARIANTS) {
    console.error(`[size] building ${name} (opt-level ${opt}) ...`);
    report.breakdown[name] = buildVariant(features, opt, rustflags);
  }
}

// --- the tables of docs/js-api.md ---------------------------------------------------------------------------------
const DOC = join(root, 'docs', 'js-api.md');
const TABLES = {
  entries: ['<!-- size-table:begin (generated by node scripts/size.mjs --write-docs) -->', '<!-- size-table:end -->'],
  breakdown: ['<!-- size-breakdown:begin (generated by node scripts/size.mjs --breakdown --write-docs) -->',
    '<!-- size-breakdown:end -->'],
};
const STALE_GZIP = 2 * KB;
const bold = (n) => `**${kb(n)}**`;

function entriesTable() {
  const rows = ENTRIES.map((e) => {
    const m = report.entries[e.name];
    return `| ${e.label} | ${m.files.map((f) => `\`${f}\``).join(' ')} | ${kb(m.raw)} | ${kb(m.wasmGzip)} | `
      + `${kb(m.jsGzip)} | ${bold(m.gzip)} | ${kb(m.brotli)} |`;
  });
  return ['| entry | files downloaded | raw | `.wasm` gzip | JS gzip | **total gzip** | total brotli |',
    '|---|---|---|---|---|---|---|', ...rows].join('\n');
}

function breakdownTable() {
  const b = report.breakdown;
  const base = b.rules.wasmGzip + b.rules.bindingsGzip;
  const rows = VARIANTS.map(([name, , label]) => {
    const v = b[name];
    const total = v.wasmGzip + v.bindingsGzip;
    const delta = name === 'rules' ? '' : ` (+${((total - base) / KB).toFixed(1)})`;
    return `| ${label} | ${kb(v.wasmRaw)} | ${kb(v.wasmGzip)} | ${kb(v.bindingsGzip)} | ${bold(total)}${delta} |`;
  });
  return ['| wasm built with (opt-level "s", not shipped) | `.wasm` raw | `.wasm` gzip | bindings gzip | **total gzip** |',
    '|---|---|---|---|---|', ...rows].join('\n');
}

function section(text, [begin, end]) {
  const i = text.indexOf(begin);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error(`docs/js-api.md has no ${begin} ... ${end} markers`);
  return { i: i + begin.length, j };
}

let doc = readFileSync(DOC, 'utf8');
if (process.argv.includes('--write-docs')) {
  const tables = { entries: entriesTable(), ...(report.breakdown ? { breakdown: breakdownTable() } : {}) };
  for (const [key, table] of Object.entries(tables)) {
    const { i, j } = section(doc, TABLES[key]);
    doc = `${doc.slice(0, i)}\n${table}\n${doc.slice(j)}`;
  }
  writeFileSync(DOC, doc);
  console.error(`[size] wrote the size table${report.breakdown ? 's' : ''} of docs/js-api.md`);
} else {
  // Every row of the entries table within 2 KB of what ships.
  const { i, j } = section(doc, TABLES.entries);
  const lines = doc.slice(i, j).split('\n');
  for (const e of ENTRIES) {
    const line = lines.find((l) => l.startsWith(`| ${e.label} |`));
    const documented = Number(/\*\*([\d.]+) KB\*\*/.exec(line ?? '')?.[1] ?? NaN) * KB;
    const measured = report.entries[e.name].gzip;
    if (!(Math.abs(documented - measured) <= STALE_GZIP)) {
      console.error(`[size] docs/js-api.md says ${e.name} is ${line ? kb(documented) : 'nothing'} gzipped, measured `
        + `${kb(measured)}: run node scripts/size.mjs --write-docs`);
      ok = false;
    }
  }
}

if (json) {
  console.log(JSON.stringify(report));
} else {
  console.log(`${'entry'.padEnd(22)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}  budget (gzip)`);
  for (const e of ENTRIES) {
    const m = report.entries[e.name];
    const budget = BUDGETS[e.name] ? `< ${kb(BUDGETS[e.name])} ${m.gzip < BUDGETS[e.name] ? 'OK' : 'OVER'}` : '';
    console.log(`${e.name.padEnd(22)}${kb(m.raw).padStart(10)}${kb(m.gzip).padStart(10)}${kb(m.brotli).padStart(10)}  ${budget}`);
  }
  if (report.breakdown) {
    console.log('\nwasm variants (opt-level of the package build; wasm + bindings, gzip):');
    for (const [name, v] of Object.entries(report.breakdown)) {
      console.log(`  ${name.padEnd(16)}${kb(v.wasmGzip + v.bindingsGzip).padStart(10)}`);
    }
  }
}
process.exit(ok ? 0 : 1);
