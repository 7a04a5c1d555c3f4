// `using` declarations with the package's classes: compiled by tsconfig.json (lib ESNext.Disposable) only —
// TypeScript needs that lib for `using` itself; the declarations alone compile without it (tsconfig.es2022.json).
import { Game, Engine } from '../../pkg/xiangqi_wasm.js';

export function scoped(): string {
  using game = new Game();
  using engine = new Engine({ hashMb: 1 });
  engine.newGame();
  return game.fen();
}
