// Types of `xiangqi-wasm/vue`: the package's elements in Vue templates, for vue-tsc and the editor (Vue 3.3 or
// later). One line, anywhere in the project (or "xiangqi-wasm/vue" in `compilerOptions.types`):
//
//   import type {} from "xiangqi-wasm/vue";
//
// Then `<xiangqi-board interactive orientation="black" @move="(e) => moves.push(e.detail.move)">` type-checks: the
// attributes as docs/board.md, docs/lesson.md, docs/puzzle.md and docs/editor.md list them (a wrong value, such as
// `orientation="blue"`, is an error; a misspelt attribute too, with vue-tsc's `checkUnknownProps`), the events'
// `e` as `CustomEvent` of the event's detail, and a template ref of the element's type. Vue still needs to be told
// that `xiangqi-*` tags are custom elements (`isCustomElement`, docs/frameworks.md), and the elements are defined by
// importing `xiangqi-wasm/board` / `lesson` / `puzzle` / `editor` in the browser.
import type { HTMLAttributes, ReservedProps } from "vue";
import type { XiangqiBoardElement } from "./board.js";
import type { XiangqiLessonElement } from "./lesson.js";
import type { XiangqiPuzzleElement } from "./puzzle.js";
import type { XiangqiEditorElement } from "./editor.js";
import type {
  CamelAttributes, XiangqiBoardAttributes, XiangqiBoardEvents, XiangqiEditorAttributes, XiangqiEditorEvents, XiangqiLessonAttributes,
  XiangqiLessonEvents, XiangqiPuzzleAttributes, XiangqiPuzzleEvents,
} from "./elements.js";

/** The events as Vue listener props: `@move` is `onMove`, called with the `CustomEvent`. */
export type XiangqiVueEvents<E> = { [K in keyof E as `on${Capitalize<K & string>}`]?: ((event: CustomEvent<E[K]>) => void) | undefined };

/** An element as a Vue template sees it: the element (for template refs) with its attributes and events as props
 * (camelCase, as vue-tsc reads `piece-set`). */
export type XiangqiVueElement<El extends HTMLElement, A, E> = new () => El & {
  /** For template type checking only; not a property of the element. */
  $props: CamelAttributes<A> & XiangqiVueEvents<E> & Omit<HTMLAttributes, keyof CamelAttributes<A> | keyof XiangqiVueEvents<E>>
    & ReservedProps;
};

declare module "vue" {
  interface GlobalComponents {
    "xiangqi-board": XiangqiVueElement<XiangqiBoardElement, XiangqiBoardAttributes, XiangqiBoardEvents>;
    "xiangqi-lesson": XiangqiVueElement<XiangqiLessonElement, XiangqiLessonAttributes, XiangqiLessonEvents>;
    "xiangqi-puzzle": XiangqiVueElement<XiangqiPuzzleElement, XiangqiPuzzleAttributes, XiangqiPuzzleEvents>;
    "xiangqi-editor": XiangqiVueElement<XiangqiEditorElement, XiangqiEditorAttributes, XiangqiEditorEvents>;
  }
}
