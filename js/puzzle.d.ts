// Types of `xiangqi-wasm/puzzle`: the <xiangqi-puzzle> custom element (an exercise the reader solves on the board).
import type { Color, ErrorCode, XiangqiError } from "./xiangqi_wasm.js";
import type { XiangqiBoardElement } from "./board.js";

/** The largest record read, in UTF-8 bytes (2 MiB). */
export const MAX_RECORD_BYTES: number;
/** The longest mate a `mate` exercise may ask for, in the solver's moves (10). */
export const MAX_MATE_MOVES: number;
/** `goal="win"`: a move keeps the win when the engine scores the position at least this (centipawns, 300) or as a mate. */
export const WIN_MARGIN_CP: number;

/** `"line"`: the written solution (and the record's variations); `"mate"`: any move keeping a forced mate within
 * the limit; `"win"`: any move after which the engine still scores a win. */
export type PuzzleGoal = "line" | "mate" | "win";
/** Where the exercise stands. */
export type PuzzleStatus = "loading" | "solving" | "checking" | "defending" | "solved" | "revealed";
/**
 * The notation of moves in the messages: `"chinese"`, `"wxf"`, `"iccs"` or `"vietnamese"`. Default: the language's
 * (English WXF, Chinese Chinese, Vietnamese Vietnamese).
 */
export type PuzzleNotation = "chinese" | "wxf" | "iccs" | "vietnamese";
/** `"light"` (the default), `"dark"`, or `"auto"` (follows `prefers-color-scheme`). */
export type PuzzleTheme = "light" | "dark" | "auto";

/**
 * The codes of the element's errors: the package's own (`ERR_FEN_*`, `ERR_MOVE_SYNTAX` and `ERR_ILLEGAL_MOVE` for a
 * bad `solution` (with `ply`), `ERR_RECORD_*`, ...), `ERR_OPTIONS` for a bad `goal` or `moves`, `ERR_NO_MATE`
 * for a `mate` exercise without a forced mate, `ERR_MATE_LIMIT`, `ERR_RECORD_TOO_LARGE`, `ERR_RECORD_FETCH`.
 */
export type PuzzleErrorCode = ErrorCode | "ERR_NO_MATE" | "ERR_RECORD_TOO_LARGE" | "ERR_RECORD_FETCH";

/** The exercise as it stands (`element.state`). */
export interface PuzzleState {
  /** Which exercise of the set, from 0, and how many there are. */
  index: number;
  total: number;
  goal: PuzzleGoal;
  /** The side to find the moves (the side to move in the exercise's position). */
  solver: Color;
  /** `goal="mate"`: the solver's moves to mate from the start; otherwise `null`. */
  mateIn: number | null;
  /** The position on the board. */
  fen: string;
  /** The moves played so far (ICCS). */
  moves: string[];
  status: PuzzleStatus;
  /** Wrong moves + 1. */
  attempts: number;
  wrong: number;
  hints: number;
  /** Whether the reader found a correct move other than the one written. */
  alternative: boolean;
  /** The record's `Event` (or `Title`), or `null`. */
  title: string | null;
  headers: Record<string, string>;
}

/** One exercise's result in the set's progress. */
export interface PuzzleResult {
  solved: boolean;
  revealed: boolean;
  attempts: number;
  hints: number;
  ms: number;
}

/** The set's progress (`element.progress`, and the `progress` event's detail): save it, and give it back later. */
export interface PuzzleProgress {
  index: number;
  total: number;
  results: (PuzzleResult | null)[];
}

export interface PuzzleSolvedDetail {
  index: number;
  /** Wrong moves + 1. */
  attempts: number;
  wrong: number;
  hints: number;
  /** From the exercise shown to solved. */
  ms: number;
  alternative: boolean;
  moves: string[];
}

export interface PuzzleWrongDetail {
  /** The move refused (ICCS). */
  move: string;
  /** The one line shown ("Not quite: Black escapes with 卒5平4. Try again."). */
  reason: string;
  /** The defender's answer that refutes it (ICCS), where the engine found one. */
  refutation: string | null;
  wrong: number;
  /** From the move to the verdict. */
  ms: number;
}

export interface PuzzleCorrectDetail {
  move: string;
  alternative: boolean;
  /** From the move to the verdict. */
  ms: number;
}

export interface PuzzleHintDetail {
  /** 1: the piece (`square`); 2: the move too. */
  level: 1 | 2;
  square: string;
  move: string | null;
  hints: number;
}

export interface PuzzleLoadDetail {
  index: number;
  total: number;
  goal: PuzzleGoal;
  mateIn: number | null;
  headers: Record<string, string>;
}

export interface PuzzleErrorDetail {
  code: PuzzleErrorCode;
  message: string;
  error: XiangqiError;
}

/** The element's own events (a `CustomEvent` each; none bubbles). */
export interface XiangqiPuzzleEventMap {
  load: CustomEvent<PuzzleLoadDetail>;
  correct: CustomEvent<PuzzleCorrectDetail>;
  wrong: CustomEvent<PuzzleWrongDetail>;
  solved: CustomEvent<PuzzleSolvedDetail>;
  hint: CustomEvent<PuzzleHintDetail>;
  reveal: CustomEvent<{ index: number; hints: number; wrong: number }>;
  progress: CustomEvent<PuzzleProgress>;
  error: CustomEvent<PuzzleErrorDetail>;
}

/**
 * `<xiangqi-puzzle>`: an exercise the reader solves by playing it; the engine checks each move. Attributes: `fen`
 * (the side to move solves) and `solution` (ICCS, both sides' moves), or a record (`<script
 * type="application/x-chess-pgn">` child, `pgn`, `src`; several games make a set); `goal` (`line`, `mate`, `win`;
 * default `line` with a solution, `mate` without), `moves` (mate in …), `lang`, `notation`, `orientation`
 * (default: the solver's side at the bottom), `theme`, `piece-set`. Styling: the CSS custom property
 * `--xiangqi-board-size` (the board's width), `::part(body)` (the grid of the board and the side), `::part(puzzle)`
 * (the frame); children with `slot="side"` are shown under the buttons (docs/puzzle.md, "Size and layout").
 * @example
 * <script type="module">import "xiangqi-wasm/puzzle";</script>
 * <xiangqi-puzzle goal="mate" fen="9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1" lang="zh"></xiangqi-puzzle>
 */
export class XiangqiPuzzleElement extends HTMLElement {
  static observedAttributes: string[];
  /** Milliseconds before the defender's reply (and between the moves of `reveal()`); default 450. */
  defenceDelay: number;
  readonly ready: Promise<XiangqiPuzzleElement>;
  readonly board: XiangqiBoardElement;
  readonly error: (Error & { name: "XiangqiError"; code: PuzzleErrorCode }) | null;
  readonly state: PuzzleState | null;
  /** The set's progress; setting it restores what a host saved (`ERR_ARGUMENT` for anything else). */
  get progress(): PuzzleProgress;
  set progress(value: { index?: number | undefined; results: (PuzzleResult | null)[] });
  /** Shows exercise `index` (from 0); `false` if the set has none. */
  goTo(index: number): boolean;
  next(): boolean;
  previous(): boolean;
  /** Starts the exercise shown again. */
  restart(): void;
  /** The next hint (1: the piece, 2: the move); `null` when none can be given now. */
  hint(): Promise<PuzzleHintDetail | null>;
  /** Plays the solution through. */
  reveal(): Promise<void>;
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
  addEventListener<K extends keyof XiangqiPuzzleEventMap>(type: K,
    listener: (this: XiangqiPuzzleElement, ev: XiangqiPuzzleEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof XiangqiPuzzleEventMap>(type: K,
    listener: (this: XiangqiPuzzleElement, ev: XiangqiPuzzleEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    "xiangqi-puzzle": XiangqiPuzzleElement;
  }
}
