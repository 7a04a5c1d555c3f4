#!/usr/bin/env node
// Search speed of the same search in three places, measured in one run: the native `xiangqi bench`, the
// package's wasm under Node, and the package's wasm in headless Chromium (on the main thread of a page that
// imports the package from a local server). All three search the ten positions of `xiangqi bench` to the same
// depth from a fresh 16 MB table, so they must visit the same number of nodes: the script checks that, then
// reports nodes per second, the median of the rounds, each wasm figure also as a share of native. Rounds are
// interleaved (native, Node, Chromium, native, ...) so that a change in the machine's load hits all three.
//
// With `--net FILE` (a net file of `xiangqi-train`, path relative to the repository), all three evaluate with
// that neural net (`xiangqi bench --net`, `engine.loadNetwork`): the same node count then also says that the
// wasm net evaluates exactly as the native one.
//
// Usage: node scripts/bench/search-speed.mjs [--depth 9] [--rounds 5] [--net FILE] [--json]
//   (after `cargo build --release` and `npm run build`; a figure for docs and the README, not a test)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { servePackage, launch } from '../../tests/support/browser.mjs';
import { root, numberOption, option, hasFlag, median } from './common.mjs';

const DEPTH = numberOption('--depth', 9);
const ROUNDS = numberOption('--rounds', 5);
const json = hasFlag('--json');
const NET = option('--net', null);
const native = join(root, 'target', 'release', 'xiangqi');
for (const [file, how] of [[native, 'cargo build --release'], [join(root, 'pkg', 'node.mjs'), 'npm run build']]) {
  if (!existsSync(file)) {
    console.error(`${file} missing: run ${how}`);
    process.exit(1);
  }
}

const FENS = readFileSync(join(root, 'crates', 'search', 'src', 'bench.rs'), 'utf8')
  .match(/"[^"]+ [wb] - - \d+ \d+"/g).map((s) => JSON.parse(s));
if (FENS.length !== 10) throw new Error(`expected the 10 bench positions, found ${FENS.length}`);

/** The bench positions searched to DEPTH, each from a fresh table, with the net file `net` (bytes) if given:
 * { nodes, ms }. Runs in Node and in a page. */
function benchIn(Engine, fens, depth, net) {
  const engine = new Engine({ hashMb: 16 });
  if (net) engine.loadNetwork(net);
  let nodes = 0;
  const t0 = performance.now();
  for (const fen of fens) {
    engine.newGame();
    nodes += engine.search(fen, [], { depth }).nodes;
  }
  const ms = performance.now() - t0;
  engine.free();
  return { nodes, ms };
}

function benchNative() {
  const out = execFileSync(native, ['bench', '--depth', String(DEPTH), ...(NET ? ['--net', join(root, NET)] : [])],
    { encoding: 'utf8' });
  const nodes = Number(/Nodes searched\s*:\s*(\d+)/.exec(out)[1]);
  const ms = Number(/Total time \(ms\)\s*:\s*(\d+)/.exec(out)[1]);
  return { nodes, ms };
}

const { Engine } = await import(pathToFileURL(join(root, 'pkg', 'node.mjs')).href);
const server = await servePackage(root);
const browser = await launch();
const page = await browser.newPage();
await page.goto(server.url);
await page.evaluate(async (src) => {
  const m = await import('/pkg/xiangqi_wasm.js');
  await m.default();
  // eslint-disable-next-line no-new-func
  window.benchIn = new Function(`return (${src})`)();
  window.xq = m;
}, benchIn.toString());
const netBytes = NET ? readFileSync(join(root, NET)) : null;
if (NET) await page.evaluate((bytes) => { window.net = new Uint8Array(bytes); }, [...netBytes]);
const benchChromium = () => page.evaluate(([fens, depth]) => window.benchIn(window.xq.Engine, fens, depth, window.net),
  [FENS, DEPTH]);
const version = browser.version();

const runs = { native: [], node: [], chromium: [] };
try {
  for (let r = 0; r < ROUNDS; r += 1) {
    runs.native.push(benchNative());
    runs.node.push(benchIn(Engine, FENS, DEPTH, netBytes));
    runs.chromium.push(await benchChromium());
  }
} finally {
  await browser.close();
  await server.close();
}

const nodes = new Set(Object.values(runs).flat().map((x) => x.nodes));
if (nodes.size !== 1) {
  console.error('the three builds searched different trees:', JSON.stringify(runs));
  process.exit(1);
}
const nps = Object.fromEntries(Object.entries(runs).map(([k, xs]) => [k, median(xs.map((x) => x.nodes / x.ms * 1000))]));
const result = {
  depth: DEPTH, rounds: ROUNDS, net: NET, nodes: [...nodes][0], chromium: version, node: process.version,
  nps, share: { node: nps.node / nps.native, chromium: nps.chromium / nps.native },
  ms: Object.fromEntries(Object.entries(runs).map(([k, xs]) => [k, xs.map((x) => Math.round(x.ms))])),
};
if (json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  const k = (x) => `${(x / 1000).toFixed(0)} k nodes/s`;
  console.log(`xiangqi bench positions, depth ${DEPTH}${NET ? `, net ${NET}` : ''}: ${result.nodes} nodes in every build; median of ${ROUNDS} rounds`);
  console.log(`  native             ${k(nps.native)}   (ms: ${result.ms.native.join(' ')})`);
  console.log(`  wasm, Node ${process.version}  ${k(nps.node)}   ${(100 * result.share.node).toFixed(0)} % of native   (ms: ${result.ms.node.join(' ')})`);
  console.log(`  wasm, Chromium ${version}  ${k(nps.chromium)}   ${(100 * result.share.chromium).toFixed(0)} % of native   (ms: ${result.ms.chromium.join(' ')})`);
}
