//! Move notations and game records at the JS boundary: the `notation` arguments, move text in any notation,
//! PGN / DhtmlXQ text or bytes (decoded with the host's `TextDecoder`: the wasm build has no GBK tables), and
//! the typed errors of [`crate::rules::notation`].

use super::errors::XqError;
use super::game::{game_options, Game};
use super::input::{int_option, options_arg, string_option, type_name};
use crate::rules::notation::chinese::{BlackDigits, Script};
use crate::rules::notation::pgn;
use crate::rules::notation::record::{GameRecord, Line, RecordError};
use crate::rules::notation::wxf::Traverse;
use crate::rules::notation::{
    self, ChineseOptions, Notation, NotationError, TandemStyle, WxfOptions,
};
use crate::rules::{IllegalMoveError, Move, Position};
use js_sys::{Array, JsString, Object, Reflect, Uint8Array};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The longest move text looked at (a Chinese move is 4–5 characters; ICCS with spaces a few more).
pub(crate) const MAX_MOVE_TEXT: u32 = 32;
/// The longest record (PGN / DhtmlXQ) accepted, in UTF-16 units or bytes: 16 MiB.
pub(crate) const MAX_RECORD_LEN: u32 = 16 << 20;

#[wasm_bindgen]
extern "C" {
    /// The host's `TextDecoder` (browsers and Node 20 with full ICU know `"gbk"`).
    type TextDecoder;
    #[wasm_bindgen(constructor, catch)]
    fn new(label: &str, options: &JsValue) -> Result<TextDecoder, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn decode(this: &TextDecoder, input: &Uint8Array) -> Result<JsString, JsValue>;
}

fn decode_with(label: &str, bytes: &Uint8Array) -> Option<String> {
    let opts = Object::new();
    let _ = Reflect::set(&opts, &"fatal".into(), &JsValue::TRUE);
    let decoder = TextDecoder::new(label, &opts).ok()?;
    decoder.decode(bytes).ok().map(String::from)
}

/// The text of a record argument: a string, or a `Uint8Array` decoded as UTF-8, else as GBK.
pub(crate) fn record_text(v: &JsValue, what: &str) -> Result<String, XqError> {
    if let Some(s) = v.dyn_ref::<JsString>() {
        if s.length() > MAX_RECORD_LEN {
            return Err(XqError::argument(format!(
                "{what}: the record is longer than {MAX_RECORD_LEN} characters"
            )));
        }
        return Ok(String::from(s));
    }
    if let Some(bytes) = v.dyn_ref::<Uint8Array>() {
        if bytes.length() > MAX_RECORD_LEN {
            return Err(XqError::argument(format!(
                "{what}: the record is longer than {MAX_RECORD_LEN} bytes"
            )));
        }
        return decode_with("utf-8", bytes)
            .or_else(|| decode_with("gbk", bytes))
            .ok_or_else(|| {
                XqError::new(
                    "ERR_RECORD_ENCODING",
                    format!("{what}: the bytes are neither UTF-8 nor GBK"),
                )
            });
    }
    Err(XqError::argument(format!(
        "{what}: expected a string or a Uint8Array, got {}",
        type_name(v)
    )))
}

/// A move text error of [`notation::parse_move`] as a `XiangqiError`.
pub(crate) fn notation_error(e: &NotationError) -> XqError {
    let err = match e {
        NotationError::Illegal { error, .. } => XqError::illegal(error),
        NotationError::Ambiguous { candidates, .. } => XqError::new(e.code(), e.to_string()).with(
            "candidates",
            candidates
                .iter()
                .map(|m| JsValue::from(m.to_string()))
                .collect::<Array>(),
        ),
        _ => XqError::new(e.code(), e.to_string()),
    };
    err.with("move", e.text())
}

/// Reads move text in any notation against `pos`. ICCS text is returned without a legality check (the caller
/// checks it against the game); WXF and Chinese text resolve to a legal move of the position or fail.
pub(crate) fn parse_move_text(pos: &Position, text: &str) -> Result<Move, XqError> {
    if let Ok(m) = text.parse::<Move>() {
        return Ok(m);
    }
    notation::parse_move(pos, text).map_err(|e| notation_error(&e))
}

/// A `NotationName` argument (`"iccs" | "wxf" | "chinese"`, default `default`) with `NotationOptions`.
pub(crate) fn notation_arg(
    name: &JsValue,
    options: &JsValue,
    what: &str,
    default: &'static str,
) -> Result<Notation, XqError> {
    let kind = if name.is_undefined() {
        default
    } else {
        // A bad notation name is ERR_OPTIONS wherever it is given (an argument or an option).
        string_option(name, what, "notation", &["iccs", "wxf", "chinese"])?.unwrap_or(default)
    };
    let [script, black_digits, tandem, traverse, lowercase] = options_arg(
        options,
        what,
        ["script", "blackDigits", "tandem", "traverse", "lowercase"],
    )?;
    let tandem = match string_option(&tandem, what, "tandem", &["classic", "ordinal"])? {
        Some("ordinal") => TandemStyle::Ordinal,
        _ => TandemStyle::Classic,
    };
    let script = match string_option(&script, what, "script", &["simplified", "traditional"])? {
        Some("traditional") => Script::Traditional,
        _ => Script::Simplified,
    };
    let black_digits =
        match string_option(&black_digits, what, "blackDigits", &["ascii", "fullwidth"])? {
            Some("fullwidth") => BlackDigits::FullWidth,
            _ => BlackDigits::Ascii,
        };
    let traverse = match string_option(&traverse, what, "traverse", &[".", "="])? {
        Some("=") => Traverse::Equals,
        _ => Traverse::Dot,
    };
    let lowercase = super::input::bool_option(&lowercase, what, "lowercase", false)?;
    Ok(match kind {
        "iccs" => Notation::Iccs,
        "wxf" => Notation::Wxf(WxfOptions {
            tandem,
            traverse,
            lowercase,
        }),
        _ => Notation::Chinese(ChineseOptions {
            script,
            black_digits,
            tandem,
        }),
    })
}

/// A record error as a `XiangqiError`: `line`/`column` where the text has a place, and for a move `ply`,
/// `moveText`, `game`, `inVariation` and the move's own `moveCode` (plus `reasonCode` for an illegal one).
pub(crate) fn record_error(e: &RecordError) -> XqError {
    let mut err = XqError::new(e.code(), e.to_string());
    if let Some((line, column)) = e.location() {
        err = err.with("line", line as f64).with("column", column as f64);
    }
    match e {
        RecordError::Move(m) => {
            err = err
                .with("game", m.game as f64)
                .with("ply", m.ply as f64)
                .with("moveText", m.text.as_str())
                .with("inVariation", m.in_variation)
                .with("moveCode", m.error.code());
            if let NotationError::Illegal { error, .. } = &m.error {
                err = err.with("reasonCode", error.reason.code());
            }
        }
        RecordError::Fen { error, .. } => {
            err = err.with(
                "errors",
                super::dto::to_js(&super::errors::fen_problems(error)),
            );
        }
        _ => {}
    }
    err
}

/// One move of a record line (`RecordMove`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NodeDto {
    #[serde(rename = "move")]
    mv: String,
    nags: Vec<u8>,
    comment: Option<String>,
    variations: Vec<LineDto>,
}

/// A line of a record (`RecordLine`).
#[derive(Serialize)]
struct LineDto {
    comment: Option<String>,
    moves: Vec<NodeDto>,
}

/// A parsed game (`RecordGame`).
#[derive(Serialize)]
struct RecordDto {
    headers: Vec<(String, String)>,
    fen: String,
    result: String,
    mainline: LineDto,
}

fn line_dto(line: &Line) -> LineDto {
    LineDto {
        comment: line.comment.clone(),
        moves: line
            .moves
            .iter()
            .map(|n| NodeDto {
                mv: n.mv.to_string(),
                nags: n.nags.clone(),
                comment: n.comment.clone(),
                variations: n.variations.iter().map(line_dto).collect(),
            })
            .collect(),
    }
}

/// A record as a plain object; `headers` become an object of strings.
pub(crate) fn record_js(r: &GameRecord) -> JsValue {
    let dto = RecordDto {
        headers: Vec::new(),
        fen: r.start.fen(),
        result: r.result().to_string(),
        mainline: line_dto(&r.mainline),
    };
    let value = super::dto::to_js(&dto);
    let headers = Object::new();
    for (k, v) in &r.headers {
        let _ = Reflect::set(&headers, &k.into(), &v.into());
    }
    let _ = Reflect::set(&value, &"headers".into(), &headers);
    value
}

/// `{ headers?: Record<string, string> }` values as pairs (strings only, at most 4 KiB each).
pub(crate) fn headers_arg(v: &JsValue, what: &str) -> Result<Vec<(String, String)>, XqError> {
    if v.is_undefined() || v.is_null() {
        return Ok(Vec::new());
    }
    if !v.is_object() || Array::is_array(v) || v.is_function() {
        return Err(XqError::options(format!(
            "{what}: option headers must be an object of strings, got {}",
            type_name(v)
        )));
    }
    let obj: &Object = v.unchecked_ref();
    let keys = Reflect::own_keys(obj)
        .map_err(|_| XqError::options(format!("{what}: the headers could not be read")))?;
    let mut out = Vec::new();
    for key in keys.iter() {
        let value = Reflect::get(obj, &key)
            .map_err(|_| XqError::options(format!("{what}: reading a header threw")))?;
        let ok = |s: &JsValue| {
            s.dyn_ref::<JsString>()
                .filter(|s| s.length() <= 4096)
                .map(String::from)
                .filter(|t| !t.contains(['\n', '\r']))
        };
        match (ok(&key), ok(&value)) {
            (Some(k), Some(val))
                if !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
            {
                out.push((k, val))
            }
            _ => {
                return Err(XqError::options(format!(
                    "{what}: headers must map names of letters, digits and _ to strings of at most 4096 \
                     characters without line breaks (quotes and backslashes are escaped)"
                )))
            }
        }
    }
    Ok(out)
}

/// `notation` of `legalMoves` / `history`: `None` for ICCS (absent or `"iccs"`).
pub(crate) type ListNotation = Notation;

/// Reads the `notation` option of a move list.
pub(crate) fn list_notation(v: &JsValue, what: &str) -> Result<Option<ListNotation>, XqError> {
    if v.is_undefined() {
        return Ok(None);
    }
    let n = notation_arg(v, &JsValue::UNDEFINED, what, "iccs")
        .map_err(|e| XqError::options(e.message().to_string()))?;
    Ok((n != Notation::Iccs).then_some(n))
}

/// A legal move of `pos` as text in `n`.
pub(crate) fn write_text(pos: &Position, m: Move, n: &ListNotation) -> JsValue {
    JsValue::from(notation::write_move(pos, m, n))
}

/// The WXF and Chinese text (default styles) of a legal move of `pos`, for `MoveInfo`.
pub(crate) fn move_texts(pos: &Position, m: Move) -> Option<(String, String)> {
    Some((
        notation::write_move(pos, m, &Notation::Wxf(Default::default())),
        notation::write_move(pos, m, &Notation::Chinese(Default::default())),
    ))
}

impl Game {
    fn from_record(record: &GameRecord, options: &JsValue, what: &str) -> Result<Game, XqError> {
        let base = record.options();
        let options = game_options(options, what, base)?;
        let mut inner = record.to_game().map_err(|e| XqError::illegal(&e))?;
        // The record's game was ruled with its own options (its XiangqiRules tag); rule it again with the
        // caller's if they differ.
        if options != base {
            let _ = inner.set_options(options);
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
        let records = pgn::parse_pgn(&text).map_err(|e| record_error(&e))?;
        let first = records.first().ok_or_else(|| {
            XqError::new("ERR_RECORD_EMPTY", "Game.fromPgn: the text holds no game")
        })?;
        Game::from_record(first, &options, "Game.fromPgn")
    }

    /// `Game.fromDhtmlxq(text | bytes, options?)`: a DhtmlXQ record, its main line played.
    #[wasm_bindgen(js_name = fromDhtmlxq, skip_typescript)]
    pub fn from_dhtmlxq(text: JsValue, options: JsValue) -> Result<Game, XqError> {
        let text = record_text(&text, "Game.fromDhtmlxq")?;
        let record = notation::dhtmlxq::parse_dhtmlxq(&text).map_err(|e| record_error(&e))?;
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
            .map_err(|reason| XqError::illegal(&IllegalMoveError { mv: m, reason }))?;
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
            .map_err(|reason| XqError::illegal(&IllegalMoveError { mv: m, reason }))?;
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
        let width = int_option(&line_width, "pgn", "lineWidth", 0, 100_000)?.unwrap_or(80);
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

/// `parsePgn(text | bytes)`: every game of a PGN file with headers, main line and variations.
#[wasm_bindgen(js_name = parsePgn, skip_typescript)]
pub fn parse_pgn(text: JsValue) -> Result<Vec<JsValue>, XqError> {
    let text = record_text(&text, "parsePgn")?;
    let records = pgn::parse_pgn(&text).map_err(|e| record_error(&e))?;
    Ok(records.iter().map(record_js).collect())
}
