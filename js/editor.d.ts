// Types of `xiangqi-wasm/editor`: the <xiangqi-editor> custom element (a record editor).
import type { EditorNode, ErrorCode, RecordGame, RecordWarning, RecordFormat, WriteRecordOptions, XiangqiError } from "./xiangqi_wasm.js";
import type { XiangqiBoardElement } from "./board.js";

/** The largest record the element reads, in UTF-8 bytes (2 MiB); a larger one is refused with its size. */
export const MAX_RECORD_BYTES: number;

/**
 * The notation of the move tree: `"chinese"` (炮二平五; 繁體 on a `zh-Hant` page: 炮二平五, 傌二進三), `"wxf"` (C2.5), `"iccs"`
 * (H2-E2) or `"vietnamese"` (P2-5). Default: the language's (English WXF, Chinese Chinese, Vietnamese Vietnamese).
 */
export type EditorNotation = "chinese" | "wxf" | "iccs" | "vietnamese";
/** `"light"` (the default), `"dark"`, or `"auto"` (follows `prefers-color-scheme`). */
export type EditorTheme = "light" | "dark" | "auto";

/**
 * The codes of the element's errors: the package's own (`ERR_RECORD_*`, `ERR_FEN_*`, `ERR_EDIT_*`, ...),
 * `ERR_RECORD_TOO_LARGE` for a record above {@link MAX_RECORD_BYTES} and `ERR_RECORD_FETCH` for a `src` that
 * could not be fetched.
 */
export type EditorErrorCode = ErrorCode | "ERR_RECORD_TOO_LARGE" | "ERR_RECORD_FETCH";

/** The current node (`element.current`): the `RecordEditor`'s node, with the move as the tree shows it. */
export interface EditorPosition extends EditorNode {
  /** The move in Chinese notation (炮二平五), or `null` at the start. */
  notation: string | null;
}

/** What an edit was: the `edit` of a `change` event's detail. */
export type EditorEdit = "play" | "comment" | "nags" | "drawings" | "tag" | "start" | "delete" | "promote" | "makeMain" | "undo" | "redo";

/** The `detail` of a `change` event. */
export interface EditorChangeDetail {
  edit: EditorEdit;
  /** The cursor's node after the edit. */
  node: number;
  /** `tag`: the tag's name. */
  tag?: string;
  /** `delete`: the node deleted. */
  deleted?: number;
  /** `comment`: whether it was the comment before a variation's first move. */
  before?: boolean;
}

/** The `detail` of a `load` event. */
export interface EditorLoadDetail {
  headers: Record<string, string>;
  /** The format the record was read as; `null` for a position (`fen`) or an empty game. */
  format: RecordFormat | null;
  warnings: RecordWarning[];
}

/** The `detail` of an `error` event (the record could not be loaded; edits that are refused fire none). */
export interface EditorErrorDetail {
  code: EditorErrorCode;
  message: string;
  error: XiangqiError | (Error & { name: "XiangqiError"; code: EditorErrorCode });
}

export interface XiangqiEditorEventMap {
  change: CustomEvent<EditorChangeDetail>;
  load: CustomEvent<EditorLoadDetail>;
  error: CustomEvent<EditorErrorDetail>;
}

/**
 * `<xiangqi-editor>`: a record editor in one tag (docs/editor.md). The record comes from a `pgn` attribute, a
 * `<script type="application/x-chess-pgn">` child or a `src` URL (any record the package reads: PGN, DhtmlXQ, XQF,
 * CBR; UTF-8, GBK or Big5); without one, the `fen` attribute's position or the start position. Moves are played on
 * the board; going back (←, or the tree) and playing a different move makes a variation at that ply. Comments,
 * NAGs, arrows and circles (secondary-button drag, or the draw tool by taps), tags and the start position are
 * edited in the element; every edit fires `change`, a refused edit shows its typed error and changes nothing.
 * Attributes: `pgn`, `src`, `fen`, `notation`, `lang`, `theme`, `orientation`, `piece-set`. Styling: as
 * `<xiangqi-lesson>` (`--xiangqi-board-size`, `::part(body)`, `::part(editor)`).
 * @example
 * <script type="module">import "xiangqi-wasm/editor";</script>
 * <xiangqi-editor lang="zh"><script type="application/x-chess-pgn">1. 炮二平五 马8进7 *</script></xiangqi-editor>
 */
export class XiangqiEditorElement extends HTMLElement {
  static observedAttributes: string[];
  /** Resolves with the element once the record is shown, or its error message is. */
  readonly ready: Promise<XiangqiEditorElement>;
  /** The inner board. */
  readonly board: XiangqiBoardElement;
  /** The error of loading shown, or `null`. */
  readonly error: (Error & { name: "XiangqiError"; code: EditorErrorCode }) | null;
  /**
   * The edited record (a fresh `RecordGame` each read), or `null` before one is loaded. Setting it loads a
   * record (a `RecordGame`, a FEN, or `null` for an empty game; throws the `RecordEditor`'s typed errors, and
   * then nothing changes).
   */
  record: RecordGame | null;
  /** The current node, or `null` before a record is loaded. */
  readonly current: EditorPosition | null;
  /** Node `id` of the record (its children: the main continuation first). @throws {XiangqiError} `ERR_EDIT_NODE`. */
  node(id: number): EditorNode;
  /** The record written by `writeRecord` (default PGN). */
  write(options?: WriteRecordOptions): string | Uint8Array | null;
  /** The record as PGN text. */
  pgn(): string | null;
  /** Goes to node `id` (not an edit). @throws {XiangqiError} `ERR_EDIT_NODE`. */
  go(id: number): void;
  /**
   * Plays `move` (ICCS) at the current node: the move the tree has there (no edit), else a new move or a new
   * variation; returns the node. @throws {XiangqiError} `ERR_ILLEGAL_MOVE`, `ERR_MOVE_SYNTAX` (nothing changes).
   */
  play(move: string): number;
  /** Takes the last edit back; `false` when there is none. */
  undo(): boolean;
  /** Makes the last undone edit again; `false` when there is none. */
  redo(): boolean;
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
  addEventListener<K extends keyof XiangqiEditorEventMap>(type: K,
    listener: (this: XiangqiEditorElement, ev: XiangqiEditorEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof XiangqiEditorEventMap>(type: K,
    listener: (this: XiangqiEditorElement, ev: XiangqiEditorEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    "xiangqi-editor": XiangqiEditorElement;
  }
}
