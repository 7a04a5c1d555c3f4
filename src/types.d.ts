// `Symbol.dispose` (for `using`) is declared here so that these types compile without `lib: ["esnext.disposable"]`
// (TypeScript's ES2022 lib does not have it) and without @types/node; the declaration is the same as the lib's,
// so both setups compile. `using` itself needs a runtime with the syntax (Node 24+ and current browsers; not Node 20
// or 22, which have `Symbol.dispose` but not `using`: call `[Symbol.dispose]()` or `free()` there).
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

/** `T` with every key given, none `undefined`: the options as the package reports them (`game.options()`). */
type Filled<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/** A side: Red (紅, moves first) or Black (黑). */
export type Color = "red" | "black";

/**
 * A kind of piece: general 帥/將, advisor 仕/士, elephant 相/象, horse 傌/馬, chariot 俥/車, cannon 炮/砲,
 * soldier 兵/卒.
 */
export type PieceKind = "general" | "advisor" | "elephant" | "horse" | "chariot" | "cannon" | "soldier";

/** A file letter, `a` (Red's left) to `i`. */
export type File = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i";
/** A rank digit, `0` (Red's back rank) to `9` (Black's back rank). */
export type Rank = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
/** A point of the board in ICCS coordinates, `"a0"` to `"i9"`. Squares returned by the API are always lower case. */
export type Square = `${File}${Rank}`;

/**
 * A move as input: text in any notation — ICCS (`"h2e2"`, also `"H2-E2"`; case and surrounding whitespace are
 * ignored), WXF (`"C2.5"`, `"H8+7"`) or Chinese (`"炮二平五"`, `"马8进7"`, traditional characters and full-width
 * digits too) — or an object with `from` and `to` squares (any other properties, such as those of a
 * {@link MoveInfo}, are ignored). WXF and Chinese text is resolved against the position: text that fits several
 * legal moves throws `ERR_MOVE_AMBIGUOUS` (with the `candidates`); ICCS is never ambiguous.
 */
export type MoveInput = string | { readonly from: string; readonly to: string };

/** A move with what it does: returned by `play`, `undo`, `history({ verbose: true })`, `legalMoves({ verbose: true })`. */
export interface MoveInfo {
  /** The move in ICCS notation, `"h2e2"`. */
  iccs: string;
  /** The square the piece leaves. */
  from: Square;
  /** The square the piece goes to. */
  to: Square;
  /** The side that moves. */
  color: Color;
  /** The kind of piece that moves. */
  piece: PieceKind;
  /** The kind of piece captured, or `null`. */
  captured: PieceKind | null;
  /** Whether the move gives check (将军). */
  check: boolean;
  /** The move in WXF notation (default style), `"C2.5"`. */
  wxf: string;
  /** The move in Chinese notation (default style: simplified, ASCII digits for Black), `"炮二平五"`. */
  chinese: string;
}

/** A piece on the board, as listed by `pieces()`. */
export interface PieceInfo {
  square: Square;
  color: Color;
  kind: PieceKind;
}

/** Why a well-formed move is not legal: the `code` of a failed {@link Validation}, `reasonCode` of an `ERR_ILLEGAL_MOVE`. */
export type IllegalReasonCode =
  | "emptySquare"
  | "notYourPiece"
  | "nullMove"
  | "ownPieceOnTarget"
  | "generalStep"
  | "advisorStep"
  | "leavesPalace"
  | "elephantStep"
  | "elephantCrossesRiver"
  | "elephantEyeBlocked"
  | "horseStep"
  | "horseLegBlocked"
  | "notStraight"
  | "pathBlocked"
  | "cannonNoScreen"
  | "cannonTooManyScreens"
  | "soldierBackward"
  | "soldierSidewaysBeforeRiver"
  | "soldierStep"
  | "leavesGeneralInCheck"
  | "generalsWouldFace"
  | "capturesGeneral"
  | "gameOver"
  | "forbiddenRepetition";

/**
 * The answer of `validate`: `{ legal: true }` (with a `warning` when the move would end the game by
 * repetition), or why `play` would refuse the move. `code` is `"syntax"` when the input is not a move at all,
 * `"noPiece"` / `"impossible"` / `"ambiguous"` when WXF or Chinese text names no piece, no move of it, or several
 * moves, else an {@link IllegalReasonCode} (including `"gameOver"` and, in enforce mode,
 * `"forbiddenRepetition"`); `reason` is an English sentence for people.
 */
export type Validation =
  | { legal: true; warning?: Outcome }
  | { legal: false; code: IllegalReasonCode | "syntax" | "noPiece" | "impossible" | "ambiguous"; reason: string };

/** What makes a FEN invalid: malformed text (first group) or an illegal position (second group). */
export type FenErrorCode =
  | "ERR_FEN_EMPTY"
  | "ERR_FEN_TOO_LONG"
  | "ERR_FEN_BOARD"
  | "ERR_FEN_PIECE"
  | "ERR_FEN_TURN"
  | "ERR_FEN_FIELDS"
  | "ERR_FEN_HALFMOVES"
  | "ERR_FEN_FULLMOVES"
  | "ERR_FEN_MISSING_GENERAL"
  | "ERR_FEN_TOO_MANY_PIECES"
  | "ERR_FEN_GENERAL_PLACEMENT"
  | "ERR_FEN_ADVISOR_PLACEMENT"
  | "ERR_FEN_ELEPHANT_PLACEMENT"
  | "ERR_FEN_SOLDIER_PLACEMENT"
  | "ERR_FEN_GENERALS_FACING"
  | "ERR_FEN_OPPOSITE_CHECK";

/**
 * Every `code` a {@link XiangqiError} can have. Codes are stable: new ones may be added, existing ones keep their
 * meaning.
 * - `ERR_FEN_*`: a bad FEN (see {@link FenErrorCode});
 * - `ERR_MOVE_SYNTAX`: the text is not a move in any notation; `ERR_ILLEGAL_MOVE`: a well-formed move that
 *   `play` refuses (not legal, the game is over, or a forbidden repetition in enforce mode; see `reasonCode`);
 * - `ERR_MOVE_NO_PIECE`: WXF / Chinese text names a piece that is not there; `ERR_MOVE_IMPOSSIBLE`: the piece
 *   cannot move as described; `ERR_MOVE_AMBIGUOUS`: the text fits several legal moves (`candidates`);
 * - `ERR_RECORD_SYNTAX` (with `line`, `column`; `offset` in an XQF, CBR or CBL file), `ERR_RECORD_FEN`, `ERR_RECORD_MOVE`
 *   (with `ply`, `moveText`, `line`, `column`, `moveCode`), `ERR_RECORD_ENCODING` (with the encodings `tried`),
 *   `ERR_RECORD_EMPTY`: a record (PGN, DhtmlXQ, XQF, FEN, CBR, CBL) that cannot be read;
 * - `writeRecord`: `ERR_RECORD_TAG` (a tag no format holds: a bad name, a value with a line break; a quote is
 *   written escaped in PGN), `ERR_RECORD_MOVE` (an illegal move of the tree, with `ply`, `moveText`, `inVariation`,
 *   `moveCode`, `reasonCode`), `ERR_RECORD_FEN`, `ERR_RECORD_TEXT` (a character GBK cannot hold, for XQF),
 *   `ERR_RECORD_DEPTH` (variations nested more than 64 deep), `ERR_RECORD_FORMAT` (XQF on a host whose
 *   `TextDecoder` has no GBK);
 * - `ERR_GAME_OVER`: resigning, offering or accepting a draw, or a time forfeit after the game ended;
 *   `ERR_NO_DRAW_OFFER`: accepting a draw nobody offered;
 * - `ERR_SQUARE`: the text is not a square;
 * - `ERR_OPTIONS`: an unknown option or an option of the wrong type or range;
 * - `ERR_ARGUMENT`: an argument of the wrong JS type (a number where a string belongs, ...) or out of range;
 * - `ERR_FREED`: a method of an object after its `free()` / `[Symbol.dispose]()`, or a freed object passed as an
 *   argument that the call reads (to a method, a constructor or a module function);
 * - `ERR_BUSY`: a method of an object called from inside one of its own calls (e.g. `engine.search` from its own
 *   `onProgress`); the object stays usable. (`free()` there is not an error: it takes effect when the call returns.)
 * - `ERR_NO_SEARCH`: `engine.step()` / `engine.stepAnalysis()` with no search / analysis under way (never started,
 *   or already over).
 * - `ERR_MATE_LIMIT`: a `MateProver` call that reached its `nodeLimit` without a proof either way.
 * - `ERR_NET_MAGIC`, `ERR_NET_VERSION`, `ERR_NET_FEATURES`, `ERR_NET_SHAPE`, `ERR_NET_TRUNCATED`, `ERR_NET_CHECKSUM`:
 *   a net file {@link Engine.loadNetwork} cannot use (not a net file, another format version, an unknown feature
 *   set, unsupported sizes, too few or too many bytes, damaged); the engine is as it was.
 * - `ERR_EDIT_NODE` (with `node`): a {@link RecordEditor} edit or question about a node the tree does not have
 *   (never made, or deleted); `ERR_EDIT_ROOT`: an edit that needs a move at the start (delete, promote, NAGs, a
 *   comment before); `ERR_EDIT_MAIN_LINE`: promoting a node of the main line; `ERR_EDIT_COMMENT_BEFORE`: a
 *   comment before a move that does not start a variation; `ERR_EDIT_DEPTH`: variations nested more than 64
 *   deep; `ERR_EDIT_TAG`: a tag name that is not letters, digits, `_` and `-`, the `FEN` tag (use `setStart`),
 *   or a value with a line break, a control character or a double quote. A refused edit changes nothing.
 */
export type ErrorCode =
  | FenErrorCode
  | "ERR_MOVE_SYNTAX"
  | "ERR_MOVE_NO_PIECE"
  | "ERR_MOVE_IMPOSSIBLE"
  | "ERR_MOVE_AMBIGUOUS"
  | "ERR_ILLEGAL_MOVE"
  | "ERR_RECORD_SYNTAX"
  | "ERR_RECORD_FEN"
  | "ERR_RECORD_MOVE"
  | "ERR_RECORD_ENCODING"
  | "ERR_RECORD_EMPTY"
  | "ERR_RECORD_TAG"
  | "ERR_RECORD_TEXT"
  | "ERR_RECORD_DEPTH"
  | "ERR_RECORD_FORMAT"
  | "ERR_GAME_OVER"
  | "ERR_NO_DRAW_OFFER"
  | "ERR_SQUARE"
  | "ERR_OPTIONS"
  | "ERR_ARGUMENT"
  | "ERR_FREED"
  | "ERR_BUSY"
  | "ERR_NO_SEARCH"
  | "ERR_MATE_LIMIT"
  | "ERR_NET_MAGIC"
  | "ERR_NET_VERSION"
  | "ERR_NET_FEATURES"
  | "ERR_NET_SHAPE"
  | "ERR_NET_TRUNCATED"
  | "ERR_NET_CHECKSUM"
  | "ERR_EDIT_NODE"
  | "ERR_EDIT_ROOT"
  | "ERR_EDIT_MAIN_LINE"
  | "ERR_EDIT_COMMENT_BEFORE"
  | "ERR_EDIT_DEPTH"
  | "ERR_EDIT_TAG";

/** One problem of a FEN, as listed by `validateFen` and in the `errors` of a thrown FEN error. */
export interface FenProblem {
  /** `ERR_ARGUMENT` for a value that is not a string, `ERR_FREED` (from `validateFen`) for a freed object. */
  code: FenErrorCode | "ERR_ARGUMENT" | "ERR_FREED";
  /** An English sentence: `"Red has more than 2 horses"`. */
  message: string;
  /** The square the problem is about, when it is about one. */
  square?: Square;
}

/** The answer of `validateFen`. */
export interface FenValidation {
  /** Whether the FEN describes a legal position. */
  ok: boolean;
  /** Every problem found, in a stable order; empty when `ok`. */
  errors: FenProblem[];
}

/**
 * Every error this package throws: a real `Error` with `name === "XiangqiError"` and a stable {@link ErrorCode}.
 * FEN errors carry every problem in `errors`; `ERR_ILLEGAL_MOVE` carries `move`, `reasonCode` and `reason`.
 *
 * @example
 * try {
 *   new Game().play("b9d8");
 * } catch (e) {
 *   if (isXiangqiError(e) && e.code === "ERR_ILLEGAL_MOVE") console.log(e.reason);
 * }
 */
export interface XiangqiError extends Error {
  name: "XiangqiError";
  code: ErrorCode;
  /** For `ERR_ILLEGAL_MOVE` and `ERR_MOVE_SYNTAX`: the move, as given. */
  move?: string;
  /** For `ERR_ILLEGAL_MOVE`: why, in machine form (`"horseLegBlocked"`). */
  reasonCode?: IllegalReasonCode;
  /** For `ERR_ILLEGAL_MOVE`: why, in English (`"the horse's leg at c9 is blocked"`). */
  reason?: string;
  /** For `ERR_FEN_*` and `ERR_RECORD_FEN`: every problem found (the first one's code is `code`). */
  errors?: FenProblem[];
  /** For `ERR_MOVE_AMBIGUOUS`: the legal moves the text fits, in ICCS. */
  candidates?: string[];
  /** For `ERR_RECORD_*`: where in the text, from 1 (columns in characters). */
  line?: number;
  column?: number;
  /** For `ERR_RECORD_SYNTAX` in an XQF, CBR or CBL file: the byte offset of the problem. */
  offset?: number;
  /** For `ERR_RECORD_ENCODING`: the encodings tried. */
  tried?: RecordEncoding[];
  /** For `ERR_RECORD_MOVE`: the game of the file (from 0), the ply (from 1), the move text, whether it is in a
   * variation, and the move's own error code. */
  game?: number;
  ply?: number;
  moveText?: string;
  inVariation?: boolean;
  moveCode?: ErrorCode;
  /** For `ERR_EDIT_NODE`: the node asked for. */
  node?: number;
}

/**
 * Why a game ended (docs/rules.md §4–§7): `checkmate` and `stalemate` (both lose), the repetition rulings
 * (`perpetualCheck`, `perpetualChase`, `perpetualMateThreat`, `perpetualAttack` lose for the offender;
 * `mutualPerpetual`, `repetitionDraw` draw), `moveLimit` (natural move limit, draw), `deadPosition` (no mate
 * possible, draw), the external endings `resignation`, `agreement`, `timeForfeit`, `illegalMove`, and
 * `recorded`: the result a game record gives (棋谱记载), which stands for a game read from a record (see
 * {@link Game.ruling} for what the rules would have said).
 */
export type OutcomeReason =
  | "checkmate"
  | "stalemate"
  | "perpetualCheck"
  | "perpetualChase"
  | "perpetualMateThreat"
  | "perpetualAttack"
  | "mutualPerpetual"
  | "repetitionDraw"
  | "moveLimit"
  | "deadPosition"
  | "resignation"
  | "agreement"
  | "timeForfeit"
  | "illegalMove"
  | "recorded";

/** How a move is classified for repetition rulings (docs/rules.md §6): 将 check, 杀 mate threat, 捉 chase, 闲 idle. */
export type MoveCategory = "check" | "mateThreat" | "chase" | "idle";

/**
 * Practically drawn material a player may claim before an arbiter (never an automatic ending), returned by
 * `claimableDraw()`: `"loneCannonAgainstDefenders"` — no chariot, horse or soldier on the board, one cannon, and
 * the side without it keeps an advisor or elephant (单炮不胜士象).
 */
export type ClaimableDraw = "loneCannonAgainstDefenders";

/**
 * A repetition violation (违例), listed by `repetitionViolations()`: a position reached its `repetitionCount`-th
 * occurrence and the ruling condemned `offender`. Only analysis mode plays on after the first.
 */
export interface RepetitionViolation {
  /** The ply that completed the repetition (1 = the first move). */
  ply: number;
  /** The side that had to vary. */
  offender: Color;
  /** The reason of the ruling: `perpetualCheck`, `perpetualChase`, `perpetualMateThreat` or `perpetualAttack`. */
  reason: OutcomeReason;
  /** Which violation of `offender` this is in the game: 1 for its first. The third loses (中国棋规). */
  number: number;
}

/** A piece that chases (attacks) a target. */
export interface Attacker {
  square: Square;
  kind: PieceKind;
}

/** A chased piece: where it stands, what it is, whether it is truly protected (真根), and who chases it. */
export interface ChaseTarget {
  square: Square;
  color: Color;
  kind: PieceKind;
  protected: boolean;
  attackers: Attacker[];
}

/** One move of a repetition cycle with its classification under the rule set of the ruling. */
export interface CycleMove {
  /** The ply of the move in the game (1 = the first move played). */
  ply: number;
  /** The move, ICCS. */
  move: string;
  color: Color;
  category: MoveCategory;
  /** The pieces it chased (for `chase` moves). */
  targets: ChaseTarget[];
}

/** How a finished game ended: returned by `outcome()`, the ending methods and as a repetition warning. */
export interface Outcome {
  /** The result in PGN form. */
  result: "1-0" | "0-1" | "1/2-1/2";
  /** The side that won, `null` for a draw. */
  winner: Color | null;
  /** Why the game ended (a stable code). */
  reason: OutcomeReason;
  /** The rule set in force. */
  ruleset: Ruleset;
  /** The side that broke a rule, resigned or lost on time; `null` for mate, stalemate and draws. */
  offender: Color | null;
  /** An English sentence: `"Black is checkmated (将死, jiāngsǐ): Red wins"`. */
  explanation: string;
  /** The same sentence in Chinese (简体中文). */
  explanationZh: string;
  /**
   * The sentence in each interface language: English, 简体中文, 繁體中文 (`"zh-Hant"`), Tiếng Việt.
   * @example
   * const game = new Game();
   * game.resign("black").explanations.vi; // "Bên đen xin thua; bên đỏ thắng."
   */
  explanations: { en: string; zh: string; "zh-Hant": string; vi: string };
  /** The number of plies played when the game ended. */
  ply: number;
  /** For a repetition ruling, the moves of the repeated span with their classification; else `[]`. */
  cycle: CycleMove[];
}

/** The answer of `classifyMove`. */
export interface MoveClassification {
  /** The category under the game's rule set (the heavier one when several apply). */
  category: MoveCategory;
  /** Whether the move gives check. */
  check: boolean;
  /** Whether the move threatens mate (computed only when it can matter). */
  mateThreat: boolean;
  /** The pieces the move chases. */
  targets: ChaseTarget[];
}

/**
 * The rule set for adjudicating repetitions: Asian (AXF, 亚洲棋规) or Chinese (CXA, 中国棋规) rules. Also read,
 * in any case, from the aliases {@link names} lists (`"asian"`, `"wxf"`, `"chinese"`); written as `"axf"` / `"cxa"`.
 */
export type Ruleset = "axf" | "cxa";

/**
 * How a game treats its endings: `adjudicate` (the offender of a forbidden repetition loses; the default),
 * `enforce` (a move completing a forbidden repetition is refused with `forbiddenRepetition`: for online play
 * and play against the computer), `analysis` (endings are reported but moves may still be played, for records
 * and analysis boards).
 */
export type Mode = "adjudicate" | "enforce" | "analysis";

/** Options of `new Game`, `Game.fromFen`, `Game.fromPgn`, `setOptions`. Unknown keys, wrong types and values out
 * of range throw `ERR_OPTIONS`. */
export interface GameOptions {
  /** Rule set for repetition adjudication (default `"axf"`). Moves, mate and stalemate are the same in both. */
  rules?: Ruleset | undefined;
  /** Natural move limit (自然限着) in moves without a capture (default 60; 0 switches it off; up to 10000). */
  moveLimit?: number | undefined;
  /** Which occurrence of a position triggers the repetition rules (default 3; 2 to 100). */
  repetitionCount?: number | undefined;
  /** Default `"adjudicate"`. */
  mode?: Mode | undefined;
  /** Do not count a side's checks beyond its tenth toward the move limit (default `false`). */
  checkDiscount?: boolean | undefined;
  /** Depth in moves of the mate-threat test of the classification (default 2; 1 to 4). */
  mateThreatDepth?: number | undefined;
}

/**
 * A move notation: ICCS `h2e2`, WXF `C2.5`, Chinese `炮二平五`, Vietnamese `P2-5` (written everywhere a notation
 * is named; read only where named: `parseMove(text, { notation: "vietnamese" })`, a PGN `Format "Vietnamese"` tag).
 */
export type NotationName = "iccs" | "wxf" | "chinese" | "vietnamese";

/** Output style of WXF and Chinese notation (ignored where it does not apply). */
export interface NotationOptions {
  /** Chinese: `"simplified"` (default, `马8进7`) or `"traditional"` (`馬8進7`). */
  script?: "simplified" | "traditional" | undefined;
  /** Chinese: Black's digits `"ascii"` (default) or `"fullwidth"` (`马８进７`). */
  blackDigits?: "ascii" | "fullwidth" | undefined;
  /** Tandem soldiers: `"classic"` (WXF 1997, 前/后; default) or `"ordinal"` (2018 style, `15+1`). */
  tandem?: "classic" | "ordinal" | undefined;
  /** WXF traverse sign: `"."` (default, `C2.5`) or `"="`. */
  traverse?: "." | "=" | undefined;
  /** WXF: lower-case letters (`c2.5`). */
  lowercase?: boolean | undefined;
}

/** Options of `game.pgn()`. */
export interface PgnOptions {
  /** Notation of the moves (default `"chinese"`); it also sets the `Format` tag. */
  notation?: NotationName | undefined;
  notationOptions?: NotationOptions | undefined;
  /** Tag pairs to write (`{ Event: "...", Red: "...", Black: "..." }`); `Result` defaults to the outcome. */
  headers?: Record<string, string> | undefined;
  /** Wrap the move text at this many characters (default 80; 0 = one line). */
  lineWidth?: number | undefined;
}

/** The colours of drawings: PGN's comment commands write them `R`, `G`, `B`, `Y`. */
export type DrawingColor = "red" | "green" | "blue" | "yellow";

/** An arrow (`to` set) or a circled point (`to` null) shown with the position after a move: `[%cal Rh2e2]`,
 * `[%csl Ge7]` in a PGN comment (docs/records.md, "Drawings"). */
export interface RecordDrawing {
  from: Square;
  to: Square | null;
  color: DrawingColor;
}

/** One move of a record line, with its NAGs, comment, drawings and variations (each played instead of this move). */
export interface RecordMove {
  /** ICCS. */
  move: string;
  /** Numeric annotation glyphs (`1` = good move, `2` = mistake, ...). */
  nags: number[];
  comment: string | null;
  variations: RecordLine[];
  /** Arrows and circled points, in the order given (the comment no longer holds their commands). */
  drawings: RecordDrawing[];
}

/** A move as {@link writeRecord} takes it: a {@link RecordMove}, every field but `move` optional. */
export interface WritableMove {
  /** ICCS. */
  move: string;
  nags?: number[] | undefined;
  comment?: string | null | undefined;
  variations?: WritableLine[] | undefined;
  drawings?: { from: Square; to?: Square | null | undefined; color: DrawingColor }[] | undefined;
}

/** A line as {@link writeRecord} takes it. */
export interface WritableLine {
  comment?: string | null | undefined;
  moves: WritableMove[];
}

/** A record as {@link writeRecord} takes it: a {@link RecordGame} (its `index`, `format`, `encoding` and `warnings`
 * are ignored), or one built by hand. The tags are `headerList` when given, else `headers`; a `result` that differs
 * from the tags' sets the `Result` tag. */
export interface WritableRecord {
  headerList?: [string, string][] | undefined;
  headers?: Record<string, string> | undefined;
  /** The start position (default: the standard start). */
  fen?: string | undefined;
  result?: string | undefined;
  mainline?: WritableLine | undefined;
}

/** Options of {@link writeRecord}. */
export interface WriteRecordOptions {
  format: "pgn" | "dhtmlxq" | "xqf";
  /** PGN only: the notation of the moves (default `"chinese"`) and its options. */
  notation?: NotationName | undefined;
  notationOptions?: NotationOptions | undefined;
  /** PGN only: wrap the move text at this many characters (default 80; 0 = one line). */
  lineWidth?: number | undefined;
}

/** A line of a record: the main line or a variation. */
export interface RecordLine {
  /** A comment before the first move. */
  comment: string | null;
  moves: RecordMove[];
}

/** The formats of records: PGN, DhtmlXQ (东萍), XQF (象棋演播室, binary), a FEN alone, CBR (象棋桥, XiangQi
 * Bridge: one game, binary) or CBL (象棋桥's library of many games, binary). */
export type RecordFormat = "pgn" | "dhtmlxq" | "xqf" | "fen" | "cbr" | "cbl";

/** The text encodings of records: UTF-8 (with or without a BOM), GBK / GB18030 (简体), Big5 (繁體). */
export type RecordEncoding = "utf-8" | "gbk" | "big5";

/**
 * What a reader accepted although the record does not follow its format exactly (stable codes):
 * - `WARN_TAG_QUOTE`: PGN, an unescaped `"` inside a tag value on a line holding that one tag (read to the last `"`);
 * - `WARN_WXF_MARKER_ORDER`: WXF with the tandem marker before the letter (`+P+1` for `P++1`);
 * - `WARN_TANDEM_MISSING`: a move without 前/后 (`+`/`-`) where two pieces of its kind share the file and only one
 *   can make the move;
 * - `WARN_RESULT_MISMATCH`: PGN, the result token differs from the `Result` tag (the tag is kept);
 * - `WARN_TEXT_AFTER_RESULT`: PGN, text after a result that is no game (an advertisement), skipped;
 * - `WARN_CLOSING_TAG`: DhtmlXQ, a tag closed by another tag's closing tag;
 * - `WARN_ILLEGAL_MOVE`: DhtmlXQ, XQF and CBR, an illegal move (a recording error) left out with what follows it;
 * - `WARN_ENCODING_GUESSED`: the encoding was decided by the text's characters, not by its moves;
 * - `WARN_TRAILING_BYTES`: XQF and CBR, bytes after the move tree, ignored;
 * - `WARN_INVALID_TEXT`: XQF, a text field or comment with bytes that are not GBK (CBR: UTF-16 with an unpaired
 *   surrogate), shown as U+FFFD;
 * - `WARN_SIDE_TO_MOVE`: a position record (a diagram: XQF, CBR, a FEN, a PGN game without moves) whose side to
 *   move cannot be right — the side not to move is in check, the side to move is not — read with the other side
 *   to move;
 * - `WARN_EMPTY_GAME`: PGN, a game with tags and no moves (not even a result) before the next game's tags, read
 *   as an empty game instead of taking the next game's moves.
 */
export type WarningCode =
  | "WARN_TAG_QUOTE"
  | "WARN_WXF_MARKER_ORDER"
  | "WARN_TANDEM_MISSING"
  | "WARN_RESULT_MISMATCH"
  | "WARN_TEXT_AFTER_RESULT"
  | "WARN_CLOSING_TAG"
  | "WARN_ILLEGAL_MOVE"
  | "WARN_ENCODING_GUESSED"
  | "WARN_TRAILING_BYTES"
  | "WARN_INVALID_TEXT"
  | "WARN_SIDE_TO_MOVE"
  | "WARN_EMPTY_GAME";

/** A warning of a reader: its code, an English sentence, and where (line and column in a text, from 1; the byte
 * offset in an XQF, CBR or CBL file; all `null` for a warning about the whole input). */
export interface RecordWarning {
  code: WarningCode;
  message: string;
  line: number | null;
  column: number | null;
  offset: number | null;
}

/** A game of a record, as returned by `readRecord`, `parsePgn` and `RecordReader.read`. */
export interface RecordGame {
  /** Which game of the file, from 0. */
  index: number;
  /** The format read. */
  format: RecordFormat;
  /** The encoding of bytes; `null` for text given as text and for XQF (whose text is GBK), CBR and CBL (UTF-16). */
  encoding: RecordEncoding | null;
  /** The tag pairs (`Event`, `Red`, `Black`, `Result`, `FEN`, ...), verbatim, in the record's order (the first
   * value of a name that occurs twice; `headerList` has them all). */
  headers: Record<string, string>;
  /** Every tag pair, in order. */
  headerList: [string, string][];
  /** The start position. */
  fen: string;
  /** `"1-0"`, `"0-1"`, `"1/2-1/2"`, `"*"`, or the record's own `Result` value when it is none of these. */
  result: string;
  mainline: RecordLine;
  /** What the reader accepted although the record does not follow its format exactly. */
  warnings: RecordWarning[];
  /** The main line's opening (its ECCO code and names), whatever the record's own `ECCO` tag says; `null` for a game
   * not from the standard start or without moves. */
  opening: Opening | null;
}

/** The names of an opening. More languages may be added as properties. */
export interface OpeningNames {
  /** Chinese (simplified), as the published ECCO list (xqbase.com) names the code, e.g. `"中炮对屏风马"`. A code
   * whose own name the project has not collected has its group's name (e.g. `"五七炮对屏风马"` for C6x). */
  zh: string;
  /** The Chinese name in traditional characters (繁體), e.g. `"中炮對屏風馬"`. */
  zhHant: string;
  /** English, written by the project, e.g. `"Central Cannon vs Screen Horses"`. */
  en: string;
}

/** A game's opening (`game.opening()`): its ECCO code (中国象棋开局编号, A00–E99), the ply that decided it, its names. */
export interface Opening {
  /** `"A00"`–`"E99"`. */
  code: string;
  /** The ply (from 1) after which the code last changed: the moves up to it are the opening's book line. */
  ply: number;
  names: OpeningNames;
}

/** One game of a record in a list (`readRecords`, `RecordReader.next`): enough to choose one. */
export interface RecordSummary {
  /** Which game of the file, from 0. */
  index: number;
  headers: Record<string, string>;
  /** Moves of the main line. */
  plies: number;
  /** The start position, or `null` for a game that cannot be read. */
  fen: string | null;
  result: string;
  /** How many warnings its reading gave. */
  warnings: number;
  /** Why the game cannot be read (the error `readRecord` would throw for it), or `null`. */
  error: { code: ErrorCode; message: string; line: number | null; column: number | null } | null;
  /** The main line's opening, as in {@link RecordGame.opening}; `null` for a game that cannot be read. */
  opening: Opening | null;
}

/** Options of `readRecord`: the format and the encoding are detected unless given. */
export interface ReadRecordOptions {
  format?: RecordFormat | undefined;
  encoding?: RecordEncoding | undefined;
  /** Which game of a file of several, from 0 (default 0). */
  index?: number | undefined;
}

/** Options of `Game.fromPgn`, `Game.fromDhtmlxq`, `Game.fromXqf`: the game's options, the record's encoding and
 * (for PGN) which game. */
export interface RecordGameOptions extends GameOptions {
  encoding?: RecordEncoding | undefined;
  index?: number | undefined;
}

/** Options of `Game.fromRecord`. */
export interface ReadGameOptions extends RecordGameOptions {
  format?: RecordFormat | undefined;
}

/** A record as input: text, or bytes (`Uint8Array` or `ArrayBuffer`: UTF-8, GBK, Big5, XQF, CBR or CBL; decoded with the
 * host's `TextDecoder`). At most 16 MiB. */
export type RecordInput = string | Uint8Array | ArrayBuffer;

/** A search score from the side to move's view: centipawns, or mate in `mate` moves (negative: being mated). */
export type Score = { cp: number } | { mate: number };

/** Limits and style of a search (`hint`, `Engine.search`). With no limit, 1 second. Bad values throw `ERR_OPTIONS`. */
export interface SearchLimits {
  /** Deepest iteration in plies (1–64). */
  depth?: number | undefined;
  /** Time limit in milliseconds, used whole (a move of the unfinished last iteration counts when it scored better). */
  timeMs?: number | undefined;
  /** Node budget. */
  nodes?: number | undefined;
  /** Number of best lines to report in `lines` (1–20, default 1). */
  multiPv?: number | undefined;
  /**
   * Playing strength −10 to 20 (full strength, the default). From 0 to 19 the depth is capped and the move chosen
   * among the best lines with seeded noise; below 0 (novice) every move is weighed at one ply and one of those
   * that do not lose much more than the best is picked at random (−1: within 140 cp; −10: within 500, pieces given
   * away).
   */
  skill?: number | undefined;
  /** Seed of the weaker levels' choices: same seed, same move. */
  seed?: number | undefined;
  /**
   * Evaluate with the engine's neural net when it has one (`Engine.loadNetwork`; the default, `true`). `false`: the
   * hand-tuned evaluation for this search even so (levels measured with it, comparisons). No effect without a net.
   */
  network?: boolean | undefined;
}

/** One of the best lines. */
export interface HintLine {
  score: Score;
  pv: string[];
}

/** The answer of a search. `move` is `null` when the side to move has no legal move. */
export interface Hint {
  move: string | null;
  score: Score;
  /** The last completed iteration. */
  depth: number;
  nodes: number;
  timeMs: number;
  /** The principal variation, ICCS. */
  pv: string[];
  /** The best lines, best first (`multiPv` of them). */
  lines: HintLine[];
}

/** A progress report of a search, after each completed iteration (and each line with `multiPv`). */
export interface SearchProgress {
  depth: number;
  /** 1 for the best line, 2 for the second, ... */
  multipv: number;
  score: Score;
  nodes: number;
  timeMs: number;
  pv: string[];
}

/**
 * Options of {@link Engine.analyse}. Each position is searched `nodes` nodes (default 40,000: the same game and
 * options give the same analysis), or to `depth`, or for `timeMs` (then the result depends on the machine). Bad
 * values throw `ERR_OPTIONS` naming the value.
 */
export interface AnalyseOptions {
  /** Depth of each position's search in plies (1–64). */
  depth?: number | undefined;
  /** Nodes of each position's search (default 40,000). */
  nodes?: number | undefined;
  /** Milliseconds of each position's search. */
  timeMs?: number | undefined;
  /** The first move to analyse, 1 for the game's first move (default 1). */
  from?: number | undefined;
  /** The last move to analyse (default: the last one played; at least `from`). Moves past the end are not there. */
  to?: number | undefined;
  /** Only this side's moves (default both). */
  side?: Color | undefined;
  /** Evaluate with the engine's neural net when it has one (default `true`); `false`: the hand-tuned evaluation. */
  network?: boolean | undefined;
}

/**
 * The value of a position in an analysis, from Red's point of view: centipawns, mate in `mate` moves (Red mates
 * when positive, is mated when negative), or `{ winner }` when the game is over in that position by the rules
 * (mate, stalemate, a repetition ruling, the move limit, a dead position; `null`: a draw).
 */
export type AnalysisValue = { cp: number } | { mate: number } | { winner: Color | null };

/** How good a move was, by what it lost in expected score: the engine's choice, then < 0.05, ≥ 0.05, ≥ 0.10, ≥ 0.20. */
export type AnalysisClass = "best" | "good" | "inaccuracy" | "mistake" | "blunder";

/** One analysed move of {@link Analysis}. */
export interface AnalysedMove {
  /** Its number in the game: 1 for the first move. */
  ply: number;
  /** The move played, ICCS. */
  move: string;
  /** Who played it. */
  color: Color;
  /** The value of the position before the move (Red's view). */
  before: AnalysisValue;
  /** The value of the position after the move (Red's view). */
  after: AnalysisValue;
  /**
   * Red's expected score (0 to 1: a loss, a win) before the move, through the win-probability model (on the neural
   * net's own scale when the analysis evaluated with one: docs/analysis.md).
   */
  expectedBefore: number;
  /** Red's expected score after the move. */
  expectedAfter: number;
  /** The engine's best move in the position before (`null` only when it had no move). */
  best: string | null;
  /** The engine's line from the position before, starting with `best`. */
  pv: string[];
  /** What the move cost its player in expected score, 0 to 1 (0 for the engine's choice). */
  loss: number;
  /** Its class ({@link AnalysisClass}). */
  classification: AnalysisClass;
  /** 0 to 100: 100 · e^(−loss / 0.2). */
  accuracy: number;
  /** Depth and nodes of the search of the position before. */
  depth: number;
  nodes: number;
}

/** One side's moves in an {@link Analysis}, summed up. */
export interface SideAnalysis {
  /** Its moves analysed. */
  moves: number;
  /** The mean accuracy of its moves, 0 to 100; `null` without moves. */
  accuracy: number | null;
  /** The mean loss in expected score; `null` without moves. */
  meanLoss: number | null;
  /** How many of its moves fell in each class. */
  best: number;
  good: number;
  inaccuracy: number;
  mistake: number;
  blunder: number;
}

/** The analysis of a game ({@link Engine.analyse}). */
export interface Analysis {
  /** The moves analysed, in order (empty for a game without moves). */
  moves: AnalysedMove[];
  red: SideAnalysis;
  black: SideAnalysis;
  /** Whether it was cancelled before its end; `moves` then holds what was analysed. */
  cancelled: boolean;
}

/** Options of `legalMoves` and `history`. */
export interface ListOptions {
  /** `true` for {@link MoveInfo} records instead of strings. */
  verbose?: boolean | undefined;
  /** The notation of the strings (default `"iccs"`). */
  notation?: NotationName | undefined;
  /** The style of the notation, as `toNotation` takes it. */
  notationOptions?: NotationOptions | undefined;
}

/** Options of {@link Game.legalMoves}. */
export interface LegalMovesOptions extends ListOptions {
  /**
   * `true`: every legal move of the position by the rules of movement, whatever the game's state and mode (also
   * after the game ended, and including moves enforce mode forbids). Default `false`: the moves `play` accepts.
   */
  positionOnly?: boolean | undefined;
}

/** Options of {@link Game.movesFrom}. */
export interface MovesFromOptions {
  /** As in {@link LegalMovesOptions}: the piece's legal moves whatever the game's state and mode. */
  positionOnly?: boolean | undefined;
  /**
   * `true`: for a piece of the side not to move too, the moves it would have if its side were to move (moves
   * that follow its rules of movement and leave its own general safe) — for "where can this piece go" lessons.
   */
  anySide?: boolean | undefined;
}

/** A piece as `put` takes it: `{ color, kind }` (a {@link PieceInfo} will do), or a FEN letter (`"R"`, `"n"`). */
export type PieceInput = { readonly color: Color; readonly kind: PieceKind } | string;

/** What `undo()` returns when it took back an external ending (resignation, agreed draw, time forfeit). */
export interface UndoneEnding {
  /** The ending taken back. */
  ending: Outcome;
  /** Never set: tells an ending from a {@link MoveInfo}. */
  iccs?: undefined;
}

/** A ply's annotation, as listed by {@link Game.getComments}. */
export interface PlyAnnotation {
  /** The ply: the comment stands after the move of that ply (0: before the first move). */
  ply: number;
  comment: string | null;
  /** Numeric annotation glyphs of the move (`1` good move, `2` mistake, `3` brilliant, ...). */
  nags: number[];
}

/** What `toJSON()` (and so `JSON.stringify(game)`) gives. */
export interface GameJson {
  fen: string;
  initialFen: string;
  turn: Color;
  /** The moves played, ICCS. */
  history: string[];
  outcome: Outcome | null;
  options: Filled<GameOptions>;
}

/**
 * A game of xiangqi (象棋): a start position, the moves played since, and its options. Every method that can fail
 * throws a {@link XiangqiError} and leaves the game exactly as it was.
 *
 * In the browser, call the default export `init()` once before using it; in Node it is ready on import.
 *
 * @example
 * import init, { Game } from "xiangqi-wasm";
 * await init();
 * const game = new Game();
 * game.play("h2e2");           // 炮二平五, the central cannon
 * game.legalMoves().length;    // 45
 * game.turn();                 // "black"
 */
export class Game {
  /**
   * Starts a game from `fen`, or from the start position when `fen` is `undefined` or `null`.
   * Accepts short FENs (board, or board and side), side letters `w`/`r`/`b` and the piece aliases `E`/`H`.
   * @throws {XiangqiError} `ERR_FEN_*` for a bad FEN (with every problem in `errors`), `ERR_ARGUMENT` if `fen`
   * is not a string, `ERR_OPTIONS` for bad options.
   * @example
   * const game = new Game();
   * const endgame = new Game("4k4/9/9/9/9/9/9/9/4A4/3K5 w", { rules: "cxa" });
   */
  constructor(fen?: string | null, options?: GameOptions);
  /**
   * Starts a game from `fen` (required).
   * @throws {XiangqiError} as the constructor.
   * @example
   * const game = Game.fromFen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
   */
  static fromFen(fen: string, options?: GameOptions): Game;
  /**
   * Game `index` (default the first) of a PGN record (text, or bytes in UTF-8, GBK or Big5, detected unless
   * `encoding` is given), its main line read with its comments and NAGs (variations are dropped: use
   * {@link readRecord} to read them) and its tags ({@link Game.headers}). Moves may be in Chinese, WXF, ICCS or
   * WinBoard notation. Reading a record, the record speaks: its moves are not adjudicated (a repetition or the
   * move limit they reach ends nothing: {@link Game.ruling} tells), only mate and stalemate end them; a recorded
   * result (`1-0`, `0-1`, `1/2-1/2`) stands as the outcome — reason `recorded`, or the ending the rules give on
   * the last move when it agrees, or the resignation, agreed draw, time forfeit or illegal-move forfeit a
   * `Termination` tag names. The game is ruled under the record's `XiangqiRules` tag (see {@link Game.pgn})
   * changed by `options`. What the reader accepted although the record does not follow PGN exactly is in
   * {@link Game.warnings}.
   * @throws {XiangqiError} `ERR_RECORD_SYNTAX` (with `line`, `column`), `ERR_RECORD_MOVE` (with `ply`, `moveText`,
   * `moveCode`), `ERR_RECORD_FEN`, `ERR_RECORD_ENCODING`, `ERR_RECORD_EMPTY`, `ERR_ARGUMENT` (also for a game
   * the file does not have), `ERR_OPTIONS`.
   * @example
   * const game = Game.fromPgn('[Red "A"]\n[Result "1-0"]\n\n1. 炮二平五 马8进7 2. 马二进三 1-0');
   * game.history();          // ["h2e2", "h9g7", "h0g2"]
   * game.headers().Red;      // "A"
   * game.outcome()?.reason;  // "recorded"
   * game.outcome()?.result;  // "1-0"
   */
  static fromPgn(record: RecordInput, options?: RecordGameOptions): Game;
  /**
   * A DhtmlXQ record (text or bytes; game `index` of a page of several), read as {@link Game.fromPgn} reads PGN.
   * @throws {XiangqiError} as {@link Game.fromPgn}.
   * @example
   * const text = new Game().dhtmlxq();
   * Game.fromDhtmlxq(text).history(); // []
   */
  static fromDhtmlxq(record: RecordInput, options?: RecordGameOptions): Game;
  /**
   * An XQF file (象棋演播室, XQStudio; every version, encrypted ones too), read as {@link Game.fromPgn} reads
   * PGN: the start position (any position, Black to move too), the main line with its comments, and the header's
   * fields as tags (`Title`, `Event`, `Date`, `Site`, `Red`, `Black`, `Result`, ...; text in GBK unless `encoding`
   * says otherwise). An illegal move of the file (a recording error) is left out with what follows it, with a
   * `WARN_ILLEGAL_MOVE` warning.
   * @throws {XiangqiError} `ERR_RECORD_SYNTAX` (with `offset`: not XQF, truncated, bad keys, a length past the
   * end), `ERR_RECORD_FEN`, `ERR_RECORD_ENCODING`, `ERR_ARGUMENT` (also for a string), `ERR_OPTIONS`.
   * @example
   * import { readFileSync } from "node:fs";
   * import { Game } from "xiangqi-wasm";
   * const game = Game.fromXqf(readFileSync("tests/data/records/xqf/eleeye-XQFEXAMA.xqf")); // an XQF file (version 18)
   * [game.headers().Red, game.headers().Event, game.outcome()?.result]; // ["柳大华", '"中立杯"象棋电视快棋赛', "0-1"]
   * game.history().length;   // 110
   */
  static fromXqf(bytes: Uint8Array | ArrayBuffer, options?: RecordGameOptions): Game;
  /**
   * Game `index` of a record of any format — PGN, DhtmlXQ, XQF, CBR, CBL or a FEN, sniffed unless `format` is given — read
   * as {@link Game.fromPgn} reads PGN.
   * @throws {XiangqiError} as {@link Game.fromPgn} and {@link Game.fromXqf}.
   * @example
   * Game.fromRecord("[DhtmlXQ][DhtmlXQ_red]甲[/DhtmlXQ_red][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]").headers(); // { Red: "甲" }
   * Game.fromRecord("4k4/9/9/9/9/9/9/9/9/3K5 b").turn(); // "black"
   */
  static fromRecord(record: RecordInput, options?: ReadGameOptions): Game;
  /**
   * The current position in FEN (six fields, `w`/`b`, `N`/`B` letters).
   * @example
   * new Game().fen(); // "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
   */
  fen(): string;
  /**
   * The FEN of the position the game started from.
   * @example
   * const game = new Game();
   * game.play("h2e2");
   * game.initialFen(); // "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
   */
  initialFen(): string;
  /**
   * The side to move.
   * @example
   * new Game().turn(); // "red"
   */
  turn(): Color;
  /**
   * The pieces on the board in square order (`a0`, `b0`, ... `i9`).
   * @example
   * new Game().pieces()[0]; // { square: "a0", color: "red", kind: "chariot" }
   */
  pieces(): PieceInfo[];
  /**
   * Whether the side to move is in check (将军).
   * @example
   * new Game().isCheck(); // false
   */
  isCheck(): boolean;
  /**
   * What may be played now: the moves `play` accepts, sorted by ICCS (file then rank of the from-square, then of
   * the to-square), in ICCS or in `notation`. They follow the game's state and mode: none once the game is over
   * (except in analysis mode), and in enforce mode not the moves that would complete a forbidden repetition —
   * the same list as {@link Game.allowedMoves} and {@link Game.dests}. `{ positionOnly: true }` gives every
   * legal move of the bare position by the rules of movement instead.
   * @example
   * const game = new Game();
   * game.legalMoves().length;                         // 44
   * game.legalMoves({ verbose: true })[0];            // { iccs: "a0a1", from: "a0", to: "a1", color: "red", piece: "chariot", captured: null, check: false, wxf: "R9+1", chinese: "车九进一" }
   * game.legalMoves({ notation: "chinese" })[0];      // "车九进一"
   * game.offerDraw("red");
   * game.acceptDraw("black");
   * game.legalMoves();                                // []
   * game.legalMoves({ positionOnly: true }).length;   // 44
   * @throws {XiangqiError} `ERR_OPTIONS` for bad options.
   */
  legalMoves(options?: { verbose?: false | undefined; notation?: NotationName | undefined; notationOptions?: NotationOptions | undefined; positionOnly?: boolean | undefined }): string[];
  legalMoves(options: { verbose: true; positionOnly?: boolean | undefined }): MoveInfo[];
  legalMoves(options?: LegalMovesOptions): string[] | MoveInfo[];
  /**
   * The moves `play` accepts now, sorted: the legal moves, without those that would complete a forbidden
   * repetition in enforce mode; `[]` once the game is over (in analysis mode, all legal moves).
   * @example
   * const game = new Game();
   * game.allowedMoves().length; // 44
   * game.resign("red");
   * game.allowedMoves();        // []
   * game.legalMoves({ positionOnly: true }).length;   // 44
   */
  allowedMoves(): string[];
  /**
   * The moves of the piece on `square` that may be played now (as {@link Game.legalMoves}), sorted; `[]` for an
   * empty square or a piece of the side not to move. With `{ anySide: true }`, a piece of the side not to move
   * gets the moves it would have if its side were to move; with `{ positionOnly: true }`, its legal moves
   * whatever the game's state.
   * @throws {XiangqiError} `ERR_SQUARE` if `square` is not a square, `ERR_ARGUMENT` if it is not a string,
   * `ERR_OPTIONS` for bad options.
   * @example
   * const game = new Game();
   * game.movesFrom("h2");                      // ["h2c2", "h2d2", "h2e2", "h2f2", "h2g2", "h2h1", ..., "h2h9", "h2i2"]
   * game.movesFrom("b9");                      // []
   * game.movesFrom("b9", { anySide: true });   // ["b9a7", "b9c7"]
   */
  movesFrom(square: string, options?: MovesFromOptions): string[];
  /**
   * A `Map` from every square with a movable piece to its destinations: what a board widget needs
   * (like chessground's `dests`). It lists the moves `play` accepts ({@link Game.allowedMoves}): empty once
   * the game is over, without forbidden repetitions in enforce mode.
   * @example
   * new Game().dests().get("b0"); // ["a2", "c2"]
   */
  dests(): Map<Square, Square[]>;
  /**
   * Whether `play(move)` would be accepted (any notation). Never throws: anything else (bad text, wrong type,
   * game over, forbidden repetition in enforce mode) is `false`.
   * @example
   * const game = new Game();
   * game.isLegal("h2e2");      // true
   * game.isLegal("炮二平五");   // true
   * game.isLegal("b9d8");      // false
   */
  isLegal(move: MoveInput): boolean;
  /**
   * Whether `play(move)` would be accepted, and if not, why; for an accepted move that would end the game by
   * repetition, the verdict in `warning` (so a UI can warn before the move). Never throws.
   * @example
   * const game = new Game("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
   * game.validate("b9d8"); // { legal: false, code: "horseLegBlocked", reason: "the horse's leg at c9 is blocked" }
   * game.validate("h9g7"); // { legal: true }
   * game.validate("车1平2").code; // "ownPieceOnTarget"
   */
  validate(move: MoveInput): Validation;
  /**
   * Plays `move` (ICCS, WXF or Chinese text, or `{ from, to }`) and returns what it did.
   * @throws {XiangqiError} `ERR_MOVE_SYNTAX` if it is not a move, `ERR_MOVE_NO_PIECE` / `ERR_MOVE_IMPOSSIBLE` /
   * `ERR_MOVE_AMBIGUOUS` for WXF or Chinese text that does not name one legal move, `ERR_ILLEGAL_MOVE` (with
   * `reasonCode` and `reason`) if it is not legal, the game is over (`gameOver`) or, in enforce mode, it would
   * complete a forbidden repetition (`forbiddenRepetition`), `ERR_ARGUMENT` for a wrong type. The game is then
   * unchanged.
   * @example
   * const game = new Game();
   * game.play("h2e2");                     // { iccs: "h2e2", from: "h2", to: "e2", color: "red", piece: "cannon", captured: null, check: false, wxf: "C2.5", chinese: "炮二平五" }
   * game.play("马8进7").iccs;               // "h9g7"
   * game.play({ from: "h0", to: "g2" }).wxf; // "H2+3"
   */
  play(move: MoveInput): MoveInfo;
  /**
   * The ICCS move that text names in this position: ICCS, WXF `C2.5` or Chinese `炮二平五` (traditional
   * characters, full-width digits) recognised by their shape; with `{ notation }`, that notation only (and ICCS).
   * Vietnamese `P2-5` is read only when named: its letters and signs mean other things in WXF.
   * @throws {XiangqiError} `ERR_MOVE_SYNTAX`, `ERR_MOVE_NO_PIECE`, `ERR_MOVE_IMPOSSIBLE`, `ERR_MOVE_AMBIGUOUS`
   * (with `candidates`), `ERR_ILLEGAL_MOVE` (with `reasonCode`), `ERR_ARGUMENT` if `text` is not a string,
   * `ERR_OPTIONS` for an unknown notation or option.
   * @example
   * const game = new Game();
   * game.parseMove("炮二平五"); // "h2e2"
   * game.parseMove("C2.5");     // "h2e2"
   * game.parseMove("H2-E2");    // "h2e2"
   * game.parseMove("P2-5", { notation: "vietnamese" }); // "h2e2"
   */
  parseMove(text: string, options?: { notation?: NotationName | undefined }): string;
  /**
   * A legal move of this position written in `notation` (default `"wxf"`), with output `options`.
   * @throws {XiangqiError} `ERR_ILLEGAL_MOVE` if the move is not legal here, `ERR_MOVE_*` for bad text,
   * `ERR_OPTIONS` for an unknown notation (as everywhere a notation is named) or bad options.
   * @example
   * const game = new Game();
   * game.toNotation("h2e2", "chinese");                              // "炮二平五"
   * game.toNotation("h2e2", "wxf");                                  // "C2.5"
   * game.toNotation("h0g2", "chinese", { script: "traditional" });   // "傌二進三"
   * game.toNotation("炮二平五", "iccs");                              // "h2e2"
   */
  toNotation(move: MoveInput, notation?: NotationName, options?: NotationOptions): string;
  /**
   * Takes back one step and returns it: first an external ending recorded after the last move (a resignation,
   * agreed draw, time forfeit), as `{ ending }`; else the last move, as its {@link MoveInfo} (an ending the move
   * reached on the board goes with it); `null` when there is nothing to take back.
   * @example
   * const game = new Game();
   * game.play("h2e2");
   * game.resign("black");
   * game.undo()?.ending?.reason; // "resignation"
   * game.undo()?.iccs;           // "h2e2"
   * game.undo();                 // null
   */
  undo(): MoveInfo | UndoneEnding | null;
  /**
   * The moves played since the start, oldest first, in ICCS or in `notation`.
   * @throws {XiangqiError} `ERR_OPTIONS` for bad options.
   * @example
   * const game = new Game();
   * game.play("h2e2");
   * game.play("h9g7");
   * game.history();                          // ["h2e2", "h9g7"]
   * game.history({ notation: "chinese" });   // ["炮二平五", "马8进7"]
   * game.history({ notation: "wxf" });       // ["C2.5", "H8+7"]
   * game.history({ notation: "chinese", notationOptions: { script: "traditional" } }); // ["炮二平五", "馬8進7"]
   * game.history({ verbose: true });         // [{ iccs: "h2e2", ... }, ...]
   */
  history(options?: { verbose?: false | undefined; notation?: NotationName | undefined; notationOptions?: NotationOptions | undefined }): string[];
  history(options: { verbose: true }): MoveInfo[];
  history(options?: ListOptions): string[] | MoveInfo[];
  /**
   * The game's opening: its ECCO code, the ply that decided it and its names; `null` for a game not from the standard
   * start position, or before the first move. Only the first 24 plies count (docs/openings.md).
   * @example
   * const game = new Game();
   * for (const m of ["h2e2", "h9g7", "h0g2", "b9c7"]) game.play(m);
   * game.opening().code;     // "C00"
   * game.opening().names.en; // "Central Cannon vs Screen Horses"
   */
  opening(): Opening | null;
  /**
   * Goes back to the position the game started from (its FEN, or the start position). Options stay.
   * @example
   * const game = new Game();
   * game.play("h2e2");
   * game.reset();
   * game.history().length; // 0
   */
  reset(): void;
  /**
   * An independent copy with the same start, moves and options.
   * @example
   * const game = new Game();
   * const copy = game.clone();
   * copy.play("h2e2");
   * game.history().length; // 0
   */
  clone(): Game;
  /**
   * `null` while the game goes on, else the verdict: checkmate and stalemate (困毙: both lose for the side to
   * move), the repetition rulings of the game's rule set with the classified cycle, the natural move limit,
   * dead positions, and the recorded resignation, agreed draw or time forfeit.
   * @example
   * new Game().outcome(); // null
   * new Game("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b").outcome()?.reason; // "checkmate"
   * const game = new Game("4k4/9/8c/9/9/7R1/9/9/9/3K5 w");
   * for (const m of ["h4i4", "i7h7", "i4h4", "h7i7", "h4i4", "i7h7", "i4h4", "h7i7"]) game.play(m);
   * const o = game.outcome();
   * [o?.result, o?.reason, o?.offender]; // ["0-1", "perpetualChase", "red"]
   * o?.cycle[0].category;                // "chase"
   */
  outcome(): Outcome | null;
  /**
   * The game's options, with defaults filled in.
   * @example
   * new Game().options(); // { rules: "axf", moveLimit: 60, repetitionCount: 3, mode: "adjudicate", checkDiscount: false, mateThreatDepth: 2 }
   */
  options(): Filled<GameOptions>;
  /**
   * Changes some options (the others keep their values) and rules the game again under them: an ending the new
   * options do not give is lifted; a resignation, agreed draw or time forfeit stays.
   * @throws {XiangqiError} `ERR_OPTIONS`; the game is then unchanged.
   * @example
   * const game = new Game();
   * game.setOptions({ rules: "cxa", mode: "enforce" });
   * game.options().rules; // "cxa"
   */
  setOptions(options: GameOptions): void;
  /**
   * How a legal move of the side to move is classified for repetition rulings under the game's rule set: check,
   * mate threat, chase (with the chased pieces) or idle. Works in any position.
   * @throws {XiangqiError} `ERR_ILLEGAL_MOVE`, `ERR_MOVE_*`, `ERR_ARGUMENT`.
   * @example
   * const game = new Game("4k4/9/8c/9/9/7R1/9/9/9/3K5 w");
   * const c = game.classifyMove("h4i4");
   * c.category;           // "chase"
   * c.targets[0].square;  // "i7"
   */
  classifyMove(move: MoveInput): MoveClassification;
  /**
   * The verdict a legal move would complete by repetition (a draw, or a loss for either side), or `null`.
   * (`validate` reports the same in `warning`.)
   * @throws {XiangqiError} `ERR_ILLEGAL_MOVE`, `ERR_MOVE_*`, `ERR_ARGUMENT`.
   * @example
   * const game = new Game("4k4/9/8c/9/9/7R1/9/9/9/3K5 w");
   * for (const m of ["h4i4", "i7h7", "i4h4", "h7i7", "h4i4", "i7h7", "i4h4"]) game.play(m);
   * game.repetitionWarning("h7i7")?.reason; // "perpetualChase"
   * game.repetitionWarning("h7h8");         // null
   */
  repetitionWarning(move: MoveInput): Outcome | null;
  /**
   * Whether the material on the board is practically drawn, so that a player may claim a draw before an arbiter
   * (docs/rules.md §4.5): the claim's code, or `null`. The game never ends for it by itself (a dead position, where
   * no mate is possible at all, ends the game with `deadPosition` instead).
   * @example
   * new Game("3ak4/4a4/9/9/9/9/9/2C6/9/3K5 w").claimableDraw(); // "loneCannonAgainstDefenders"
   * new Game().claimableDraw();                                  // null
   */
  claimableDraw(): ClaimableDraw | null;
  /**
   * Arbiter override (CXA 棋例通则3): the move at `ply` (1 = the first move of the game) is ruled idle in
   * repetition rulings whatever it threatens (a check stays a check) — for a move that occupies a defensive key
   * point and makes an incidental attack on an advisor or elephant. The game is ruled again at once, so
   * `outcome()` may change. Returns `false`, changing nothing, when no move was played at that ply. Taking the
   * move back (`undo`) drops its override.
   * @throws {XiangqiError} `ERR_ARGUMENT` unless `ply` is a whole number of at least 1; the game is then
   * unchanged.
   * @example
   * const game = new Game("4k4/9/8c/9/9/7R1/9/9/9/3K5 w");
   * for (const m of ["h4i4", "i7h7", "i4h4", "h7i7", "h4i4", "i7h7", "i4h4", "h7i7"]) game.play(m);
   * game.outcome()?.reason; // "perpetualChase"
   * game.overrideIdle(3);   // true
   * game.outcome()?.reason; // "repetitionDraw"
   * game.idleOverrides();   // [3]
   * game.overrideIdle(99);  // false
   */
  overrideIdle(ply: number): boolean;
  /**
   * The plies ruled idle by `overrideIdle`, in the order they were given.
   * @example
   * new Game().idleOverrides(); // []
   */
  idleOverrides(): number[];
  /**
   * The repetition violations of the game so far, in order. Over the board a side told to vary may go on, but
   * its third violation in the same game loses (Basic Rules 三.1(八)): find it as the entry with `number === 3`. Playing
   * on in the same cycle is the same violation; a new one needs a new cycle. Only analysis mode plays on after
   * the first (in adjudicate mode it ends the game; in enforce mode the violating move is refused);
   * `outcome()` stays the first ending.
   * @example
   * const game = new Game("n3k4/9/9/9/5R3/9/P8/9/9/3K5 w", { mode: "analysis" });
   * for (const m of ["f5e5", "e9f9", "e5f5", "f9e9", "f5e5", "e9f9", "e5f5", "f9e9"]) game.play(m);
   * game.repetitionViolations(); // [{ ply: 8, offender: "red", reason: "perpetualCheck", number: 1 }]
   * game.play("a3a4");           // Red varies; a new cycle would be a second violation
   * game.repetitionViolations().length; // 1
   */
  repetitionViolations(): RepetitionViolation[];
  /**
   * `color` resigns (认输): the other side wins, reason `resignation`.
   * @throws {XiangqiError} `ERR_GAME_OVER`, `ERR_ARGUMENT` unless `color` is `"red"` or `"black"`.
   * @example
   * const game = new Game();
   * game.resign("black").result; // "1-0"
   */
  resign(color: Color): Outcome;
  /**
   * `color` offers a draw (提和). The offer stands until the other side accepts or declines it, or plays a move.
   * @throws {XiangqiError} `ERR_GAME_OVER`, `ERR_ARGUMENT`.
   * @example
   * const game = new Game();
   * game.offerDraw("red");
   * game.drawOffer(); // "red"
   */
  offerDraw(color: Color): void;
  /**
   * `color` accepts the other side's draw offer: a draw, reason `agreement`.
   * @throws {XiangqiError} `ERR_NO_DRAW_OFFER` without such an offer, `ERR_GAME_OVER`, `ERR_ARGUMENT`.
   * @example
   * const game = new Game();
   * game.offerDraw("red");
   * game.acceptDraw("black").reason; // "agreement"
   */
  acceptDraw(color: Color): Outcome;
  /**
   * `color` declines the other side's draw offer (a no-op without one).
   * @throws {XiangqiError} `ERR_ARGUMENT`.
   * @example
   * const game = new Game();
   * game.offerDraw("red");
   * game.declineDraw("black");
   * game.drawOffer(); // null
   */
  declineDraw(color: Color): void;
  /**
   * The side whose draw offer stands, or `null`.
   * @example
   * new Game().drawOffer(); // null
   */
  drawOffer(): Color | null;
  /**
   * `color`'s flag fell (see {@link Clock}): the other side wins, reason `timeForfeit`.
   * @throws {XiangqiError} `ERR_GAME_OVER`, `ERR_ARGUMENT`.
   * @example
   * new Game().timeForfeit("red").winner; // "black"
   */
  timeForfeit(color: Color): Outcome;
  /**
   * The whole game as PGN: `[Game "Chinese Chess"]`, the game's own tags ({@link Game.headers}, verbatim, in
   * order) with the `headers` given set over them (values with quotes or backslashes are escaped as the PGN
   * standard says), `Result` (from the outcome unless given), once the game ended a `Termination` tag (`"normal"`
   * for mate and stalemate, `"adjudication"` for a ruling, `"resignation"`, `"agreement"`, `"time forfeit"`,
   * `"rules infraction"` for an illegal-move forfeit; a record's own is kept for a recorded result), when the
   * options are not the defaults an
   * `XiangqiRules` tag (the rule set, then the options that differ: `"cxa moveLimit=50 mode=enforce"`), `FEN`
   * when the game did not start from the start position, `Format`, and the moves in `notation` (default
   * Chinese) with their comments and NAGs. {@link Game.fromPgn} reads it all back. A move number is never left
   * at the end of a line.
   * @throws {XiangqiError} `ERR_OPTIONS`.
   * @example
   * const game = new Game(null, { rules: "cxa" });
   * game.play("h2e2");
   * game.setComment("central cannon");
   * game.resign("black");
   * const text = game.pgn({ notation: "wxf", headers: { Red: "Hu \"Ronghua\"" } });
   * text.includes('[Red "Hu \\"Ronghua\\""]');  // true
   * text.includes('[Termination "resignation"]'); // true
   * text.includes('[XiangqiRules "cxa"]');        // true
   * text.includes("1. C2.5 {central cannon} 1-0"); // true
   * const back = Game.fromPgn(text);
   * [back.outcome()?.reason, back.options().rules, back.getComment(1)]; // ["resignation", "cxa", "central cannon"]
   */
  pgn(options?: PgnOptions): string;
  /**
   * The game's tag pairs as an object (`Event`, `Red`, `Black`, `Result`, ...): a record's verbatim, in its
   * order; `{}` for a new game. `pgn()` and `dhtmlxq()` write them. (A name that occurs twice: the first value;
   * {@link Game.headerList} has them all.)
   * @example
   * const game = Game.fromPgn('[Event "Cup"]\n[Red "A"]\n\n1. 炮二平五 *');
   * game.headers(); // { Event: "Cup", Red: "A", Result: "*" }
   */
  headers(): Record<string, string>;
  /**
   * Every tag pair as `[name, value]`, in order, a name that occurs twice included.
   * @example
   * const game = new Game();
   * game.setHeader("Event", "Club");
   * game.headerList(); // [["Event", "Club"]]
   */
  headerList(): [string, string][];
  /**
   * Sets a tag: the first of that name gets the value in place, or it is appended (chess.js's `setHeader`).
   * `Result`, `Termination` and `XiangqiRules` are written by `pgn()` from the game itself (a `Result` that is
   * no result, such as `"0-0"`, is kept as given).
   * @throws {XiangqiError} `ERR_ARGUMENT`: a name that is not 1 to 64 letters, digits or `_`, a value that is not a
   * string of at most 65536 characters.
   * @example
   * const game = new Game();
   * game.setHeader("Red", "许银川");
   * game.pgn().includes('[Red "许银川"]'); // true
   */
  setHeader(name: string, value: string): void;
  /**
   * Removes every tag of that name; `false` if there was none.
   * @throws {XiangqiError} `ERR_ARGUMENT` for a bad name.
   * @example
   * const game = new Game();
   * game.setHeader("Site", "Beijing");
   * game.removeHeader("Site"); // true
   * game.removeHeader("Site"); // false
   */
  removeHeader(name: string): boolean;
  /**
   * What the reader of the record this game was read from accepted although the record does not follow its
   * format exactly; `[]` for a game played.
   * @example
   * const game = Game.fromPgn('[Event "1999年"中視杯"決賽"]\n1. 炮二平五 *');
   * game.headers().Event;     // '1999年"中視杯"決賽'
   * game.warnings()[0].code;  // "WARN_TAG_QUOTE"
   */
  warnings(): RecordWarning[];
  /**
   * The library's own ruling of the moves played: the first ending the rules give (mate, stalemate, a repetition
   * ruling, the move limit, a dead position) and the ply it falls on, under the game's options; `null` if they
   * end nothing. Information, for a game read from a record — "under AXF rules this game would have ended at
   * ply 8 by repetition" — while its {@link Game.outcome} is the record's result.
   * @example
   * const game = Game.fromPgn("1. 马二进三 马8进7 2. 马三退二 马7退8 3. 马二进三 马8进7 4. 马三退二 马7退8 5. 炮二平五 1-0");
   * game.outcome()?.reason;                     // "recorded"
   * [game.ruling()?.reason, game.ruling()?.ply]; // ["repetitionDraw", 8]
   */
  ruling(): Outcome | null;
  /**
   * For a game read from a record: how many of its first moves the record gave (`0` for a record without moves);
   * `null` for a game played.
   * @example
   * Game.fromPgn("1. 炮二平五 马8进7 *").recordPlies(); // 2
   * new Game().recordPlies();                           // null
   */
  recordPlies(): number | null;
  /**
   * Plays a move read from a record (ICCS or `{ from, to }`): it must be legal by the rules of movement, but it is
   * not adjudicated — a record's repetitions and move limit end nothing, only mate and stalemate do (see
   * {@link Game.fromPgn}). For sites that keep games as move lists. Returns its {@link MoveInfo}.
   * @throws {XiangqiError} `ERR_ILLEGAL_MOVE` (also once the game is over, except in analysis mode),
   * `ERR_MOVE_SYNTAX`, `ERR_ARGUMENT`.
   * @example
   * const game = new Game();
   * for (const m of ["h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0", "g7h9"]) game.playRecorded(m);
   * game.outcome();          // null
   * game.ruling()?.reason;   // "repetitionDraw"
   */
  playRecorded(move: string | { from: Square; to: Square }): MoveInfo;
  /**
   * Records the result a record gives after its last move: the game's outcome becomes the ending on the board if
   * the moves end in mate or stalemate with this result, else the ending the rules give on this very ply with
   * this result, else reason `recorded`. Taking it back ({@link Game.undo}) lifts it.
   * @throws {XiangqiError} `ERR_GAME_OVER` after a resignation, agreed draw, time forfeit or recorded result;
   * `ERR_ARGUMENT` for anything but `"1-0"`, `"0-1"`, `"1/2-1/2"`.
   * @example
   * const game = new Game();
   * game.playRecorded("h2e2");
   * game.recordResult("1-0").reason; // "recorded"
   */
  recordResult(result: "1-0" | "0-1" | "1/2-1/2"): Outcome;
  /**
   * The game as a DhtmlXQ record (`[DhtmlXQ_binit]`, `[DhtmlXQ_movelist]`) with its tags (mapped to DhtmlXQ's:
   * `Event` is `event`, `Site` `place`, `Opening` `open`, ...; docs/notation.md has the table).
   * @example
   * const game = new Game();
   * game.play("h2e2");
   * game.dhtmlxq().includes("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"); // true
   */
  dhtmlxq(): string;
  /**
   * The best move for the side to move, searched synchronously with the game's history (repetitions) and move
   * limit; with no limit, 1 second. For a responsive page, search in a Web Worker (`EngineClient` from `xiangqi-wasm/worker`).
   * @throws {XiangqiError} `ERR_OPTIONS` for bad limits.
   * @example
   * const game = new Game("9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w");   // mate in one
   * const hint = game.hint({ depth: 3 });
   * hint.move;   // "b6d6"
   * hint.score;  // { mate: 1 }
   */
  hint(limits?: SearchLimits): Hint;
  /**
   * Whether the side to move is checkmated (将死): in check with no legal move.
   * @example
   * new Game("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b").isCheckmate(); // true
   * new Game().isCheckmate();                                // false
   */
  isCheckmate(): boolean;
  /**
   * Whether the side to move is stalemated (困毙): no legal move and not in check. In xiangqi that side loses.
   * @example
   * new Game("3k5/9/9/9/9/9/9/9/9/4K4 b").isStalemate(); // false
   * new Game("3k5/8R/9/9/9/9/9/9/9/4K4 b").isStalemate(); // true
   */
  isStalemate(): boolean;
  /**
   * Whether the game ended in a draw: repetition, the move limit, dead material or an agreed draw.
   * @example
   * const game = new Game();
   * game.offerDraw("red");
   * game.acceptDraw("black");
   * game.isDraw(); // true
   */
  isDraw(): boolean;
  /**
   * Whether the game has ended (`outcome() !== null`), by the rules or by a resignation, agreed draw or time
   * forfeit.
   * @example
   * const game = new Game();
   * game.isGameOver();   // false
   * game.resign("red");
   * game.isGameOver();   // true
   */
  isGameOver(): boolean;
  /**
   * The board as 10 rows of 9 points, as it is printed: rank 9 (Black's side) first, files `a` to `i` in
   * each row; a point holds a {@link PieceInfo} or `null`.
   * @example
   * const rows = new Game().board();
   * rows.length;         // 10
   * rows[0][4];          // { square: "e9", color: "black", kind: "general" }
   * rows[9][0]?.square;  // "a0"
   * rows[5][0];          // null
   */
  board(): (PieceInfo | null)[][];
  /**
   * The piece on `square`, or `null`.
   * @throws {XiangqiError} `ERR_SQUARE`, `ERR_ARGUMENT`.
   * @example
   * new Game().get("e0"); // { square: "e0", color: "red", kind: "general" }
   * new Game().get("e5"); // null
   */
  get(square: string): PieceInfo | null;
  /**
   * Puts `piece` on `square`, replacing what stands there: a position editor. The result must be a legal
   * position, else the call throws with the FEN problem codes (every problem in `errors`) and the game is
   * unchanged. The game then starts from the edited position: the moves played and the ending go; the side to
   * move, the counters and the options stay.
   * @throws {XiangqiError} `ERR_FEN_*` (`ERR_FEN_TOO_MANY_PIECES`, `ERR_FEN_ELEPHANT_PLACEMENT`, ...),
   * `ERR_SQUARE`, `ERR_ARGUMENT` for a bad piece.
   * @example
   * const game = new Game("4k4/9/9/9/9/9/9/9/9/3K5 w");
   * game.put({ color: "red", kind: "chariot" }, "a0");
   * game.put("n", "b9");
   * game.fen();                 // "1n2k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"
   * try { game.put("B", "a0"); } catch (e) { e.code; } // an elephant cannot stand on a0: ERR_FEN_ELEPHANT_PLACEMENT
   * game.get("a0")?.kind;       // "chariot"
   */
  put(piece: PieceInput, square: string): void;
  /**
   * Removes the piece on `square` and returns it (`null`, changing nothing, for an empty point). As for
   * {@link Game.put}, the result must be a legal position (a general cannot be removed).
   * @throws {XiangqiError} `ERR_FEN_*`, `ERR_SQUARE`, `ERR_ARGUMENT`.
   * @example
   * const game = new Game();
   * game.remove("a0")?.kind;   // "chariot"
   * game.fen();                // "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1"
   */
  remove(square: string): PieceInfo | null;
  /**
   * Starts the game again from `fen` (moves, ending and annotations go), keeping the options; `options` change
   * some of them.
   * @throws {XiangqiError} as the constructor; the game is then unchanged.
   * @example
   * const game = new Game(null, { rules: "cxa" });
   * game.play("h2e2");
   * game.load("4k4/9/9/9/9/9/9/9/4A4/3K5 w");
   * [game.history().length, game.options().rules]; // [0, "cxa"]
   */
  load(fen: string, options?: GameOptions): void;
  /**
   * The board as text: rank 9 at the top, FEN letters (upper case Red, lower case Black), `.` for an empty
   * point, the river between ranks 5 and 4, file letters below.
   * @example
   * console.log(new Game().ascii());
   * new Game().ascii().split("\n")[1]; // " 9 | r n b a k a b n r |"
   */
  ascii(): string;
  /**
   * A one-line description: the FEN, the number of moves and how the game stands. `console.log(game)` in Node
   * shows it too.
   * @example
   * const game = new Game();
   * game.play("h2e2");
   * game.toString(); // "Game(rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1, 1 move, black to move)"
   */
  toString(): string;
  /**
   * A plain object of the game (what `JSON.stringify(game)` writes): FENs, side to move, moves, outcome, options.
   * @example
   * const game = new Game();
   * game.play("h2e2");
   * JSON.parse(JSON.stringify(game)).history; // ["h2e2"]
   */
  toJSON(): GameJson;
  /**
   * The comment at `ply` (default: the current ply, the number of moves played). The comment of ply `p` stands
   * after the move of that ply and before the next one; ply 0 is the comment before the first move. `null` if
   * there is none.
   * @throws {XiangqiError} `ERR_ARGUMENT` unless `ply` is an integer from 0 to the number of moves played.
   * @example
   * const game = new Game();
   * game.setComment("the opening");   // before the first move
   * game.play("h2e2");
   * game.setComment("central cannon"); // after 炮二平五
   * [game.getComment(0), game.getComment()]; // ["the opening", "central cannon"]
   */
  getComment(ply?: number): string | null;
  /**
   * Sets the comment at `ply` (default: the current ply; see {@link Game.getComment}); `null` or `""` removes
   * it. Taking the move back drops its comment and NAGs. `pgn()` writes them and `Game.fromPgn` reads them.
   * @throws {XiangqiError} `ERR_ARGUMENT` for a comment that is not a string (or longer than 65,536
   * characters) or a bad `ply`.
   * @example
   * const game = new Game();
   * game.play("h2e2");
   * game.setComment("central cannon");
   * game.setComment(null);
   * game.getComment(); // null
   */
  setComment(comment: string | null, ply?: number): void;
  /**
   * The NAGs (numeric annotation glyphs) of the move of `ply` (default: the last move).
   * @throws {XiangqiError} `ERR_ARGUMENT` for a bad `ply`.
   * @example
   * const game = new Game();
   * game.play("h2e2");
   * game.setNags([1]);
   * game.getNags(); // [1]
   */
  getNags(ply?: number): number[];
  /**
   * Sets the NAGs of the move of `ply` (default: the last move; `1` good move, `2` mistake, `3` brilliant,
   * `4` blunder, `5` interesting, `6` dubious).
   * @throws {XiangqiError} `ERR_ARGUMENT` unless `nags` is an array of at most 16 integers from 0 to 255 and a
   * move was played at `ply`.
   * @example
   * const game = new Game();
   * game.play("h2e2");
   * game.setNags([1, 5], 1);
   * game.pgn({ notation: "iccs" }).includes("1. H2-E2 $1 $5 *"); // true
   */
  setNags(nags: readonly number[], ply?: number): void;
  /**
   * Every ply that has a comment or NAGs, in order.
   * @example
   * const game = Game.fromPgn('1. 炮二平五 {central cannon} $1 马8进7 *');
   * game.getComments(); // [{ ply: 1, comment: "central cannon", nags: [1] }]
   */
  getComments(): PlyAnnotation[];
  /**
   * Frees the game's wasm memory now. Optional: games that become unreachable are reclaimed by the garbage
   * collector (the package is built with weak references).
   */
  free(): void;
  /** `free()`, for `using game = new Game()` (the `using` syntax: Node 24+ and current browsers, not Node 20 or 22). */
  [Symbol.dispose](): void;
}

/** A neural net an {@link Engine} evaluates with ({@link Engine.loadNetwork}). */
export interface NetworkInfo {
  /** Its inputs: `"psq"` (piece-square, mirrored) or `"palace"` (the same per point of the own general). */
  features: 'psq' | 'palace';
  /** Accumulator cells per side. */
  ft: number;
  /** Cells of the dense layer. */
  l1: number;
  /** FNV-1a 64 of the whole file, 16 hex digits (as the trainer's log and provenance print it). */
  checksum: string;
}

/**
 * A hint engine that keeps its transposition table (what it learnt) between searches: use one per game and
 * call `newGame()` between games. Searches run synchronously: in a page, run them in a Web Worker
 * (the package's `engine-worker.js` and its promise-based client `xiangqi-wasm/worker` do that, with a stop that answers
 * within 100 ms).
 *
 * @example
 * import { Engine, Game } from "xiangqi-wasm";
 * const engine = new Engine({ hashMb: 8 });
 * const depths = [];
 * const r = engine.search(new Game(), { depth: 4 }, (p) => depths.push(p.depth));
 * depths;                                   // [1, 2, 3, 4]
 * typeof r.move;                            // "string"
 * engine.search(null, ["h2e2"], { depth: 2 }).pv.length > 0; // true
 */
export class Engine {
  /**
   * An engine with a table of `hashMb` MiB (default 16; 1 to 256), allocated now.
   * @throws {XiangqiError} `ERR_OPTIONS`.
   * @example
   * const engine = new Engine({ hashMb: 4 });
   */
  constructor(options?: { hashMb?: number | undefined });
  /**
   * Searches a game (its history counts for repetitions, judged by the game's rule set and move limit) and
   * returns the best move. `onProgress` is called after each completed iteration; if it throws, the search
   * stops and the exception propagates.
   * @throws {XiangqiError} `ERR_OPTIONS` for bad limits, `ERR_ARGUMENT` for a wrong argument.
   * @example
   * const engine = new Engine({ hashMb: 4 });
   * engine.search(new Game("9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w"), { depth: 3 }).move; // "b6d6"
   */
  search(game: Game, limits?: SearchLimits, onProgress?: (progress: SearchProgress) => void): Hint;
  /**
   * Searches the position after ICCS `moves` played from `fen` (`null`: the start position).
   * @throws {XiangqiError} `ERR_FEN_*`, `ERR_MOVE_SYNTAX`, `ERR_ILLEGAL_MOVE`, `ERR_OPTIONS`, `ERR_ARGUMENT`.
   * @example
   * const engine = new Engine({ hashMb: 4 });
   * engine.search(null, ["h2e2", "h9g7"], { nodes: 2000 }).nodes >= 2000; // true
   */
  search(
    fen: string | null,
    moves: readonly string[],
    limits?: SearchLimits,
    onProgress?: (progress: SearchProgress) => void,
  ): Hint;
  /**
   * Starts a search of `game` as it is now (its position, history, rule set and move limit are taken once; later
   * changes to `game` do not reach it), to be run by {@link Engine.step} in slices: the way to search without
   * blocking for long (the package's worker does this, looking at its messages between slices). Replaces a search
   * or an analysis under way.
   * @throws {XiangqiError} `ERR_OPTIONS` for bad limits, `ERR_ARGUMENT` when `game` is not a `Game`.
   * @example
   * const engine = new Engine({ hashMb: 4 });
   * engine.start(new Game(), { depth: 5 });
   * let hint = null;
   * let steps = 0;
   * while (hint === null) {
   *   hint = engine.step(5);                 // at most about 5 ms, then back here
   *   steps++;
   * }
   * hint.depth;                              // 5
   */
  start(game: Game, limits?: SearchLimits): void;
  /**
   * Goes on with the search {@link Engine.start} began, for at most `sliceMs` milliseconds (1 or more; default: to
   * its end). Returns its `Hint` when it is over (its limits reached), `null` when the slice ended first. The
   * search keeps its depth, its best line, its nodes and its time between slices; every decision about time is
   * the search's own. `onProgress` is called after each completed iteration; if it throws, the search ends and
   * the exception propagates.
   * @throws {XiangqiError} `ERR_NO_SEARCH` when no search is under way, `ERR_ARGUMENT` for a bad `sliceMs`.
   * @example
   * const engine = new Engine({ hashMb: 4 });
   * engine.start(new Game(), { depth: 3 });
   * engine.step().depth;                     // 3
   */
  step(sliceMs?: number, onProgress?: (progress: SearchProgress) => void): Hint | null;
  /**
   * Ends the search under way now and returns its best move so far (the deepest completed iteration; a search
   * that has not completed its first iteration completes it first); `null` when no search is under way.
   * @example
   * const engine = new Engine({ hashMb: 4 });
   * engine.start(new Game(), { timeMs: 60000 });
   * engine.step(20);
   * typeof engine.stop().move;               // "string"
   * engine.stop();                           // null
   */
  stop(): Hint | null;
  /**
   * How good was each move of `game` (all of them, or `from`–`to`, or one side's): the value of the position
   * before and after each move from Red's point of view, the engine's best move and line, what the move cost in
   * expected score, its classification and accuracy, and each side's summary. A game without moves gives no
   * moves; a finished game is analysed to its end. Deterministic for the same game and options with a node or
   * depth limit (the table is forgotten first, as `newGame()`). `onProgress(move, done, total)` after each
   * analysed move; if it throws, the analysis stops and the exception propagates. In a page, analyse in the
   * worker (`EngineClient.analyse`), which can be cancelled.
   * @throws {XiangqiError} `ERR_OPTIONS` naming a bad value, `ERR_ARGUMENT` when `game` is not a `Game`.
   * @example
   * const engine = new Engine({ hashMb: 4 });
   * const game = new Game();
   * for (const m of ["a0a1", "a9a8", "a1d1", "a8d8"]) game.play(m);
   * const a = engine.analyse(game, { nodes: 8000 });
   * a.moves[3].classification;               // "blunder"
   * a.moves[3].move;                         // "a8d8"
   * a.black.blunder;                         // 2
   * engine.analyse(new Game()).moves;        // []
   */
  analyse(
    game: Game,
    options?: AnalyseOptions,
    onProgress?: (move: AnalysedMove, done: number, total: number) => void,
  ): Analysis;
  /**
   * Starts an analysis of `game` as it is now, to be run by {@link Engine.stepAnalysis}. Replaces a search or an
   * analysis under way.
   * @throws {XiangqiError} `ERR_OPTIONS` naming a bad value, `ERR_ARGUMENT` when `game` is not a `Game`.
   * @example
   * const engine = new Engine({ hashMb: 4 });
   * const game = new Game();
   * game.play("h2e2");
   * engine.startAnalysis(game, { depth: 2 });
   * let a = null;
   * while (a === null) a = engine.stepAnalysis(1);
   * a.moves.length;                          // 1
   */
  startAnalysis(game: Game, options?: AnalyseOptions): void;
  /**
   * Goes on with the analysis {@link Engine.startAnalysis} began for about `sliceMs` milliseconds (at least one
   * position; default: to its end). Returns the `Analysis` when it is over, `null` otherwise. Each position is
   * searched whole, so the result is the same as `analyse`'s.
   * @throws {XiangqiError} `ERR_NO_SEARCH` when no analysis is under way, `ERR_ARGUMENT` for a bad `sliceMs`.
   * @example
   * const engine = new Engine({ hashMb: 4 });
   * engine.startAnalysis(new Game(), {});
   * engine.stepAnalysis().moves;             // []
   */
  stepAnalysis(sliceMs?: number, onProgress?: (move: AnalysedMove, done: number, total: number) => void): Analysis | null;
  /**
   * Cancels the analysis under way and returns what it analysed, with `cancelled: true`; `null` when no analysis is
   * under way.
   * @example
   * const engine = new Engine({ hashMb: 4 });
   * const game = new Game();
   * for (const m of ["h2e2", "h9g7", "h0g2"]) game.play(m);
   * engine.startAnalysis(game, { depth: 2 });
   * engine.stepAnalysis(1);
   * engine.stopAnalysis().cancelled;         // true
   */
  stopAnalysis(): Analysis | null;
  /**
   * Forgets the table and history: after it, searches are reproducible whatever was searched before.
   * @example
   * const engine = new Engine({ hashMb: 4 });
   * engine.newGame();
   */
  newGame(): void;
  /**
   * Evaluates with a neural net from the next search on (docs/search.md, *The neural evaluation*): `bytes` is a
   * net file (`xiangqi-train`'s output). The table is cleared. A file that cannot be used is refused and the
   * engine stays as it was (the hand-tuned evaluation, or the net loaded before).
   * @throws {XiangqiError} `ERR_NET_MAGIC` (not a net file), `ERR_NET_VERSION`, `ERR_NET_FEATURES`,
   * `ERR_NET_SHAPE`, `ERR_NET_TRUNCATED`, `ERR_NET_CHECKSUM` (damaged); `ERR_ARGUMENT` if not bytes.
   * @example
   * const engine = new Engine({ hashMb: 4 });
   * try { engine.loadNetwork(new Uint8Array(8)); } catch (e) { e.code; } // "ERR_NET_MAGIC"
   * engine.network(); // null
   */
  loadNetwork(bytes: Uint8Array | ArrayBuffer): NetworkInfo;
  /** Back to the hand-tuned evaluation from the next search on (the table cleared if a net was loaded). */
  unloadNetwork(): void;
  /** The net the engine evaluates with, or `null`: the hand-tuned evaluation (the default). */
  network(): NetworkInfo | null;
  /** Frees the table now (optional: unreachable engines are reclaimed by the garbage collector). */
  free(): void;
  [Symbol.dispose](): void;
}

/**
 * What the defender can do against a forced mate ({@link MateProver.defend}): `"mated"` (no legal move: the
 * attacker's last move mated, or stalemated, which loses too; `move` and `mateIn` are `null`), `"escape"` (`move`
 * leaves the attacker no forced mate within the limit), or `"stubborn"` (every reply loses; `move` holds out
 * longest, and the attacker then mates in `mateIn` moves).
 */
export interface MateDefence {
  result: "mated" | "escape" | "stubborn";
  move: string | null;
  mateIn: number | null;
}

/**
 * An exhaustive forced-mate prover (full width for both sides, no evaluation: a proof, not a search), for checking
 * exercises. "Mate" is any position where the side to move has no legal move (checkmate and stalemate both lose);
 * repetition and the move limit are not considered. A prover remembers what it proved between calls (up to about
 * 500,000 positions), so ask one prover about one exercise move after move. Mates are counted in the attacker's
 * moves, 1 to 10. Each call gives up after `nodeLimit` nodes (default 20,000,000) with `ERR_MATE_LIMIT`.
 * `<xiangqi-puzzle>` runs one in a worker.
 * @example
 * const prover = new MateProver();
 * prover.mateIn("8N/9/3k5/9/9/7R1/9/9/1p4N2/5K3 w - - 0 1", 5); // 2
 */
export class MateProver {
  /**
   * @throws {XiangqiError} `ERR_OPTIONS` for an unknown option or a `nodeLimit` outside 1 to 1,000,000,000.
   * @example
   * const prover = new MateProver({ nodeLimit: 1_000_000 });
   */
  constructor(options?: { nodeLimit?: number | undefined });
  /**
   * The fewest moves (1 to `maxMoves`) in which the side to move forces mate, or `null` when it cannot within
   * `maxMoves`.
   * @throws {XiangqiError} `ERR_FEN_*`, `ERR_ARGUMENT` (`maxMoves` not 1 to 10), `ERR_MATE_LIMIT`.
   * @example
   * const prover = new MateProver();
   * prover.mateIn("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", 3); // null
   */
  mateIn(fen: string, maxMoves: number): number | null;
  /**
   * Every move of the side to move (ICCS, in generation order) that forces mate within `moves` of its moves:
   * all the solutions of a "mate in `moves`" exercise. `nodeLimit` replaces the constructor's for this call. A
   * call that gives up keeps what it decided: the same question asked again goes on from there, so a long proof
   * can run in slices (a small `nodeLimit`, asked until it answers) with other calls between them.
   * @throws {XiangqiError} `ERR_FEN_*`, `ERR_ARGUMENT` (`moves` not 1 to 10), `ERR_OPTIONS` (an unknown option or
   * a `nodeLimit` outside 1 to 1,000,000,000), `ERR_MATE_LIMIT`.
   * @example
   * const prover = new MateProver();
   * const fen = "8N/9/3k5/9/9/7R1/9/9/1p4N2/5K3 w - - 0 1";
   * prover.matingMoves(fen, 2); // ["f0e0"]
   * // The same question in slices of at most 20 nodes, on a new prover:
   * const sliced = new MateProver();
   * let moves = null;
   * while (moves == null) {
   *   try {
   *     moves = sliced.matingMoves(fen, 2, { nodeLimit: 20 });
   *   } catch (e) {
   *     if (e.code !== "ERR_MATE_LIMIT") throw e;
   *   }
   * }
   * moves; // ["f0e0"]
   */
  matingMoves(fen: string, moves: number, options?: { nodeLimit?: number | undefined }): string[];
  /**
   * The defender's answer (the side to move in `fen`) when the attacker has `moves` moves (0 to 10) after it.
   * @throws {XiangqiError} `ERR_FEN_*`, `ERR_ARGUMENT`, `ERR_MATE_LIMIT`.
   * @example
   * const prover = new MateProver();
   * const d = prover.defend("8N/9/3k5/9/9/7R1/9/9/1p4N2/4K4 b - - 1 1", 1);
   * d.result; // "stubborn"
   * d.mateIn; // 1
   */
  defend(fen: string, moves: number): MateDefence;
  /** The nodes the last call visited. */
  nodes(): number;
  /** Frees the prover's memory now (optional). */
  free(): void;
  [Symbol.dispose](): void;
}

/**
 * A competition time control: a preset (CXA rules article 6, AXF rules chapter 2 section 2) —
 * `"cxa-6.1"` (40 moves in 90 min, then 10 moves every 15 min), `"cxa-6.2"` (30 in 60, then 10 every 10),
 * `"cxa-6.3"` (rapid: 40 in 10, then 30 every 5), `"cxa-6.4"` (rapid: 30 moves every 5 min),
 * `"axf-total-90"` / `"axf-total-60"` (90 or 60 min, then 10 moves every 15 min, unused time not carried over),
 * `"axf-per-move"` (2 min per move plus a 30 min extension) — or a scheme: `{ firstMs }` alone is sudden death
 * (包干, CXA 6.5); add `firstMoves` for a quota, `thenMs` / `thenMoves` for the repeating overtime period,
 * `carryOver` (default `true`) to add unused time to the next period; `{ perMoveMs, reserveMs }` for a per-move
 * limit with a reserve.
 */
export type ClockPreset =
  | "cxa-6.1"
  | "cxa-6.2"
  | "cxa-6.3"
  | "cxa-6.4"
  | "axf-total-90"
  | "axf-total-60"
  | "axf-per-move";

/** A time control given by its numbers (see {@link ClockPreset}). All values are integers (milliseconds, moves). */
export type ClockScheme =
  | { firstMs: number; firstMoves?: number | undefined; thenMs?: number | undefined; thenMoves?: number | undefined; carryOver?: boolean | undefined }
  | { perMoveMs: number; reserveMs?: number | undefined };

/** A fallen flag: who lost on time, why (`quotaNotMet`, `timeExhausted`, `moveTimeExceeded`), and where. */
export interface ClockFlag {
  color: Color;
  reason: "quotaNotMet" | "timeExhausted" | "moveTimeExceeded";
  /** The period it fell in (1 = the first). */
  period: number;
  /** Moves that side had made in that period. */
  movesMade: number;
  /** Moves it had to make in it, or `null` without a quota. */
  movesRequired: number | null;
  /** An English sentence. */
  message: string;
}

/**
 * A pure game clock (计时钟): it never reads the time. The caller says how long the side to move thought; the
 * clock says whose flag fell and why. Deterministic, so it runs the same in tests, servers and pages; record a
 * fallen flag in the game with `game.timeForfeit(flag.color)`.
 *
 * @example
 * import { Clock, Game } from "xiangqi-wasm";
 * const clock = new Clock("cxa-6.4");           // 30 moves every 5 minutes
 * clock.press(5000);                            // null: Red moved after 5 s
 * clock.turn();                                 // "black"
 * clock.remaining("red");                       // 295000
 * clock.movesToGo("red");                       // 29
 * const flag = clock.press(301000);             // Black thought too long
 * flag?.color;                                  // "black"
 * new Game().timeForfeit(flag.color).result;    // "1-0"
 */
export class Clock {
  /**
   * A clock at the start of a game, `first` to move (default Red).
   * @throws {XiangqiError} `ERR_OPTIONS` for an unknown preset or a bad scheme, `ERR_ARGUMENT` for a bad colour.
   * @example
   * const sudden = new Clock({ firstMs: 600000 });      // 10 minutes each, sudden death
   * sudden.remaining("black");                            // 600000
   */
  constructor(control: ClockPreset | ClockScheme, first?: Color);
  /**
   * The side to move completes its move after `elapsedMs` and presses its clock: the other side's clock runs.
   * Returns the flag if the time was exceeded (the clock then stops: later presses return the same flag).
   * @throws {XiangqiError} `ERR_ARGUMENT` unless `elapsedMs` is a non-negative integer (so do `check` and `flagFell`).
   * @example
   * const clock = new Clock({ firstMs: 1000 });
   * clock.press(1500)?.reason; // "timeExhausted"
   */
  press(elapsedMs: number): ClockFlag | null;
  /**
   * Whether the flag of the side to move would have fallen after `elapsedMs` on its current move; nothing is
   * recorded (call it as often as the display refreshes).
   * @example
   * const clock = new Clock({ firstMs: 1000 });
   * clock.check(999);              // null
   * clock.check(1001)?.color;      // "red"
   */
  check(elapsedMs: number): ClockFlag | null;
  /**
   * Records that the side to move's flag fell after `elapsedMs`, if it did.
   * @example
   * const clock = new Clock({ firstMs: 1000 });
   * clock.flagFell(2000)?.color;   // "red"
   * clock.flag()?.color;           // "red"
   */
  flagFell(elapsedMs: number): ClockFlag | null;
  /**
   * The fallen flag, or `null`.
   * @example
   * new Clock("cxa-6.1").flag(); // null
   */
  flag(): ClockFlag | null;
  /**
   * Whose clock runs.
   * @example
   * new Clock("cxa-6.1", "black").turn(); // "black"
   */
  turn(): Color;
  /**
   * Milliseconds left to `color` in its current period (per-move control: one move's time plus the reserve).
   * @example
   * new Clock("cxa-6.1").remaining("red"); // 5400000
   */
  remaining(color: Color): number;
  /**
   * The period `color` is in (1 = the first).
   * @example
   * new Clock("cxa-6.1").period("red"); // 1
   */
  period(color: Color): number;
  /**
   * Moves `color` must still make in its period, or `null` when the period has no quota.
   * @example
   * new Clock("cxa-6.1").movesToGo("red");  // 40
   * new Clock({ firstMs: 60000 }).movesToGo("red"); // null
   */
  movesToGo(color: Color): number | null;
  free(): void;
  [Symbol.dispose](): void;
}

/**
 * Game `index` (default 0) of a record of any format — PGN, DhtmlXQ, XQF, CBR, CBL or a FEN, sniffed unless `format` is
 * given — from text or bytes (UTF-8 with or without a BOM, GBK or Big5, detected on evidence unless `encoding` is
 * given: the decoding whose moves read; a wrong or ambiguous guess is `ERR_RECORD_ENCODING`, never garbage): its
 * tags verbatim and in order, start position, result, main line with comments, NAGs and nested variations, and
 * the reader's warnings. Moves come back in ICCS.
 * @throws {XiangqiError} the errors of {@link Game.fromPgn} and {@link Game.fromXqf}; `ERR_ARGUMENT` for a game the
 * file does not have; `ERR_OPTIONS`.
 * @example
 * import { readRecord } from "xiangqi-wasm";
 * const big5 = new Uint8Array([0x31, 0x2e, 0x20, 0xac, 0xb6, 0xa4, 0x47, 0xa5, 0xad, 0xa4, 0xad, 0x20, 0x2a]); // "1. 炮二平五 *" in Big5
 * const game = readRecord(big5);
 * [game.format, game.encoding, game.mainline.moves[0].move]; // ["pgn", "big5", "h2e2"]
 */
export function readRecord(record: RecordInput, options?: ReadRecordOptions): RecordGame;

/**
 * Writes a record whole — tags in their order, start position, result, the main line and every variation, comments
 * before and after moves, NAGs and drawings — as PGN or DhtmlXQ text, or as the bytes of an XQF file (version 10,
 * text in GBK). `readRecord(writeRecord(r, { format }))` gives `r` back, less what the format cannot hold
 * (docs/records.md, "Writing records": PGN adds a `FEN` tag for a set-up start and a `Result` tag when there is
 * none, and trims comments; DhtmlXQ has no `FEN` tag; XQF keeps only its twelve fields and the result, each field
 * cut to 15 or 63 bytes, and no comment before a variation's first move). NAGs and drawings go where the format has
 * no form for them into the move's comment as `[%nag 1]`, `[%cal Rh2e2]`, `[%csl Ge7]`, which the reader takes out
 * again. The record is checked first; after an error nothing was written.
 * @throws {XiangqiError} `ERR_RECORD_TAG`, `ERR_RECORD_MOVE`, `ERR_RECORD_FEN`, `ERR_RECORD_TEXT`, `ERR_RECORD_DEPTH`,
 * `ERR_RECORD_FORMAT`, `ERR_MOVE_SYNTAX`, `ERR_SQUARE`, `ERR_ARGUMENT` (a value of the wrong type, or more than 4 MiB
 * of text: refused with the size), `ERR_OPTIONS`.
 * @example
 * import { readRecord, writeRecord } from "xiangqi-wasm";
 * const record = readRecord('[Red "A"]\n[Result "1-0"]\n\n1. 炮二平五 {[%cal Rh2e2] central} (1. 马二进三 $1) 1... 马8进7 1-0');
 * record.mainline.moves[0].drawings;             // [{ from: "h2", to: "e2", color: "red" }]
 * const text = writeRecord(record, { format: "dhtmlxq" });
 * readRecord(text).mainline.moves[0].variations[0].moves[0].nags; // [1]
 * const xqf = writeRecord(record, { format: "xqf" }); // a Uint8Array
 * readRecord(xqf).headers.Red;                   // "A"
 */
export function writeRecord<O extends WriteRecordOptions>(
  record: WritableRecord,
  options: O,
): O["format"] extends "xqf" ? Uint8Array : O["format"] extends "pgn" | "dhtmlxq" ? string : string | Uint8Array;

/**
 * A summary of every game of a record (index, tags, plies, result, and the error of a game that cannot be read):
 * the list to choose a game from. For a large file, {@link RecordReader} lists in batches.
 * @throws {XiangqiError} `ERR_RECORD_ENCODING`, `ERR_ARGUMENT`, `ERR_OPTIONS` (a game that cannot be read is
 * listed with its `error`).
 * @example
 * import { readRecords } from "xiangqi-wasm";
 * const list = readRecords('[Red "A"]\n1. 炮二平五 1-0\n[Red "B"]\n1. 炮二进九 *\n');
 * list.map((g) => [g.headers.Red, g.plies, g.error?.code ?? null]); // [["A", 1, null], ["B", 0, "ERR_RECORD_MOVE"]]
 */
export function readRecords(record: RecordInput, options?: { format?: RecordFormat | undefined; encoding?: RecordEncoding | undefined }): RecordSummary[];

/**
 * A record read game by game, for databases: `next()` lists the games in batches (a worker can report progress
 * and stop between them), `read(index)` / `game(index)` open any game without reading the others again. Holds the
 * decoded text, never the games.
 * @example
 * import { RecordReader } from "xiangqi-wasm";
 * const reader = new RecordReader('[Red "A"]\n1. 炮二平五 *\n[Red "B"]\n1. 马二进三 *\n');
 * reader.format();                     // "pgn"
 * reader.next(1).map((g) => g.index);  // [0]
 * reader.next(10).map((g) => g.index); // [1]
 * reader.done();                       // true
 * reader.game(1).headers().Red;        // "B"
 * reader.free();
 */
export class RecordReader {
  /** @throws {XiangqiError} `ERR_RECORD_ENCODING`, `ERR_ARGUMENT`, `ERR_OPTIONS`. */
  constructor(record: RecordInput, options?: { format?: RecordFormat | undefined; encoding?: RecordEncoding | undefined });
  /** The format read. */
  format(): RecordFormat;
  /** The encoding of bytes, or `null`. */
  encoding(): RecordEncoding | null;
  /** The summaries of the next `max` games (default 100); `[]` once every game was listed. */
  next(max?: number): RecordSummary[];
  /** Whether every game was listed. */
  done(): boolean;
  /**
   * Game `index` as a {@link RecordGame}.
   * @throws {XiangqiError} the game's own error; `ERR_ARGUMENT` for a game the file does not have.
   */
  read(index: number): RecordGame;
  /**
   * Game `index` as a {@link Game}, read as {@link Game.fromPgn} reads.
   * @throws {XiangqiError} as {@link RecordReader.read}, and `ERR_OPTIONS`.
   */
  game(index: number, options?: GameOptions): Game;
  free(): void;
  [Symbol.dispose](): void;
}

/**
 * Reads every game of a PGN file (text, or bytes in UTF-8, GBK or Big5): as {@link readRecord}, every game; the
 * first that cannot be read is the error. Moves come back in ICCS.
 * @throws {XiangqiError} `ERR_RECORD_SYNTAX` (with `line`, `column`), `ERR_RECORD_MOVE` (with `game`, `ply`,
 * `moveText`, `moveCode`, `line`, `column`), `ERR_RECORD_FEN`, `ERR_RECORD_ENCODING`, `ERR_RECORD_EMPTY`,
 * `ERR_ARGUMENT`.
 * @example
 * const [game] = parsePgn('[Red "A"]\n[Result "1-0"]\n\n1. C2.5 {central cannon} H8+7 (1... C8.5 $2) *');
 * game.headers.Red;                             // "A"
 * game.result;                                  // "1-0"
 * game.mainline.moves[0].comment;               // "central cannon"
 * game.mainline.moves[1].variations[0].moves[0].move; // "h7e7"
 * game.mainline.moves[1].variations[0].moves[0].nags; // [2]
 */
export function parsePgn(record: RecordInput): RecordGame[];

/** A node of a {@link RecordEditor}: the start (id 0) or a move, with what the record says of it. */
export interface EditorNode {
  /** The node's id: 0 for the start, then 1, 2, … in the order nodes were made; never given to another node. */
  id: number;
  /** The node before it; `null` for the start. */
  parent: number | null;
  /** The moves after it: the main continuation first, then the alternatives (variations) in the record's order. */
  children: number[];
  /** The move that reaches it, ICCS; `null` for the start. */
  move: string | null;
  /** Moves from the start (0 for the start). */
  ply: number;
  /** The position. */
  fen: string;
  /** The comment after the move; at the start, the comment before the game's first move. */
  comment: string | null;
  /** The comment before the move, which only a move that starts a variation has. */
  commentBefore: string | null;
  /** Numeric annotation glyphs (`1` = good move, `2` = mistake, …). */
  nags: number[];
  /** The move's arrows and circled points (none at the start). */
  drawings: RecordDrawing[];
  /** Whether it is on the main line (the start is). */
  mainLine: boolean;
}

/**
 * A game record under edit (棋谱编辑): a tree of moves from a start position, with a cursor (the node shown) and
 * undo / redo. Nodes are numbers: 0 is the start, every move has its own id, kept through every edit (a
 * promotion, a deletion elsewhere, comments, tags) and never given to another node; undo brings a deleted node
 * back under its id. Every edit that would break the record is refused with a typed error and changes nothing:
 * an illegal move (`ERR_ILLEGAL_MOVE`), a node that does not exist (`ERR_EDIT_NODE`), a tag value with a line
 * break or a quote (`ERR_EDIT_TAG`), … (see {@link ErrorCode}). docs/editing.md tells more.
 * @example
 * import { RecordEditor, readRecord, isXiangqiError } from "xiangqi-wasm";
 * const editor = new RecordEditor();
 * const cannon = editor.play("h2e2");
 * const horse = editor.play("h9g7");
 * editor.go(cannon);                       // back one move (←)…
 * const other = editor.play("b9c7");       // …and a different move: a variation at ply 2
 * editor.node(cannon).children;            // [2, 3]
 * editor.promote(other);
 * editor.node(cannon).children;            // [3, 2]
 * editor.setComment(other, "the main line now");
 * editor.setTag("Red", "Lü Qin");
 * editor.record().mainline.moves[1];       // { move: "b9c7", nags: [], comment: "the main line now", variations: [{ comment: null, moves: [{ move: "h9g7", nags: [], comment: null, variations: [], drawings: [] }] }], drawings: [] }
 * // Undo takes back the tag, the comment, the promotion, one edit at a time.
 * [editor.undo(), editor.undo(), editor.undo()]; // [true, true, true]
 * editor.node(cannon).children;            // [2, 3]
 * editor.record().headers;                 // {}
 * const again = new RecordEditor(readRecord('[Red "A"]\n\n1. 炮二平五 马8进7 (1... 马2进3) *'));
 * again.node(1).children;                  // [2, 3]
 * let code = null;
 * try { again.setTag("Event", "two\nlines"); } catch (e) { code = isXiangqiError(e) ? e.code : null; }
 * code;                                    // "ERR_EDIT_TAG"
 * editor.free();
 * again.free();
 */
export class RecordEditor {
  /**
   * An empty record from the start position (no argument), from a FEN, or a {@link RecordGame} (what
   * {@link readRecord} returns, or an object of its shape: `mainline`, and optionally `fen`, `headerList` or
   * `headers`; the editor's record has no `warnings`).
   * @throws {XiangqiError} `ERR_FEN_*`, `ERR_ILLEGAL_MOVE` (a move of the record that is not legal),
   * `ERR_MOVE_SYNTAX`, `ERR_RECORD_FEN` (a record's bad start position), `ERR_RECORD_DEPTH` (variations nested deeper
   * than 64), `ERR_ARGUMENT` (a value of the wrong
   * shape). The source is read as `writeRecord` reads a record: every part optional (`{}` is the start position).
   */
  constructor(source?: RecordGame | string | null);
  /** The record as a {@link RecordGame} (a fresh object each call). */
  record(): RecordGame;
  /** The cursor's node: where {@link RecordEditor.play} plays. */
  current(): number;
  /**
   * A node and what the record says of it.
   * @throws {XiangqiError} `ERR_EDIT_NODE`, `ERR_ARGUMENT` (not an integer).
   */
  node(node: number): EditorNode;
  /**
   * The nodes from the first move to `node` (`[]` for the start).
   * @throws {XiangqiError} `ERR_EDIT_NODE`, `ERR_ARGUMENT`.
   */
  path(node: number): number[];
  /**
   * Moves the cursor to `node` (not an edit: undo does not take it back).
   * @throws {XiangqiError} `ERR_EDIT_NODE`, `ERR_ARGUMENT`.
   */
  go(node: number): void;
  /**
   * Plays a move (ICCS, or `{ from, to }`) at the cursor and moves the cursor to the node it reaches, which it
   * returns: the child with that move when there is one (no edit); else a new move — the line's continuation
   * when the node has none, else a new variation after the others.
   * @throws {XiangqiError} `ERR_ILLEGAL_MOVE`, `ERR_MOVE_SYNTAX`, `ERR_EDIT_DEPTH`, `ERR_ARGUMENT`.
   */
  play(move: string | { from: Square; to: Square }): number;
  /**
   * Promotes the variation that holds `node` one level: its moves become the continuation it was an
   * alternative to, and that continuation a variation in its place.
   * @throws {XiangqiError} `ERR_EDIT_MAIN_LINE`, `ERR_EDIT_ROOT`, `ERR_EDIT_NODE`, `ERR_EDIT_DEPTH`, `ERR_ARGUMENT`.
   */
  promote(node: number): void;
  /**
   * Promotes the variation that holds `node` until `node` is on the main line (one edit).
   * @throws {XiangqiError} as {@link RecordEditor.promote}.
   */
  makeMain(node: number): void;
  /**
   * Deletes the move `node` and everything after it; its alternatives stay (the first takes its place). A
   * cursor on a deleted node goes to `node`'s parent.
   * @throws {XiangqiError} `ERR_EDIT_ROOT`, `ERR_EDIT_NODE`, `ERR_ARGUMENT`.
   */
  delete(node: number): void;
  /**
   * Sets the comment after the move `node` (`null` or `""` removes it); at the start (0), the comment before
   * the game's first move.
   * @throws {XiangqiError} `ERR_EDIT_NODE`, `ERR_ARGUMENT`.
   */
  setComment(node: number, comment: string | null): void;
  /**
   * Sets the comment before the move `node`, which must start a variation (`null` or `""` removes it).
   * @throws {XiangqiError} `ERR_EDIT_COMMENT_BEFORE`, `ERR_EDIT_ROOT`, `ERR_EDIT_NODE`, `ERR_ARGUMENT`.
   */
  setCommentBefore(node: number, comment: string | null): void;
  /**
   * Sets the NAGs of the move `node` (integers 0 to 255, in order; `[]` removes them).
   * @throws {XiangqiError} `ERR_EDIT_ROOT`, `ERR_EDIT_NODE`, `ERR_ARGUMENT`.
   */
  setNags(node: number, nags: number[]): void;
  /**
   * Sets the drawings of the move `node`: arrows (`to` a square) and circled points (`to` null), each with its
   * colour (`null` or `[]` removes them). They are written as `[%cal …]` / `[%csl …]` in PGN comments.
   * @throws {XiangqiError} `ERR_EDIT_ROOT`, `ERR_EDIT_NODE`, `ERR_SQUARE`, `ERR_OPTIONS` (a colour), `ERR_ARGUMENT`.
   * @example
   * import { RecordEditor, writeRecord } from "xiangqi-wasm";
   * const editor = new RecordEditor();
   * const id = editor.play("h2e2");
   * editor.setDrawings(id, [{ from: "h2", to: "e2", color: "green" }, { from: "e7", to: null, color: "red" }]);
   * editor.node(id).drawings.length; // 2
   * writeRecord(editor.record(), { format: "pgn" }).includes("[%cal Gh2e2]"); // true
   */
  setDrawings(node: number, drawings: readonly RecordDrawing[] | null): void;
  /**
   * Sets a tag, in place or appended. Names: letters, digits, `_`, `-` (not `FEN`: see
   * {@link RecordEditor.setStart}); values: any text without a line break, control character or double quote (not
   * every PGN reader knows `\"`; a record read with quotes keeps them); a backslash is escaped when PGN is written.
   * @throws {XiangqiError} `ERR_EDIT_TAG`, `ERR_ARGUMENT` (not a string, or over 4096 characters).
   */
  setTag(name: string, value: string): void;
  /**
   * Removes every tag named `name`; `false` (no edit) when there is none.
   * @throws {XiangqiError} `ERR_EDIT_TAG`, `ERR_ARGUMENT`.
   */
  removeTag(name: string): boolean;
  /**
   * Sets the start position: the moves go (undo brings them back), the start's comment and the tags stay, a
   * `FEN` tag rewritten to the new start; the cursor goes to the start.
   * @throws {XiangqiError} `ERR_FEN_*`, `ERR_ARGUMENT`.
   */
  setStart(fen: string): void;
  /** Takes the last edit back (the record, and the cursor where it was before it); `false` when there is none.
   * The last 100 edits are kept (fewer for records of very many moves). */
  undo(): boolean;
  /** Makes the last undone edit again; `false` when there is none. A new edit forgets the undone ones. */
  redo(): boolean;
  /** Whether there is an edit to undo. */
  canUndo(): boolean;
  /** Whether there is an undone edit to redo. */
  canRedo(): boolean;
  free(): void;
  [Symbol.dispose](): void;
}

/**
 * One value of a list of {@link names}: the name the API writes, the other names it also reads (any case, like
 * the name), and how English and Chinese text call it.
 */
export interface NameInfo<N extends string = string> {
  name: N;
  aliases: string[];
  en: string;
  zh: string;
}

/** The lists of {@link names}, each keyed by the option it names, in plural. */
export interface Names {
  /** `GameOptions.rules`: `"axf"`, `"cxa"`. */
  rules: NameInfo<Ruleset>[];
  /** `GameOptions.mode`. */
  modes: NameInfo<Mode>[];
  /** A notation argument or option. */
  notations: NameInfo<NotationName>[];
  /** The `format` option of the record readers. */
  formats: NameInfo<RecordFormat>[];
  /** The `encoding` option of the record readers. */
  encodings: NameInfo<RecordEncoding>[];
  /** `NotationOptions.script`. */
  scripts: NameInfo<NonNullable<NotationOptions["script"]>>[];
  /** `NotationOptions.blackDigits`. */
  blackDigits: NameInfo<NonNullable<NotationOptions["blackDigits"]>>[];
  /** `NotationOptions.tandem`. */
  tandems: NameInfo<NonNullable<NotationOptions["tandem"]>>[];
  /** `NotationOptions.traverse`. */
  traverses: NameInfo<NonNullable<NotationOptions["traverse"]>>[];
}

/**
 * The names the API reads and writes for its string options — rule sets, modes, notations, record formats and
 * encodings, notation styles — from the rules crate's one list, with their aliases and their English and
 * Chinese names: for building a choice in a UI. A fresh object each call.
 * @example
 * import { names, Game } from "xiangqi-wasm";
 * names().rules.map((r) => r.name);  // ["axf", "cxa"]
 * names().rules[0];                  // { name: "axf", aliases: ["asian", "wxf"], en: "Asian rules (AXF)", zh: "亚洲棋规" }
 * names().rules[1].zh;               // "中国棋规"
 * names().notations.map((n) => n.name); // ["iccs", "wxf", "chinese", "vietnamese"]
 * new Game(null, { rules: "chinese" }).options().rules; // "cxa"
 */
export function names(): Names;

/**
 * The FEN of the start position.
 * @example
 * startFen(); // "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
 */
export function startFen(): string;

/**
 * Checks a FEN without throwing: `{ ok: true, errors: [] }`, or every problem found. A value that is not a
 * string gives one `ERR_ARGUMENT` problem.
 * @example
 * validateFen(startFen());                     // { ok: true, errors: [] }
 * validateFen("4k4/9/9/9/9/9/9/9/9/4K4 w");    // { ok: false, errors: [{ code: "ERR_FEN_GENERALS_FACING", message: "..." }] }
 */
export function validateFen(fen: string): FenValidation;

/**
 * Counts the leaf nodes of the legal-move tree of `fen` to `depth` plies (a move-generator test).
 * @throws {XiangqiError} `ERR_FEN_*` for a bad FEN, `ERR_ARGUMENT` unless `depth` is an integer from 0 to 12.
 * @example
 * perft(startFen(), 3); // 79666
 */
export function perft(fen: string, depth: number): number;

/**
 * Whether `value` is an error thrown by this package (a type guard for `catch` blocks).
 * @example
 * try { new Game("nonsense"); } catch (e) { if (isXiangqiError(e)) console.log(e.code); } // "ERR_FEN_BOARD"
 */
export function isXiangqiError(value: unknown): value is XiangqiError;
