// The attributes and events of the package's elements, once, for every framework's types: React's JSX (jsx.d.ts),
// the React components (react.d.ts), Vue templates (vue.d.ts) and Svelte (svelte.d.ts). Types only; no framework
// named here. The attributes as docs/board.md, docs/lesson.md, docs/puzzle.md and docs/editor.md list them.
import type { Color } from "./xiangqi_wasm.js";
import type { Lang, MoveDetail, Movable, PieceSet, Theme } from "./board.js";
import type { LessonErrorDetail, LessonLoadDetail, LessonNotation, LessonPosition, LessonTheme } from "./lesson.js";
import type {
  PuzzleCorrectDetail, PuzzleErrorDetail, PuzzleGoal, PuzzleHintDetail, PuzzleLoadDetail, PuzzleNotation,
  PuzzleProgress, PuzzleSolvedDetail, PuzzleTheme, PuzzleWrongDetail,
} from "./puzzle.js";
import type { EditorChangeDetail, EditorErrorDetail, EditorLoadDetail, EditorNotation, EditorTheme } from "./editor.js";

/** The attributes of `<xiangqi-board>` (docs/board.md). */
export interface XiangqiBoardAttributes {
  /** The position (a FEN). An `interactive` board starts its game from it. */
  fen?: string | undefined;
  /** The side at the bottom (default `"red"`). */
  orientation?: Color | undefined;
  /** Which pieces the user may move (default `"both"`). */
  movable?: Movable | undefined;
  /** Default `"traditional"`. */
  "piece-set"?: PieceSet | undefined;
  /** `"iccs"` (the default), `"chinese"`, `"numbers"` (the file numbers each side reads), `"none"`; `"false"` is `"none"`. */
  coordinates?: "iccs" | "chinese" | "numbers" | "none" | "true" | "false" | undefined;
  /** Default `"light"`. */
  theme?: Theme | undefined;
  /** The language of the screen-reader text: `"en"`, `"zh"`, `"zh-Hant"`, `"vi"` (default: the page's, else `"en"`). */
  lang?: Lang | undefined;
  /** The last move, highlighted (ICCS, `"h2e2"`). */
  "last-move"?: string | undefined;
  /** The general in check: its square, or `""` / `"true"` for the side to move's general. */
  check?: string | undefined;
  /** The accessible name (default "Xiangqi board" / "象棋棋盘"). */
  label?: string | undefined;
  /** Plays legal moves on the element's own `Game`. */
  interactive?: boolean | undefined;
}

/** The attributes of `<xiangqi-lesson>` (docs/lesson.md). */
export interface XiangqiLessonAttributes {
  /** The record (PGN or DhtmlXQ text). In JSX, the attribute is the way to give it (not a `<script>` child). */
  pgn?: string | undefined;
  /** The URL of a record, fetched as bytes (UTF-8 or GBK). */
  src?: string | undefined;
  /** A position to show when there is no record. */
  fen?: string | undefined;
  /** Which game of a file with several, from 1. */
  game?: number | string | undefined;
  /** The move list's notation (default: the language's — WXF in English, Chinese in Chinese, Vietnamese in Vietnamese). */
  notation?: LessonNotation | undefined;
  /** `en`, `zh`, `zh-Hant` (also `zh-TW`, `zh-HK`), `vi`; any other tag English (default: the page's nearest `lang`). */
  lang?: string | undefined;
  /** Default `"light"`. */
  theme?: LessonTheme | undefined;
  /** The side at the bottom (default `"red"`). */
  orientation?: Color | undefined;
  /** The board's piece labels (default `"traditional"`; `"vietnamese"` on a Vietnamese page). */
  "piece-set"?: PieceSet | undefined;
}

/** The attributes of `<xiangqi-puzzle>` (docs/puzzle.md). */
export interface XiangqiPuzzleAttributes {
  /** The exercise's position; the side to move solves. */
  fen?: string | undefined;
  /** The expected line in ICCS, both sides' moves, space-separated. */
  solution?: string | undefined;
  /** Default `"line"` with a solution, `"mate"` without. */
  goal?: PuzzleGoal | undefined;
  /** `goal="mate"`: mate in this many solver moves (1 to 10; default the shortest). */
  moves?: number | string | undefined;
  /** A record (PGN or DhtmlXQ text): its main line is the solution; several games make a set. */
  pgn?: string | undefined;
  /** The URL of a record. */
  src?: string | undefined;
  notation?: PuzzleNotation | undefined;
  lang?: string | undefined;
  theme?: PuzzleTheme | undefined;
  /** The side at the bottom (default: the solver's). */
  orientation?: Color | undefined;
  "piece-set"?: PieceSet | undefined;
}

/** The attributes of `<xiangqi-editor>` (docs/editor.md). */
export interface XiangqiEditorAttributes {
  /** The record (PGN or DhtmlXQ text). */
  pgn?: string | undefined;
  /** The URL of a record, fetched as bytes (any format the package reads). */
  src?: string | undefined;
  /** The start position when there is no record (default: the standard one). */
  fen?: string | undefined;
  /** The move tree's notation (default: the language's — WXF in English, Chinese in Chinese, Vietnamese in Vietnamese). */
  notation?: EditorNotation | undefined;
  /** `en`, `zh`, `zh-Hant` (also `zh-TW`, `zh-HK`), `vi`; any other tag English (default: the page's nearest `lang`). */
  lang?: string | undefined;
  theme?: EditorTheme | undefined;
  /** The side at the bottom (default `"red"`). */
  orientation?: Color | undefined;
  "piece-set"?: PieceSet | undefined;
}

/** The events of `<xiangqi-board>`, by name: each one's `detail`. */
export interface XiangqiBoardEvents {
  /** Every move the user makes (`event.detail.move` in ICCS). */
  move: MoveDetail;
}

/** The events of `<xiangqi-lesson>`, by name: each one's `detail`. */
export interface XiangqiLessonEvents {
  /** Each move to another position. */
  navigate: LessonPosition;
  /** The record was read and shown. */
  load: LessonLoadDetail;
  /** The record could not be read (its message is shown in the element). */
  error: LessonErrorDetail;
}

/** The events of `<xiangqi-puzzle>`, by name: each one's `detail`. */
export interface XiangqiPuzzleEvents {
  load: PuzzleLoadDetail;
  correct: PuzzleCorrectDetail;
  wrong: PuzzleWrongDetail;
  solved: PuzzleSolvedDetail;
  hint: PuzzleHintDetail;
  reveal: { index: number; hints: number; wrong: number };
  progress: PuzzleProgress;
  error: PuzzleErrorDetail;
}

/** The events of `<xiangqi-editor>`, by name: each one's `detail`. */
export interface XiangqiEditorEvents {
  /** Every edit (a move added, a comment, NAGs, drawings, a tag, the start, a deletion, undo, redo, ...). */
  change: EditorChangeDetail;
  /** The record was read and shown. */
  load: EditorLoadDetail;
  /** The record could not be read (its message is shown in the element). */
  error: EditorErrorDetail;
}

/** `"piece-set"` -> `"pieceSet"`. */
export type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
/** The attributes with camelCase names (as React components and Vue props name them). */
export type CamelAttributes<A> = { [K in keyof A as K extends string ? CamelCase<K> : K]: A[K] };
