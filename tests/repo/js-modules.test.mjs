// The JavaScript modules' own floor plan (docs/architecture.md, "The JavaScript side"): the modules of the app
// (www/src/**/*.js) and of the package (js/*.js) import one another one way, never in a circle, and the app's views
// keep no memory of their own (no module-level variable).
//
// A cycle makes the order in which modules are evaluated depend on which one is imported first (a binding read
// before its module ran is a ReferenceError), and it is the sign of two modules that are one. Static imports,
// re-exports and dynamic `import('…')` with a literal specifier count; a worker started with `new Worker(new URL(…))`
// is another realm, not an import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, dirname, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stronglyConnected } from '../support/graph.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The `.js` files under `dir` (relative to the repo, `/`-separated); recursively unless `deep` is false. */
function jsFiles(dir, deep = true) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(join(root, d))) {
      const p = `${d}/${name}`;
      if (statSync(join(root, p)).isDirectory()) {
        if (deep) walk(p);
      } else if (p.endsWith('.js')) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

// ----- the scanner ---------------------------------------------------------------------------------------

const KEYWORDS_BEFORE_EXPRESSION = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void',
  'throw', 'case', 'do', 'else', 'yield', 'await']);

/**
 * The tokens of JavaScript `text` that matter for imports: names (`{ t: 'name', v }`), string literals
 * (`{ t: 'str', v }`, the text between the quotes) and punctuation (`{ t: 'punct', v }`, one character).
 * Comments, template literals' text and regular expression literals are skipped; the code inside a template's
 * `${…}` is scanned.
 */
export function tokens(text) {
  const out = [];
  const templates = []; // the brace depth at which each open template's `${` started
  let depth = 0;
  let i = 0;
  const last = () => out[out.length - 1];
  /** Whether a `/` here starts a regular expression (else it divides). */
  const regexAllowed = () => {
    const p = last();
    if (!p) return true;
    if (p.t === 'str' || p.t === 'num') return false;
    if (p.t === 'name') return KEYWORDS_BEFORE_EXPRESSION.has(p.v);
    return !')]}'.includes(p.v);
  };
  /** Skips a template literal's text from `i` (after the backquote or the `}` of a `${…}`). */
  const templateText = () => {
    while (i < text.length) {
      const c = text[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        out.push({ t: 'str', v: null }); // a template: a value, never an import specifier
        return;
      } else if (c === '$' && text[i + 1] === '{') {
        i += 2;
        templates.push(depth);
        depth++;
        out.push({ t: 'punct', v: '(' }); // what follows is an expression
        return;
      } else i++;
    }
  };
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (/\s/.test(c)) i++;
    else if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      let v = '';
      while (j < text.length && text[j] !== c && text[j] !== '\n') {
        if (text[j] === '\\') {
          v += text[j + 1];
          j += 2;
        } else v += text[j++];
      }
      out.push({ t: 'str', v });
      i = j + 1;
    } else if (c === '`') {
      i++;
      templateText();
    } else if (c === '/' && regexAllowed()) {
      let j = i + 1;
      let inClass = false;
      while (j < text.length && text[j] !== '\n') {
        const d = text[j];
        if (d === '\\') j++;
        else if (d === '[') inClass = true;
        else if (d === ']') inClass = false;
        else if (d === '/' && !inClass) break;
        j++;
      }
      j++;
      while (/[a-z]/i.test(text[j] ?? '')) j++; // flags
      out.push({ t: 'num', v: 'regex' });
      i = j;
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[\w$]+/.exec(text.slice(i, i + 200));
      out.push({ t: 'name', v: m[0] });
      i += m[0].length;
    } else if (/[0-9]/.test(c)) {
      const m = /^[\w.]+/.exec(text.slice(i, i + 200));
      out.push({ t: 'num', v: m[0] });
      i += m[0].length;
    } else if (c === '}' && templates.length && templates.at(-1) === depth - 1) {
      templates.pop();
      depth--;
      i++;
      templateText();
    } else {
      if (c === '{') depth++;
      if (c === '}') depth--;
      out.push({ t: 'punct', v: c });
      i++;
    }
  }
  return out;
}

/** The specifiers `text` imports: `import … from 'x'`, `import 'x'`, `export … from 'x'`, `import('x')`. */
export function importsOf(text) {
  const toks = tokens(text);
  const out = [];
  const isPunct = (k, v) => toks[k]?.t === 'punct' && toks[k].v === v;
  const isName = (k, v) => toks[k]?.t === 'name' && toks[k].v === v;
  /** From `k`, over an import or export clause (`{ a as b, c }`, `* as ns`, `d, { e }`), to `from 'x'`. */
  const clauseFrom = (k) => {
    while (k < toks.length) {
      const tk = toks[k];
      if (tk.t === 'name' && tk.v === 'from' && toks[k + 1]?.t === 'str') return toks[k + 1].v;
      if (tk.t === 'str' && isPunct(k - 1, '{')) { k++; continue; } // export { "a b" as c }
      if (tk.t === 'punct' && !'{},*'.includes(tk.v)) return null;
      if (tk.t !== 'punct' && tk.t !== 'name') return null;
      k++;
    }
    return null;
  };
  for (let k = 0; k < toks.length; k++) {
    if (isPunct(k - 1, '.')) continue; // a property named import or export
    if (isName(k, 'import')) {
      if (isPunct(k + 1, '(')) {
        if (toks[k + 2]?.t === 'str' && toks[k + 2].v !== null && (isPunct(k + 3, ')') || isPunct(k + 3, ','))) out.push(toks[k + 2].v);
      } else if (toks[k + 1]?.t === 'str' && toks[k + 1].v !== null) {
        out.push(toks[k + 1].v);
      } else if (!isPunct(k + 1, '.')) {
        const from = clauseFrom(k + 1);
        if (from !== null) out.push(from);
      }
    } else if (isName(k, 'export') && (isPunct(k + 1, '{') || isPunct(k + 1, '*'))) {
      const from = clauseFrom(k + 1);
      if (from !== null) out.push(from);
    }
  }
  return out;
}

/**
 * The import graph of `files` (repo-relative paths): each file's imports that are files of the set, in order.
 * Relative specifiers only (a bare one is a package); a Vite query (`?worker`, `?url`) is dropped.
 */
export function importGraph(files, read = (f) => readFileSync(join(root, f), 'utf8')) {
  const set = new Set(files);
  const graph = new Map();
  for (const f of files) {
    const edges = [];
    for (const spec of importsOf(read(f))) {
      if (!spec.startsWith('./') && !spec.startsWith('../')) continue;
      const target = posix.normalize(posix.join(posix.dirname(f), spec.replace(/[?#].*$/, '')));
      if (set.has(target) && !edges.includes(target)) edges.push(target);
    }
    graph.set(f, edges);
  }
  return graph;
}

/**
 * The cycles of `graph` (a Map of node → nodes it points to): one cycle for each group of nodes that reach one
 * another (a strongly connected component with more than one node, or a node importing itself), as the list of its
 * nodes with the first repeated at the end: `['a.js', 'b.js', 'a.js']`.
 */
export function findCycles(graph) {
  const components = stronglyConnected(graph);
  const cycles = [];
  for (const c of components) {
    const members = new Set(c);
    const start = [...c].sort()[0];
    if (c.length === 1 && !(graph.get(start) ?? []).includes(start)) continue;
    // A shortest way back to `start` inside the component (breadth first): the cycle shown.
    const before = new Map([[start, null]]);
    const queue = [start];
    let end = null;
    while (queue.length && end === null) {
      const v = queue.shift();
      for (const w of graph.get(v) ?? []) {
        if (w === start) { end = v; break; }
        if (members.has(w) && !before.has(w)) {
          before.set(w, v);
          queue.push(w);
        }
      }
    }
    const path = [];
    for (let v = end; v !== null; v = before.get(v)) path.unshift(v);
    cycles.push([...path, start]);
  }
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * The names `text` declares with `let` or `var` at the top level of the module (outside every block and function;
 * a loop's own `let` is the loop's). A `var` inside a top-level block is not seen.
 */
export function moduleVariables(text) {
  const toks = tokens(text);
  const out = [];
  let depth = 0;
  for (let k = 0; k < toks.length; k++) {
    const tk = toks[k];
    if (tk.t === 'punct' && tk.v === '{') depth++;
    else if (tk.t === 'punct' && tk.v === '}') depth--;
    else if (depth === 0 && tk.t === 'name' && (tk.v === 'let' || tk.v === 'var') && toks[k + 1]?.t === 'name'
      && !(toks[k - 1]?.t === 'punct' && '.('.includes(toks[k - 1].v))) { // not `obj.let`, not `for (let i …)`
      // `let a = 1, b;`: every name of the declaration (names after a comma at the declaration's own nesting).
      out.push(toks[k + 1].v);
      let nest = 0;
      for (let j = k + 2; j < toks.length; j++) {
        const u = toks[j];
        if (u.t === 'punct' && '([{'.includes(u.v)) nest++;
        else if (u.t === 'punct' && ')]}'.includes(u.v)) nest--;
        else if (nest === 0 && u.t === 'punct' && u.v === ';') break;
        else if (nest === 0 && u.t === 'punct' && u.v === ',' && toks[j + 1]?.t === 'name') out.push(toks[j + 1].v);
      }
    }
  }
  return out;
}

const describe = (cycles) => cycles.map((c) => `  ${c.join(' → ')}`).join('\n');

// ----- the finder finds what it should -----------------------------------------------------------------------

test('the scanner reads imports, re-exports and dynamic imports, not comments, strings or regexes', () => {
  const text = [
    "import a, { b as c } from './a.js';",
    "import * as ns from \"./b.js\";",
    "import './side-effect.css';",
    "import {",
    "  d,",
    "} from '../up/d.js';",
    "export { e } from './e.js';",
    "export * from './f.js';",
    "export * as g from './g.js';",
    "export const h = 1;",
    "const later = () => import('./lazy.js');",
    "const w = new Worker(new URL('./worker.js', import.meta.url));",
    "// import x from './commented.js';",
    "/* import('./commented-too.js') */",
    "/** @type {import('./jsdoc.js').T} */",
    "const s = \"import y from './in-string.js'\";",
    "const re = /import z from '.\\/in-regex.js'/;",
    "const tpl = `import('./in-template.js') ${import('./in-template-code.js')}`;",
    "const ratio = a / b / 2; import('./after-division.js');",
    "obj.import('./a-method.js');",
  ].join('\n');
  assert.deepEqual(importsOf(text), ['./a.js', './b.js', './side-effect.css', '../up/d.js', './e.js', './f.js',
    './g.js', './lazy.js', './in-template-code.js', './after-division.js']);
});

test('the cycle finder finds a synthetic cycle, and none where the arrows point one way', () => {
  const files = {
    'x/main.js': "import { store } from './store.js';\nimport './views/a.js';",
    'x/store.js': "import { modes } from './modes.js';\nexport const store = 1;",
    'x/modes.js': "import { store } from './store.js';\nimport { key } from './derive.js';\nexport const modes = 2;",
    'x/derive.js': 'export const key = 3;',
    'x/views/a.js': "import { key } from '../derive.js';\nconst b = () => import('./b.js');",
    'x/views/b.js': "import './a.js';",
    'x/self.js': "export * from './self.js';",
  };
  const graph = importGraph(Object.keys(files), (f) => files[f]);
  assert.deepEqual(graph.get('x/modes.js'), ['x/store.js', 'x/derive.js']);
  assert.deepEqual(findCycles(graph), [
    ['x/modes.js', 'x/store.js', 'x/modes.js'],
    ['x/self.js', 'x/self.js'],
    ['x/views/a.js', 'x/views/b.js', 'x/views/a.js'],
  ]);
  // Broken the way the app's store was: what both need in a module below both.
  files['x/modes.js'] = "import { key } from './derive.js';\nexport const modes = 2;";
  files['x/views/b.js'] = "import { key } from '../derive.js';";
  delete files['x/self.js'];
  assert.deepEqual(findCycles(importGraph(Object.keys(files), (f) => files[f])), []);
  // A longer circle is reported whole, from its first file.
  const ring = new Map([['c', ['a']], ['a', ['b']], ['b', ['c', 'd']], ['d', []]]);
  assert.deepEqual(findCycles(ring), [['a', 'b', 'c', 'a']]);
});

// ----- the repository ------------------------------------------------------------------------------------

test('the app (www/src) has no import cycle', () => {
  const files = jsFiles('www/src');
  const graph = importGraph(files);
  // The scanner saw the app's imports (a scanner that sees nothing finds no cycle).
  assert.ok(graph.get('www/src/main.js').includes('www/src/store.js'), String(graph.get('www/src/main.js')));
  assert.ok([...graph.values()].flat().length > 40, 'too few imports found in www/src');
  // Every relative import of a script names a file of the app.
  for (const f of files) {
    for (const spec of importsOf(readFileSync(join(root, f), 'utf8'))) {
      if (!/^\.\.?\//.test(spec) || !/\.js(?:[?#]|$)/.test(spec)) continue;
      const target = posix.normalize(posix.join(posix.dirname(f), spec.replace(/[?#].*$/, '')));
      assert.ok(existsSync(join(root, target)), `${f} imports ${spec}, which is not a file`);
    }
  }
  const cycles = findCycles(graph);
  assert.deepEqual(cycles, [], `import cycles in www/src:\n${describe(cycles)}`);
});

test("the package's modules (js/*.js) have no import cycle", () => {
  const graph = importGraph(jsFiles('js', false));
  assert.ok(graph.get('js/element-base.js').includes('js/board.js'), String(graph.get('js/element-base.js')));
  const cycles = findCycles(graph);
  assert.deepEqual(cycles, [], `import cycles in js/:\n${describe(cycles)}`);
});

test('the variable finder sees module-level let and var, not those in functions or blocks', () => {
  const text = [
    'let a = 1, b = [1, 2], c;',
    'var d;',
    'export let e = { f: 1, g: 2 };',
    'const h = 1;',
    'function i() { let j = 1; }',
    'if (h) { let k = 2; }',
    'const l = () => { let m; };',
    'const n = `${(() => { let o; })()}`;',
    '// let p;',
    "const q = 'let r';",
    'obj.let = 1;',
    'for (let s = 0; s < 1; s++);',
  ].join('\n');
  assert.deepEqual(moduleVariables(text), ['a', 'b', 'c', 'd', 'e']);
});

// What a view needs to know about its last render lives in the store or on the element it renders into (a
// `data-` attribute, a property), not in a module variable that outlives the element and that no test can reset.
test("the app's views keep no module-level variable", () => {
  const views = jsFiles('www/src/views');
  assert.ok(views.length > 10, views.join());
  for (const f of views) {
    const names = moduleVariables(readFileSync(join(root, f), 'utf8'));
    assert.deepEqual(names, [], `${f} keeps module-level state (${names.join(', ')}): keep it on the element it renders into, or in the store`);
  }
});

test("board.js warms the painter's own font stacks (src/board.rs FONT_PIECE and FONT_LABEL)", () => {
  const rust = readFileSync(join(root, 'src', 'board.rs'), 'utf8');
  const js = readFileSync(join(root, 'js', 'board.js'), 'utf8');
  for (const name of ['FONT_PIECE', 'FONT_LABEL']) {
    const r = rust.match(new RegExp(`const ${name}: &str =\\s*"((?:[^"\\\\]|\\\\.)*)";`));
    const j = js.match(new RegExp(`const ${name} = '([^']*)';`));
    assert.ok(r && j, `${name} in both files`);
    assert.equal(j[1], r[1].replaceAll('\\"', '"'), name);
  }
});
