// The server's render: importing the board and the lesson on a server defines nothing and throws nothing; the page
// gets their tags, which come alive when the browser loads entry-client.tsx.
import "xiangqi-wasm/board";
import "xiangqi-wasm/lesson";
import { renderToString } from "react-dom/server";
import { App } from "./App";
import { Components } from "./Components";

export function render(): string {
  return renderToString(<App />);
}

/** The components of xiangqi-wasm/react, rendered on the server (imports no element module: they do, in the browser). */
export function renderComponents(): string {
  return renderToString(<Components />);
}
