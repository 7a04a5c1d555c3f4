//! Plain data crossing the boundary as JS objects (camelCase, built by `serde-wasm-bindgen`). Their TypeScript
//! shapes are written out in `types.d.ts`; `tests/js` checks the two agree. The records returned in bulk
//! (`MoveInfo`, `PieceInfo`) are built by hand in [`super::cache`] with cached strings instead.

use crate::rules::{Color, Position, Status};
use serde::Serialize;
use wasm_bindgen::JsValue;

/// Serialises a DTO: `None` becomes `null`, maps become plain objects.
pub(crate) fn to_js<T: Serialize>(value: &T) -> JsValue {
    let ser = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    // Our DTOs hold only strings, booleans, numbers, options and vectors: serialising them cannot fail.
    value.serialize(&ser).unwrap_or(JsValue::NULL)
}

/// The answer of `validate` (`Validation`).
#[derive(Serialize)]
pub(crate) struct Validation {
    pub legal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The answer of `validateFen` (`FenValidation`).
#[derive(Serialize)]
pub(crate) struct FenValidation {
    pub ok: bool,
    pub errors: Vec<FenProblemDto>,
}

/// One problem of a FEN (`FenProblem`).
#[derive(Serialize)]
pub(crate) struct FenProblemDto {
    pub code: &'static str,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
}

/// How a finished game ended (`Outcome`).
#[derive(Serialize)]
pub(crate) struct Outcome {
    pub result: &'static str,
    pub winner: Option<&'static str>,
    pub reason: &'static str,
    pub explanation: String,
}

fn capitalized(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

impl Outcome {
    /// The outcome of a position on the board alone: `None` while the side to move has a legal move.
    /// Checkmate (将死) and stalemate (困毙) both lose for the side to move (RULES.md §4).
    pub(crate) fn of(pos: &Position) -> Option<Outcome> {
        let loser = pos.turn();
        let winner = loser.other();
        let result = match winner {
            Color::Red => "1-0",
            Color::Black => "0-1",
        };
        let (reason, explanation) = match pos.status() {
            Status::Ongoing => return None,
            Status::Checkmate => (
                "checkmate",
                format!(
                    "{} is checkmated (将死, jiāngsǐ): {} wins",
                    capitalized(loser),
                    capitalized(winner)
                ),
            ),
            Status::Stalemate => (
                "stalemate",
                format!(
                    "{} has no legal move (困毙, kùnbì), which loses in xiangqi: {} wins",
                    capitalized(loser),
                    capitalized(winner)
                ),
            ),
        };
        Some(Outcome {
            result,
            winner: Some(winner.name()),
            reason,
            explanation,
        })
    }
}

/// The normalised options of a game (`GameOptions`).
#[derive(Serialize)]
pub(crate) struct OptionsDto {
    pub rules: &'static str,
}
