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
import type { XiangqiBoardElement } from "./board.js";
import type { XiangqiLessonElement } from "./lesson.js";
import type { XiangqiPuzzleElement } from "./puzzle.js";
import type { XiangqiEditorElement } from "./editor.js";
import type {
  XiangqiBoardAttributes as BoardAttributes, XiangqiBoardEvents, XiangqiEditorAttributes as EditorAttributes,
  XiangqiEditorEvents, XiangqiLessonAttributes as LessonAttributes, XiangqiLessonEvents,
  XiangqiPuzzleAttributes as PuzzleAttributes, XiangqiPuzzleEvents,
} from "./elements.js";

/** The events as JSX props: `on` + the event's name (React 19 listens to `move` for `onmove`). */
export type XiangqiEventProps<E> = { [K in keyof E as `on${K & string}`]?: ((event: CustomEvent<E[K]>) => void) | undefined };

/** The attributes and events of `<xiangqi-board>` in JSX. */
export interface XiangqiBoardAttributes extends BoardAttributes, XiangqiEventProps<XiangqiBoardEvents> {}
/** The attributes and events of `<xiangqi-lesson>` in JSX. */
export interface XiangqiLessonAttributes extends LessonAttributes, XiangqiEventProps<XiangqiLessonEvents> {}
/** The attributes and events of `<xiangqi-puzzle>` in JSX. */
export interface XiangqiPuzzleAttributes extends PuzzleAttributes, XiangqiEventProps<XiangqiPuzzleEvents> {}
/** The attributes and events of `<xiangqi-editor>` in JSX. */
export interface XiangqiEditorAttributes extends EditorAttributes, XiangqiEventProps<XiangqiEditorEvents> {}

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
