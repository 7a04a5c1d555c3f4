//! Reading JS arguments. Every argument a JS caller may get wrong arrives as a `JsValue` and is checked here, so
//! a wrong type, `undefined`, `null`, a huge or non-ASCII string or a throwing getter becomes a typed error, never
//! a silent coercion or a trap. Only `Reflect` calls that catch JS exceptions are used: a throwing getter must
//! not unwind through a borrowed `Game`.

use super::errors::{fen_too_long, XqError};
use core::ops::RangeInclusive;
use js_sys::{Array, JsString, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use xiangqi::names::{self, Name, Named};
use xiangqi::{fen::MAX_FEN_LEN, Color, Move, Square};

/// The longest move text looked at (`" H2-E2 "` with some whitespace). Longer text is a syntax error.
const MAX_MOVE_LEN: u32 = 16;
/// The longest square text looked at.
const MAX_SQUARE_LEN: u32 = 8;

/// Whether `v` is `undefined` or `null`.
pub(crate) fn is_absent(v: &JsValue) -> bool {
    v.is_undefined() || v.is_null()
}

/// A short description of a JS value's type for error messages.
pub(crate) fn type_name(v: &JsValue) -> &'static str {
    if v.is_undefined() {
        "undefined"
    } else if v.is_null() {
        "null"
    } else if v.is_string() {
        "a string"
    } else if v.as_f64().is_some() {
        "a number"
    } else if v.as_bool().is_some() {
        "a boolean"
    } else if v.is_bigint() {
        "a bigint"
    } else if v.is_symbol() {
        "a symbol"
    } else if v.is_function() {
        "a function"
    } else if Array::is_array(v) {
        "an array"
    } else {
        "an object"
    }
}

/// A JS value as an error message shows it: a string quoted and cut after 24 characters (copying no more), a
/// number as written, else its type (`an object`).
pub(crate) fn shown(v: &JsValue) -> String {
    if let Some(s) = v.dyn_ref::<JsString>() {
        let head = String::from(s.slice(0, 25));
        return xiangqi::notation::Quoted(&head).to_string();
    }
    // Numbers are written by JS (`String(n)`): Rust's float formatting would add about 20 KB gzipped to the wasm.
    match v.dyn_ref::<js_sys::Number>() {
        Some(n) => n
            .to_string_with_radix(10)
            .map_or_else(|_| "a number".to_string(), String::from),
        None => type_name(v).to_string(),
    }
}

/// The string in `v` if it is a string of at most `max` UTF-16 units; `Err(true)` if it is longer (checked
/// before anything is copied), `Err(false)` if it is not a string.
fn short_string(v: &JsValue, max: u32) -> Result<String, bool> {
    match v.dyn_ref::<JsString>() {
        Some(s) if s.length() > max => Err(true),
        Some(s) => Ok(String::from(s)),
        None => Err(false),
    }
}

/// The string in `v` if it is a string of at most `max` UTF-16 units.
#[cfg(feature = "wasm-notation")]
pub(crate) fn short_text(v: &JsValue, max: u32) -> Option<String> {
    short_string(v, max).ok()
}

/// A FEN argument: a string (at most `MAX_FEN_LEN` characters).
pub(crate) fn fen_arg(v: &JsValue, what: &str) -> Result<String, XqError> {
    short_string(v, MAX_FEN_LEN as u32).map_err(|too_long| {
        if too_long {
            XqError::from(fen_too_long())
        } else {
            XqError::argument(format!(
                "{what}: expected a FEN string, got {}",
                type_name(v)
            ))
        }
    })
}

const MOVE_EXPECTED: &str =
    "expected an ICCS move such as \"h2e2\" (or \"H2-E2\"), or an object { from: \"h2\", to: \"e2\" }";

/// A move argument: ICCS text (`"h2e2"`, `"H2-E2"`) or an object with `from` and `to` squares (extra properties,
/// such as those of a move record, are ignored). Syntax problems are `ERR_MOVE_SYNTAX`, wrong types
/// `ERR_ARGUMENT`.
pub(crate) fn move_arg(v: &JsValue) -> Result<Move, XqError> {
    if v.is_string() {
        let text = short_string(v, MAX_MOVE_LEN).map_err(|_| syntax_error(None))?;
        return text.parse::<Move>().map_err(|_| syntax_error(Some(&text)));
    }
    if v.is_object() && !v.is_function() && !Array::is_array(v) {
        let from = square_prop(v, "from")?;
        let to = square_prop(v, "to")?;
        if from == to {
            return Err(syntax_error(None));
        }
        return Ok(Move::new(from, to));
    }
    Err(XqError::argument(format!(
        "{MOVE_EXPECTED}; got {}",
        type_name(v)
    )))
}

fn syntax_error(text: Option<&str>) -> XqError {
    match text {
        Some(t) => XqError::new(
            "ERR_MOVE_SYNTAX",
            format!("{t:?} is not a move: {MOVE_EXPECTED}"),
        )
        .with("move", t),
        None => XqError::new("ERR_MOVE_SYNTAX", format!("not a move: {MOVE_EXPECTED}")),
    }
}

fn square_prop(obj: &JsValue, key: &str) -> Result<Square, XqError> {
    let v = Reflect::get(obj, &JsValue::from_str(key))
        .map_err(|_| XqError::argument(format!("reading the move's {key:?} property threw")))?;
    if !v.is_string() {
        return Err(XqError::argument(format!(
            "a move object needs string properties from and to (such as {{ from: \"h2\", to: \"e2\" }}); {key} is {}",
            type_name(&v)
        )));
    }
    square_text(&v).ok_or_else(|| syntax_error(None))
}

fn square_text(v: &JsValue) -> Option<Square> {
    short_string(v, MAX_SQUARE_LEN).ok()?.trim().parse().ok()
}

/// A square argument (`"e0"`; case and surrounding whitespace are ignored).
pub(crate) fn square_arg(v: &JsValue) -> Result<Square, XqError> {
    if !v.is_string() {
        return Err(XqError::argument(format!(
            "expected a square such as \"e0\", got {}",
            type_name(v)
        )));
    }
    square_text(v).ok_or_else(|| {
        let shown = short_string(v, MAX_SQUARE_LEN).unwrap_or_else(|_| "…".into());
        XqError::new(
            "ERR_SQUARE",
            format!(
                "{shown:?} is not a square: expected a file a-i and a rank 0-9, such as \"e0\""
            ),
        )
    })
}

/// An options object: `undefined`/`null` (no options) or a plain object whose own keys are all in `allowed`.
/// Returns the values of the allowed keys in order (`undefined` where absent).
pub(crate) fn options_arg<const N: usize>(
    v: &JsValue,
    what: &str,
    allowed: [&str; N],
) -> Result<[JsValue; N], XqError> {
    let mut out: [JsValue; N] = core::array::from_fn(|_| JsValue::UNDEFINED);
    read_options(v, what, &allowed, &mut out)?;
    Ok(out)
}

/// [`options_arg`]'s work, for any number of keys (one copy in the wasm, not one per number of keys).
fn read_options(
    v: &JsValue,
    what: &str,
    allowed: &[&str],
    out: &mut [JsValue],
) -> Result<(), XqError> {
    if is_absent(v) {
        return Ok(());
    }
    if !v.is_object() || v.is_function() || Array::is_array(v) {
        return Err(XqError::options(format!(
            "{what}: options must be an object, got {}",
            type_name(v)
        )));
    }
    let obj: &js_sys::Object = v.unchecked_ref();
    let keys = Reflect::own_keys(obj)
        .map_err(|_| XqError::options(format!("{what}: the options object could not be read")))?;
    for key in keys.iter() {
        let name = key.as_string();
        match name.as_deref() {
            Some(k) if allowed.contains(&k) => {}
            _ => {
                let shown = name
                    .map(|n| format!("{:?}", n.chars().take(40).collect::<String>()))
                    .unwrap_or_else(|| "a symbol".into());
                return Err(XqError::options(format!(
                    "{what}: unknown option {shown} (known: {})",
                    allowed.join(", ")
                )));
            }
        }
    }
    for (slot, key) in out.iter_mut().zip(allowed) {
        *slot = Reflect::get(obj, &JsValue::from_str(key))
            .map_err(|_| XqError::options(format!("{what}: reading option {key:?} threw")))?;
    }
    Ok(())
}

/// A boolean option (`undefined` = `default`).
pub(crate) fn bool_option(
    v: &JsValue,
    what: &str,
    key: &str,
    default: bool,
) -> Result<bool, XqError> {
    if v.is_undefined() {
        return Ok(default);
    }
    v.as_bool().ok_or_else(|| {
        XqError::options(format!(
            "{what}: option {key} must be a boolean, got {}",
            type_name(v)
        ))
    })
}

/// Where an integer comes from, which decides the error: a key of an options object (`ERR_OPTIONS`, absent
/// allowed) or a required positional argument (`ERR_ARGUMENT`).
#[derive(Clone, Copy)]
enum Slot {
    Option,
    Argument,
}

/// The one reader of JS integers: `v` must be a number with no fraction in `range` (every range here is far
/// below 2^53, so the number is exact); anything else is the error of `slot`, quoting what was given ([`shown`]).
fn signed_integer(
    v: &JsValue,
    slot: Slot,
    what: &str,
    key: &str,
    range: RangeInclusive<i64>,
) -> Result<i64, XqError> {
    let (min, max) = (*range.start(), *range.end());
    match v.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= min as f64 && n <= max as f64 => Ok(n as i64),
        _ => {
            let got = shown(v);
            Err(match slot {
                Slot::Option => XqError::options(format!(
                    "{what}: option {key} must be an integer from {min} to {max}, got {got}"
                )),
                Slot::Argument => XqError::argument(format!(
                    "{what}: {key} must be an integer from {min} to {max}, got {got}"
                )),
            })
        }
    }
}

/// [`signed_integer`] for a range of non-negative integers (all of them below 2^53).
fn integer(
    v: &JsValue,
    slot: Slot,
    what: &str,
    key: &str,
    range: RangeInclusive<u64>,
) -> Result<u64, XqError> {
    let (min, max) = (*range.start() as i64, *range.end() as i64);
    signed_integer(v, slot, what, key, min..=max).map(|n| n as u64)
}

/// A signed integer option in `range` (`undefined` = `None`); otherwise `ERR_OPTIONS`. (Only the engine's `skill`
/// is signed.)
#[cfg(feature = "wasm-search")]
pub(crate) fn signed_option(
    v: &JsValue,
    what: &str,
    key: &str,
    range: RangeInclusive<i64>,
) -> Result<Option<i64>, XqError> {
    if v.is_undefined() {
        return Ok(None);
    }
    signed_integer(v, Slot::Option, what, key, range).map(Some)
}

/// An integer option in `range` (`undefined` = `None`); otherwise `ERR_OPTIONS`.
pub(crate) fn int_option(
    v: &JsValue,
    what: &str,
    key: &str,
    range: RangeInclusive<u64>,
) -> Result<Option<u64>, XqError> {
    if v.is_undefined() {
        return Ok(None);
    }
    integer(v, Slot::Option, what, key, range).map(Some)
}

/// A required integer argument in `range`; otherwise `ERR_ARGUMENT`.
pub(crate) fn int_arg(
    v: &JsValue,
    what: &str,
    key: &str,
    range: RangeInclusive<u64>,
) -> Result<u64, XqError> {
    integer(v, Slot::Argument, what, key, range)
}

/// A string option that must be one of `choices` (`undefined` = `None`). Long strings are not copied. For the
/// options that are no list of the rules crate (the analysis' `side`); those are read by [`named_option`].
#[cfg(feature = "wasm-search")]
pub(crate) fn string_option(
    v: &JsValue,
    what: &str,
    key: &str,
    choices: &[&'static str],
) -> Result<Option<&'static str>, XqError> {
    if v.is_undefined() {
        return Ok(None);
    }
    let text = short_string(v, 16).ok();
    match text.and_then(|t| choices.iter().find(|c| **c == t)) {
        Some(c) => Ok(Some(c)),
        None => Err(XqError::options(format!(
            "{what}: option {key} must be {}, got {}",
            choices
                .iter()
                .map(|c| format!("\"{c}\""))
                .collect::<Vec<_>>()
                .join(" or "),
            shown(v)
        ))),
    }
}

/// An option whose value is a name of one of the rules crate's lists (`rules`, `mode`, `notation`, …): the
/// name or one of its aliases, any case; `None` when absent. The error lists the list's names.
pub(crate) fn named_option<T: Named>(
    v: &JsValue,
    what: &str,
    key: &str,
) -> Result<Option<T>, XqError> {
    Ok(name_index(v, what, key, T::NAMES)?.and_then(|i| T::ALL.get(i).copied()))
}

/// [`named_option`] as the place in `list` (one copy of the code for every list).
fn name_index(v: &JsValue, what: &str, key: &str, list: &[Name]) -> Result<Option<usize>, XqError> {
    if v.is_undefined() {
        return Ok(None);
    }
    match short_string(v, 16).ok().and_then(|t| names::find(list, &t)) {
        Some(i) => Ok(Some(i)),
        None => Err(XqError::options(format!(
            "{what}: option {key} must be {}, got {}",
            names::expected(list),
            shown(v)
        ))),
    }
}

/// A colour argument: `"red"` or `"black"`.
pub(crate) fn color_arg(v: &JsValue, what: &str) -> Result<Color, XqError> {
    match short_string(v, 8).ok().as_deref() {
        Some("red") => Ok(Color::Red),
        Some("black") => Ok(Color::Black),
        _ => Err(XqError::argument(format!(
            "{what}: expected \"red\" or \"black\", got {}",
            shown(v)
        ))),
    }
}
