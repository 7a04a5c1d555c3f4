// Type-checked with usage.ts (tsconfig.json): the board (`xiangqi-wasm/board`, js/board.d.ts) and the worker
// client (`xiangqi-wasm/worker`, js/worker.d.ts) used as documented; misuses marked with @ts-expect-error.
import { Game } from '../../pkg/xiangqi_wasm.js';
import { createBoard, XiangqiBoardElement, type Board, type BoardConfig, type MoveDetail } from '../../pkg/board.js';
import { EngineClient, type WorkerResult } from '../../pkg/worker.js';

export async function boardUsage(el: HTMLElement): Promise<void> {
  const game = new Game();
  const board: Board = await createBoard(el, {
    fen: game.fen(), movable: game.turn(), dests: game.dests(), orientation: 'black', theme: 'high-contrast',
    pieceSet: 'simplified', coordinates: 'chinese', lang: 'zh', check: true, lastMove: 'h2e2',
    shapes: [{ from: 'h2', to: 'e2', brush: 'red' }, { from: 'e0' }],
    onMove(move: string, detail: MoveDetail) {
      game.play(move);
      board.set({ fen: detail.fen, movable: game.turn(), dests: game.dests(), check: game.isCheck(), lastMove: move });
    },
  });
  const p: { x: number; y: number } | null = board.pointOf('e0');
  const sq = board.squareAt(p?.x ?? 0, p?.y ?? 0);
  board.set({ dests: { h2: ['e2'] }, coordinates: false, check: null, lastMove: ['h2', 'e2'] });
  board.flip().set({ theme: 'dark' });
  const shapes = board.userShapes();
  const fen: string = board.fen;
  // @ts-expect-error: not a theme
  board.set({ theme: 'blue' });
  // @ts-expect-error: not an option
  const bad: BoardConfig = { colour: 'red' };
  board.destroy();

  const tag = document.createElement('xiangqi-board');
  const typed: XiangqiBoardElement = tag;
  tag.addEventListener('move', (e) => {
    const m: string = e.detail.move;
    const info = e.detail.info?.chinese;
    void m;
    void info;
  });
  await typed.ready;
  typed.fen = game.fen();
  typed.set({ orientation: 'red' });
  void [sq, shapes, fen, bad];
}

export async function workerUsage(): Promise<void> {
  const engine = new EngineClient();
  const game = new Game(null, { rules: 'cxa', moveLimit: 50 });
  const r: WorkerResult = await engine.search({ game, limits: { depth: 4 }, onProgress: (p) => void p.depth });
  const s = await engine.search({ fen: null, moves: ['h2e2'], options: { rules: 'axf' } });
  // @ts-expect-error: limits are typed
  await engine.search({ limits: { depth: 'deep' } });
  engine.stop();
  engine.terminate();
  void [r.move, r.stopped, s.score];
}
