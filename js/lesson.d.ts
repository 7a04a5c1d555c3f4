// Types of `xiangqi-wasm/lesson`: the <xiangqi-lesson> custom element (a commented game for teaching sites).
import type { DrawingColor, ErrorCode, RecordEncoding, RecordFormat, RecordWarning, Square, XiangqiError } from "./xiangqi_wasm.js";
import type { XiangqiBoardElement } from "./board.js";

/** The largest record the element shows, in UTF-8 bytes (2 MiB); a larger one is refused with a message. */
export const MAX_RECORD_BYTES: number;

/**
 * The notation of the move list: `"chinese"` (炮二平五; traditional characters on a `zh-Hant` page), `"wxf"` (C2.5),
 * `"iccs"` (H2-E2) or `"vietnamese"` (P2-5). Default: the language's (English WXF, Chinese Chinese, Vietnamese Vietnamese).
 */
export type LessonNotation = "chinese" | "wxf" | "iccs" | "vietnamese";
/** `"light"` (the default), `"dark"`, or `"auto"` (follows `prefers-color-scheme`). */
export type LessonTheme = "light" | "dark" | "auto";

/**
 * The codes of the element's errors: the package's own (`ERR_RECORD_SYNTAX`, `ERR_RECORD_MOVE`, `ERR_FEN_*`, ...),
 * `ERR_RECORD_TOO_LARGE` for a record above {@link MAX_RECORD_BYTES} and `ERR_RECORD_FETCH` for a `src` that
 * could not be fetched.
 */
export type LessonErrorCode = ErrorCode | "ERR_RECORD_TOO_LARGE" | "ERR_RECORD_FETCH";

/** Where the lesson stands (`element.current`, and the `detail` of a `navigate` event). */
export interface LessonPosition {
  /** The position shown (the board's FEN). */
  fen: string;
  /** Plies from the start position (0 at the start). */
  ply: number;
  /** The moves from the start to here, in ICCS (through the variations taken). */
  moves: string[];
  /** The last move, in ICCS, or `null` at the start. */
  move: string | null;
  /** The last move as the move list shows it (`"2. 马二进三"`), or `null` at the start. */
  notation: string | null;
  /** The comment of the last move (or of the start), or `null`. */
  comment: string | null;
  nags: number[];
  /** The arrows and circled points of the last move, as the record has them (shown on the board). */
  drawings: { from: Square; to: Square | null; color: DrawingColor }[];
  /** 0 on the main line; 1 in a variation, 2 in a variation of a variation, ... */
  depth: number;
  inVariation: boolean;
  /** The alternatives recorded for the next move (variations), as the move list shows them. */
  variations: string[];
}

/** The `detail` of an `error` event. */
export interface LessonErrorDetail {
  code: LessonErrorCode;
  message: string;
  error: XiangqiError | (Error & { name: "XiangqiError"; code: LessonErrorCode });
}

/** The format a record was read as, and its encoding (`null` for text given as text and for XQF). */
export interface LessonFormat {
  format: RecordFormat;
  encoding: RecordEncoding | null;
}

/** The `detail` of a `load` event. */
export interface LessonLoadDetail {
  headers: Record<string, string>;
  /** How many moves the record has, variations included. */
  moves: number;
  /** The format and encoding the record was read as; `null` for a position (`fen`). */
  format: LessonFormat | null;
  /** What the reader accepted although the record does not follow its format exactly. */
  warnings: RecordWarning[];
}

/** The element's own events (a `CustomEvent` each; `error` and `load` do not bubble, `navigate` does not either). */
export interface XiangqiLessonEventMap {
  navigate: CustomEvent<LessonPosition>;
  load: CustomEvent<LessonLoadDetail>;
  error: CustomEvent<LessonErrorDetail>;
}

/**
 * `<xiangqi-lesson>`: a commented game (or a position) for a teaching site, in one tag. The record comes from a
 * `<script type="application/x-chess-pgn">` child (recommended), a `pgn` attribute or a `src` URL (PGN,
 * DhtmlXQ or XQF; UTF-8, GBK or Big5, detected); without one, `fen` is shown. The players and the event come
 * from the record's tags whatever its format. Attributes: `pgn`, `src`, `fen`, `game` (which game of
 * the file, from 1), `notation`, `lang` (`en`, `zh`, `zh-Hant`, `vi` or any BCP 47 tag, else the page's), `theme`,
 * `orientation`, `piece-set`. Fires `navigate`, `load` and `error` events; record text is only ever shown as text.
 * Styling: the CSS custom property `--xiangqi-board-size` (the board's width), `::part(body)` (the grid of the board
 * and the side), `::part(lesson)` (the frame) (docs/lesson.md, "Size and layout").
 * @example
 * <script type="module">import "xiangqi-wasm/lesson";</script>
 * <xiangqi-lesson notation="chinese" lang="zh">
 *   <script type="application/x-chess-pgn">1. 炮二平五 {中炮} 马8进7 *</script>
 * </xiangqi-lesson>
 */
export class XiangqiLessonElement extends HTMLElement {
  static observedAttributes: string[];
  /** Resolves with the element once the record (or position) is shown, or its error message is. */
  readonly ready: Promise<XiangqiLessonElement>;
  /** The inner board. */
  readonly board: XiangqiBoardElement;
  /** The FEN of the position shown, or `null` before the record is read (or after an error). */
  get fen(): string | null;
  /** Sets the `fen` attribute (the position shown when there is no record), as React 19 does for a `fen` prop. */
  set fen(value: string);
  /** The FEN of the record's start position (its `FEN` tag, or the `fen` attribute), or `null`. */
  readonly initialFen: string | null;
  /** The error shown, or `null`. */
  readonly error: (Error & { name: "XiangqiError"; code: LessonErrorCode }) | null;
  /** The record's headers (a copy), in the record's order. */
  readonly headers: Record<string, string>;
  /** What the reader of the record warned about (a copy). */
  readonly warnings: RecordWarning[];
  /** The format and encoding the record was read as, or `null` (a position, or nothing read yet). */
  readonly format: LessonFormat | null;
  /** Where the lesson stands, or `null` before the record is read (or after an error). */
  readonly current: LessonPosition | null;
  /** To the start position. */
  first(): void;
  /** One move back; at the first move of a variation, back to where it branched off. */
  previous(): void;
  /** One move on, in the line shown. */
  next(): void;
  /** To the end of the line shown. */
  last(): void;
  /** Into the `index`-th variation of the next move (default the first); `false` if there is none. */
  enterVariation(index?: number): boolean;
  /** Out of the variation shown, to the position it branched off from; `false` on the main line. */
  exitVariation(): boolean;
  /** To the position after `moves` (ICCS from the start, variations included); `false` if the record has no such line. */
  goTo(moves: readonly string[]): boolean;
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
  addEventListener<K extends keyof XiangqiLessonEventMap>(type: K,
    listener: (this: XiangqiLessonElement, ev: XiangqiLessonEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof XiangqiLessonEventMap>(type: K,
    listener: (this: XiangqiLessonElement, ev: XiangqiLessonEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    "xiangqi-lesson": XiangqiLessonElement;
  }
}
