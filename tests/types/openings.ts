// Type-checked with usage.ts (tsconfig.json): the openings (issue 39) — game.opening(), RecordGame.opening and the
// explorer of `xiangqi-wasm/openings` (js/openings.d.ts); misuses marked with @ts-expect-error.
import { Game, readRecord, type Opening, type OpeningNames } from '../../pkg/xiangqi_wasm.js';
import {
  OpeningExplorer, loadOpenings, bookMove, OPENINGS_DATA_URL, type ExplorerMove, type OpeningsSource,
  type OpeningsErrorCode,
} from '../../pkg/openings.js';

export async function openingsUsage(text: string): Promise<void> {
  const g = new Game();
  const o: Opening | null = g.opening();
  if (o) {
    const code: string = o.code;
    const ply: number = o.ply;
    const names: OpeningNames = o.names;
    const zh: string = names.zh;
    // @ts-expect-error: the names are strings
    const n: number = names.en;
    void [code, ply, zh, n];
  }
  const fromRecord: Opening | null = readRecord(text).opening;
  const explorer: OpeningExplorer = await loadOpenings(OPENINGS_DATA_URL);
  const again = new OpeningExplorer(text);
  const rows: ExplorerMove[] = explorer.lookup(g.fen());
  const total: number = rows.reduce((s, r) => s + r.games + r.red + r.draw + r.black, 0);
  const source: OpeningsSource = again.source;
  const move: string | null = bookMove(explorer, g.fen(), Math.random, { minShare: 0.05 });
  const code: OpeningsErrorCode = 'ERR_OPENINGS_DATA';
  // @ts-expect-error: a FEN is a string
  explorer.lookup(5);
  void [fromRecord, total, source, move, code];
}
