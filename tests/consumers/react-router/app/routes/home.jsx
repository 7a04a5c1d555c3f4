// A route of React Router 7 (framework mode): its loader runs on the server with the rules entry; the page renders
// <XiangqiBoard> (xiangqi-wasm/react) on the server, and after hydration `onMove` gets each move.
import { useState } from "react";
import { useLoaderData } from "react-router";
import { Game } from "xiangqi-wasm/rules";
import { XiangqiBoard } from "xiangqi-wasm/react";

export function loader() {
  const game = new Game();
  game.play("h2e2");
  return { legal: game.legalMoves().length, fen: game.fen() };
}

export default function Home() {
  const data = useLoaderData();
  const [moves, setMoves] = useState([]);
  return (
    <main>
      <output id="server">{JSON.stringify(data)}</output>
      <XiangqiBoard interactive style={{ width: 320 }} onMove={(move) => setMoves((m) => [...m, move.move])} />
      <p>Moves: <output id="moves">{moves.join(" ")}</output></p>
    </main>
  );
}
