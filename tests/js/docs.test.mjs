// The examples of docs/js-api.md (the README's API section) and the other docs run against the built package, and every
// `expression; // value` line whose comment is a plain JS value is checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../support/data.mjs';

const doc = readFileSync(join(root, 'docs', 'js-api.md'), 'utf8');
// The JS examples of the other docs run too (docs/search.md's wasm Engine section, ...).
const otherDocs = [join('docs', 'search.md'), join('docs', 'adjudication.md'), join('docs', 'notation.md'), join('docs', 'editing.md'), join('docs', 'openings.md'), 'README.md']
  .map((f) => readFileSync(join(root, f), 'utf8'));
// Examples of the board and the worker need a browser: tests/e2e/board-docs.test.mjs runs those in Chromium. The
// files of the consumer projects (a block whose first line is `// tests/consumers/...`) are built and run by
// tests/package/consumers.test.mjs; the last test below checks that the docs show them as they are.
const browserOnly = (block) => /from "xiangqi-wasm\/(board|worker)"/.test(block) || block.startsWith('// tests/consumers/');
const blocks = [doc, ...otherDocs].flatMap((d) => [...d.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]))
  .filter((b) => !browserOnly(b));

/** Rewrites `expr; // value` into an assertion when `value` is a JS literal (no "..."). */
function withAssertions(code) {
  let checks = 0;
  const out = code.split('\n').map((line) => {
    const m = /^(\s*)([^/]*?);\s*\/\/\s*(.+?)\s*$/.exec(line);
    if (!m || /^\s*(import|const|let|var|await|try|if|\})/.test(m[2]) || /\.\.\.|…/.test(m[3])) return line;
    try {
      new Function(`return (${m[3]});`); // eslint-disable-line no-new-func
    } catch {
      return line;
    }
    checks++;
    return `${m[1]}__assert.deepStrictEqual(${m[2]}, ${m[3]}, ${JSON.stringify(m[2])});`;
  });
  return { code: out.join('\n'), checks };
}

/** The `@example` blocks of the TypeScript declarations, each as JS source (imports added where missing). */
function dtsExamples() {
  const dts = readFileSync(join(root, 'src', 'types.d.ts'), 'utf8');
  const out = [];
  for (const comment of dts.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const lines = comment[1].split('\n').map((l) => l.replace(/^\s*\* ?/, ''));
    const i = lines.findIndex((l) => l.startsWith('@example'));
    if (i < 0) continue;
    const body = [];
    for (const l of lines.slice(i + 1)) {
      if (l.startsWith('@')) break;
      body.push(l);
    }
    const code = body.join('\n');
    out.push(/^import /m.test(code) ? code
      : `import { Game, Engine, Clock, MateProver, parsePgn, readRecord, readRecords, RecordReader, startFen, validateFen, perft, isXiangqiError } from "xiangqi-wasm";\n${code}`);
  }
  return out;
}

test('docs/js-api.md has examples', () => {
  assert.ok(blocks.length >= 6, `${blocks.length} js blocks`);
});

test('d.ts: every export has an @example', () => {
  const dts = readFileSync(join(root, 'src', 'types.d.ts'), 'utf8');
  const exportsWithoutExample = [];
  const re = /(\/\*\*[\s\S]*?\*\/)\s*export (?:function|class) (\w+)/g;
  for (const m of dts.matchAll(re)) if (!m[1].includes('@example')) exportsWithoutExample.push(m[2]);
  assert.deepEqual(exportsWithoutExample, []);
  assert.ok(dtsExamples().length >= 20, `${dtsExamples().length} examples`);
});

test('every js example of docs/js-api.md and of the d.ts runs, and its commented values hold', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xiangqi-docs-'));
  let total = 0;
  try {
    [...blocks, ...dtsExamples()].forEach((block, i) => {
      const cjs = /\brequire\(/.test(block);
      const entry = join(root, 'pkg', cjs ? 'node.cjs' : 'node.mjs');
      const rules = join(root, 'pkg', cjs ? 'rules-node.cjs' : 'rules-node.mjs');
      const { code, checks } = withAssertions(block.replaceAll('"xiangqi-wasm"', JSON.stringify(entry))
        .replaceAll('"xiangqi-wasm/rules"', JSON.stringify(rules))
        .replaceAll('"xiangqi-wasm/worker-rpc"', JSON.stringify(join(root, 'pkg', 'worker-rpc.js')))
        .replaceAll('"xiangqi-wasm/openings"', JSON.stringify(join(root, 'pkg', 'openings.js')))
        .replaceAll('"xiangqi-wasm/openings-data.json"', JSON.stringify(join(root, 'pkg', 'openings-data.json'))));
      total += checks;
      const header = cjs ? "const __assert = require('node:assert/strict');\n"
        : "import __assert from 'node:assert/strict';\n";
      const file = join(dir, `example${i}.${cjs ? 'cjs' : 'mjs'}`);
      writeFileSync(file, header + code);
      try {
        execFileSync(process.execPath, [file], { encoding: 'utf8', stdio: 'pipe' });
      } catch (e) {
        assert.fail(`example ${i} failed:\n${block}\n${e.stderr}`);
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.ok(total >= 40, `only ${total} checked values`);
});

test('the docs show the consumer projects\' files as they are (tests/package/consumers.test.mjs builds and runs them)', () => {
  const docs = ['js-api.md', 'board.md', 'lesson.md', 'frameworks.md'].map((f) => readFileSync(join(root, 'docs', f), 'utf8')).join('\n');
  const shown = [...docs.matchAll(/```\w+\n(?:\/\/|<!--) (tests\/consumers\/[^\s]+?)(?: -->)?\n([\s\S]*?)```/g)];
  assert.ok(shown.length >= 8, `${shown.length} consumer files shown`);
  for (const [, file, body] of shown) {
    assert.equal(body.trim(), readFileSync(join(root, file), 'utf8').trim(), `${file} as docs/js-api.md shows it`);
  }
});
