// A module worker that reads game records off the main thread, so that a large file never freezes the page:
// the page sends { id, input } (text, or the file's bytes as an ArrayBuffer: UTF-8 or GBK), the worker answers
// { id, data } (record.js's plain game data) or { id, error: { code, message, line?, column?, ply?, moveText? } }.
import init, { Game, parsePgn } from 'xiangqi-wasm';
import { gameToData, looksLikeDhtmlxq, looksLikeFen } from './record.js';

const loaded = init();

function read(input) {
  const text = typeof input === 'string' ? input : new TextDecoder('utf-8').decode(input.subarray(0, 1 << 20));
  if (looksLikeFen(text)) {
    const game = new Game(text.trim());
    try {
      return gameToData(game);
    } finally {
      game.free();
    }
  }
  if (looksLikeDhtmlxq(text)) {
    const game = Game.fromDhtmlxq(input);
    try {
      return gameToData(game);
    } finally {
      game.free();
    }
  }
  const [first] = parsePgn(input);
  const game = Game.fromPgn(input);
  try {
    return gameToData(game, first?.headers ?? {});
  } finally {
    game.free();
  }
}

self.onmessage = async (ev) => {
  const { id, input } = ev.data;
  try {
    await loaded;
    const data = read(typeof input === 'string' ? input : new Uint8Array(input));
    self.postMessage({ id, data });
  } catch (e) {
    const error = { code: e?.code ?? 'ERR_WORKER', message: String(e?.message ?? e) };
    for (const k of ['line', 'column', 'ply', 'moveText']) if (e?.[k] !== undefined) error[k] = e[k];
    self.postMessage({ id, error });
  }
};
