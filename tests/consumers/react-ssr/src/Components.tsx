// The React components of xiangqi-wasm/react, rendered on the server (entry-server.tsx) and hydrated
// (entry-client.tsx): their callbacks work after hydration, and each loads only its own element's module.
import { useState } from "react";
import { XiangqiEditor, XiangqiLesson } from "xiangqi-wasm/react";

export function Components() {
  const [position, setPosition] = useState("");
  const [format, setFormat] = useState("");
  return (
    <section>
      <XiangqiLesson id="lesson" pgn="1. C2.5 {central cannon} H8+7 *" notation="wxf"
        onNavigate={(p) => setPosition(p.notation ?? "start")} />
      <output id="lesson-position">{position}</output>
      <XiangqiEditor id="editor" pgn="1. C2.5 H8+7 *" notation="wxf" onLoad={(d) => setFormat(d.format ?? "none")} />
      <output id="editor-format">{format}</output>
    </section>
  );
}
