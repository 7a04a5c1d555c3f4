//! `GameOptions`: the rules options of a game as JS passes them (`new Game`, `setOptions`, the records, the
//! game an `Engine` searches).

use super::errors::XqError;
use super::input::{bool_option, int_option, named_option, options_arg};
use wasm_bindgen::JsValue;
use xiangqi::adjudication::{Mode, Options};
use xiangqi::Ruleset;

/// The keys of `GameOptions`.
pub(crate) const OPTION_KEYS: [&str; 6] = [
    "rules",
    "moveLimit",
    "repetitionCount",
    "mode",
    "checkDiscount",
    "mateThreatDepth",
];

/// Reads `GameOptions` over `base`: absent keys keep their value in `base`. `moveLimit` is in moves (the
/// adjudicator counts plies).
pub(crate) fn game_options(v: &JsValue, what: &str, base: Options) -> Result<Options, XqError> {
    game_options_of(options_arg(v, what, OPTION_KEYS)?, what, base)
}

/// [`game_options`] from the values of the keys [`OPTION_KEYS`], read from an options object with more keys.
pub(crate) fn game_options_of(
    [rules, move_limit, repetition_count, mode, check_discount, mate_threat_depth]: [JsValue; 6],
    what: &str,
    base: Options,
) -> Result<Options, XqError> {
    let mut o = base;
    if let Some(r) = named_option::<Ruleset>(&rules, what, "rules")? {
        o.ruleset = r;
    }
    if let Some(n) = int_option(&move_limit, what, "moveLimit", 0..=10_000)? {
        o.move_limit = n as u32 * 2;
    }
    if let Some(n) = int_option(&repetition_count, what, "repetitionCount", 2..=100)? {
        o.repetition_count = n as u32;
    }
    if let Some(m) = named_option::<Mode>(&mode, what, "mode")? {
        o.mode = m;
    }
    o.check_discount = bool_option(&check_discount, what, "checkDiscount", o.check_discount)?;
    if let Some(n) = int_option(&mate_threat_depth, what, "mateThreatDepth", 1..=4)? {
        o.mate_threat_depth = n as u32;
    }
    o.validate().map_err(|e| XqError::from(e).in_call(what))?;
    Ok(o)
}
