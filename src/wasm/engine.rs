//! The JavaScript `Engine`: a searcher that keeps its transposition table between searches. Needs only
//! `wasm-bindgen` (plain JS objects are read through typed getters and written through `JSON.parse`).

use crate::rules::{Game, Move, Position};
use crate::search::{self, Clock, Limits, Score};
use core::sync::atomic::AtomicBool;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(inline_js = "export function xq_engine_error(code, message) {
  const e = new Error(message); e.name = 'XiangqiError'; e.code = code; return e;
}")]
extern "C" {
    fn xq_engine_error(code: &str, message: &str) -> JsValue;
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Date, js_name = now)]
    fn date_now() -> f64;
    #[wasm_bindgen(js_namespace = JSON, js_name = parse)]
    fn json_parse(text: &str) -> JsValue;

    /// `{ hashMb?: number }`
    #[wasm_bindgen(typescript_type = "{ hashMb?: number }")]
    pub type EngineOptions;
    #[wasm_bindgen(method, getter, js_name = hashMb)]
    fn hash_mb(this: &EngineOptions) -> Option<f64>;

    /// `{ depth?: number, timeMs?: number, nodes?: number }`
    #[wasm_bindgen(typescript_type = "{ depth?: number, timeMs?: number, nodes?: number }")]
    pub type SearchLimits;
    #[wasm_bindgen(method, getter)]
    fn depth(this: &SearchLimits) -> Option<f64>;
    #[wasm_bindgen(method, getter, js_name = timeMs)]
    fn time_ms(this: &SearchLimits) -> Option<f64>;
    #[wasm_bindgen(method, getter)]
    fn nodes(this: &SearchLimits) -> Option<f64>;

    /// `(progress: { depth, score, nodes, timeMs, pv }) => void`
    #[wasm_bindgen(
        typescript_type = "((progress: { depth: number, multipv: number, score: { cp: number } | { mate: number }, nodes: number, timeMs: number, pv: string[] }) => void)"
    )]
    pub type ProgressCallback;
    #[wasm_bindgen(method, catch, js_name = call)]
    fn call1(
        this: &ProgressCallback,
        this_arg: &JsValue,
        arg: &JsValue,
    ) -> Result<JsValue, JsValue>;
}

/// Milliseconds from `Date.now()` since the search started.
struct DateClock(f64);

impl Clock for DateClock {
    fn elapsed_ms(&self) -> u64 {
        (date_now() - self.0).max(0.0) as u64
    }
}

/// Largest table the constructor accepts, in MiB.
const MAX_HASH_MB: f64 = 256.0;

/// A hint engine that keeps what it learnt between searches.
///
/// ```js
/// const engine = new Engine({ hashMb: 16 });
/// const r = engine.search(fen, ["h2e2", "h9g7"], { timeMs: 500 }, (p) => console.log(p.depth, p.pv));
/// // r = { move: "h0g2", score: { cp: 12 }, depth: 9, nodes: 301234, timeMs: 498, pv: ["h0g2", ...] }
/// ```
#[wasm_bindgen]
pub struct Engine {
    inner: search::Engine,
}

#[wasm_bindgen]
impl Engine {
    /// `new Engine({ hashMb? })`: a 16 MiB table unless told otherwise (1..256). Throws `ERR_ENGINE_OPTIONS`.
    #[wasm_bindgen(constructor)]
    pub fn new(options: Option<EngineOptions>) -> Result<Engine, JsValue> {
        let mb = options.as_ref().and_then(|o| o.hash_mb()).unwrap_or(16.0);
        if !(1.0..=MAX_HASH_MB).contains(&mb) || mb.fract() != 0.0 {
            return Err(xq_engine_error(
                "ERR_ENGINE_OPTIONS",
                &format!("hashMb must be a whole number from 1 to {MAX_HASH_MB}, got {mb}"),
            ));
        }
        Ok(Engine {
            inner: search::Engine::new(mb as usize),
        })
    }

    /// Forgets the table and history (a new game).
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) {
        self.inner.new_game();
    }

    /// `engine.search(fen, moves, { depth?, timeMs?, nodes? }, onProgress?)` → `{ move, score: { cp } | { mate },
    /// depth, nodes, timeMs, pv }`. `fen` null means the start position; `moves` are ICCS moves played from it
    /// (they count for repetitions). With no limit, 1 second. `move` is null when the side to move is mated.
    /// Throws `ERR_FEN`, `ERR_ILLEGAL_MOVE` or `ERR_SEARCH_LIMITS`.
    #[wasm_bindgen(
        unchecked_return_type = "{ move: string | null, score: { cp: number } | { mate: number }, depth: number, nodes: number, timeMs: number, pv: string[] }"
    )]
    pub fn search(
        &mut self,
        fen: Option<String>,
        moves: Vec<String>,
        limits: Option<SearchLimits>,
        #[wasm_bindgen(js_name = onProgress)] on_progress: Option<ProgressCallback>,
    ) -> Result<JsValue, JsValue> {
        let start = match fen {
            None => Position::new(),
            Some(f) => {
                Position::from_fen(&f).map_err(|e| xq_engine_error("ERR_FEN", &e.to_string()))?
            }
        };
        let mut game = Game::new(start);
        for m in &moves {
            game.play_iccs(m)
                .map_err(|e| xq_engine_error("ERR_ILLEGAL_MOVE", &format!("{m}: {e}")))?;
        }
        let mut l = Limits::default();
        if let Some(x) = limits {
            let positive = |v: Option<f64>, name: &str| -> Result<Option<f64>, JsValue> {
                match v {
                    Some(v) if !(v.is_finite() && v >= 1.0) => Err(xq_engine_error(
                        "ERR_SEARCH_LIMITS",
                        &format!("{name} must be a positive number, got {v}"),
                    )),
                    other => Ok(other),
                }
            };
            l.depth = positive(x.depth(), "depth")?.map(|d| d.min(99.0) as u32);
            if let Some(ms) = positive(x.time_ms(), "timeMs")? {
                l = Limits {
                    depth: l.depth,
                    ..Limits::movetime(ms as u64)
                };
            }
            l.nodes = positive(x.nodes(), "nodes")?.map(|n| n as u64);
        }
        if l.depth.is_none() && l.nodes.is_none() && l.time_ms.is_none() {
            l = Limits::movetime(1000);
        }
        let clock = DateClock(date_now());
        let stop = AtomicBool::new(false);
        let r = self.inner.search(&game, &l, &clock, &stop, &mut |info| {
            if let Some(cb) = &on_progress {
                let text = format!(
                    "{{\"depth\":{},\"multipv\":{},\"score\":{},\"nodes\":{},\"timeMs\":{},\"pv\":{}}}",
                    info.depth,
                    info.multipv,
                    score_json(info.score),
                    info.nodes,
                    info.time_ms,
                    pv_json(info.pv)
                );
                let _ = cb.call1(&JsValue::NULL, &json_parse(&text));
            }
        });
        let text = format!(
            "{{\"move\":{},\"score\":{},\"depth\":{},\"nodes\":{},\"timeMs\":{},\"pv\":{}}}",
            r.best_move
                .map_or("null".to_string(), |m| format!("\"{m}\"")),
            score_json(r.score),
            r.depth,
            r.nodes,
            r.time_ms,
            pv_json(&r.pv)
        );
        Ok(json_parse(&text))
    }
}

fn score_json(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("{{\"cp\":{c}}}"),
        Score::Mate(m) => format!("{{\"mate\":{m}}}"),
    }
}

fn pv_json(pv: &[Move]) -> String {
    let items: Vec<String> = pv.iter().map(|m| format!("\"{m}\"")).collect();
    format!("[{}]", items.join(","))
}
