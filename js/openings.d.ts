// `xiangqi-wasm/openings`: the opening explorer (see OPENINGS.md in the package, docs/openings.md in the repository).

/** The package's data file, as a URL. */
export const OPENINGS_DATA_URL: string;

/** One move masters played from a position. */
export interface ExplorerMove {
  /** ICCS, e.g. `"h2e2"`. */
  move: string;
  /** Games in which it was played from this position. */
  games: number;
  /** Of those, won by Red. */
  red: number;
  /** Drawn. */
  draw: number;
  /** Won by Black. */
  black: number;
}

/** Where the explorer's games come from (show it with the numbers: the data is CC BY 4.0). */
export interface OpeningsSource {
  name: string;
  author: string;
  url: string;
  commit: string;
  license: string;
  licenseUrl: string;
  changes: string;
}

/**
 * The explorer over checked data.
 * @example
 * import { loadOpenings } from "xiangqi-wasm/openings";
 * const explorer = await loadOpenings();
 * explorer.lookup(new Game().fen())[0].move; // "h2e2"
 */
export class OpeningExplorer {
  /** Throws a XiangqiError with code ERR_OPENINGS_DATA when `data` (the parsed file or its text) is not explorer data. */
  constructor(data: unknown);
  /** The moves played from the position of `fen` (board and side to move), most played first; `[]` if unknown. */
  lookup(fen: string): ExplorerMove[];
  readonly games: number;
  readonly plies: number;
  readonly minGames: number;
  readonly size: number;
  readonly source: OpeningsSource;
}

/** Fetches and checks the data (rejects with ERR_OPENINGS_FETCH or ERR_OPENINGS_DATA). */
export function loadOpenings(url?: string | URL, options?: { fetch?: typeof fetch }): Promise<OpeningExplorer>;

/** A move chosen with the weight of how often masters played it; `null` for an unknown position. */
export function bookMove(explorer: OpeningExplorer, fen: string, random?: () => number, options?: { minShare?: number }): string | null;

/** The codes of this module's errors (XiangqiError). */
export type OpeningsErrorCode = "ERR_OPENINGS_DATA" | "ERR_OPENINGS_FETCH" | "ERR_ARGUMENT";
