//! The `Game` methods that read and write notation and game records: `Game.fromRecord`, `Game.fromPgn`,
//! `Game.fromDhtmlxq`, `Game.fromXqf`, `parseMove`, `toNotation`, `pgn()`, `dhtmlxq()`, and what a game read from
//! a record says about itself (`warnings()`). They sit above both [`super::game`] (the class) and
//! [`super::notation`] / [`super::records`] (the readers and writers), which do not know each other's records.

use super::errors::XqError;
use super::game::Game;
use super::input::{int_arg, int_option, named_option, options_arg, type_name};
use super::notation::{headers_arg, notation_arg, MAX_MOVE_TEXT};
use super::options::{game_options_of, OPTION_KEYS};
use super::records::{
    game_at, record_input, record_options, records_of, warnings_js, RecordReader,
};
use wasm_bindgen::prelude::*;
use xiangqi::notation::pgn;
use xiangqi::notation::record::{GameRecord, RecordFormat};
use xiangqi::notation::{self, NotationKind};
use xiangqi::IllegalMoveError;

/// The keys of the options of a record read into a game: [`OPTION_KEYS`], then the reader's.
const READ_GAME_KEYS: [&str; OPTION_KEYS.len() + 3] = {
    let mut keys = [""; OPTION_KEYS.len() + 3];
    let mut i = 0;
    while i < OPTION_KEYS.len() {
        keys[i] = OPTION_KEYS[i];
        i += 1;
    }
    keys[i] = "format";
    keys[i + 1] = "encoding";
    keys[i + 2] = "index";
    keys
};

impl Game {
    /// The game a record tells (see `GameRecord::to_game`: the record speaks), under the record's own options
    /// changed by the caller's `GameOptions` (`values`, the keys of `OPTION_KEYS`), with the reader's warnings.
    pub(crate) fn from_record(
        record: &GameRecord,
        values: [JsValue; 6],
        what: &str,
    ) -> Result<Game, XqError> {
        let options = game_options_of(values, what, record.options())?;
        let mut inner = record.to_game()?;
        // The record's game was ruled with its own options (its XiangqiRules tag); rule it again with the
        // caller's, if others.
        if *inner.options() != options {
            inner.set_options(options)?;
        }
        let mut g = Game::from_inner(inner);
        g.warnings = record.warnings.clone();
        Ok(g)
    }

    /// Game `index` of a record given as text or bytes, read as `format` (`None`: sniffed), as a `Game`.
    fn read_game(
        input: &JsValue,
        options: &JsValue,
        what: &str,
        format: Option<RecordFormat>,
    ) -> Result<Game, XqError> {
        let [rules, move_limit, repetition, mode, discount, depth, f, encoding, index] =
            options_arg(options, what, READ_GAME_KEYS)?;
        if format.is_some() && !f.is_undefined() {
            return Err(XqError::options(format!(
                "{what}: unknown option \"format\" (the format is the function's)"
            )));
        }
        let o = record_options([&f, &encoding, &index], what, format)?;
        let values = [rules, move_limit, repetition, mode, discount, depth];
        // Options are checked before the record is read: a bad option never costs a read.
        game_options_of(values.clone(), what, Default::default())?;
        let input = record_input(input, what)?;
        let mut records = records_of(&input, &o.read).map_err(|e| e.in_call(what))?;
        let record = game_at(&mut records, o.index, what)?;
        Game::from_record(&record, values, what)
    }
}

#[wasm_bindgen]
impl Game {
    /// `Game.fromRecord(input, options?)`: game `index` of a record of any format (PGN, DhtmlXQ, XQF, CBR, CBL, FEN),
    /// its main line read from the record.
    #[wasm_bindgen(js_name = fromRecord, skip_typescript)]
    pub fn from_record_js(input: JsValue, options: JsValue) -> Result<Game, XqError> {
        Game::read_game(&input, &options, "Game.fromRecord", None)
    }

    /// `Game.fromPgn(text | bytes, options?)`: game `index` (default the first) of a PGN record.
    #[wasm_bindgen(js_name = fromPgn, skip_typescript)]
    pub fn from_pgn(text: JsValue, options: JsValue) -> Result<Game, XqError> {
        Game::read_game(&text, &options, "Game.fromPgn", Some(RecordFormat::Pgn))
    }

    /// `Game.fromDhtmlxq(text | bytes, options?)`: a DhtmlXQ record.
    #[wasm_bindgen(js_name = fromDhtmlxq, skip_typescript)]
    pub fn from_dhtmlxq(text: JsValue, options: JsValue) -> Result<Game, XqError> {
        Game::read_game(
            &text,
            &options,
            "Game.fromDhtmlxq",
            Some(RecordFormat::DhtmlXq),
        )
    }

    /// `Game.fromXqf(bytes, options?)`: an XQF file.
    #[wasm_bindgen(js_name = fromXqf, skip_typescript)]
    pub fn from_xqf(bytes: JsValue, options: JsValue) -> Result<Game, XqError> {
        if bytes.is_string() {
            return Err(XqError::argument(format!(
                "Game.fromXqf: expected the file's bytes (a Uint8Array or an ArrayBuffer), got {}",
                type_name(&bytes)
            )));
        }
        Game::read_game(&bytes, &options, "Game.fromXqf", Some(RecordFormat::Xqf))
    }

    /// What the reader of the record this game was read from warned about (`[]` for a game played).
    #[wasm_bindgen(skip_typescript)]
    pub fn warnings(&self) -> JsValue {
        warnings_js(&self.warnings)
    }

    /// The ICCS move a text names in this position: ICCS, WXF or Chinese recognised by their shape, or, with
    /// `{ notation }`, the named notation only (the way to read Vietnamese, which is never guessed). Throws
    /// `ERR_MOVE_SYNTAX`, `ERR_MOVE_NO_PIECE`, `ERR_MOVE_IMPOSSIBLE`, `ERR_MOVE_AMBIGUOUS` (with `candidates`),
    /// `ERR_ILLEGAL_MOVE`, or `ERR_OPTIONS` for an unknown notation.
    #[wasm_bindgen(js_name = parseMove, skip_typescript)]
    pub fn parse_move(&self, text: JsValue, options: JsValue) -> Result<String, XqError> {
        if !text.is_string() {
            return Err(XqError::argument(format!(
                "parseMove: expected move text, got {}",
                type_name(&text)
            )));
        }
        let [name] = options_arg(&options, "parseMove", ["notation"])?;
        let m = match named_option::<NotationKind>(&name, "parseMove", "notation")? {
            Some(kind) => {
                let s: String = text.as_string().unwrap_or_default();
                if s.chars().count() > MAX_MOVE_TEXT as usize {
                    return Err(XqError::from(notation::NotationError::Syntax {
                        text: s.chars().take(MAX_MOVE_TEXT as usize).collect(),
                    }));
                }
                notation::parse_move_as(self.pos(), &s, kind)?
            }
            None => self.move_of(&text)?,
        };
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
        let n = notation_arg(&notation, &options, "toNotation", NotationKind::Wxf)?;
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
        let n = notation_arg(&notation, &notation_options, "pgn", NotationKind::Chinese)
            .map_err(|e| XqError::options(e.message().to_string()))?;
        let headers = headers_arg(&headers, "pgn")?;
        let width = int_option(&line_width, "pgn", "lineWidth", 0..=100_000)?.unwrap_or(80);
        // The game's headers, the caller's over them, then the game's own (Result, Termination, XiangqiRules)
        // unless given; the opening's ECCO and Opening tags where the game has none.
        let mut record = GameRecord::from_game_with(self.rules_game(), &headers);
        xiangqi::opening::add_tags(&mut record);
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

// `RecordReader.game` is here, above both the reader (`records`) and the class (`game`).
#[wasm_bindgen]
impl RecordReader {
    /// Game `index` as a `Game` (with `GameOptions`).
    #[wasm_bindgen(skip_typescript)]
    pub fn game(&mut self, index: JsValue, options: JsValue) -> Result<Game, XqError> {
        let i = int_arg(&index, "game", "index", 0..=10_000_000)? as usize;
        let values = options_arg(&options, "game", OPTION_KEYS)?;
        let r = game_at(&mut self.records, i, "game")?;
        Game::from_record(&r, values, "game")
    }
}
