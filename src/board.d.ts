// The declarations of `BoardView` (src/board.rs, cargo feature `wasm-board`), joined to types.d.ts in the package's
// xiangqi_wasm.d.ts by scripts/pkg-postprocess.mjs.

/**
 * A canvas: `HTMLCanvasElement` where the DOM's types are loaded (`lib: ["dom"]`), else `object`, so that the
 * declarations compile in a project without the DOM (a server, `lib: ["es2022"]`).
 */
export type Canvas = typeof globalThis extends { HTMLCanvasElement: { prototype: infer C } } ? C : object;

/**
 * The low-level board painter behind `xiangqi-wasm/board`: the board's headless state (no rules) painted into
 * three stacked canvases. Use `createBoard` or `<xiangqi-board>` from `xiangqi-wasm/board`; this class is what they
 * drive. Lengths are canvas (device) pixels. Methods returning a number return effect flags: 1 pieces repainted,
 * 2 overlay, 4 background, 8 animating (call `frame`), 16 a move was made (`takeIntent()`), 32 the cursor moved,
 * 64 the selection changed, 128 the user's shapes changed.
 * @example
 * const view = new BoardView(backgroundCanvas, piecesCanvas, overlayCanvas);
 * view.resize(360, 396, devicePixelRatio);
 * view.set("fen", startFen());
 * view.set("dests", "h2e2 h2h9");
 * view.render();
 */
export class BoardView {
  constructor(background: Canvas, pieces: Canvas, overlay: Canvas);
  /** Sizes the canvases to `cssWidth` × `cssHeight` CSS pixels at `dpr` device pixels per CSS pixel, and paints. */
  resize(cssWidth: number, cssHeight: number, dpr: number): number;
  /** The width / height ratio of the board with its current coordinates. */
  aspectRatio(): number;
  /**
   * Changes one part of the state (painted by `render`): `fen` (animated) or `fenNow` (a FEN; its placement is
   * read), `orientation`, `movable`, `pieceSet`, `coordinates`, `theme`, `dests` (ICCS moves separated by spaces,
   * `null` = free moves), `lastMove` (ICCS or `null`), `check` (a square or `null`), `shapes` / `userShapes`
   * (`"h2e2:green e0:red"`), `cursor` (a square or `null`), `animation` (whole ms).
   * @throws {XiangqiError} `ERR_FEN_*`, `ERR_SQUARE`, `ERR_MOVE_SYNTAX`, `ERR_OPTIONS`.
   */
  set(key: string, value: string | null): number;
  /**
   * Reads the state: `placement` (FEN board field), `cursor`, `selected`, `userShapes`, `pieceAt` (the FEN letter
   * on square `arg`), `destsOf` (the destinations shown for `arg`, separated by spaces).
   */
  get(key: string, arg?: string): string | undefined;
  /** A pointer event at (`x`, `y`): `kind` 0 down, 1 move, 2 up, 3 cancel; `button` 0 primary, 2 secondary
   * (drawing with a brush from `shift` / `alt`). */
  pointer(kind: number, x: number, y: number, button: number, shift: boolean, alt: boolean): number;
  /** `"left" | "right" | "up" | "down" | "activate" | "escape"`. */
  key(key: string): number;
  /** Shows or hides the keyboard focus ring. */
  setFocus(visible: boolean): number;
  /** Advances the animation to `now` (ms) and repaints. */
  frame(now: number): number;
  /** Paints the layers whose state changed. */
  render(): void;
  /** The move the user made, `"h2e2"`, once. */
  takeIntent(): string | undefined;
  /** The centre of `square` in canvas pixels, `[x, y]`. */
  pointOf(square: string): Float64Array | undefined;
  /** The square at canvas pixel (`x`, `y`). */
  squareAt(x: number, y: number): string | undefined;
  free(): void;
  /** `free()`, for `using view = new BoardView(…)` (a runtime with `Symbol.dispose`). */
  [Symbol.dispose](): void;
}
