"use client";
// The board as a React component (xiangqi-wasm/react): rendered on the server, hydrated, then `onMove` gets each
// move. This client module also imports the main entry, which the server render of the component loads in Node and
// the browser loads with `await init()`.
import { useEffect, useRef, useState, useTransition } from "react";
import init, { Game } from "xiangqi-wasm";
import { XiangqiBoard } from "xiangqi-wasm/react";
import { playOnServer } from "./actions";

export default function Play() {
  const board = useRef(null);
  const [moves, setMoves] = useState([]);
  const [server, setServer] = useState(null);
  const [clientLegal, setClientLegal] = useState(null);
  const [, startTransition] = useTransition();
  useEffect(() => {
    init().then(() => setClientLegal(new Game().legalMoves().length));
  }, []);
  const onMove = (move) => {
    const next = [...moves, move.move];
    setMoves(next);
    startTransition(async () => setServer(await playOnServer(next)));
  };
  return (
    <section>
      <XiangqiBoard ref={board} id="play" interactive orientation="red" pieceSet="traditional" style={{ width: 320 }}
        onMove={onMove} />
      <p>Moves: <output id="react-moves">{moves.join(" ")}</output></p>
      <p>Played on the server: <output id="action">{server ? JSON.stringify(server) : ""}</output></p>
      <p>Legal moves at the start, in the browser: <output id="client-wasm">{clientLegal ?? ""}</output></p>
      <p>The element's game: <output id="ref">{moves.length ? String(board.current?.game?.history().length) : ""}</output> moves</p>
    </section>
  );
}
