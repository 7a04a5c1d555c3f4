// Type-checked only (tsc -p .): what xiangqi-wasm/jsx must refuse.
import type {} from "xiangqi-wasm/jsx";
import { useRef } from "react";

export function Misuse() {
  const div = useRef<HTMLDivElement>(null);
  return (
    <>
      {/* @ts-expect-error: not an orientation */}
      <xiangqi-board orientation="blue" />
      {/* @ts-expect-error: the move event's detail has no such field */}
      <xiangqi-board onmove={(e) => e.detail.nope} />
      {/* @ts-expect-error: the ref is the element's type */}
      <xiangqi-board ref={div} />
      {/* @ts-expect-error: not a notation of the lesson */}
      <xiangqi-lesson notation="algebraic" />
      {/* @ts-expect-error: not an element of the package */}
      <xiangqi-clock />
    </>
  );
}
