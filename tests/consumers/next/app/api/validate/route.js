// A route handler: GET /api/validate?fen=... answers whether the FEN is a legal position, with the rules entry.
import { validateFen, Game } from "xiangqi-wasm/rules";

export function GET(request) {
  const fen = new URL(request.url).searchParams.get("fen") ?? "";
  const { ok, errors } = validateFen(fen);
  return Response.json({ ok, codes: errors.map((e) => e.code), legal: ok ? new Game(fen).legalMoves().length : null });
}
