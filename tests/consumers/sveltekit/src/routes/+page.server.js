// The page's server load: the rules entry on the server (SvelteKit's SSR, built by Vite, run by adapter-node).
import { Game, validateFen } from "xiangqi-wasm/rules";

export function load() {
  const game = new Game();
  game.play("h2e2");
  return { legal: game.legalMoves().length, fen: game.fen(), invalid: validateFen("9/9 w").ok };
}
