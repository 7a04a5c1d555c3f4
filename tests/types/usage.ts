// Type-checked (tsc --noEmit --strict, see tsconfig.json) against the generated pkg/xiangqi_wasm.d.ts: every
// export used as documented, and misuses that must not compile marked with @ts-expect-error.
import init, {
  Game, startFen, validateFen, perft, isXiangqiError,
  type Color, type PieceKind, type Square, type MoveInfo, type PieceInfo, type Validation, type Outcome,
  type FenValidation, type FenProblem, type ErrorCode, type FenErrorCode, type IllegalReasonCode,
  type XiangqiError, type GameOptions, type Ruleset, type MoveInput, type OutcomeReason,
} from '../../pkg/xiangqi_wasm.js';

export async function main(): Promise<void> {
  await init();
  const game: Game = new Game();
  const g2 = new Game(startFen(), { rules: 'cxa' });
  const g3 = new Game(null);
  const g4 = Game.fromFen(startFen());
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
  const dests: Map<Square, Square[]> = game.dests();
  const legal: boolean = game.isLegal('h2e2') && game.isLegal({ from: 'h2', to: 'e2' });
  const v: Validation = game.validate('b9d8');
  if (!v.legal) {
    const code: IllegalReasonCode | 'syntax' = v.code;
    const reason: string = v.reason;
  }
  const rec: MoveInfo = game.play('h2e2');
  game.play(rec);
  const input: MoveInput = { from: 'h9', to: 'g7' };
  const undone: MoveInfo | null = game.undo();
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
  const opts: Required<GameOptions> = game.options();
  const rules: Ruleset = opts.rules;
  const fv: FenValidation = validateFen('4k4/9/9/9/9/9/9/9/9/4K4 w');
  const problem: FenProblem | undefined = fv.errors[0];
  const pcode: FenErrorCode | 'ERR_ARGUMENT' | undefined = problem?.code;
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
  {
    using scoped = new Game();
    scoped.fen();
  }

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
