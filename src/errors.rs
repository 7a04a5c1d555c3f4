//! Errors at the JS boundary: every failure becomes a real JS `Error` with `name === "XiangqiError"`, a stable
//! `code` (listed in the TypeScript `ErrorCode` union) and, where useful, structured details.
//!
//! Each error type of [`xiangqi`] says its own code (`code()`, next to the type); this module has one
//! `From` conversion per type, which takes that code and adds the details JS sees. The binding's own codes
//! (`ERR_ARGUMENT`, `ERR_OPTIONS`, `ERR_MOVE_SYNTAX`, `ERR_SQUARE`, `ERR_RECORD_ENCODING`) are for JS values
//! that never reach a Rust parser.

use super::cache::set_property;
use super::dto::{to_js, FenProblemDto};
use wasm_bindgen::prelude::*;
use xiangqi::adjudication::OptionsError;
#[cfg(feature = "wasm-notation")]
use xiangqi::notation::{edit::EditError, record::RecordError, write::WriteError, NotationError};
use xiangqi::{EndingError, FenError, IllegalMoveError, ParseFenError, SetupProblem};

/// The `name` of every error this package throws.
pub(crate) const ERROR_NAME: &str = "XiangqiError";

/// A failure, converted into a JS `Error` when it crosses the boundary.
pub struct XqError {
    code: &'static str,
    message: String,
    reason_code: Option<&'static str>,
    details: Vec<(&'static str, JsValue)>,
}

impl XqError {
    pub(crate) fn new(code: &'static str, message: impl Into<String>) -> XqError {
        XqError {
            code,
            message: message.into(),
            reason_code: None,
            details: Vec::new(),
        }
    }

    /// A JS value of the wrong type (`ERR_ARGUMENT`).
    pub(crate) fn argument(message: impl Into<String>) -> XqError {
        XqError::new("ERR_ARGUMENT", message)
    }

    /// A bad options object (`ERR_OPTIONS`).
    pub(crate) fn options(message: impl Into<String>) -> XqError {
        XqError::new("ERR_OPTIONS", message)
    }

    /// The same error, its message prefixed with the call it came from (`"setOptions: …"`).
    pub(crate) fn in_call(mut self, what: &str) -> XqError {
        self.message = format!("{what}: {}", self.message);
        self
    }

    /// The stable code.
    pub(crate) fn code(&self) -> &'static str {
        self.code
    }

    /// The error message.
    pub(crate) fn message(&self) -> &str {
        &self.message
    }

    /// Why a move was refused, in one word: the `IllegalReason` code of `ERR_ILLEGAL_MOVE`, the
    /// `NotationError::reason_code` of move text; `None` for the binding's own errors.
    pub(crate) fn reason_code(&self) -> Option<&'static str> {
        self.reason_code
    }

    /// Adds a property to the thrown error.
    pub(crate) fn with(mut self, key: &'static str, value: impl Into<JsValue>) -> XqError {
        self.details.push((key, value.into()));
        self
    }
}

/// A FEN that does not parse or describes an illegal position. `code` is [`FenError::code`] (the first
/// problem's); the `errors` property lists every problem as `{ code, message, square? }` (the shape of
/// `validateFen`).
impl From<FenError> for XqError {
    fn from(err: FenError) -> XqError {
        XqError::new(err.code(), err.to_string()).with("errors", to_js(&fen_problems(&err)))
    }
}

/// A well-formed move that is not legal (`ERR_ILLEGAL_MOVE`), with `move`, `reasonCode` and `reason`.
impl From<IllegalMoveError> for XqError {
    fn from(err: IllegalMoveError) -> XqError {
        let mut e = XqError::new(err.code(), err.to_string());
        e.reason_code = Some(err.reason.code());
        e.with("move", err.mv.to_string())
            .with("reasonCode", err.reason.code())
            .with("reason", err.reason.to_string())
    }
}

/// An external ending refused (`ERR_GAME_OVER`, `ERR_NO_DRAW_OFFER`).
impl From<EndingError> for XqError {
    fn from(err: EndingError) -> XqError {
        XqError::new(err.code(), err.to_string())
    }
}

/// Options out of range (`ERR_OPTIONS`).
impl From<OptionsError> for XqError {
    fn from(err: OptionsError) -> XqError {
        XqError::new(err.code(), err.to_string())
    }
}

/// Move text that names no legal move: the [`NotationError::code`] with `move` (the text) and, for an
/// ambiguous text, the `candidates`; an illegal move also has the details of `ERR_ILLEGAL_MOVE`.
#[cfg(feature = "wasm-notation")]
impl From<NotationError> for XqError {
    fn from(e: NotationError) -> XqError {
        let err = match &e {
            NotationError::Illegal { error, .. } => XqError::from(*error),
            NotationError::Ambiguous { candidates, .. } => XqError::new(e.code(), e.to_string())
                .with(
                    "candidates",
                    candidates
                        .iter()
                        .map(|m| JsValue::from(m.to_string()))
                        .collect::<js_sys::Array>(),
                ),
            _ => XqError::new(e.code(), e.to_string()),
        };
        let mut err = err.with("move", e.text());
        err.reason_code = Some(e.reason_code());
        err
    }
}

/// A record that cannot be read: the [`RecordError::code`] with `line`/`column` where the text has a place
/// (`offset` in a binary file), and for a move `ply`, `moveText`, `game`, `inVariation` and the move's own
/// `moveCode` (plus `reasonCode` for an illegal one); a bad FEN tag has the `errors` of its FEN; an encoding
/// error the encodings `tried`.
#[cfg(feature = "wasm-notation")]
impl From<RecordError> for XqError {
    fn from(e: RecordError) -> XqError {
        let mut err = XqError::new(e.code(), e.to_string());
        if let Some((line, column)) = e.location() {
            err = err.with("line", line as f64).with("column", column as f64);
        }
        match &e {
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
                err = err.with("errors", to_js(&fen_problems(error)));
            }
            RecordError::Binary { offset, .. } => {
                err = err.with("offset", *offset as f64);
            }
            RecordError::Encoding(e) => {
                err = err.with(
                    "tried",
                    e.tried
                        .iter()
                        .map(|t| JsValue::from(t.code()))
                        .collect::<js_sys::Array>(),
                );
            }
            _ => {}
        }
        err
    }
}

/// An edit of a `RecordEditor` refused: [`EditError::code`] (`ERR_EDIT_*`), with the `node` for
/// `ERR_EDIT_NODE`; an illegal move and a bad start position as `play` and FENs throw them.
#[cfg(feature = "wasm-notation")]
impl From<EditError> for XqError {
    fn from(e: EditError) -> XqError {
        let err = XqError::new(e.code(), e.to_string());
        match e {
            EditError::Illegal(e) => e.into(),
            EditError::Fen(e) => e.into(),
            EditError::NoNode(id) => err.with("node", id.get()),
            _ => err,
        }
    }
}

/// A record that cannot be written (`writeRecord`): the [`WriteError::code`]; an illegal move has the details of
/// `ERR_RECORD_MOVE` (`ply`, `moveText` in ICCS, `inVariation`, `moveCode` `ERR_ILLEGAL_MOVE`, `reasonCode`).
#[cfg(feature = "wasm-notation")]
impl From<WriteError> for XqError {
    fn from(e: WriteError) -> XqError {
        let err = XqError::new(e.code(), e.to_string());
        match e {
            WriteError::Move {
                ply,
                in_variation,
                error,
            } => err
                .with("ply", ply as f64)
                .with("moveText", error.mv.to_string())
                .with("inVariation", in_variation)
                .with("moveCode", error.code())
                .with("reasonCode", error.reason.code()),
            _ => err,
        }
    }
}

/// The longest message thrown, in characters: text from the input is quoted and cut where it is shown, and a
/// message that still runs longer is cut here, so that no input makes a huge message.
const MAX_MESSAGE_CHARS: usize = 200;

/// `message`, or its first `MAX_MESSAGE_CHARS - 1` characters and `…` when it is longer than the cap.
fn short_message(message: String) -> String {
    if message.chars().nth(MAX_MESSAGE_CHARS).is_none() {
        return message;
    }
    let cut = message
        .char_indices()
        .nth(MAX_MESSAGE_CHARS - 1)
        .map_or(message.len(), |(at, _)| at);
    format!("{}…", &message[..cut])
}

impl From<XqError> for JsValue {
    fn from(e: XqError) -> JsValue {
        let err = js_sys::Error::new(&short_message(e.message));
        err.set_name(ERROR_NAME);
        set_property(&err, "code", &e.code.into());
        for (k, v) in &e.details {
            set_property(&err, k, v);
        }
        err.into()
    }
}

fn parse_problem(e: &ParseFenError) -> FenProblemDto {
    FenProblemDto {
        code: e.code(),
        message: e.to_string(),
        square: None,
    }
}

fn setup_problem(p: SetupProblem) -> FenProblemDto {
    FenProblemDto {
        code: p.code(),
        message: p.to_string(),
        square: p.square().map(|s| s.to_string()),
    }
}

/// Every problem of a FEN, in a stable order.
pub(crate) fn fen_problems(err: &FenError) -> Vec<FenProblemDto> {
    match err {
        FenError::Parse(e) => vec![parse_problem(e)],
        FenError::Position(e) => e.problems().iter().map(|p| setup_problem(*p)).collect(),
    }
}

/// A FEN longer than the parser accepts, rejected before its text is copied into wasm memory.
pub(crate) fn fen_too_long() -> FenError {
    FenError::Parse(ParseFenError::TooLong)
}
