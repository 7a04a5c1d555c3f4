import "xiangqi-wasm/board";
import "xiangqi-wasm/lesson";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, ClientBoard } from "./App";
import { Components } from "./Components";

hydrateRoot(document.getElementById("root")!, <App />);
createRoot(document.getElementById("client")!).render(<ClientBoard />);
hydrateRoot(document.getElementById("components")!, <Components />);
