// The examples of docs/board.md run in Chromium against the built package (pkg/, served at /pkg/), each in a page with an
// empty <div id="board">, and every `expression; // value` line whose comment is a plain JS value is checked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { readFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { servePackage, launch } from '../support/browser.mjs';

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
