// The modules inside each crate (docs/architecture.md): what the compiler allows but the house does not. A crate's
// modules must depend one way — no module reaches, directly or through others, back to itself — and the source
// tree must be the module tree (no `#[path]`). `unreachable!()` is kept for what truly cannot happen: at most
// MAX_UNREACHABLE in all the crates' Rust files (tests included), each with a comment on its line or the line
// above saying why.
//
// The module graph is built from the sources, one node per file (a file's inline modules, its tests included,
// are part of its node). A module refers to another by a path (`crate::a::b`, `super::b`, `self::b`, a child
// module's name, or a name brought in by `use`), in a `use` or in code. A path to a name that a module
// re-exports (`pub use`) leads on to the module that defines it; the re-export itself is a reference only when
// the re-exporting module's own code uses the name (a parent naming its children's items for the modules above
// does not depend on them). Declaring a module (`mod x;`) is no reference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeOnly } from './rust-source.mjs';
import { stronglyConnected } from '../support/graph.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** At most this many `unreachable!(` in the crates' code. */
export const MAX_UNREACHABLE = 8;

/** Every `.rs` file under `dir` (absolute), recursively. */
function rustFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.rs')) out.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/** The crates' source trees: each crate root (relative to the repository) with the folder its modules live in. */
export function crateRoots() {
  const roots = [];
  const add = (file) => roots.push({ root: file, dir: dirname(file) });
  for (const dir of ['src', 'crates/rules/src', 'crates/search/src', 'crates/view/src', 'crates/cli/src', 'fuzz/src']) {
    for (const name of ['lib.rs', 'main.rs']) if (existsSync(join(root, dir, name))) add(`${dir}/${name}`);
  }
  // Each libFuzzer target is a crate of one file.
  for (const f of rustFiles(join(root, 'fuzz/fuzz_targets'))) add(relative(root, f));
  return roots;
}

/** The module path (`['a', 'b']` for `a/b.rs` or `a/b/mod.rs`; `[]` for the root) of `file` in a crate whose
 * root is `rootFile`. */
function modulePath(file, rootFile) {
  if (file === rootFile) return [];
  const rel = relative(dirname(rootFile), file).replace(/\.rs$/, '').split('/');
  if (rel[rel.length - 1] === 'mod') rel.pop();
  return rel;
}

/** The leaves of a `use` tree (`a::{b, c::{self, d as e}}`): `{ path: ['a', 'b'], name: 'b' }`, … */
export function useLeaves(tree) {
  const out = [];
  const parse = (s, prefix) => {
    s = s.trim();
    if (!s) return;
    const brace = s.indexOf('{');
    if (brace < 0) {
      const [p, alias] = s.split(/\s+as\s+/);
      const segs = p.split('::').map((x) => x.trim()).filter(Boolean);
      let path = [...prefix, ...segs];
      if (segs.length === 1 && segs[0] === 'self') path = prefix;
      out.push({ path, name: alias ? alias.trim() : path[path.length - 1] });
      return;
    }
    const head = s.slice(0, brace).replace(/::\s*$/, '').split('::').map((x) => x.trim()).filter(Boolean);
    const inner = s.slice(brace + 1, s.lastIndexOf('}'));
    let depth = 0;
    let start = 0;
    for (let i = 0; i <= inner.length; i++) {
      const c = inner[i];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if ((c === ',' && depth === 0) || i === inner.length) {
        parse(inner.slice(start, i), [...prefix, ...head]);
        start = i + 1;
      }
    }
  };
  parse(tree, []);
  return out;
}

/**
 * The module graph of one crate from its files' text: `files` maps a module path joined by `::` (`''` for the
 * root) to the file's text. Returns a map from each module to the set of modules it refers to.
 */
export function moduleGraph(files) {
  const modules = new Set(Object.keys(files));
  const code = Object.fromEntries(Object.entries(files).map(([m, t]) => [m, codeOnly(t)
    .replace(/'(?:[^'\\\n]|\\.[^'\n]*)'/g, "' '")]));
  const split = (m) => (m === '' ? [] : m.split('::'));
  // The names each module re-exports: name -> absolute path.
  const reexports = {};
  // The names each module brings in by `use` (re-exports included): name -> absolute path, and the references.
  const uses = {};
  /** `path` (segments as written) from module `m` (its inline-module path `inner` below the file) made absolute,
   * or null for another crate's path. */
  const absolute = (m, inner, path) => {
    let base = [...split(m), ...inner];
    let i = 0;
    if (path[0] === 'crate') return path.slice(1);
    if (path[0] === 'self') return [...base, ...path.slice(1)];
    if (path[0] === 'super') {
      while (path[i] === 'super') { base = base.slice(0, -1); i++; }
      return [...base, ...path.slice(i)];
    }
    const child = [...split(m), path[0]].join('::');
    if (modules.has(child)) return [...split(m), ...path];
    const local = uses[m]?.get(path[0]);
    if (local) return [...local, ...path.slice(1)];
    return null;
  };
  /** The module (file) a path leads to: the longest module prefix, then on through that module's re-exports. */
  const resolve = (path, seen = 0) => {
    for (let n = path.length; n >= 0; n--) {
      const m = path.slice(0, n).join('::');
      if (!modules.has(m)) continue;
      const next = path[n];
      const target = next !== undefined && reexports[m]?.get(next);
      if (target && seen < 16) return resolve([...target, ...path.slice(n + 1)], seen + 1);
      return m;
    }
    return null;
  };
  const useRe = /\b(pub(?:\s*\([^)]*\))?\s+)?use\s+([^;]+);/g;
  // Inline modules: the path of `mod x {` blocks around an offset.
  const innerAt = (text) => {
    const marks = [];
    const stack = [];
    let depth = 0;
    const re = /\bmod\s+(\w+)\s*\{|[{}]/g;
    let mm;
    while ((mm = re.exec(text))) {
      if (mm[1]) { stack.push({ name: mm[1], depth }); depth++; marks.push([mm.index, stack.map((s) => s.name)]); }
      else if (mm[0] === '{') depth++;
      else {
        depth--;
        if (stack.length && stack[stack.length - 1].depth === depth) {
          stack.pop();
          marks.push([mm.index, stack.map((s) => s.name)]);
        }
      }
    }
    return (at) => {
      let cur = [];
      for (const [i, p] of marks) { if (i > at) break; cur = p; }
      return cur;
    };
  };
  const inners = Object.fromEntries(Object.keys(code).map((m) => [m, innerAt(code[m])]));
  // Two passes: the `use` names of every module first (re-exports are followed when resolving).
  for (const m of modules) {
    reexports[m] = new Map();
    uses[m] = new Map();
  }
  for (let pass = 0; pass < 2; pass++) {
    for (const m of modules) {
      for (const u of code[m].matchAll(useRe)) {
        for (const leaf of useLeaves(u[2])) {
          if (leaf.path.length === 0 || leaf.name === '*') continue;
          const abs = absolute(m, inners[m](u.index), leaf.path);
          if (!abs) continue;
          uses[m].set(leaf.name, abs);
          if (u[1]) reexports[m].set(leaf.name, abs);
        }
      }
    }
  }
  const graph = new Map([...modules].map((m) => [m, new Set()]));
  const refer = (m, abs) => {
    if (!abs) return;
    const target = resolve(abs);
    if (target !== null && target !== m) graph.get(m).add(target);
  };
  for (const m of modules) {
    const text = code[m];
    const body = text.replace(useRe, (s) => ' '.repeat(s.length)).replace(/\bmod\s+\w+\s*;/g, (s) => ' '.repeat(s.length));
    for (const u of text.matchAll(useRe)) {
      for (const leaf of useLeaves(u[2])) {
        // A re-export only names an item for the modules above; it is a reference when the module's own code
        // uses the name.
        if (u[1] && leaf.name !== '*' && !new RegExp(`\\b${leaf.name}\\b`).test(body)) continue;
        const path = leaf.name === '*' ? leaf.path.slice(0, -1) : leaf.path;
        if (path.length) refer(m, absolute(m, inners[m](u.index), path));
      }
    }
    // Paths in code (not in `use`): `a::b::c`, `super::x`, …
    for (const p of body.matchAll(/(?<![\w:])([A-Za-z_]\w*(?:\s*::\s*[A-Za-z_]\w*)+)/g)) {
      const segs = p[1].split('::').map((s) => s.trim());
      if (segs[0] === 'Self') continue;
      refer(m, absolute(m, inners[m](p.index), segs));
    }
  }
  return graph;
}

/** The cycles of a graph (Map node -> Set of nodes): each strongly connected component of more than one node,
 * as a sorted list. */
export function cycles(graph) {
  return stronglyConnected(graph, [...graph.keys()].sort()).filter((c) => c.length > 1).map((c) => c.sort()).sort();
}

/** One crate's files as `moduleGraph` takes them. */
export function crateFiles({ root: rootFile, dir }) {
  const files = {};
  const list = rootFile.startsWith('fuzz/fuzz_targets/') ? [join(root, rootFile)] : rustFiles(join(root, dir));
  for (const f of list) {
    const m = modulePath(relative(root, f), rootFile);
    if (rootFile.endsWith('main.rs') && relative(root, f).endsWith('lib.rs')) continue;
    files[m.join('::')] = readFileSync(f, 'utf8');
  }
  return files;
}

/** The `#[path` attributes and the `unreachable!(` of a file's text, the latter without a comment saying why
 * on its line or the line above. */
export function unreachableAndPaths(text) {
  const lines = text.split('\n');
  const unreachable = [];
  const bare = [];
  const paths = [];
  lines.forEach((line, i) => {
    const code = codeOnly(line);
    if (/#\s*\[\s*path\b/.test(code)) paths.push(i + 1);
    if (/\bunreachable!\s*\(/.test(code)) {
      unreachable.push(i + 1);
      const why = /\/\/\s*\S/.test(line) || (i > 0 && /^\s*\/\/\s*\S/.test(lines[i - 1]));
      if (!why) bare.push(i + 1);
    }
  });
  return { unreachable, bare, paths };
}

test('the cycle finder finds a cycle and only cycles', () => {
  const g = moduleGraph({
    '': 'mod a; mod b; mod c; pub use a::A;',
    a: 'use crate::b::B; pub struct A;',
    b: 'pub struct B; fn f() { super::c::g(); }',
    c: 'pub fn g() { let _ = crate::A; }',
  });
  assert.deepEqual([...g.get('a')], ['b']);
  assert.deepEqual([...g.get('b')], ['c']);
  assert.deepEqual([...g.get('c')], ['a'], 'a name the root re-exports leads to its module');
  assert.deepEqual([...g.get('')], [], 'a re-export its module does not use is no reference');
  assert.deepEqual(cycles(g), [['a', 'b', 'c']]);
  const fixed = moduleGraph({
    '': 'mod a; mod b; mod c;',
    a: 'use crate::b::B; pub struct A;',
    b: 'pub struct B; fn f() { super::c::g(); }',
    c: 'pub fn g() {}\n#[cfg(test)]\nmod tests { use super::*; }',
  });
  assert.deepEqual(cycles(fixed), []);
  // Submodules of a module, re-exports of a module that is not the root, and a test module's `super`.
  const nested = moduleGraph({
    '': 'mod n;',
    n: 'mod x; mod y; pub use x::X; pub struct Shared; fn f(_: X) {}',
    'n::x': 'pub struct X; fn f() -> super::Shared { todo!() }',
    'n::y': 'use super::X;\n#[cfg(test)]\nmod tests { use super::super::y; }',
  });
  assert.deepEqual([...nested.get('n::y')], ['n::x'], 'through the re-export to the module that defines it');
  assert.deepEqual(cycles(nested), [['n', 'n::x']]);
  assert.deepEqual(useLeaves('crate::{a::{self, B as C}, d}'), [
    { path: ['crate', 'a'], name: 'a' }, { path: ['crate', 'a', 'B'], name: 'C' }, { path: ['crate', 'd'], name: 'd' }]);
});

test('the unreachable and #[path] finder', () => {
  const r = unreachableAndPaths('#[path = "w.rs"]\nmod w;\n// Never: checked above.\nunreachable!()\n'
    + 'x => unreachable!("no"),\ny => unreachable!(), // the match above took it\n');
  assert.deepEqual(r.paths, [1]);
  assert.deepEqual(r.unreachable, [4, 5, 6]);
  assert.deepEqual(r.bare, [5]);
});

test('no module cycle inside any crate', () => {
  const roots = crateRoots();
  assert.ok(roots.length >= 7, roots.map((r) => r.root).join());
  const found = [];
  let modules = 0;
  for (const r of roots) {
    const g = moduleGraph(crateFiles(r));
    modules += g.size;
    for (const c of cycles(g)) found.push(`${r.root}: ${c.map((m) => m || '(root)').join(' <-> ')}`);
  }
  assert.ok(modules > 80, `only ${modules} modules read`);
  assert.deepEqual(found, [], `module cycles:\n${found.join('\n')}`);
});

test(`no #[path], and at most ${MAX_UNREACHABLE} unreachable!() in the crates, each saying why`, () => {
  // Every Rust file of the crates, their tests, benchmarks and examples included.
  const dirs = ['src', 'crates', 'fuzz/src', 'fuzz/fuzz_targets', 'fuzz/tests'];
  const all = [];
  const bare = [];
  const paths = [];
  let read = 0;
  for (const d of dirs) {
    for (const f of rustFiles(join(root, d))) {
      const rel = relative(root, f);
      const r = unreachableAndPaths(readFileSync(f, 'utf8'));
      read++;
      all.push(...r.unreachable.map((l) => `${rel}:${l}`));
      bare.push(...r.bare.map((l) => `${rel}:${l}`));
      paths.push(...r.paths.map((l) => `${rel}:${l}`));
    }
  }
  assert.ok(read > 100, `only ${read} Rust files read`);
  assert.deepEqual(paths, [], 'a #[path] attribute: the module tree must be the source tree');
  assert.deepEqual(bare, [], 'unreachable!() without a comment on its line or the line above saying why');
  assert.ok(all.length <= MAX_UNREACHABLE, `${all.length} unreachable!() (at most ${MAX_UNREACHABLE}):\n${all.join('\n')}`);
});
