//! Move notations at the JS boundary: the `notation` arguments, move text in any notation, the headers of
//! `pgn()`, and `parsePgn` (over the one reader of [`super::records`]). It knows nothing of the `Game` class:
//! the `Game` methods that read and write notation are in [`super::game_notation`].

use super::errors::XqError;
use super::input::{bool_option, named_option, options_arg, type_name};
use super::records::{record_input, record_js, records_of};
use js_sys::{Array, JsString, Object, Reflect};
use wasm_bindgen::prelude::*;
use xiangqi::notation::chinese::{BlackDigits, Script};
use xiangqi::notation::read::ReadOptions;
use xiangqi::notation::record::RecordFormat;
use xiangqi::notation::wxf::Traverse;
use xiangqi::notation::{self, ChineseOptions, Notation, NotationKind, TandemStyle, WxfOptions};
use xiangqi::{Move, Position};

/// The longest move text looked at (a Chinese move is 4–5 characters; ICCS with spaces a few more).
pub(crate) const MAX_MOVE_TEXT: u32 = 32;
/// Reads move text in any notation against `pos`. ICCS text is returned without a legality check (the caller
/// checks it against the game); WXF and Chinese text resolve to a legal move of the position or fail.
pub(crate) fn parse_move_text(pos: &Position, text: &str) -> Result<Move, XqError> {
    if let Ok(m) = text.parse::<Move>() {
        return Ok(m);
    }
    Ok(notation::parse_move(pos, text)?)
}

/// A `NotationName` argument (`"iccs" | "wxf" | "chinese" | "vietnamese"`, default `default`) with
/// `NotationOptions`.
pub(crate) fn notation_arg(
    name: &JsValue,
    options: &JsValue,
    what: &str,
    default: NotationKind,
) -> Result<Notation, XqError> {
    // A bad notation name is ERR_OPTIONS wherever it is given (an argument or an option).
    let kind = named_option::<NotationKind>(name, what, "notation")?.unwrap_or(default);
    let [script, black_digits, tandem, traverse, lowercase] = options_arg(
        options,
        what,
        ["script", "blackDigits", "tandem", "traverse", "lowercase"],
    )?;
    let tandem = named_option::<TandemStyle>(&tandem, what, "tandem")?.unwrap_or_default();
    let script = named_option::<Script>(&script, what, "script")?.unwrap_or_default();
    let black_digits =
        named_option::<BlackDigits>(&black_digits, what, "blackDigits")?.unwrap_or_default();
    let traverse = named_option::<Traverse>(&traverse, what, "traverse")?.unwrap_or_default();
    let lowercase = bool_option(&lowercase, what, "lowercase", false)?;
    Ok(match kind {
        NotationKind::Iccs => Notation::Iccs,
        NotationKind::Wxf => Notation::Wxf(WxfOptions {
            tandem,
            traverse,
            lowercase,
        }),
        NotationKind::Chinese => Notation::Chinese(ChineseOptions {
            script,
            black_digits,
            tandem,
        }),
        NotationKind::Vietnamese => Notation::Vietnamese,
    })
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

/// Reads the `notation` option of a move list with its `notationOptions` (what `toNotation` takes).
pub(crate) fn list_notation(
    v: &JsValue,
    options: &JsValue,
    what: &str,
) -> Result<Option<ListNotation>, XqError> {
    if v.is_undefined() && options.is_undefined() {
        return Ok(None);
    }
    let n = notation_arg(v, options, what, NotationKind::Iccs)
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

/// `parsePgn(text | bytes)`: every game of a PGN file with headers, main line and variations; the first game
/// that cannot be read is the error.
#[wasm_bindgen(js_name = parsePgn, skip_typescript)]
pub fn parse_pgn(text: JsValue) -> Result<Vec<JsValue>, XqError> {
    let input = record_input(&text, "parsePgn")?;
    let options = ReadOptions {
        format: Some(RecordFormat::Pgn),
        ..ReadOptions::default()
    };
    let records = records_of(&input, &options)?;
    let (format, encoding) = (records.format(), records.encoding());
    let mut out = Vec::new();
    for (i, r) in records.enumerate() {
        out.push(record_js(&r?, i, format, encoding));
    }
    Ok(out)
}
