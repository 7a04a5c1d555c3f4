//! The JavaScript binding: a thin camelCase facade over [`crate::rules`]. The only module that names
//! `wasm_bindgen`.

use crate::rules;
use wasm_bindgen::prelude::*;

/// A game of xiangqi.
#[wasm_bindgen]
pub struct Game {
    inner: rules::Game,
}

#[wasm_bindgen]
impl Game {
    /// Starts a game from `fen`, or from the start position when no FEN is given. Throws on a bad FEN.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>) -> Result<Game, JsError> {
        let inner = match fen {
            None => rules::Game::default(),
            Some(f) => rules::Game::from_fen(&f).map_err(|e| JsError::new(&e.to_string()))?,
        };
        Ok(Game { inner })
    }

    /// The legal moves in ICCS (`"h2e2"`), sorted.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        let mut moves = self.inner.position().legal_moves();
        moves.sort_iccs();
        moves.iter().map(ToString::to_string).collect()
    }

    /// The position in FEN.
    pub fn fen(&self) -> String {
        self.inner.position().fen()
    }
}
mod engine;
