// A resource route: GET /api/validate?fen=... with the main entry on the server.
import { validateFen } from "xiangqi-wasm";

export function loader({ request }) {
  const { ok, errors } = validateFen(new URL(request.url).searchParams.get("fen") ?? "");
  return Response.json({ ok, codes: errors.map((e) => e.code) });
}
