// A server component, rendered on each request by `next start` (force-dynamic): it imports the package's main and
// rules entries on the server, with no next.config (docs/frameworks.md, "Next.js"). The client components below are
// rendered on the server too, then hydrated.
import { Game, validateFen } from "xiangqi-wasm";
import { Game as RulesGame } from "xiangqi-wasm/rules";
import Lesson from "./lesson";
import Play from "./play";

export const dynamic = "force-dynamic";

export default function Page() {
  const game = new Game();
  game.play("h2e2");
  const server = {
    legal: game.legalMoves().length,
    fen: game.fen(),
    rules: new RulesGame().legalMoves().length,
    invalid: validateFen("9/9/9 w").ok,
  };
  return (
    <main>
      <h1>Lesson 1</h1>
      <output id="server">{JSON.stringify(server)}</output>
      <Play />
      <Lesson />
    </main>
  );
}
