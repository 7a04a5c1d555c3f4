//! Errors at the JS boundary: every failure becomes a real JS `Error` with `name === "XiangqiError"`, a stable
//! `code` (listed in the TypeScript `ErrorCode` union) and, where useful, structured details.

use super::dto::{to_js, FenProblemDto};
use crate::rules::{FenError, IllegalMoveError, ParseFenError, SetupProblem};
use js_sys::Reflect;
use wasm_bindgen::prelude::*;

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

    /// The stable code.
    pub(crate) fn code(&self) -> &'static str {
        self.code
    }

    /// The error message.
    pub(crate) fn message(&self) -> &str {
        &self.message
    }

    /// For `ERR_ILLEGAL_MOVE`: the `IllegalReason` code.
    pub(crate) fn reason_code(&self) -> Option<&'static str> {
        self.reason_code
    }

    /// Adds a property to the thrown error.
    pub(crate) fn with(mut self, key: &'static str, value: impl Into<JsValue>) -> XqError {
        self.details.push((key, value.into()));
        self
    }

    /// A FEN that does not parse or describes an illegal position. `code` is the first problem's code; the
    /// `errors` property lists every problem as `{ code, message, square? }` (the shape of `validateFen`).
    pub(crate) fn fen(err: &FenError) -> XqError {
        let problems = fen_problems(err);
        let code = problems.first().map_or("ERR_FEN_BOARD", |p| p.code);
        XqError::new(code, err.to_string()).with("errors", to_js(&problems))
    }

    /// A well-formed move that is not legal (`ERR_ILLEGAL_MOVE`), with `move`, `reasonCode` and `reason`.
    pub(crate) fn illegal(err: &IllegalMoveError) -> XqError {
        let mut e = XqError::new("ERR_ILLEGAL_MOVE", err.to_string());
        e.reason_code = Some(err.reason.code());
        e.with("move", err.mv.to_string())
            .with("reasonCode", err.reason.code())
            .with("reason", err.reason.to_string())
    }
}

/// The longest message thrown, in characters: text from the input is quoted and cut where it is shown, and a
/// message that still runs longer is cut here, so that no input makes a huge message.
pub(crate) const MAX_MESSAGE_CHARS: usize = 200;

fn short_message(message: String) -> String {
    match message.char_indices().nth(MAX_MESSAGE_CHARS - 1) {
        None => message,
        Some((at, _)) => format!("{}…", &message[..at]),
    }
}

impl From<XqError> for JsValue {
    fn from(e: XqError) -> JsValue {
        let err = js_sys::Error::new(&short_message(e.message));
        err.set_name(ERROR_NAME);
        // Setting own data properties on a fresh Error cannot fail.
        let _ = Reflect::set(&err, &"code".into(), &e.code.into());
        for (k, v) in &e.details {
            let _ = Reflect::set(&err, &(*k).into(), v);
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
