// The React components of xiangqi-wasm/react, rendered on the server (entry-server.tsx) and hydrated
// (entry-client.tsx): their callbacks work after hydration, and each loads only its own element's module.
import { useState } from "react";
import { XiangqiEditor, XiangqiLesson } from "xiangqi-wasm/react";

const START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
const AFTER = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b";

export function Components() {
  const [position, setPosition] = useState("");
  const [fen, setFen] = useState(START);
  const [format, setFormat] = useState("");
  return (
    <section>
      <XiangqiLesson id="lesson" pgn="1. C2.5 {central cannon} H8+7 *" notation="wxf"
        onNavigate={(p) => setPosition(p.notation ?? "start")} />
      <output id="lesson-position">{position}</output>
      <XiangqiEditor id="editor" pgn="1. C2.5 H8+7 *" notation="wxf" onLoad={(d) => setFormat(d.format ?? "none")} />
      <output id="editor-format">{format}</output>
      {/* A prop changed after hydration, on a defined element: React 19 sets it as the element's property. */}
      <XiangqiLesson id="position" fen={fen} />
      <button id="play-e2" type="button" onClick={() => setFen(AFTER)}>C2.5</button>
    </section>
  );
}
