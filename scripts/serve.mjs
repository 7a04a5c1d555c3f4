#!/usr/bin/env node
// Serves the built app (www/dist, made by scripts/build.mjs) on 127.0.0.1 and prints the URL.
// Every response carries the app's Content-Security-Policy (below), so `npm start` runs the app under the same
// strict policy as tests/e2e/csp.test.mjs and as a host should send it (docs/pwa.md).
// Usage: node scripts/serve.mjs [port]   (default 8080, or $PORT; the next free port if taken; 0 for any)
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'www', 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('[serve] www/dist/index.html missing: run node scripts/build.mjs');
  process.exit(1);
}
/** The policy the app is built for: only its own files, no inline script or style, wasm compilation allowed. */
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
const handler = sirv(dist, { dev: true, etag: true, setHeaders: (res) => res.setHeader('Content-Security-Policy', CSP) });
let port = Number(process.argv[2] ?? process.env.PORT ?? 8080);

function listen(attempt = 0) {
  const server = createServer((req, res) => handler(req, res, () => {
    res.statusCode = 404;
    res.end('not found');
  }));
  server.once('error', (e) => {
    if (e.code === 'EADDRINUSE' && attempt < 20) {
      port += 1;
      listen(attempt + 1);
    } else {
      console.error(`[serve] ${e.message}`);
      process.exit(1);
    }
  });
  server.listen(port, '127.0.0.1', () => {
    const { port: bound } = server.address();
    console.log(`\n  xiangqi-wasm app: http://127.0.0.1:${bound}/\n  (serving www/dist — the app, and the lesson embed at /embed.html; Ctrl-C to stop)\n`);
  });
}
listen();
