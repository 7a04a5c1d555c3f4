//! The JavaScript `MateProver`: the exhaustive forced-mate prover of [`xiangqi_engine::mate`] (full width, no
//! evaluation), for checking exercises: the shortest mate, the moves that keep a forced mate, and the defender's
//! most stubborn reply (or the reply that escapes). It keeps what it proved between calls (a bounded memo), so a
//! puzzle asks one prover move after move.

use super::dto::to_js;
use super::errors::XqError;
use super::input::{fen_arg, int_arg, int_option, options_arg};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use xiangqi::Position;
use xiangqi_engine::mate::{Defence, MateProver as Prover};

/// The longest mate (in the attacker's moves) a call may ask about.
const MAX_MATE_MOVES: u64 = 10;
/// The nodes one call may visit before giving up with `ERR_MATE_LIMIT`, unless `nodeLimit` says otherwise.
const DEFAULT_NODE_LIMIT: u64 = 20_000_000;
/// The solved positions remembered between calls (16 bytes each, so about 9–18 MB of wasm memory at most).
const MEMO_ENTRIES: usize = 1 << 19;

/// The answer of `defend` (`MateDefence`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DefenceDto {
    result: &'static str,
    #[serde(rename = "move")]
    mv: Option<String>,
    mate_in: Option<u32>,
}

/// Proves forced mates for exercises.
#[wasm_bindgen(skip_typescript)]
pub struct MateProver {
    inner: Prover,
    /// The constructor's `nodeLimit`: every call's, unless the call gives its own.
    node_limit: u64,
}

fn position(fen: &JsValue, what: &str) -> Result<Position, XqError> {
    let text = fen_arg(fen, what)?;
    Ok(Position::from_fen(&text)?)
}

fn mate_moves(v: &JsValue, what: &str, min: u64) -> Result<u32, XqError> {
    Ok(int_arg(v, what, "moves", min..=MAX_MATE_MOVES)? as u32)
}

#[wasm_bindgen]
impl MateProver {
    /// `new MateProver({ nodeLimit? })`. Throws `ERR_OPTIONS`.
    #[wasm_bindgen(constructor, skip_typescript)]
    pub fn new(options: JsValue) -> Result<MateProver, XqError> {
        let what = "MateProver";
        let [limit] = options_arg(&options, what, ["nodeLimit"])?;
        let node_limit =
            int_option(&limit, what, "nodeLimit", 1..=1_000_000_000)?.unwrap_or(DEFAULT_NODE_LIMIT);
        Ok(MateProver {
            inner: Prover::with_limits(node_limit, MEMO_ENTRIES),
            node_limit,
        })
    }

    /// Nodes visited by the last call.
    #[wasm_bindgen(skip_typescript)]
    pub fn nodes(&self) -> f64 {
        self.inner.nodes as f64
    }

    fn finish<T>(&self, what: &str, value: T) -> Result<T, XqError> {
        if self.inner.gave_up() {
            return Err(XqError::new(
                "ERR_MATE_LIMIT",
                format!(
                    "{what}: gave up after {} nodes without a proof (nodeLimit)",
                    self.inner.node_limit
                ),
            ));
        }
        Ok(value)
    }

    /// The fewest moves (1 to `maxMoves`) in which the side to move forces mate, or `null`.
    #[wasm_bindgen(js_name = mateIn, skip_typescript)]
    pub fn mate_in(&mut self, fen: JsValue, max_moves: JsValue) -> Result<Option<u32>, XqError> {
        let what = "mateIn";
        let max = int_arg(&max_moves, what, "maxMoves", 1..=MAX_MATE_MOVES)? as u32;
        let pos = position(&fen, what)?;
        self.inner.reset_count();
        let n = self.inner.shortest_mate(&pos, max);
        self.finish(what, n)
    }

    /// The side to move's moves (ICCS, in generation order) that force mate within `moves` of its moves.
    /// `{ nodeLimit }` gives this call its own limit: a call that reaches it throws `ERR_MATE_LIMIT` but keeps
    /// what it decided, and the same question asked again goes on from there (a long proof in slices).
    #[wasm_bindgen(js_name = matingMoves, skip_typescript)]
    pub fn mating_moves(
        &mut self,
        fen: JsValue,
        moves: JsValue,
        options: JsValue,
    ) -> Result<Vec<String>, XqError> {
        let what = "matingMoves";
        let n = mate_moves(&moves, what, 1)?;
        let pos = position(&fen, what)?;
        let [limit] = options_arg(&options, what, ["nodeLimit"])?;
        let limit = int_option(&limit, what, "nodeLimit", 1..=1_000_000_000)?;
        self.inner.reset_count();
        self.inner.node_limit = limit.unwrap_or(self.node_limit);
        let found = self.inner.mating_moves(&pos, n);
        let result = self.finish(what, found.iter().map(|m| m.to_string()).collect());
        self.inner.node_limit = self.node_limit;
        result
    }

    /// The defender's (side to move's) answer when the attacker has `moves` moves after it: `mated` (no legal
    /// move), `escape` (this reply leaves no forced mate within `moves`), or `stubborn` (every reply loses;
    /// this one holds out longest, `mateIn` moves).
    #[wasm_bindgen(skip_typescript)]
    pub fn defend(&mut self, fen: JsValue, moves: JsValue) -> Result<JsValue, XqError> {
        let what = "defend";
        let n = mate_moves(&moves, what, 0)?;
        let pos = position(&fen, what)?;
        self.inner.reset_count();
        let dto = match self.inner.defend(&pos, n) {
            Defence::Mated => DefenceDto {
                result: "mated",
                mv: None,
                mate_in: None,
            },
            Defence::Escape(m) => DefenceDto {
                result: "escape",
                mv: Some(m.to_string()),
                mate_in: None,
            },
            Defence::Stubborn { reply, mate_in } => DefenceDto {
                result: "stubborn",
                mv: Some(reply.to_string()),
                mate_in: Some(mate_in),
            },
        };
        self.finish(what, to_js(&dto))
    }
}
