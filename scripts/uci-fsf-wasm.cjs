#!/usr/bin/env node
// Runs Fairy-Stockfish's npm wasm build as a UCI engine on stdin/stdout, for sparring matches only.
// Fairy-Stockfish is GPL: it is never a dependency of this project and never bundled. Install it in a scratch
// folder and pass that folder:
//
//   mkdir -p /tmp/fsfwasm && (cd /tmp/fsfwasm && npm init -y && npm install fairy-stockfish-nnue.wasm@1.1.12)
//   node scripts/uci-fsf-wasm.cjs /tmp/fsfwasm/node_modules/fairy-stockfish-nnue.wasm
//
// Its Emscripten glue misreads Node's own `fetch` as a browser's, so `globalThis.fetch` is deleted first.
'use strict';
delete globalThis.fetch;
const path = require('path');
const readline = require('readline');

const dir = path.resolve(process.argv[2] || 'node_modules/fairy-stockfish-nnue.wasm');
const Stockfish = require(path.join(dir, 'stockfish.js'));

(async () => {
  const engine = await Stockfish({ locateFile: (file) => path.join(dir, file) });
  engine.addMessageListener((line) => process.stdout.write(`${line}\n`));
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  for await (const command of rl) {
    if (command.trim() === 'quit') break;
    engine.postMessage(command);
  }
  engine.postMessage('quit');
  process.exit(0);
})();
