// What the compiler cannot check about the house (docs/architecture.md). The crate boundaries keep each floor
// to the public API of the floors below it, and each manifest's [dependencies] are the arrows; these tests
// check the arrows themselves, the purity that no dependency list expresses (no clock, threads or I/O in the
// rules; no legality in the view), that the repository stands alone, and that the floor plan stays true.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeOnly } from './rust-source.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (p) => readFileSync(join(root, p), 'utf8');

/** Every file under `dir` (relative to the repo) whose name passes `keep`, recursively. */
function files(dir, keep = () => true) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(join(root, d))) {
      const p = join(d, name);
      if (statSync(join(root, p)).isDirectory()) walk(p);
      else if (keep(p)) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}
const rust = (p) => p.endsWith('.rs');


// ----- the arrows ----------------------------------------------------------------------------------------

const metadata = JSON.parse(execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps', '--offline'],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 }));
const pkg = (name) => {
  const p = metadata.packages.find((x) => x.name === name);
  assert.ok(p, `no crate ${name} in the workspace`);
  return p;
};
/** The crates `name` depends on for building (not dev-dependencies), with the `cfg` they are limited to. */
const normalDeps = (name) => pkg(name).dependencies.filter((d) => d.kind === null);

const BROWSER_CRATES = ['wasm-bindgen', 'js-sys', 'web-sys', 'serde-wasm-bindgen', 'console_error_panic_hook'];

test('the workspace has the floors of the house', () => {
  const names = metadata.packages.map((p) => p.name).sort();
  assert.deepEqual(names, ['xiangqi', 'xiangqi-cli', 'xiangqi-engine', 'xiangqi-fuzz', 'xiangqi-nnue-probe',
    'xiangqi-train', 'xiangqi-view', 'xiangqi-wasm']);
  const dir = (name) => relative(root, dirname(pkg(name).manifest_path)) || '.';
  assert.equal(dir('xiangqi'), 'crates/rules');
  assert.equal(dir('xiangqi-engine'), 'crates/search');
  assert.equal(dir('xiangqi-view'), 'crates/view');
  assert.equal(dir('xiangqi-cli'), 'crates/cli');
  assert.equal(dir('xiangqi-train'), 'crates/train');
  assert.equal(dir('xiangqi-nnue-probe'), 'crates/nnue-probe');
  assert.equal(dir('xiangqi-wasm'), '.');
  // The neural evaluation's tools are development crates: never published, never in the package.
  for (const tool of ['xiangqi-train', 'xiangqi-nnue-probe']) assert.deepEqual(pkg(tool).publish, [], tool);
  // The package's wasm carries the neural evaluation's inference (feature `wasm-nnue`, `engine.loadNetwork`), never
  // a net: no net file is in the package (tests/package/ checks the packed file list).
  assert.deepEqual(pkg('xiangqi-wasm').features['wasm-nnue'], ['wasm-search', 'xiangqi-engine/nnue']);
  assert.ok(!normalDeps('xiangqi-wasm').some((d) => d.name === 'xiangqi-engine' && d.features.includes('nnue')),
    'the inference only through the feature wasm-nnue');
});

test('the arrows: rules <- search <- wasm, rules <- view <- wasm, nothing else', () => {
  // The rules depend on nothing but std (and, natively and optionally, encoding_rs for GBK records).
  assert.deepEqual(normalDeps('xiangqi').map((d) => [d.name, d.optional, d.target]),
    [['encoding_rs', true, 'cfg(not(target_arch = "wasm32"))']]);
  // (and, on wasm32 with the neural evaluation, bytemuck: the safe casts of its simd128 kernels)
  assert.deepEqual(normalDeps('xiangqi-engine').map((d) => [d.name, d.optional, d.target]),
    [['xiangqi', false, null], ['bytemuck', true, 'cfg(target_arch = "wasm32")']]);
  assert.deepEqual(normalDeps('xiangqi-view').map((d) => d.name), ['xiangqi']);
  assert.deepEqual(normalDeps('xiangqi-cli').map((d) => d.name).sort(), ['xiangqi', 'xiangqi-engine']);
  assert.deepEqual(normalDeps('xiangqi-nnue-probe').map((d) => d.name).sort(), ['xiangqi', 'xiangqi-engine']);
  assert.deepEqual(normalDeps('xiangqi-train').map((d) => d.name).sort(),
    ['candle-core', 'candle-nn', 'xiangqi', 'xiangqi-engine']);
  const wasm = normalDeps('xiangqi-wasm').map((d) => d.name);
  for (const c of ['xiangqi', 'xiangqi-engine', 'xiangqi-view', ...BROWSER_CRATES]) assert.ok(wasm.includes(c), c);
});

test('only the wasm binding names the browser crates, in its manifest and its code', () => {
  for (const p of metadata.packages) {
    if (p.name === 'xiangqi-wasm') continue;
    const named = p.dependencies.map((d) => d.name).filter((n) => BROWSER_CRATES.includes(n));
    assert.deepEqual(named, [], `${p.name} depends on ${named}`);
  }
  for (const f of [...files('crates', rust), ...files('fuzz/src', rust), ...files('fuzz/fuzz_targets', rust)]) {
    const code = codeOnly(read(f));
    for (const banned of ['wasm_bindgen', 'js_sys', 'web_sys', 'serde_wasm_bindgen', 'console_error_panic_hook']) {
      assert.ok(!code.includes(banned), `${f} names ${banned}`);
    }
  }
});

// ----- purity the dependency list does not express ------------------------------------------------------

/** Asserts that no Rust file under `dir` names any of `banned` outside comments and strings. */
function assertNone(dir, banned, why) {
  const list = files(dir, rust);
  assert.ok(list.length > 5, `only ${list.length} files under ${dir}`);
  for (const f of list) {
    const code = codeOnly(read(f));
    for (const b of banned) assert.ok(!(b instanceof RegExp ? b.test(code) : code.includes(b)), `${f} names ${b}: ${why}`);
  }
}

test('the rules read no clock, start no thread, do no I/O and draw no random numbers', () => {
  assertNone('crates/rules/src', ['std::time', 'std::thread', 'std::fs', 'std::io', 'std::net', 'std::env',
    'std::process', /\bprintln!|\beprintln!|\bprint!|\bdbg!/, 'rand::'],
  'the rules are pure (the clock is told the milliseconds used)');
});

test('the search reads no clock of its own, starts no thread and does no I/O', () => {
  assertNone('crates/search/src', ['std::time', 'std::thread', 'std::fs', 'std::io', 'std::net', 'std::process',
    /\bprintln!|\beprintln!|\bdbg!/],
  'the search takes its time from the caller (std::time panics on wasm32)');
});

test('the board view knows squares and pieces, never legality', () => {
  assertNone('crates/view/src', [/\bPosition\b/, 'legal_moves', 'is_legal', 'movegen', 'attacks', /\bGame\b/,
    'std::time', 'std::thread'], 'the view draws what its host gives (house rule 10)');
});

test('the scanner sees code, not comments or strings', () => {
  assert.equal(codeOnly('let a = 1; // std::time\n/* Game */ let s = "Position";').includes('std::time'), false);
  assert.equal(codeOnly('use std::time::Instant;').includes('std::time'), true);
});

// ----- the repository stands alone ------------------------------------------------------------------------

/** The section numbers (`6.3`, `6.3.4`, …) of the headings of docs/rules.md that start with `§`. */
export function rulesDocSections(doc) {
  const out = [];
  for (const line of doc.split('\n')) {
    const m = /^#+\s*§([0-9.]+)/.exec(line);
    if (m && m[1].replace(/\.$/, '')) out.push(m[1].replace(/\.$/, ''));
  }
  return out;
}

/** The sections cited as `docs/rules.md §X` in `text`, with any `§Y` joined to the first by a range or a list
 * (`§4–§7`, `§1.6, §1.8`, `§6.3 / §6.5`); `§6.6(4)` cites 6.6. The path alone (a link) cites nothing. */
export function rulesDocCitations(text) {
  const PATH = 'docs/rules.md';
  const out = [];
  let at = text.indexOf(PATH);
  while (at >= 0) {
    let rest = text.slice(at + PATH.length).replace(/^[\s`/!*\])]+/, '');
    while (rest.startsWith('§')) {
      const number = /^[0-9.]*/.exec(rest.slice(1))[0].replace(/\.+$/, '');
      assert.ok(number, `a "${PATH} §" citation without a section number: ${JSON.stringify(rest.slice(0, 40))}`);
      out.push(number);
      rest = rest.slice(1 + number.length).replace(/^[()0-9]*/, '').replace(/^[ ,–\-/]+/, '');
    }
    at = text.indexOf(PATH, at + PATH.length);
  }
  return out;
}

test('the citation parser', () => {
  const text = 'see docs/rules.md §5.4–§5.6, §7) and docs/rules.md §6.6(4)); docs/rules.md\n    /// §3.4).\n'
    + '[docs/rules.md](rules.md) §4–§7; follows docs/rules.md instead; docs/rules.md §6.3 condition 1';
  assert.deepEqual(rulesDocCitations(text), ['5.4', '5.6', '7', '6.6', '3.4', '6.3']);
  assert.deepEqual(rulesDocSections('# Title\n## §6 Classifying\n### §6.3 Chase (捉 zhuō)\n#### §6.3.4 Newness\ntext §9\n'),
    ['6', '6.3', '6.3.4']);
});

test('code, tests and docs point only into the repository, and every rules section cited exists', () => {
  const list = [
    ...files('crates'), ...files('src'), ...files('docs'), ...files('js'), ...files('www/src'), ...files('scripts'),
    ...files('fuzz', (p) => !p.startsWith('fuzz/seeds') && !p.startsWith('fuzz/corpus') && !p.startsWith('fuzz/artifacts')),
    ...files('tests', (p) => !p.startsWith('tests/data/') || p.endsWith('.md')),
    'README.md',
  ].filter((p) => !/\.(png|ico|webp|wasm)$/.test(p) && p !== 'tests/repo/house.test.mjs');
  const banned = [['RULES', '.md'].join(''), ['..', '/shared'].join(''), ['rulings', '.md'].join('')];
  const sections = rulesDocSections(read('docs/rules.md'));
  for (let top = 0; top <= 11; top++) assert.ok(sections.includes(String(top)), `docs/rules.md has no "§${top}" heading`);
  let cited = 0;
  for (const f of list) {
    const text = read(f);
    for (const b of banned) assert.ok(!text.includes(b), `${f} mentions ${b}`);
    // The folder of original rule texts beside the internal spec; fuzz/seeds/ is this repository's own (and
    // the fuzz crate's files call it seeds/).
    for (const m of f.startsWith('fuzz/') ? [] : text.matchAll(/seeds\//g)) {
      assert.ok(text.slice(0, m.index).endsWith('fuzz/'), `${f} mentions seeds/ outside fuzz/`);
    }
    for (const n of rulesDocCitations(text)) {
      assert.ok(sections.includes(n), `${f} cites docs/rules.md §${n}, which is not a heading of docs/rules.md`);
      cited++;
    }
  }
  assert.ok(cited > 50, `only ${cited} citations of docs/rules.md found`);
});

test('every "house rule N" cited is a rule of docs/architecture.md', () => {
  const arch = read('docs/architecture.md');
  const rules = [...arch.matchAll(/^(\d+)\. \*\*/gm)].map((m) => m[1]);
  assert.ok(rules.length >= 10, `docs/architecture.md lists ${rules.length} house rules`);
  for (const f of [...files('crates', rust), ...files('src'), ...files('js'), ...files('docs'), 'README.md']) {
    for (const m of read(f).matchAll(/house rules? (\d+)/gi)) {
      assert.ok(rules.includes(m[1]), `${f} cites house rule ${m[1]}, which docs/architecture.md does not have`);
    }
  }
});

// ----- the floor plan stays true -------------------------------------------------------------------------

test('docs/architecture.md names every crate and every file of the package, the worker and the app', () => {
  const arch = read('docs/architecture.md');
  for (const p of metadata.packages) {
    const dir = relative(root, dirname(p.manifest_path)) || '.';
    assert.ok(arch.includes(`\`${p.name}\``), `docs/architecture.md does not name the crate ${p.name}`);
    if (dir !== '.') assert.ok(arch.includes(`${dir}/`), `docs/architecture.md does not say where ${p.name} lives (${dir}/)`);
  }
  const jsFiles = [...files('js'), ...files('www/src'), ...files('www', (p) => /^www\/[^/]+\.(html|js)$/.test(p))]
    .filter((p) => /\.(js|mjs|ts|html)$/.test(p));
  assert.ok(jsFiles.length > 15, jsFiles.join());
  for (const f of jsFiles) assert.ok(arch.includes(f), `docs/architecture.md does not list ${f}`);
  // And lists nothing that is gone.
  for (const m of arch.matchAll(/`((?:js|www|crates|src|scripts|tests|fuzz)\/[\w./-]+\.(?:rs|js|mjs|ts|html|toml))`/g)) {
    assert.ok(existsSync(join(root, m[1])), `docs/architecture.md lists ${m[1]}, which does not exist`);
  }
});

/** The paths under scripts/ named in `text` (`scripts/bench/bench.mjs`, not `www/scripts/x.js`). */
export function scriptPaths(text) {
  return [...text.matchAll(/(?<![\w./-])scripts\/[\w./-]*[\w-]\.(?:mjs|cjs|js|sh|py)\b/g)].map((m) => m[0]);
}

test('the scripts/ path finder', () => {
  assert.deepEqual(scriptPaths('`node scripts/bench/bench.mjs --runs 3`, scripts/size.mjs. www/scripts/x.js, '
    + "join(root, 'scripts', 'test.mjs'), (scripts/setup.sh) scripts/bench/"), ['scripts/bench/bench.mjs',
    'scripts/size.mjs', 'scripts/setup.sh']);
});

test('docs/js-dev.md lists every script with what it is for', () => {
  const doc = read('docs/js-dev.md');
  const scripts = files('scripts');
  // The walk goes into the folders of scripts/ (the measurements are in scripts/bench/): those are listed too.
  assert.ok(scripts.some((f) => f.startsWith('scripts/bench/')), scripts.join());
  for (const f of scripts) assert.ok(doc.includes(`\`${f}\``), `docs/js-dev.md does not list ${f}`);
});

// And the other way: a script moved or deleted leaves no npm script, doc, usage line or comment naming it (the
// list of docs/js-dev.md included).
test('every scripts/ path named in the repository exists', () => {
  const list = [
    'README.md', 'package.json', 'Cargo.toml', '.ci/run', ...files('docs'), ...files('scripts'), ...files('js'),
    ...files('www', (p) => !p.startsWith('www/dist/')), ...files('src'), ...files('crates'),
    ...files('fuzz', (p) => /^fuzz\/(src|fuzz_targets)\//.test(p) || /^fuzz\/[^/]+$/.test(p)),
    ...files('tests', (p) => !p.startsWith('tests/data/') || p.endsWith('.md')),
  ].filter((p) => !/\.(png|ico|webp|wasm)$/.test(p));
  let named = 0;
  for (const f of list) {
    for (const path of scriptPaths(read(f))) {
      assert.ok(existsSync(join(root, path)), `${f} names ${path}, which does not exist`);
      named++;
    }
  }
  assert.ok(named > 50, `only ${named} scripts/ paths found`);
});
