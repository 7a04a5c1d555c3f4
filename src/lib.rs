//! # xiangqi-wasm
//!
//! The JavaScript binding of the `xiangqi` rules crate, the `xiangqi-engine` searcher and the `xiangqi-view`
//! board: a thin camelCase facade that wasm-pack builds into the npm package `xiangqi-wasm`. The only crate of
//! the workspace that names `wasm_bindgen`, `js_sys`, `web_sys`, `serde_wasm_bindgen` or
//! `console_error_panic_hook`. For wasm32 only: on any other target it is empty.
//!
//! - [`game`]: the `Game` class (arbiter tools in [`adjudication_extras`], what every chess library has —
//!   `isCheckmate`, `board()`, `put`, `ascii`, comments, ... — in [`basics`]); [`game_notation`]: its notation
//!   and record methods; [`engine`]: `Engine` and `game.hint()`; [`clock`]: the `Clock` class; [`board`]: the
//!   canvas painter `BoardView`;
//! - module functions below: `startFen`, `validateFen`, `perft`, `isXiangqiError`; [`names`]: `names()`, the
//!   rules crate's lists of names (rule sets, modes, notations, …) as plain data;
//! - [`errors`]: every failure is a JS `Error` with `name === "XiangqiError"` and a stable `code`, one `From`
//!   per error type of the rules;
//! - [`input`]: checking JS arguments (any type may arrive), with one reader of integers;
//!   [`options`]: `GameOptions`;
//! - [`notation`]: notation arguments, move text and records as JS values (without the cargo feature
//!   `wasm-notation`, [`iccs_only`] stands in for it: ICCS moves only);
//! - [`dto`]: the plain objects returned; [`move_info`]: the bulk records (`MoveInfo`, `PieceInfo`), built
//!   from the strings [`cache`] keeps.
//!
//! The modules depend one way: `cache` and `dto` name no other module; `errors`, `input`, `options`,
//! `names`, `records`, `notation`, `move_info` build on them; `record_edit` (`RecordEditor`, a record edited
//! as a tree) on `records`; `game` on those; `game_notation` (with
//! `RecordReader.game`) and `engine` on `game`.
//!
//! The TypeScript declarations are hand-written in `types.d.ts` (and `board.d.ts` for `BoardView`) so that they
//! can use overloads, string-literal unions and the error-code union; the package build joins them into
//! `pkg/xiangqi_wasm.d.ts` (wasm-bindgen's own declarations are not used); `tests/types/usage.ts` type-checks
//! them and `tests/js/dts.test.mjs` checks them against the runtime exports.
#![cfg(target_arch = "wasm32")]
#![forbid(unsafe_code)]

/// The rules-only build's allocator: talc, smaller than Rust's default for wasm (dlmalloc), measured in
/// docs/js-api.md ("Size"). The full build keeps dlmalloc.
#[cfg(feature = "wasm-small")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

mod adjudication_extras;
mod basics;
#[cfg(feature = "wasm-board")]
mod board;
mod cache;
mod clock;
mod dto;
mod errors;
mod game;
#[cfg(feature = "wasm-notation")]
mod game_notation;
#[cfg(not(feature = "wasm-notation"))]
mod iccs_only;
mod input;
mod move_info;
mod names;
#[cfg(feature = "wasm-notation")]
mod notation;
#[cfg(not(feature = "wasm-notation"))]
use iccs_only as notation;
mod options;
#[cfg(feature = "wasm-notation")]
mod record_edit;
#[cfg(feature = "wasm-notation")]
mod record_write;
#[cfg(feature = "wasm-notation")]
mod records;

use dto::{to_js, FenValidation};
use errors::{fen_problems, XqError, ERROR_NAME};
use input::{fen_arg, int_arg};
use wasm_bindgen::prelude::*;
use xiangqi::Position;

/// The deepest `perft` accepted (the count grows about 40-fold per ply; depth 6 from the start is 3.6e9).
const MAX_PERFT_DEPTH: u64 = 12;

// Runs once when the module is instantiated: installs `console_error_panic_hook`, so that a panic (a bug: bad
// input is a typed error, never a panic) prints its message and source location with `console.error` before the
// wasm traps, instead of a bare `unreachable executed`. (A plain comment: a doc comment would be copied into the
// JS glue.) `private`: not also exported to JS as a function.
#[wasm_bindgen(start, private)]
fn start() {
    console_error_panic_hook::set_once();
}

// Test only (cargo feature `panic-probe`, never in the package): panics with `message`, for
// tests/panic/panic-hook.test.mjs, which checks that the panic hook reports it. (A plain comment, as for `start`.)
#[cfg(feature = "panic-probe")]
#[wasm_bindgen(js_name = __panicProbe, skip_typescript)]
pub fn panic_probe(message: String) {
    panic!("{message}");
}

/// The FEN of the start position.
#[wasm_bindgen(js_name = startFen, skip_typescript)]
pub fn start_fen() -> String {
    xiangqi::START_FEN.to_string()
}

/// `{ ok, errors }` for any value; never throws.
#[wasm_bindgen(js_name = validateFen, skip_typescript)]
pub fn validate_fen(fen: JsValue) -> JsValue {
    let errors = match fen_arg(&fen, "validateFen") {
        Err(e) => vec![dto::FenProblemDto {
            code: e.code(),
            message: e.message().to_string(),
            square: None,
        }],
        Ok(text) => match Position::from_fen(&text) {
            Ok(_) => Vec::new(),
            Err(e) => fen_problems(&e),
        },
    };
    to_js(&FenValidation {
        ok: errors.is_empty(),
        errors,
    })
}

/// The number of leaf nodes of the legal-move tree of `fen` to `depth` plies.
#[wasm_bindgen(skip_typescript)]
pub fn perft(fen: JsValue, depth: JsValue) -> Result<f64, XqError> {
    let d = int_arg(&depth, "perft", "depth", 0..=MAX_PERFT_DEPTH)? as u32;
    let text = fen_arg(&fen, "perft")?;
    let pos = Position::from_fen(&text)?;
    Ok(xiangqi::perft::perft(&pos, d) as f64)
}

/// Whether `value` is an error thrown by this package.
#[wasm_bindgen(js_name = isXiangqiError, skip_typescript)]
pub fn is_xiangqi_error(value: JsValue) -> bool {
    value
        .dyn_ref::<js_sys::Error>()
        .is_some_and(|e| e.name() == ERROR_NAME)
}
#[cfg(feature = "wasm-search")]
mod engine;
#[cfg(feature = "wasm-search")]
mod mate;
