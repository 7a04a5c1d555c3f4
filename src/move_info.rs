//! The records of moves and pieces the API returns in bulk (`MoveInfo`, `PieceInfo`), built from the cached
//! strings of [`super::cache`] with plain property stores.

use super::cache::{color, iccs, object, role, square, Key};
use super::notation::move_texts;
use wasm_bindgen::JsValue;
use xiangqi::{Move, Piece, Position, Square};

/// A `MoveInfo` record with the move's WXF and Chinese text (when the build has notation support), written
/// in `before` (the position it is played from; the move must be legal there).
pub(crate) fn move_info(
    before: &Position,
    m: Move,
    captured: Option<Piece>,
    check: bool,
) -> JsValue {
    let Some(piece) = before.board().piece_at(m.from) else {
        return JsValue::NULL;
    };
    let texts = move_texts(before, m);
    let mut fields = vec![
        (Key::Iccs, iccs(m)),
        (Key::From, square(m.from)),
        (Key::To, square(m.to)),
        (Key::Color, color(piece.color)),
        (Key::Piece, role(piece.role)),
        (
            Key::Captured,
            captured.map_or(JsValue::NULL, |p| role(p.role)),
        ),
        (Key::Check, JsValue::from_bool(check)),
    ];
    if let Some((wxf, chinese)) = texts {
        fields.push((Key::Wxf, JsValue::from(wxf)));
        fields.push((Key::Chinese, JsValue::from(chinese)));
    }
    object(&fields)
}

/// A `PieceInfo` record: `{ square, color, kind }`.
pub(crate) fn piece_info(sq: Square, piece: Piece) -> JsValue {
    object(&[
        (Key::Square, square(sq)),
        (Key::Color, color(piece.color)),
        (Key::Kind, role(piece.role)),
    ])
}
