//! Stand-in for [`super::notation`] in builds without the `wasm-notation` feature (used only to measure what
//! the notation costs in wasm size, see `scripts/size.mjs --breakdown`): moves are ICCS only, `MoveInfo` has no
//! `wxf` / `chinese` text, and the record functions do not exist.

use super::errors::XqError;
use super::input::move_arg;
use wasm_bindgen::JsValue;
use xiangqi::{Move, Position};

/// The longest move text looked at.
pub(crate) const MAX_MOVE_TEXT: u32 = 16;

/// No notation other than ICCS.
pub(crate) enum ListNotation {}

/// Reads the `notation` option of a move list: only `"iccs"` here (its options are ignored).
pub(crate) fn list_notation(
    v: &JsValue,
    _options: &JsValue,
    what: &str,
) -> Result<Option<ListNotation>, XqError> {
    if v.is_undefined() || v.as_string().as_deref() == Some("iccs") {
        Ok(None)
    } else {
        Err(XqError::options(format!(
            "{what}: this build reads and writes ICCS only"
        )))
    }
}

/// Never called: [`ListNotation`] has no values.
pub(crate) fn write_text(_pos: &Position, _m: Move, n: &ListNotation) -> JsValue {
    match *n {}
}

/// ICCS text only.
pub(crate) fn parse_move_text(_pos: &Position, text: &str) -> Result<Move, XqError> {
    move_arg(&JsValue::from_str(text))
}

/// No notation text in `MoveInfo`.
pub(crate) fn move_texts(_pos: &Position, _m: Move) -> Option<(String, String)> {
    None
}
