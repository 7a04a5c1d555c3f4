"use server";
// A server action: the move the user played on the client board, checked and played on the server.
import { Game, isXiangqiError } from "xiangqi-wasm";

export async function playOnServer(moves) {
  const game = new Game();
  try {
    for (const move of moves) game.play(move);
    return { fen: game.fen(), legal: game.legalMoves().length };
  } catch (error) {
    if (isXiangqiError(error)) return { code: error.code };
    throw error;
  }
}
