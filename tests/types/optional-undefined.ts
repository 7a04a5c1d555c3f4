// Type-checked with usage.ts (tsconfig.json, tsconfig.es2022.json; both with exactOptionalPropertyTypes): every
// option accepts `undefined`, as the runtime does (an option set to `undefined` is an option not given;
// tests/js/layer.test.mjs checks the runtime side). scripts/types-optional-undefined.mjs writes them so.
import { Game, Engine, Clock, type GameOptions, type SearchLimits, type PgnOptions } from '../../pkg/xiangqi_wasm.js';
import { Game as RulesGame } from '../../pkg/rules.js';
import type { BoardConfig } from '../../pkg/board.js';
import type { WorkerSearch } from '../../pkg/worker.js';

export function optionsMayBeUndefined(depth?: number): void {
  const options: GameOptions = { rules: undefined, moveLimit: undefined, repetitionCount: undefined, mode: undefined,
    checkDiscount: undefined, mateThreatDepth: undefined };
  const game = new Game(null, options);
  const limits: SearchLimits = { depth, timeMs: undefined, nodes: undefined, multiPv: undefined, skill: undefined, seed: undefined };
  game.hint(limits);
  game.hint({ depth: undefined });
  const pgn: PgnOptions = { notation: undefined, notationOptions: { script: undefined, lowercase: undefined },
    headers: undefined, lineWidth: undefined };
  game.pgn(pgn);
  game.legalMoves({ verbose: undefined, notation: undefined, positionOnly: undefined });
  game.legalMoves({ verbose: true, positionOnly: undefined });
  game.history({ verbose: undefined, notation: undefined });
  game.movesFrom('h2', { positionOnly: undefined, anySide: undefined });
  new Engine({ hashMb: undefined }).search(game, { depth: undefined });
  new Clock({ firstMs: 1000, firstMoves: undefined, thenMs: undefined, thenMoves: undefined, carryOver: undefined });
  new RulesGame(undefined, { rules: undefined }).legalMoves({ notation: undefined });
  const board: BoardConfig = { fen: undefined, lang: undefined, animation: undefined, onMove: undefined };
  const search: WorkerSearch = { game: undefined, limits: { depth: undefined }, onProgress: undefined };
  // The options a game reports are all there.
  const rules: 'axf' | 'cxa' = game.options().rules;
  void [board, search, rules];
}
