"use client";
// The board and the lesson in a client component of the app router: rendered on the server too, where importing
// xiangqi-wasm/board and /lesson defines nothing; the elements come alive in the browser.
import "xiangqi-wasm/board";
import "xiangqi-wasm/lesson";
import { useEffect, useRef, useState } from "react";

export default function Lesson() {
  const board = useRef(null);
  const [moves, setMoves] = useState([]);
  useEffect(() => {
    const el = board.current;
    const onMove = (e) => setMoves((m) => [...m, e.detail.move]);
    el.addEventListener("move", onMove);
    return () => el.removeEventListener("move", onMove);
  }, []);
  return (
    <>
      <xiangqi-board ref={board} interactive style={{ width: 320 }} />
      <output id="moves">{moves.join(" ")}</output>
      <xiangqi-lesson pgn="1. C2.5 {central cannon} H8+7 *" notation="wxf" />
    </>
  );
}
