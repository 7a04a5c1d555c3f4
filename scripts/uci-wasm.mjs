#!/usr/bin/env node
// A UCI engine over the wasm build, so that `xiangqi match` can play the package's own searcher (as a web
// page runs it) against another engine: wasm meets wasm.
//
//   node scripts/uci-wasm.mjs [PKG_DIR] [--net FILE]
//
// PKG_DIR defaults to ./pkg, built by `npm run build`. `--net FILE` loads a network for the neural evaluation
// (`engine.loadNetwork`); a file the engine refuses ends the adapter with the error's code before `uci`.
//
// Speaks the subset of UCI that `xiangqi match` and the usual GUIs use: uci, isready, ucinewgame,
// setoption name Hash|Skill value N, position (startpos | fen F) [moves ...], go (movetime | depth | nodes |
// wtime/btime/winc/binc), stop is not needed (searches are bounded), quit. Moves are ICCS (ranks 0-9), as
// `xiangqi uci` speaks them. Positions are replayed in analysis mode: the GUI is the referee, so a game that
// went past this library's own ending is still searched from the position the GUI gave.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { resolve, join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const { values: opts, positionals } = parseArgs({ options: { net: { type: 'string' } }, allowPositionals: true });
const pkgDir = resolve(positionals[0] ?? 'pkg');
const { Engine, Game, startFen } = await import(pathToFileURL(join(pkgDir, 'node.mjs')).href);
const netBytes = opts.net === undefined ? null : readFileSync(opts.net);

/** A new engine with the adapter's network, if it was given one. */
function newEngine(hashMb) {
  const made = new Engine({ hashMb });
  if (netBytes !== null) made.loadNetwork(netBytes);
  return made;
}

let hashMb = 16;
let skill = 20;
let engine;
try {
  engine = newEngine(hashMb);
} catch (e) {
  process.stderr.write(`uci-wasm: ${opts.net}: ${e.message}\n`);
  process.exit(1);
}
let game = new Game(startFen(), { mode: 'analysis' });
const out = (line) => process.stdout.write(`${line}\n`);

function setPosition(tokens) {
  let i = 1;
  let fen = startFen();
  if (tokens[i] === 'startpos') {
    i += 1;
  } else if (tokens[i] === 'fen') {
    const end = tokens.indexOf('moves');
    fen = tokens.slice(i + 1, end < 0 ? tokens.length : end).join(' ');
    i = end < 0 ? tokens.length : end;
  }
  // Never search a position other than the one given: a refused position leaves none to search.
  game?.free();
  game = null;
  const next = new Game(fen, { mode: 'analysis' });
  try {
    if (tokens[i] === 'moves') {
      for (const m of tokens.slice(i + 1)) next.play(m);
    }
  } catch (e) {
    next.free();
    throw e;
  }
  game = next;
}

function go(tokens) {
  if (game === null) throw new Error('no valid position to search');
  const arg = (name) => {
    const i = tokens.indexOf(name);
    return i >= 0 ? Number(tokens[i + 1]) : undefined;
  };
  const limits = { skill };
  const movetime = arg('movetime');
  const depth = arg('depth');
  const nodes = arg('nodes');
  if (movetime !== undefined) limits.timeMs = Math.max(1, movetime);
  if (depth !== undefined) limits.depth = Math.min(64, Math.max(1, depth));
  if (nodes !== undefined) limits.nodes = Math.max(1, nodes);
  const left = game.turn() === 'red' ? arg('wtime') : arg('btime');
  const inc = (game.turn() === 'red' ? arg('winc') : arg('binc')) ?? 0;
  if (left !== undefined && movetime === undefined) {
    limits.timeMs = Math.max(1, Math.floor(left / 30 + inc * 0.8));
  }
  if (limits.timeMs === undefined && limits.depth === undefined && limits.nodes === undefined) {
    limits.depth = 8;
  }
  const hint = engine.search(game, limits, (p) => {
    const score = p.score.mate !== undefined && p.score.mate !== null ? `mate ${p.score.mate}` : `cp ${p.score.cp}`;
    out(`info depth ${p.depth} multipv ${p.multipv} score ${score} nodes ${p.nodes} time ${Math.round(p.timeMs)} pv ${p.pv.join(' ')}`);
  });
  out(`bestmove ${hint.move ?? '(none)'}`);
}

const rl = createInterface({ input: process.stdin, terminal: false });
for await (const raw of rl) {
  const line = raw.trim();
  const tokens = line.split(/\s+/);
  try {
    switch (tokens[0]) {
      case 'uci':
        out(`id name xiangqi-wasm (wasm under Node${netBytes === null ? '' : ', neural evaluation'})`);
        out('option name Hash type spin default 16 min 1 max 256');
        out('option name Skill type spin default 20 min 0 max 20');
        out('uciok');
        break;
      case 'isready':
        out('readyok');
        break;
      case 'ucinewgame':
        engine.newGame();
        break;
      case 'setoption': {
        const name = tokens[2]?.toLowerCase();
        const value = Number(tokens[4]);
        if (name === 'hash' && Number.isInteger(value)) {
          hashMb = value;
          engine.free();
          engine = newEngine(hashMb);
        } else if (name === 'skill' && Number.isInteger(value)) {
          skill = Math.min(20, Math.max(0, value));
        }
        break;
      }
      case 'position':
        setPosition(tokens);
        break;
      case 'go':
        go(tokens);
        break;
      case 'quit':
        process.exit(0);
        break;
      default:
        break;
    }
  } catch (e) {
    out(`info string error: ${e.code ?? ''} ${e.message}`);
    if (tokens[0] === 'go') out('bestmove (none)');
  }
}
