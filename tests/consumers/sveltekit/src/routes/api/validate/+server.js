// An endpoint: GET /api/validate?fen=... with the main entry on the server.
import { json } from "@sveltejs/kit";
import { validateFen } from "xiangqi-wasm";

export function GET({ url }) {
  const { ok, errors } = validateFen(url.searchParams.get("fen") ?? "");
  return json({ ok, codes: errors.map((e) => e.code) });
}
