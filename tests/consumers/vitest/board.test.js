// A component test in Vitest with happy-dom (vitest.config.js), as docs/js-api.md ("Testing with the package")
// shows: no browser, no wasm fetch. The board's `ready` rejects with ERR_WASM_LOAD instead of hanging; a component's
// own logic is tested by dispatching the board's `move` event; the rules come from `xiangqi-wasm/rules`, which
// loads its wasm in Node.
import { test, expect } from "vitest";
import { createBoard } from "xiangqi-wasm/board";
import "xiangqi-wasm/lesson";
import { Game } from "xiangqi-wasm/rules";

test("<xiangqi-board>: ready rejects with ERR_WASM_LOAD", async () => {
  const el = document.createElement("xiangqi-board");
  document.body.append(el);
  await expect(el.ready).rejects.toMatchObject({ name: "XiangqiError", code: "ERR_WASM_LOAD" });
});

test("createBoard rejects with ERR_WASM_LOAD", async () => {
  await expect(createBoard(document.createElement("div"))).rejects.toMatchObject({ code: "ERR_WASM_LOAD" });
});

test("<xiangqi-lesson>: ready settles, the error shown", async () => {
  const el = document.createElement("xiangqi-lesson");
  el.setAttribute("pgn", "1. C2.5 H8+7 *");
  document.body.append(el);
  await el.ready;
  expect(el.error).toMatchObject({ code: "ERR_WASM_LOAD" });
});

/** A component under test: keeps the moves played on a board, as the page's own code would. */
function moveList(board, game) {
  const list = document.createElement("ol");
  board.addEventListener("move", (e) => {
    const info = game.play(e.detail.move);
    list.append(Object.assign(document.createElement("li"), { textContent: info.chinese }));
  });
  return list;
}

test("a component's own logic: the board's move event, dispatched by the test", () => {
  const board = document.createElement("xiangqi-board");
  const game = new Game();
  const list = moveList(board, game);
  board.dispatchEvent(new CustomEvent("move", { detail: { move: "h2e2" } }));
  expect(list.textContent).toBe("炮二平五");
  expect(game.turn()).toBe("black");
});
