// Type-checked (tsc --noEmit --strict, see tsconfig.json) against the generated pkg/xiangqi_wasm.d.ts: every
// export used as documented, and misuses that must not compile marked with @ts-expect-error.
import init, {
  Game, startFen, validateFen, perft, isXiangqiError,
  type Color, type PieceKind, type Square, type MoveInfo, type PieceInfo, type Validation, type Outcome,
  type FenValidation, type FenProblem, type ErrorCode, type FenErrorCode, type IllegalReasonCode,
  type XiangqiError, type GameOptions, type Ruleset, type MoveInput, type OutcomeReason,
  Engine, Clock, parsePgn,
  type Mode, type MoveCategory, type ChaseTarget, type CycleMove, type MoveClassification, type NotationName,
  type NotationOptions, type PgnOptions, type RecordGame, type RecordLine, type RecordMove, type RecordInput,
  type Score, type SearchLimits, type Hint, type HintLine, type SearchProgress, type ClockPreset, type ClockScheme,
  type ClockFlag, type UndoneEnding, type PieceInput, type PlyAnnotation, type GameJson, type LegalMovesOptions,
  type MovesFromOptions, type AnalyseOptions, type Analysis, type AnalysedMove, type AnalysisClass,
  type AnalysisValue, names, type Names, type NameInfo, type RecordFormat, type RecordEncoding,
} from '../../pkg/xiangqi_wasm.js';

export async function main(): Promise<void> {
  await init();
  const game: Game = new Game();
  const g2 = new Game(startFen(), { rules: 'cxa' });
  const g3 = new Game(null);
  const g4 = Game.fromFen(startFen());
  // names(): each list typed by its union.
  const lists: Names = names();
  const ruleset: Ruleset = lists.rules[0].name;
  const listedMode: Mode = lists.modes[0].name;
  const notationName: NotationName = lists.notations[0].name;
  const format: RecordFormat = lists.formats[0].name;
  const encoding: RecordEncoding = lists.encodings[0].name;
  const script: 'simplified' | 'traditional' = lists.scripts[0].name;
  const traverse: '.' | '=' = lists.traverses[0].name;
  const info: NameInfo = lists.tandems[0];
  const labels: string[] = [info.en, info.zh, ...info.aliases, lists.blackDigits[0].name];
  new Game(null, { rules: ruleset, mode: listedMode });
  // @ts-expect-error: a name is not any string
  const notRuleset: Ruleset = lists.notations[0].name;
  const fen: string = game.fen();
  const turn: Color = game.turn();
  const pieces: PieceInfo[] = game.pieces();
  const kind: PieceKind = pieces[0].kind;
  const sq: Square = pieces[0].square;
  const check: boolean = game.isCheck();
  const moves: string[] = game.legalMoves();
  const moves2: string[] = game.legalMoves({ verbose: false });
  const verbose: MoveInfo[] = game.legalMoves({ verbose: true });
  const captured: PieceKind | null = verbose[0].captured;
  const from: string[] = game.movesFrom('h2');
  const fromAny: string[] = game.movesFrom('b9', { anySide: true, positionOnly: false });
  const bare: string[] = game.legalMoves({ positionOnly: true });
  const bareV: MoveInfo[] = game.legalMoves({ verbose: true, positionOnly: true });
  const lmo: LegalMovesOptions = { positionOnly: true, notation: 'wxf' };
  const mfo: MovesFromOptions = { anySide: true };
  const states: boolean[] = [game.isCheckmate(), game.isStalemate(), game.isDraw(), game.isGameOver()];
  const rows: (PieceInfo | null)[][] = game.board();
  const at: PieceInfo | null = game.get('e0');
  const pin: PieceInput = { color: 'red', kind: 'chariot' };
  game.put(pin, 'a1');
  game.put('R', 'a1');
  if (at) game.put(at, 'e0');
  const removed: PieceInfo | null = game.remove('a1');
  game.load(startFen(), { rules: 'cxa' });
  const pic: string = game.ascii() + game.toString() + String(game);
  const js: GameJson = game.toJSON();
  const jsHist: string[] = js.history;
  game.setComment('start');
  game.setComment(null, 0);
  const cm: string | null = game.getComment(0);
  const ann: PlyAnnotation[] = game.getComments();
  // @ts-expect-error: NAGs are numbers
  game.setNags(['!']);
  // @ts-expect-error: a piece kind, not a FEN role name
  game.put({ color: 'red', kind: 'rook' }, 'a0');
  const dests: Map<Square, Square[]> = game.dests();
  const legal: boolean = game.isLegal('h2e2') && game.isLegal({ from: 'h2', to: 'e2' });
  const v: Validation = game.validate('b9d8');
  if (!v.legal) {
    const code: IllegalReasonCode | 'syntax' | 'noPiece' | 'impossible' | 'ambiguous' = v.code;
    const reason: string = v.reason;
  }
  const rec: MoveInfo = game.play('h2e2');
  game.play(rec);
  const input: MoveInput = { from: 'h9', to: 'g7' };
  const undone: MoveInfo | UndoneEnding | null = game.undo();
  const undoneIccs: string | undefined = undone?.iccs;
  const undoneEnding: Outcome | undefined = undone && 'ending' in undone ? undone.ending : undefined;
  const hist: string[] = game.history();
  const histV: MoveInfo[] = game.history({ verbose: true });
  game.reset();
  const copy: Game = game.clone();
  const outcome: Outcome | null = game.outcome();
  if (outcome) {
    const result: '1-0' | '0-1' | '1/2-1/2' = outcome.result;
    const winner: Color | null = outcome.winner;
    const why: OutcomeReason = outcome.reason;
    const text: string = outcome.explanation;
  }
  const opts = game.options();
  const rules: Ruleset = opts.rules;
  const fv: FenValidation = validateFen('4k4/9/9/9/9/9/9/9/9/4K4 w');
  const problem: FenProblem | undefined = fv.errors[0];
  const pcode: FenErrorCode | 'ERR_ARGUMENT' | 'ERR_FREED' | undefined = problem?.code;
  const n: number = perft(startFen(), 2);
  try {
    game.play('b9d8');
  } catch (e: unknown) {
    if (isXiangqiError(e)) {
      const code: ErrorCode = e.code;
      const name: 'XiangqiError' = e.name;
      const reasonCode: IllegalReasonCode | undefined = e.reasonCode;
      const errors: FenProblem[] | undefined = e.errors;
      const asError: Error = e;
    }
  }
  game.free();
  // `using` (needs lib esnext.disposable to compile and a runtime with Symbol.dispose): see usage-using.ts.

  // Adjudication
  const full = new Game(null, {
    rules: 'cxa', moveLimit: 50, repetitionCount: 3, mode: 'enforce', checkDiscount: true, mateThreatDepth: 2,
  });
  full.setOptions({ mode: 'analysis' });
  const mode: Mode = full.options().mode;
  const allowed: string[] = full.allowedMoves();
  const cls: MoveClassification = full.classifyMove('h2e2');
  const cat: MoveCategory = cls.category;
  const target: ChaseTarget | undefined = cls.targets[0];
  const warn: Outcome | null = full.repetitionWarning('h2e2');
  const val = full.validate('h2e2');
  if (val.legal) {
    const w: Outcome | undefined = val.warning;
  } else {
    const c: IllegalReasonCode | 'syntax' | 'noPiece' | 'impossible' | 'ambiguous' = val.code;
  }
  const over: IllegalReasonCode = 'forbiddenRepetition';
  const over2: IllegalReasonCode = 'gameOver';
  full.offerDraw('red');
  const offer: Color | null = full.drawOffer();
  full.declineDraw('black');
  const res: Outcome = full.resign('black');
  const cyc: CycleMove[] = res.cycle;
  const zh: string = res.explanationZh;
  const offender: Color | null = res.offender;
  const rs: Ruleset = res.ruleset;
  new Game().acceptDraw('red');
  new Game().timeForfeit('black');
  // Notation and records
  const nn: NotationName = 'chinese';
  const no: NotationOptions = { script: 'traditional', blackDigits: 'fullwidth', tandem: 'ordinal', traverse: '=', lowercase: true };
  const text: string = game.toNotation('h2e2', nn, no);
  const iccs: string = game.parseMove('炮二平五');
  const inChinese: string[] = game.history({ notation: 'chinese' });
  const legalWxf: string[] = game.legalMoves({ notation: 'wxf' });
  const wxfText: string = verbose[0].wxf + verbose[0].chinese;
  const po: PgnOptions = { notation: 'wxf', notationOptions: no, headers: { Red: 'A' }, lineWidth: 0 };
  const pgnText: string = game.pgn(po);
  const input2: RecordInput = new Uint8Array([1, 2]);
  const fromPgn: Game = Game.fromPgn(pgnText, { rules: 'cxa' });
  const fromBytes: Game = Game.fromPgn(new TextEncoder().encode(pgnText));
  const dx: string = game.dhtmlxq();
  const fromDx: Game = Game.fromDhtmlxq(dx);
  const games: RecordGame[] = parsePgn(pgnText);
  const line: RecordLine = games[0].mainline;
  const node: RecordMove | undefined = line.moves[0];
  const nags: number[] | undefined = node?.nags;
  const header: string | undefined = games[0].headers.Red;
  const start: string = game.initialFen();
  // Search
  const limits: SearchLimits = { depth: 3, timeMs: 100, nodes: 1000, multiPv: 2, skill: 10, seed: 1 };
  const hint: Hint = game.hint(limits);
  const hm: string | null = hint.move;
  const score: Score = hint.score;
  const cp: number | undefined = 'cp' in score ? score.cp : undefined;
  const lines: HintLine[] = hint.lines;
  const engine = new Engine({ hashMb: 4 });
  const r1: Hint = engine.search(game, { depth: 2 }, (p: SearchProgress) => { const d: number = p.depth; });
  const r2: Hint = engine.search(null, ['h2e2'], { depth: 2 });
  const r3: Hint = engine.search(startFen(), [], undefined, (p) => p.pv);
  engine.newGame();
  // Analysis: the class of an analysed move is the string AnalysisClass, not classifyMove's MoveClassification.
  const aopts: AnalyseOptions = { nodes: 2000, from: 1, side: 'red' };
  const an: Analysis = engine.analyse(game, aopts, (m: AnalysedMove, done: number, total: number) => m.loss);
  const am: AnalysedMove | undefined = an.moves[0];
  const ac: AnalysisClass | undefined = am?.classification;
  const av: AnalysisValue | undefined = am?.before;
  const blunders: number = an.black.blunder;
  // @ts-expect-error: an analysed move's class is a string, not classifyMove's record
  const wrongClass: MoveClassification | undefined = am?.classification;
  // @ts-expect-error: not a class
  const wrongName: AnalysisClass = 'brilliant';
  // Clock
  const preset: ClockPreset = 'cxa-6.1';
  const scheme: ClockScheme = { firstMs: 60000, firstMoves: 40, thenMs: 900000, thenMoves: 10, carryOver: false };
  const clock = new Clock(preset);
  new Clock(scheme, 'black');
  new Clock({ perMoveMs: 120000, reserveMs: 1800000 });
  const flag: ClockFlag | null = clock.press(1000);
  const flag2: ClockFlag | null = clock.check(10);
  const flag3: ClockFlag | null = clock.flagFell(10);
  const left: number = clock.remaining('red') + clock.period('black');
  const togo: number | null = clock.movesToGo('red');
  const ct: Color = clock.turn();
  if (flag) new Game().timeForfeit(flag.color);

  // @ts-expect-error: not a notation
  game.toNotation('h2e2', 'algebraic');
  // @ts-expect-error: mode is adjudicate | enforce | analysis
  new Game(null, { mode: 'strict' });
  // @ts-expect-error: not a preset
  new Clock('blitz');
  // @ts-expect-error: resign needs a colour
  game.resign('white');
  // @ts-expect-error: turn() is "red" | "black"
  const wrongTurn: 'white' = game.turn();
  // @ts-expect-error: unknown option
  new Game(undefined, { rule: 'axf' });
  // @ts-expect-error: ruleset must be "axf" | "cxa"
  new Game(undefined, { rules: 'wxf' });
  // @ts-expect-error: a move is a string or { from, to }
  game.play(42);
  // @ts-expect-error: verbose lists are MoveInfo[], not string[]
  const wrongList: string[] = game.legalMoves({ verbose: true });
  // @ts-expect-error: not an error code
  const wrongCode: ErrorCode = 'ERR_NOPE';
  // @ts-expect-error: squares are a0..i9
  const wrongSquare: Square = 'j0';
  // @ts-expect-error: fromFen needs a FEN
  Game.fromFen();
}
