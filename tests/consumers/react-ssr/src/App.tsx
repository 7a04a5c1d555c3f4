// The elements in React 19 components, typed by `xiangqi-wasm/jsx` (one line). `App` is rendered on the server
// (entry-server.tsx) and hydrated in the browser (entry-client.tsx); `ClientBoard` is rendered in the browser only.
import type {} from "xiangqi-wasm/jsx";
import type { MoveDetail, XiangqiBoardElement } from "xiangqi-wasm/board";
import { useEffect, useRef, useState } from "react";

const PGN = `[Event "Lesson 1"]

1. 炮二平五 {中炮} 马8进7 (1... 炮8平5 {顺炮}) *`;

export function App() {
  const board = useRef<XiangqiBoardElement>(null);
  const [moves, setMoves] = useState<string[]>([]);
  // A server-rendered element: listen through a ref. React 19 does not attach `on…` props of custom elements when
  // it hydrates them (react#35446), only when it renders them itself (as in ClientBoard below).
  useEffect(() => {
    const el = board.current;
    if (!el) return;
    const onMove = (e: CustomEvent<MoveDetail>) => setMoves((m) => [...m, e.detail.move]);
    el.addEventListener("move", onMove);
    return () => el.removeEventListener("move", onMove);
  }, []);
  return (
    <main>
      <xiangqi-board ref={board} interactive orientation="red" coordinates="iccs" style={{ width: 320 }} />
      <output id="moves">{moves.join(" ")}</output>
      <xiangqi-lesson pgn={PGN} notation="wxf" lang="zh" theme="light" />
    </main>
  );
}

export function ClientBoard() {
  const [moves, setMoves] = useState<string[]>([]);
  return (
    <>
      <xiangqi-board interactive fen="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
        style={{ width: 320 }} onmove={(e) => setMoves((m) => [...m, e.detail.move])} />
      <output id="client-moves">{moves.join(" ")}</output>
    </>
  );
}
