//! Move notations and game records at the JS boundary: the `notation` arguments, move text in any notation,
//! PGN / DhtmlXQ text or bytes (decoded with the host's `TextDecoder`: the wasm build has no GBK tables) and
//! records as plain objects. It knows nothing of the `Game` class: the `Game` methods that read and write
//! notation are in [`super::game_notation`].

use super::cache::set_property;
use super::errors::XqError;
use super::input::{bool_option, options_arg, string_option, type_name};
use js_sys::{Array, JsString, Object, Reflect, Uint8Array};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use xiangqi::notation::chinese::{BlackDigits, Script};
use xiangqi::notation::pgn;
use xiangqi::notation::record::{GameRecord, Line};
use xiangqi::notation::wxf::Traverse;
use xiangqi::notation::{self, ChineseOptions, Notation, TandemStyle, WxfOptions};
use xiangqi::{Move, Position};

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
    set_property(&opts, "fatal", &JsValue::TRUE);
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

/// Reads move text in any notation against `pos`. ICCS text is returned without a legality check (the caller
/// checks it against the game); WXF and Chinese text resolve to a legal move of the position or fail.
pub(crate) fn parse_move_text(pos: &Position, text: &str) -> Result<Move, XqError> {
    if let Ok(m) = text.parse::<Move>() {
        return Ok(m);
    }
    Ok(notation::parse_move(pos, text)?)
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
    let lowercase = bool_option(&lowercase, what, "lowercase", false)?;
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
        set_property(&headers, k, &v.into());
    }
    set_property(value.unchecked_ref(), "headers", &headers);
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

/// `parsePgn(text | bytes)`: every game of a PGN file with headers, main line and variations.
#[wasm_bindgen(js_name = parsePgn, skip_typescript)]
pub fn parse_pgn(text: JsValue) -> Result<Vec<JsValue>, XqError> {
    let text = record_text(&text, "parsePgn")?;
    let records = pgn::parse_pgn(&text)?;
    Ok(records.iter().map(record_js).collect())
}
