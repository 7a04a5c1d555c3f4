// Types of `xiangqi-wasm/board`: the canvas board (createBoard) and the <xiangqi-board> custom element.
import type { Color, MoveInfo, Square } from "./xiangqi_wasm.js";
import type { Game as BoardGame } from "./rules.js";

/** Which pieces the user may pick up: one side, both (analysis), or none (a diagram). */
export type Movable = Color | "both" | "none";
/**
 * The piece labels: 帥仕相傌俥炮兵 / 將士象馬車砲卒, 帅仕相马车炮兵 / 将士象马车炮卒, WXF letters (K A E H R C P) or the
 * Vietnamese notation's letters (Tg S T M X P B).
 */
export type PieceSet = "traditional" | "simplified" | "letters" | "vietnamese";
/** ICCS letters and digits, Red's 九…一 and Black's 1…9, the same in digits (`"numbers"`: 9…1 and 1…9, as Vietnamese boards write them), or none (`true` = `"iccs"`, `false` = `"none"`). */
export type Coordinates = "iccs" | "chinese" | "numbers" | "none" | boolean;
export type Theme = "light" | "dark" | "high-contrast";
/**
 * The language of the screen-reader text: English, Simplified Chinese (简体), Traditional Chinese (繁體, `"zh-Hant"`)
 * or Vietnamese (Tiếng Việt). The element reads any BCP 47 tag (`zh-TW` → `"zh-Hant"`), and without one the page's.
 */
export type Lang = "en" | "zh" | "zh-Hant" | "vi";
export type Brush = "green" | "red" | "blue" | "yellow";

/** An arrow `from` → `to`, or a circle on `from` (no `to`). */
export interface Shape {
  from: Square;
  to?: Square | null;
  /** Default `"green"`. */
  brush?: Brush;
}

/** Where each piece may go: `game.dests()` fits as is; a plain object of square → squares works too. */
export type Dests = ReadonlyMap<string, readonly string[]> | Readonly<Record<string, readonly string[]>>;

/** The `detail` of a `move` event and the second argument of `onMove`. */
export interface MoveDetail {
  /** The move in ICCS, `"h2e2"`. */
  move: string;
  from: Square;
  to: Square;
  /** The FEN letter of the piece that moved (`"C"`: a Red cannon). */
  piece: string;
  /** The FEN letter of the piece it captured, or `null`. */
  captured: string | null;
  /** The board's FEN after the move (for an interactive element, the game's). */
  fen: string;
  /** For `<xiangqi-board interactive>`: the move as its game played it. */
  info?: MoveInfo;
}

/**
 * The board's config. Every key is optional; `set` changes only what it is given. The board knows no rules:
 * it offers the moves in `dests` (with `dests: null`, any move that does not land on a piece of the same side,
 * for the host to accept or refuse by setting the next `fen`).
 */
export interface BoardConfig {
  /** The position (only the placement and the side to move are used). Default: the start position. */
  fen?: string | undefined;
  /** The side at the bottom (default `"red"`). */
  orientation?: Color | undefined;
  /** Destinations by origin (`game.dests()`), or `null` for free moves (the default). */
  dests?: Dests | null | undefined;
  /** The last move, highlighted: `"h2e2"`, `["h2", "e2"]` or `null`. */
  lastMove?: string | readonly [string, string] | null | undefined;
  /** The general in check: its square, `true` (the side to move's general) or `null`. Cleared by a new `fen`. */
  check?: Square | boolean | null | undefined;
  /** Which pieces the user may move (default `"both"`). */
  movable?: Movable | undefined;
  /** Default `"traditional"`. */
  pieceSet?: PieceSet | undefined;
  /** Default `"iccs"`. */
  coordinates?: Coordinates | undefined;
  /** Default `"light"`. */
  theme?: Theme | undefined;
  /** Default `"en"`. */
  lang?: Lang | undefined;
  /** The host's arrows and circles. */
  shapes?: readonly Shape[] | undefined;
  /** Move animation in ms (default 200; 0 = none; always none with `prefers-reduced-motion`). */
  animation?: number | undefined;
  /** Called for every move the user makes, before the `move` event. */
  onMove?: ((move: string, detail: MoveDetail) => void) | null | undefined;
  /** The accessible name (default "Xiangqi board" / "象棋棋盘"). */
  label?: string | null | undefined;
}

/** A board made by {@link createBoard}. */
export interface Board {
  /**
   * Changes any part of the config.
   * @throws {XiangqiError} `ERR_OPTIONS` for an unknown key or a bad value, `ERR_FEN_*` for a bad FEN.
   * @example
   * board.set({ fen: game.fen(), movable: game.turn(), dests: game.dests(), check: game.isCheck(), lastMove: "h2e2" });
   */
  set(config: BoardConfig): this;
  /** The config as it stands. */
  readonly config: { [K in Exclude<keyof BoardConfig, "coordinates">]-?: Exclude<BoardConfig[K], undefined> }
    & { coordinates: "iccs" | "chinese" | "none" };
  /** The board's FEN: the placement shown, after the user's last move too. */
  readonly fen: string;
  /** The selected square, or `null`. */
  readonly selected: Square | null;
  /**
   * The centre of `square` in client (viewport) coordinates, for hosts and tests.
   * @example
   * const { x, y } = board.pointOf("h2"); // then page.mouse.click(x, y) in a test
   */
  pointOf(square: string): { x: number; y: number } | null;
  /** The square at client coordinates, or `null` off the board. */
  squareAt(x: number, y: number): Square | null;
  /** The arrows and circles the user drew (secondary button; Shift red, Alt blue, both yellow). */
  userShapes(): { from: Square; to: Square | null; brush: Brush }[];
  /** Puts the other side at the bottom. */
  flip(): this;
  /** Writes `text` into the board's live region (screen readers read it). */
  announce(text: string): void;
  /** Removes every listener and observer, frees the wasm object and empties the element. */
  destroy(): void;
  /** `destroy()`, for `using board = await createBoard(…)` (a runtime with `Symbol.dispose`). */
  [Symbol.dispose](): void;
}

/**
 * Makes a board in `element` (its content is replaced) and resolves once the wasm module is loaded and the
 * board painted. Moves are reported to `onMove` and as a `move` CustomEvent on `element` (`detail.move` in ICCS).
 * @example
 * import { Game } from "xiangqi-wasm";
 * import { createBoard } from "xiangqi-wasm/board";
 * const game = new Game();
 * const board = await createBoard(document.querySelector("#board")!, {
 *   fen: game.fen(), movable: game.turn(), dests: game.dests(),
 *   onMove(move) {
 *     game.play(move);
 *     board.set({ fen: game.fen(), movable: game.turn(), dests: game.dests(), check: game.isCheck(), lastMove: move });
 *   },
 * });
 */
export function createBoard(element: Element | ShadowRoot, config?: BoardConfig): Promise<Board>;

/**
 * Loads the wasm module (createBoard and the element do it themselves). Rejects with a `XiangqiError` of code
 * `ERR_WASM_LOAD` when it cannot be loaded; the next call tries again.
 */
export function ready(): Promise<unknown>;

/**
 * The board's language (and the elements') for a `lang` attribute, any BCP 47 tag: `"zh-Hant"` for zh-Hant, zh-TW,
 * zh-HK and zh-MO, `"zh"` for other Chinese, `"vi"` for Vietnamese, else `"en"`.
 * @example
 * import { langOf } from "xiangqi-wasm/board";
 * langOf("zh-TW"); // "zh-Hant"
 * langOf("vi-VN"); // "vi"
 */
export function langOf(tag: string | null | undefined): Lang;

/**
 * `<xiangqi-board fen="…" orientation="black" interactive>`: the board as one tag. Attributes mirror the config
 * (`fen`, `orientation`, `movable`, `piece-set`, `coordinates`, `theme`, `lang`, `last-move`, `check`, `label`).
 * With `interactive` it plays legal moves on its own `Game`. Fires `move` events (`detail.move` in ICCS).
 * @example
 * <script type="module">import "xiangqi-wasm/board";</script>
 * <xiangqi-board interactive style="max-width: 420px"></xiangqi-board>
 */
export class XiangqiBoardElement extends HTMLElement {
  static observedAttributes: string[];
  /**
   * Resolves with the element once its board is painted; rejects with a `XiangqiError` of code `ERR_WASM_LOAD`
   * when the wasm cannot be loaded (connecting the element again tries again, with a new `ready`).
   */
  readonly ready: Promise<XiangqiBoardElement>;
  /** The board API once connected and ready, else `null`. */
  readonly board: Board | null;
  /**
   * The game an `interactive` board plays on, else `null`: a `Game` of the wasm build the board runs on, typed as
   * the package's `Game` without `hint()` (on the light build, a page that does not import `xiangqi-wasm`, it has
   * none: docs/board.md, "Which wasm a page downloads").
   */
  readonly game: BoardGame | null;
  /** The FEN of the board as it stands; setting it sets the `fen` attribute. */
  fen: string;
  /** Changes the config, before or after the board is ready. */
  set(config: BoardConfig): void;
  connectedCallback(): Promise<void>;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
  addEventListener<K extends keyof XiangqiBoardEventMap>(type: K,
    listener: (this: XiangqiBoardElement, ev: XiangqiBoardEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof XiangqiBoardEventMap>(type: K,
    listener: (this: XiangqiBoardElement, ev: XiangqiBoardEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

export interface XiangqiBoardEventMap extends HTMLElementEventMap {
  move: CustomEvent<MoveDetail>;
}

declare global {
  interface HTMLElementTagNameMap {
    "xiangqi-board": XiangqiBoardElement;
  }
}
