// The examples of docs/board.md run in Chromium against the built package (pkg/, served at /pkg/), each in a page with an
// empty <div id="board">, and every `expression; // value` line whose comment is a plain JS value is checked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { readFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importGraph, servePackage, launch } from '../support/browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const doc = readFileSync(join(root, 'docs', 'board.md'), 'utf8');
const blocks = [...doc.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
// The README's board examples run here too (tests/js/docs.test.mjs runs its other examples in Node).
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const readmeBlocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1])
  .filter((b) => /from "xiangqi-wasm\/(board|worker)"/.test(b));
let server;
let browser;
before(async () => {
  server = await servePackage(root);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

function withChecks(code) {
  let checks = 0;
  const out = code.split('\n').map((line) => {
    const m = /^(\s*)([^/]*?);\s*\/\/\s*(.+?)\s*$/.exec(line);
    if (!m || /^\s*(import|const|let|var|await|try|if|\})/.test(m[2])) return line;
    try {
      new Function(`return (${m[3]});`); // eslint-disable-line no-new-func
    } catch {
      return line;
    }
    checks++;
    return `${m[1]}__check(${m[2]}, ${m[3]}, ${JSON.stringify(m[2])});`;
  });
  return { code: out.join('\n'), checks };
}

test('docs/board.md has runnable examples', () => assert.ok(blocks.length >= 5, `${blocks.length} blocks`));

test('the README has a board example', () => assert.ok(readmeBlocks.length >= 1));

for (const [i, [name, block]] of [...blocks.map((b, j) => [`docs/board.md example ${j + 1}`, b]),
  ...readmeBlocks.map((b, j) => [`README.md board example ${j + 1}`, b])].entries()) {
  test(name, async () => {
    const { code: body, checks } = withChecks(block);
    // imports go first, outside the try (a module's imports are top level)
    const imports = body.split('\n').filter((l) => /^import /.test(l)).join('\n');
    const code = body.split('\n').filter((l) => !/^import /.test(l)).join('\n');
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const url = `${server.url}doc-example-${i}.html`;
    await page.route(url, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html><html><head>
<meta charset="utf-8"><link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "xiangqi-wasm": "/pkg/xiangqi_wasm.js", "xiangqi-wasm/board": "/pkg/board.js",
  "xiangqi-wasm/worker": "/pkg/engine-client.js" } }</script></head>
<body><div id="board" style="width: 360px"></div>
<script>
window.__failures = [];
window.__checked = 0;
window.__check = (actual, expected, text) => {
  window.__checked++;
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    window.__failures.push(text + ' = ' + JSON.stringify(actual) + ', expected ' + JSON.stringify(expected));
  }
};
</script>
<script type="module">
${imports}
try {
${code}
  window.__done = 'ok';
} catch (e) { window.__done = String(e && e.stack || e); }
</script></body></html>` }));
    try {
      await page.goto(url);
      await page.waitForFunction(() => window.__done, null, { timeout: 30000 }).catch(() => {});
      const r = await page.evaluate(() => ({ done: window.__done, failures: window.__failures, checked: window.__checked }));
      assert.equal(r.done, 'ok', `${r.done}\n${errors.join('\n')}`);
      assert.deepEqual(r.failures, []);
      assert.equal(r.checked, checks);
      assert.deepEqual(errors, []);
    } catch (e) {
      mkdirSync(join(root, 'test-results', 'board'), { recursive: true });
      await page.screenshot({ path: join(root, 'test-results', 'board', `doc-example-${i + 1}.png`) }).catch(() => {});
      throw e;
    } finally {
      await page.close();
    }
  });
}

// The "Loading it fast" snippet: its preloads are every module board.js loads and the wasm, with the version the
// package has; served from /pkg/, the page paints its board and fetches each file once (a preload that did not match
// the request made later would show as a second fetch).
const fast = [...doc.matchAll(/```html\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes('rel="modulepreload"'));

test('docs/board.md: the fast-loading snippet preloads what board.js loads', async () => {
  assert.ok(fast, 'no snippet with modulepreload in docs/board.md');
  const version = JSON.parse(readFileSync(join(root, 'pkg', 'package.json'), 'utf8')).version;
  const prefix = `https://unpkg.com/xiangqi-wasm@${version}/`;
  const urls = [...fast.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(urls.every((u) => u.startsWith(prefix)), `every URL pinned to ${prefix}: ${urls.join(' ')}`);
  const preloaded = [...fast.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1].slice(prefix.length));
  const graph = importGraph(join(root, 'pkg'), 'board.js').filter((f) => f !== 'board.js');
  assert.deepEqual([...preloaded].sort(), [...graph].sort());
  assert.match(fast, new RegExp(`rel="preload" href="${prefix}xiangqi_view_bg\\.wasm" as="fetch" type="application/wasm" crossorigin`));

  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') errors.push(m.text()); });
  const url = `${server.url}doc-fast.html`;
  const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
${fast.replaceAll(prefix, '/pkg/')}
</head><body></body></html>`;
  await page.route(url, (r) => r.fulfill({ contentType: 'text/html', body: html }));
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.querySelector('xiangqi-board')?.board, null, { timeout: 30000 });
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()));
    for (const f of [...graph, 'board.js', 'xiangqi_view_bg.wasm']) {
      assert.equal(fetched.filter((n) => n === f).length, 1, `${f} fetched once: ${fetched.join(' ')}`);
    }
    assert.deepEqual(fetched.filter((n) => n.startsWith('xiangqi_wasm')), [], 'nothing of the full build');
    assert.deepEqual(errors, []);
  } catch (e) {
    mkdirSync(join(root, 'test-results', 'board'), { recursive: true });
    await page.screenshot({ path: join(root, 'test-results', 'board', 'doc-fast.png') }).catch(() => {});
    throw e;
  } finally {
    await page.close();
  }
});
