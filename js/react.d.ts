// Types of `xiangqi-wasm/react`: the package's elements as React components (React 18 or 19; React is an optional
// peer dependency of the package, needed only by this entry). docs/frameworks.md has the recipes.
//
//   import { XiangqiBoard } from "xiangqi-wasm/react";
//   <XiangqiBoard interactive onMove={(move) => setLast(move.move)} ref={boardRef} />
//
// The module is a client module ("use client"): a Next.js server component may render the components; their
// callbacks work after hydration as after a client render, and the element's module is imported in the browser
// only. Attribute props are camelCase (`pieceSet` for `piece-set`); callbacks get the event's `detail`, then the event.
import type { ForwardRefExoticComponent, HTMLAttributes, RefAttributes } from "react";
import type { XiangqiBoardElement } from "./board.js";
import type { XiangqiLessonElement } from "./lesson.js";
import type { XiangqiPuzzleElement } from "./puzzle.js";
import type { XiangqiEditorElement } from "./editor.js";
import type {
  CamelAttributes, XiangqiBoardAttributes, XiangqiBoardEvents, XiangqiEditorAttributes, XiangqiEditorEvents,
  XiangqiLessonAttributes, XiangqiLessonEvents, XiangqiPuzzleAttributes, XiangqiPuzzleEvents,
} from "./elements.js";

/** A callback of a component: the event's `detail`, then the event itself. */
export type XiangqiCallback<D> = (detail: D, event: CustomEvent<D>) => void;

/** The events as callback props: `move` -> `onMove(detail, event)`. */
export type XiangqiCallbackProps<E> = { [K in keyof E as `on${Capitalize<K & string>}`]?: XiangqiCallback<E[K]> | undefined };

/** A component's props: its element's attributes (camelCase: `pieceSet`), its callbacks, and the HTML props
 * (`className`, `style`, `id`, `aria-*`, `children`, ...) that its own do not redefine. */
type Props<E extends HTMLElement, A, Ev> = CamelAttributes<A> & XiangqiCallbackProps<Ev>
  & Omit<HTMLAttributes<E>, keyof CamelAttributes<A> | keyof XiangqiCallbackProps<Ev>>;

/** The props of `<XiangqiBoard>`: `fen`, `orientation`, `movable`, `pieceSet`, `coordinates`, `theme`, `lang`,
 * `lastMove`, `check`, `label`, `interactive` (docs/board.md) and `onMove(move)`. */
export type XiangqiBoardProps = Props<XiangqiBoardElement, XiangqiBoardAttributes, XiangqiBoardEvents>;
/** The props of `<XiangqiLesson>` (docs/lesson.md), with `onNavigate`, `onLoad`, `onError`. */
export type XiangqiLessonProps = Props<XiangqiLessonElement, XiangqiLessonAttributes, XiangqiLessonEvents>;
/** The props of `<XiangqiPuzzle>` (docs/puzzle.md), with `onLoad`, `onCorrect`, `onWrong`, `onSolved`, `onHint`,
 * `onReveal`, `onProgress`, `onError`. */
export type XiangqiPuzzleProps = Props<XiangqiPuzzleElement, XiangqiPuzzleAttributes, XiangqiPuzzleEvents>;
/** The props of `<XiangqiEditor>` (docs/editor.md), with `onChange`, `onLoad`, `onError`. */
export type XiangqiEditorProps = Props<XiangqiEditorElement, XiangqiEditorAttributes, XiangqiEditorEvents>;

/** `<xiangqi-board>`; `ref` is the element (`ref.current.game`, `.board`, `.set(...)`). */
export declare const XiangqiBoard: ForwardRefExoticComponent<XiangqiBoardProps & RefAttributes<XiangqiBoardElement>>;
/** `<xiangqi-lesson>`; `ref` is the element (`ref.current.next()`, `.current`, ...). */
export declare const XiangqiLesson: ForwardRefExoticComponent<XiangqiLessonProps & RefAttributes<XiangqiLessonElement>>;
/** `<xiangqi-puzzle>`; `ref` is the element. */
export declare const XiangqiPuzzle: ForwardRefExoticComponent<XiangqiPuzzleProps & RefAttributes<XiangqiPuzzleElement>>;
/** `<xiangqi-editor>`; `ref` is the element. */
export declare const XiangqiEditor: ForwardRefExoticComponent<XiangqiEditorProps & RefAttributes<XiangqiEditorElement>>;
