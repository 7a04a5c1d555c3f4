// The worker client as docs/board.md ("Hints in a worker") and docs/js-api.md show it, compiled with
// exactOptionalPropertyTypes (issue 38: `game.isLegal(hint.move)` did not compile, `move` being `string | null`;
// WorkerGame and WorkerAnalyse did not accept `undefined`, TS2379).
import init, { Game } from '../../pkg/xiangqi_wasm.js';
import { EngineClient, type WorkerAnalyse, type WorkerGame } from '../../pkg/worker.js';

export async function docsExample(): Promise<boolean> {
  await init();
  const engine = new EngineClient();
  const game = new Game(null, { rules: 'cxa' });
  const hint = await engine.search({ game, limits: { depth: 3 } });
  const legal = hint.move !== null && game.isLegal(hint.move); // true
  engine.terminate();
  return legal;
}

export async function optionsMayBeUndefined(signal?: AbortSignal): Promise<void> {
  const engine = new EngineClient();
  const spelled: WorkerGame = { fen: undefined, moves: undefined, options: undefined };
  const follow: WorkerAnalyse = { onProgress: undefined, signal };
  await engine.analyse(spelled, { nodes: undefined }, follow);
  await engine.analyse({ fen: null, moves: ['h2e2'], options: { rules: undefined } }, {}, { signal: undefined });
  // @ts-expect-error a hint's move may be null: it is not a move to check as it is
  game().isLegal((await engine.search({ game: game() })).move);
}

function game(): Game {
  return new Game();
}
