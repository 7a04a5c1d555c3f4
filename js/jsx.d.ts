// Types of `xiangqi-wasm/jsx`: the package's custom elements in React's JSX (React 19 and @types/react 19), for a
// TypeScript project that renders them. One line, anywhere in the project (or "xiangqi-wasm/jsx" in
// `compilerOptions.types`):
//
//   import type {} from "xiangqi-wasm/jsx";
//
// Then `<xiangqi-board fen={fen} interactive onmove={(e) => e.detail.move} ref={ref} />` type-checks: the attributes
// as docs/board.md, docs/lesson.md, docs/puzzle.md and docs/editor.md list them, the elements' events as `on` + the event's name (React 19 listens
// to `move` for `onmove`), and `ref` of the element's type. The elements themselves are defined by importing
// `xiangqi-wasm/board` / `xiangqi-wasm/lesson` / `xiangqi-wasm/puzzle` / `xiangqi-wasm/editor` in the browser (docs/js-api.md, "Frameworks").
import type { DetailedHTMLProps, HTMLAttributes } from "react";
import type { Color } from "./xiangqi_wasm.js";
import type { Lang, MoveDetail, Movable, PieceSet, Theme, XiangqiBoardElement } from "./board.js";
import type {
  LessonErrorDetail, LessonLoadDetail, LessonNotation, LessonPosition, LessonTheme, XiangqiLessonElement,
} from "./lesson.js";
import type {
  PuzzleCorrectDetail, PuzzleErrorDetail, PuzzleGoal, PuzzleHintDetail, PuzzleLoadDetail, PuzzleNotation,
  PuzzleProgress, PuzzleSolvedDetail, PuzzleTheme, PuzzleWrongDetail, XiangqiPuzzleElement,
} from "./puzzle.js";
import type {
  EditorChangeDetail, EditorErrorDetail, EditorLoadDetail, EditorNotation, EditorTheme, XiangqiEditorElement,
} from "./editor.js";

/** The attributes and events of `<xiangqi-board>` in JSX. */
export interface XiangqiBoardAttributes {
  /** The position (a FEN). An `interactive` board starts its game from it. */
  fen?: string | undefined;
  /** The side at the bottom (default `"red"`). */
  orientation?: Color | undefined;
  /** Which pieces the user may move (default `"both"`). */
  movable?: Movable | undefined;
  /** Default `"traditional"`. */
  "piece-set"?: PieceSet | undefined;
  /** `"iccs"` (the default), `"chinese"`, `"none"`; `"false"` is `"none"`. */
  coordinates?: "iccs" | "chinese" | "none" | "true" | "false" | undefined;
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
  /** Every move the user makes (`event.detail.move` in ICCS). */
  onmove?: ((event: CustomEvent<MoveDetail>) => void) | undefined;
}

/** The attributes and events of `<xiangqi-lesson>` in JSX. */
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
  /** Each move to another position. */
  onnavigate?: ((event: CustomEvent<LessonPosition>) => void) | undefined;
  /** The record was read and shown. */
  onload?: ((event: CustomEvent<LessonLoadDetail>) => void) | undefined;
  /** The record could not be read (its message is shown in the element). */
  onerror?: ((event: CustomEvent<LessonErrorDetail>) => void) | undefined;
}

/** The attributes and events of `<xiangqi-puzzle>` in JSX. */
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
  onload?: ((event: CustomEvent<PuzzleLoadDetail>) => void) | undefined;
  oncorrect?: ((event: CustomEvent<PuzzleCorrectDetail>) => void) | undefined;
  onwrong?: ((event: CustomEvent<PuzzleWrongDetail>) => void) | undefined;
  onsolved?: ((event: CustomEvent<PuzzleSolvedDetail>) => void) | undefined;
  onhint?: ((event: CustomEvent<PuzzleHintDetail>) => void) | undefined;
  onreveal?: ((event: CustomEvent<{ index: number; hints: number; wrong: number }>) => void) | undefined;
  onprogress?: ((event: CustomEvent<PuzzleProgress>) => void) | undefined;
  onerror?: ((event: CustomEvent<PuzzleErrorDetail>) => void) | undefined;
}

/** The attributes and events of `<xiangqi-editor>` in JSX. */
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
  /** Every edit (a move added, a comment, NAGs, drawings, a tag, the start, a deletion, undo, redo, ...). */
  onchange?: ((event: CustomEvent<EditorChangeDetail>) => void) | undefined;
  /** The record was read and shown. */
  onload?: ((event: CustomEvent<EditorLoadDetail>) => void) | undefined;
  /** The record could not be read (its message is shown in the element). */
  onerror?: ((event: CustomEvent<EditorErrorDetail>) => void) | undefined;
}

/** React's props of an element: its HTML attributes (`className`, `style`, `ref`, ...) and its own. */
type Props<E extends HTMLElement, A> = Omit<DetailedHTMLProps<HTMLAttributes<E>, E>, keyof A> & A;

/** The package's elements, by tag name, as React props. */
export interface XiangqiIntrinsicElements {
  "xiangqi-board": Props<XiangqiBoardElement, XiangqiBoardAttributes>;
  "xiangqi-lesson": Props<XiangqiLessonElement, XiangqiLessonAttributes>;
  "xiangqi-puzzle": Props<XiangqiPuzzleElement, XiangqiPuzzleAttributes>;
  "xiangqi-editor": Props<XiangqiEditorElement, XiangqiEditorAttributes>;
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements extends XiangqiIntrinsicElements {}
  }
}
