// Types of `xiangqi-wasm/rules`: the rules entry, its own wasm without the hint engine and the board painter. The
// same declarations as `xiangqi-wasm` (every type, and every value but `Engine`, `MateProver`, `BoardView` and `game.hint`),
// re-exported from the package's main declarations. scripts/pkg-postprocess.mjs copies this file as rules.d.ts and,
// with "./xiangqi_wasm.js" read as "./node.cjs", as rules.d.cts (for `require`).
import type * as full from "./xiangqi_wasm.js";

export * from "./xiangqi_wasm.js";
export { default } from "./xiangqi_wasm.js";
// Not in the rules entry: the hint engine and the board painter (their types stay, as types only).
export type { Engine, MateProver, BoardView } from "./xiangqi_wasm.js";

/** A `Game` of the rules entry: every method of the package's `Game` but `hint` (the search is not in this wasm). */
export type Game = Omit<full.Game, "hint" | "clone"> & {
  /** An independent copy with the same start, moves and options. */
  clone(): Game;
};

/** Statics of the package's `Game` that return a game, returning the rules entry's `Game`. */
type RulesStatics<T> = {
  [K in keyof T as K extends "prototype" ? never : K]: T[K] extends (...args: infer A) => full.Game ? (...args: A) => Game : T[K];
};

/**
 * A game of xiangqi (象棋): the package's `Game` without `hint`. `new Game(fen?, options?)`,
 * `Game.fromFen`, `Game.fromPgn`, `Game.fromDhtmlxq` as in `xiangqi-wasm`.
 * @example
 * import { Game } from "xiangqi-wasm/rules";
 * const game = new Game();
 * game.play("h2e2").chinese; // "炮二平五"
 */
export declare const Game: RulesStatics<typeof full.Game> & {
  new (...args: ConstructorParameters<typeof full.Game>): Game;
  readonly prototype: Game;
};
