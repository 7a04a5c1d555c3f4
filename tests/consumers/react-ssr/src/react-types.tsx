// xiangqi-wasm/react under tsc (strict, exactOptionalPropertyTypes): typed props and callbacks, refs of the element
// types; misuses are errors (each @ts-expect-error must be one, or tsc fails). Type-checked only, never rendered.
import { useRef, useState } from "react";
import { XiangqiBoard, XiangqiEditor, XiangqiLesson, XiangqiPuzzle } from "xiangqi-wasm/react";
import type { XiangqiBoardElement } from "xiangqi-wasm/board";
import type { XiangqiLessonElement } from "xiangqi-wasm/lesson";

export function Components() {
  const board = useRef<XiangqiBoardElement>(null);
  const lesson = useRef<XiangqiLessonElement>(null);
  const [last, setLast] = useState<string | null>(null);
  return (
    <>
      <XiangqiBoard ref={board} interactive orientation="black" pieceSet="simplified" lastMove={last ?? undefined}
        className="board" style={{ width: 320 }} aria-describedby="help"
        onMove={(move, event) => setLast(move.move + event.detail.to)} />
      <XiangqiLesson ref={lesson} pgn="1. C2.5 *" notation="wxf" game={1}
        onNavigate={(p) => p.fen} onLoad={(d) => d.moves} onError={(e) => e.code} />
      <XiangqiPuzzle fen="4k4/9/9/9/9/9/9/9/4R4/4K4 w" goal="mate" moves={1} onSolved={(s) => s.attempts} />
      <XiangqiEditor pgn="*" onChange={(c) => c.edit} />
      {/* @ts-expect-error a wrong value */}
      <XiangqiBoard orientation="blue" />
      {/* @ts-expect-error a misspelt prop (TypeScript checks no JSX name with a dash: props are camelCase) */}
      <XiangqiBoard peiceSet="letters" />
      {/* @ts-expect-error the callback gets the detail, not the event */}
      <XiangqiBoard onMove={(move) => move.detail} />
      {/* @ts-expect-error the lesson has no onMove */}
      <XiangqiLesson onMove={() => {}} />
    </>
  );
}
