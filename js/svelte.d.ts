// Types of `xiangqi-wasm/svelte`: the package's elements in Svelte 5 components, for svelte-check and the editor.
// One line, anywhere in the project (or "xiangqi-wasm/svelte" in `compilerOptions.types`):
//
//   import type {} from "xiangqi-wasm/svelte";
//
// Then `<xiangqi-board interactive orientation="black" onmove={(e) => moves.push(e.detail.move)}>` type-checks: the
// attributes as docs/board.md, docs/lesson.md, docs/puzzle.md and docs/editor.md list them (a wrong value, such as
// `orientation="blue"`, or a misspelt attribute is an error), the events as `on` + the event's name with `e` a
// `CustomEvent` of its detail, and `bind:this` of the element's type. The elements are defined by importing
// `xiangqi-wasm/board` / `lesson` / `puzzle` / `editor` in the browser (docs/frameworks.md).
import type { HTMLAttributes } from "svelte/elements";
import type { XiangqiBoardElement } from "./board.js";
import type { XiangqiLessonElement } from "./lesson.js";
import type { XiangqiPuzzleElement } from "./puzzle.js";
import type { XiangqiEditorElement } from "./editor.js";
import type {
  XiangqiBoardAttributes, XiangqiBoardEvents, XiangqiEditorAttributes, XiangqiEditorEvents, XiangqiLessonAttributes,
  XiangqiLessonEvents, XiangqiPuzzleAttributes, XiangqiPuzzleEvents,
} from "./elements.js";

/** The events as Svelte 5 attributes: `on` + the event's name, called with the `CustomEvent`. */
export type XiangqiSvelteEvents<El, E> = {
  [K in keyof E as `on${K & string}`]?: ((event: CustomEvent<E[K]> & { currentTarget: El }) => void) | undefined | null;
};

/** An element's attributes in Svelte: its own, its events, and the HTML attributes its own do not redefine. */
export type XiangqiSvelteAttributes<El extends HTMLElement, A, E> = A & XiangqiSvelteEvents<El, E>
  & Omit<HTMLAttributes<El>, keyof A | keyof XiangqiSvelteEvents<El, E>>;

declare module "svelte/elements" {
  export interface SvelteHTMLElements {
    "xiangqi-board": XiangqiSvelteAttributes<XiangqiBoardElement, XiangqiBoardAttributes, XiangqiBoardEvents>;
    "xiangqi-lesson": XiangqiSvelteAttributes<XiangqiLessonElement, XiangqiLessonAttributes, XiangqiLessonEvents>;
    "xiangqi-puzzle": XiangqiSvelteAttributes<XiangqiPuzzleElement, XiangqiPuzzleAttributes, XiangqiPuzzleEvents>;
    "xiangqi-editor": XiangqiSvelteAttributes<XiangqiEditorElement, XiangqiEditorAttributes, XiangqiEditorEvents>;
  }
}
