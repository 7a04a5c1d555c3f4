//! The `Game` methods that read and write notation and game records: `Game.fromPgn`, `Game.fromDhtmlxq`,
//! `parseMove`, `toNotation`, `pgn()` and `dhtmlxq()`. They sit above both [`super::game`] (the class) and
//! [`super::notation`] (the readers and writers), which do not know each other's records.

use super::errors::XqError;
use super::game::Game;
use super::input::{int_option, options_arg, type_name};
use super::notation::{headers_arg, notation_arg, record_text};
use super::options::game_options;
use wasm_bindgen::prelude::*;
use xiangqi::notation::record::{GameRecord, RecordError};
use xiangqi::notation::{self, pgn};
use xiangqi::IllegalMoveError;

impl Game {
    fn from_record(record: &GameRecord, options: &JsValue, what: &str) -> Result<Game, XqError> {
        let base = record.options();
        let options = game_options(options, what, base)?;
        let mut inner = record.to_game()?;
        // The record's game was ruled with its own options (its XiangqiRules tag); rule it again with the
        // caller's, if others.
        if *inner.options() != options {
            inner.set_options(options)?;
        }
        Ok(Game::from_inner(inner))
    }
}

#[wasm_bindgen]
impl Game {
    /// `Game.fromPgn(text | bytes, options?)`: the first game of a PGN record, its main line played.
    #[wasm_bindgen(js_name = fromPgn, skip_typescript)]
    pub fn from_pgn(text: JsValue, options: JsValue) -> Result<Game, XqError> {
        let text = record_text(&text, "Game.fromPgn")?;
        let records = pgn::parse_pgn(&text)?;
        let first = records
            .first()
            .ok_or_else(|| XqError::from(RecordError::NoGame).in_call("Game.fromPgn"))?;
        Game::from_record(first, &options, "Game.fromPgn")
    }

    /// `Game.fromDhtmlxq(text | bytes, options?)`: a DhtmlXQ record, its main line played.
    #[wasm_bindgen(js_name = fromDhtmlxq, skip_typescript)]
    pub fn from_dhtmlxq(text: JsValue, options: JsValue) -> Result<Game, XqError> {
        let text = record_text(&text, "Game.fromDhtmlxq")?;
        let record = notation::dhtmlxq::parse_dhtmlxq(&text)?;
        Game::from_record(&record, &options, "Game.fromDhtmlxq")
    }

    /// The ICCS move a text names in this position (ICCS, WXF or Chinese). Throws `ERR_MOVE_SYNTAX`,
    /// `ERR_MOVE_NO_PIECE`, `ERR_MOVE_IMPOSSIBLE`, `ERR_MOVE_AMBIGUOUS` (with `candidates`) or
    /// `ERR_ILLEGAL_MOVE`.
    #[wasm_bindgen(js_name = parseMove, skip_typescript)]
    pub fn parse_move(&self, text: JsValue) -> Result<String, XqError> {
        if !text.is_string() {
            return Err(XqError::argument(format!(
                "parseMove: expected move text, got {}",
                type_name(&text)
            )));
        }
        let m = self.move_of(&text)?;
        self.pos()
            .check_move(m)
            .map_err(|reason| IllegalMoveError { mv: m, reason })?;
        Ok(m.to_string())
    }

    /// A legal move of this position written in `notation` (`"wxf"`, `"chinese"` or `"iccs"`).
    #[wasm_bindgen(js_name = toNotation, skip_typescript)]
    pub fn to_notation(
        &self,
        mv: JsValue,
        notation: JsValue,
        options: JsValue,
    ) -> Result<String, XqError> {
        let n = notation_arg(&notation, &options, "toNotation", "wxf")?;
        let m = self.move_of(&mv)?;
        self.pos()
            .check_move(m)
            .map_err(|reason| IllegalMoveError { mv: m, reason })?;
        Ok(notation::write_move(self.pos(), m, &n))
    }

    /// The game as PGN (`{ notation?, notationOptions?, headers?, lineWidth? }`).
    #[wasm_bindgen(skip_typescript)]
    pub fn pgn(&self, options: JsValue) -> Result<String, XqError> {
        let [notation, notation_options, headers, line_width] = options_arg(
            &options,
            "pgn",
            ["notation", "notationOptions", "headers", "lineWidth"],
        )?;
        let n = notation_arg(&notation, &notation_options, "pgn", "chinese")
            .map_err(|e| XqError::options(e.message().to_string()))?;
        let headers = headers_arg(&headers, "pgn")?;
        let width = int_option(&line_width, "pgn", "lineWidth", 0..=100_000)?.unwrap_or(80);
        let mut record = GameRecord::from_game(self.rules_game());
        // The caller's headers first, then the game's own (Result, Termination, XiangqiRules) unless given.
        let game_tags = core::mem::take(&mut record.headers);
        for (k, v) in headers.iter().chain(&game_tags) {
            if record.header(k).is_none() {
                record.set_header(k, v);
            }
        }
        Ok(pgn::write_pgn(
            &record,
            &pgn::PgnOptions {
                notation: n,
                line_width: width as usize,
            },
        ))
    }

    /// The game as a DhtmlXQ record.
    #[wasm_bindgen(skip_typescript)]
    pub fn dhtmlxq(&self) -> String {
        notation::dhtmlxq::write_dhtmlxq(&GameRecord::from_game(self.rules_game()))
    }
}
