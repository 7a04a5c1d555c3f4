// The app under a strict Content-Security-Policy, in Chromium: the built app (www/dist) served with
// `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'` (no inline script or style, no eval; the wasm may be
// compiled) loads, shows its board, and plays a move against the computer in the engine worker, with 0 violations
// — counted twice: `securitypolicyviolation` events in the page (collected from before its first script) and the
// reports Chromium POSTs to the policy's report-uri, which also covers the workers. A deliberate inline <style> at
// the end must give exactly one violation of each kind, so the counting itself is tested. Offline (from the
// service worker's cache) the page keeps the header and loads without violations. Also: scripts/serve.mjs
// (`npm start`) sends the same policy. Screenshots in test-results/csp/.
// XIANGQI_WWW=dir runs it on another copy of www/ (its dist/ is tested).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { launch, listen } from '../support/browser.mjs';
import { pieceAt, playAgainstComputer } from './pwa-app.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(process.env.XIANGQI_WWW ?? join(root, 'www'), 'dist');
const SHOTS = join(root, 'test-results', 'csp');
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
let browser;

before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), `${dist}/index.html missing: run node scripts/build.mjs`);
  mkdirSync(SHOTS, { recursive: true });
  console.log(`csp screenshots: ${SHOTS}`);
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Serves `dir` with `policy` (plus a report-uri) and collects the violation reports POSTed to it. */
async function serveWithPolicy(dir, policy) {
  const files = sirv(dir, { dev: true, setHeaders: (res) => {
    res.setHeader('Content-Security-Policy', `${policy}; report-uri /csp-report`);
  } });
  const reports = [];
  const server = await listen((req, res, notFound) => {
    if (req.method === 'POST' && req.url === '/csp-report') {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        try {
          reports.push(JSON.parse(body)['csp-report'] ?? JSON.parse(body));
        } catch {
          reports.push({ unparsed: body });
        }
        res.statusCode = 204;
        res.end();
      });
      return;
    }
    files(req, res, notFound);
  });
  return { ...server, reports };
}

test('the app loads and plays against the computer under the strict CSP with 0 violations', async () => {
  const server = await serveWithPolicy(dist, CSP);
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  try {
    await context.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
      }, true);
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) errors.push(`console: ${m.text()}`); });
    const response = await page.goto(server.url);
    assert.match(response.headers()['content-security-policy'], /^default-src 'self'; script-src 'self' 'wasm-unsafe-eval'/);
    try {
      await page.waitForFunction(() => document.body?.dataset.ready, null, { timeout: 30000 });
    } finally {
      await page.screenshot({ path: join(SHOTS, 'ready.png') }).catch(() => {});
    }
    assert.equal(await page.evaluate(() => document.body.dataset.ready), 'true');
    // The board's own styles (constructed stylesheets in its shadow root) are applied: its wrapper is laid out.
    const box = await page.evaluate(() => {
      const r = document.getElementById('board').getBoundingClientRect();
      return { w: Math.round(r.width), h: Math.round(r.height) };
    });
    assert.ok(box.w > 200 && box.h > 200, `board box ${JSON.stringify(box)}`);

    const reply = await playAgainstComputer(page);
    await page.screenshot({ path: join(SHOTS, 'after-reply.png') }).catch(() => {});
    assert.equal(pieceAt(reply.after, 'e2'), 'C', `the move is not on the board: ${reply.after}`);
    // Reports are sent asynchronously: give them a moment before counting 0.
    await page.waitForTimeout(1000);
    assert.deepEqual(await page.evaluate(() => window.cspViolations), [], 'securitypolicyviolation events');
    assert.deepEqual(server.reports, [], 'violation reports');
    assert.deepEqual(errors, []);

    // Offline, the page comes from the service worker's cache with the same header, and still loads cleanly.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await context.setOffline(true);
    const cached = await page.reload();
    assert.ok(cached.fromServiceWorker(), 'the offline page did not come from the service worker');
    assert.match(cached.headers()['content-security-policy'] ?? '', /^default-src 'self'; script-src 'self' 'wasm-unsafe-eval'/);
    await page.waitForFunction(() => document.body?.dataset.ready, null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => document.body.dataset.ready), 'true');
    await page.waitForTimeout(500);
    // (Reports cannot reach the server while offline: the page's events are the count here.)
    assert.deepEqual(await page.evaluate(() => window.cspViolations), [], 'violations offline');
    await context.setOffline(false);

    // The control: an inline <style> is refused, and both collectors see it.
    await page.evaluate(() => {
      const s = document.createElement('style');
      s.textContent = 'body { outline: 1px solid red; }';
      document.head.append(s);
    });
    await page.waitForFunction(() => window.cspViolations.length > 0, null, { timeout: 5000 });
    for (let i = 0; i < 50 && server.reports.length === 0; i += 1) await page.waitForTimeout(100);
    assert.equal((await page.evaluate(() => window.cspViolations)).length, 1);
    assert.equal(server.reports.length, 1, 'the control violation was not reported');
    assert.match(server.reports[0]['violated-directive'] ?? server.reports[0]['effective-directive'] ?? '', /^style-src/);
  } finally {
    await context.close();
    await server.close();
  }
});

test('npm start (scripts/serve.mjs) sends the same policy', async () => {
  const child = spawn(process.execPath, [join(root, 'scripts', 'serve.mjs'), '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c) => {
        out += c;
        const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
        if (m) resolve(m[0]);
      });
      child.once('exit', (code) => reject(new Error(`serve.mjs exited (${code})`)));
      setTimeout(() => reject(new Error(`serve.mjs printed no URL: ${out}`)), 10000);
    });
    for (const path of ['', 'sw.js', 'manifest.webmanifest']) {
      const r = await fetch(url + path);
      assert.equal(r.status, 200, path);
      assert.equal(r.headers.get('content-security-policy'), CSP, path);
    }
  } finally {
    child.kill();
  }
});
