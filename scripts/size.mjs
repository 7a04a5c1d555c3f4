#!/usr/bin/env node
// Prints the raw, gzip (level 9) and brotli sizes of what a browser downloads from pkg/: the .wasm and the JS glue.
// Usage: node scripts/size.mjs [--json]      (after `npm run build`)
import { readFileSync } from 'node:fs';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..', 'pkg');
const files = ['xiangqi_wasm_bg.wasm', 'xiangqi_wasm.js'];
const BUDGET_GZIP = 120 * 1024;

const rows = files.map((f) => {
  const buf = readFileSync(join(pkg, f));
  return {
    file: f,
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
});
const total = rows.reduce((t, r) => ({ file: 'total (wasm + web glue)', raw: t.raw + r.raw, gzip: t.gzip + r.gzip,
  brotli: t.brotli + r.brotli }), { raw: 0, gzip: 0, brotli: 0 });
if (process.argv.includes('--json')) {
  console.log(JSON.stringify([...rows, total]));
} else {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
  console.log(`${'file'.padEnd(26)}${'raw'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}`);
  for (const r of [...rows, total]) console.log(`${r.file.padEnd(26)}${kb(r.raw)}${kb(r.gzip)}${kb(r.brotli)}`);
  console.log(`budget: < ${kb(BUDGET_GZIP).trim()} gzipped -> ${total.gzip < BUDGET_GZIP ? 'OK' : 'OVER BUDGET'}`);
}
process.exit(total.gzip < BUDGET_GZIP ? 0 : 1);
