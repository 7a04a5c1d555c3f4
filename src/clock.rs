//! The JavaScript `Clock`: the pure game clock of [`xiangqi::clock`]. It never reads the time: the caller says
//! how many milliseconds the side to move used, the clock says whose flag fell and why.

use super::dto::to_js;
use super::errors::XqError;
use super::input::{bool_option, color_arg, int_arg, int_option, is_absent, options_arg};
use js_sys::JsString;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use xiangqi::clock::{self, Flag, Period, TimeControl};
use xiangqi::Color;

/// The presets (`ClockPreset`).
const PRESETS: [(&str, TimeControl); 7] = [
    ("cxa-6.1", TimeControl::cxa_6_1()),
    ("cxa-6.2", TimeControl::cxa_6_2()),
    ("cxa-6.3", TimeControl::cxa_6_3()),
    ("cxa-6.4", TimeControl::cxa_6_4()),
    ("axf-total-90", TimeControl::axf_total(90, true)),
    ("axf-total-60", TimeControl::axf_total(60, true)),
    ("axf-per-move", TimeControl::axf_per_move()),
];

/// The longest time accepted anywhere: ten days in milliseconds.
const MAX_MS: u64 = 864_000_000;

/// A fallen flag (`ClockFlag`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FlagDto {
    color: &'static str,
    reason: &'static str,
    period: u32,
    moves_made: u32,
    moves_required: Option<u32>,
    message: String,
}

fn flag_js(f: Option<Flag>) -> JsValue {
    f.map_or(JsValue::NULL, |f| {
        to_js(&FlagDto {
            color: f.color.name(),
            reason: f.reason.code(),
            period: f.period,
            moves_made: f.moves_made,
            moves_required: f.moves_required,
            message: f.to_string(),
        })
    })
}

/// A time (milliseconds) or a number of moves of a scheme: an integer from `min` to [`MAX_MS`].
fn ms(v: &JsValue, what: &str, key: &str, min: u64) -> Result<Option<u64>, XqError> {
    int_option(v, what, key, min..=MAX_MS)
}

/// The milliseconds a side thought: an integer from 0 to [`MAX_MS`] (required).
fn elapsed_arg(v: &JsValue, what: &str) -> Result<u64, XqError> {
    int_arg(v, what, "elapsedMs", 0..=MAX_MS)
}

fn control_arg(v: &JsValue) -> Result<TimeControl, XqError> {
    let what = "new Clock";
    if let Some(s) = v.dyn_ref::<JsString>() {
        let name = if s.length() <= 16 {
            String::from(s)
        } else {
            String::new()
        };
        return PRESETS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, c)| *c)
            .ok_or_else(|| {
                XqError::options(format!(
                    "{what}: unknown preset; expected one of {}",
                    PRESETS.map(|(n, _)| n).join(", ")
                ))
            });
    }
    let [first_ms, first_moves, then_ms, then_moves, carry_over, per_move_ms, reserve_ms] =
        options_arg(
            v,
            what,
            [
                "firstMs",
                "firstMoves",
                "thenMs",
                "thenMoves",
                "carryOver",
                "perMoveMs",
                "reserveMs",
            ],
        )?;
    if let Some(per_move) = ms(&per_move_ms, what, "perMoveMs", 1)? {
        if !(first_ms.is_undefined()
            && first_moves.is_undefined()
            && then_ms.is_undefined()
            && then_moves.is_undefined())
        {
            return Err(XqError::options(format!(
                "{what}: perMoveMs cannot be combined with firstMs / firstMoves / thenMs / thenMoves"
            )));
        }
        return Ok(TimeControl::PerMove {
            per_move_millis: per_move,
            reserve_millis: ms(&reserve_ms, what, "reserveMs", 0)?.unwrap_or(0),
        });
    }
    let first = ms(&first_ms, what, "firstMs", 1)?.ok_or_else(|| {
        XqError::options(format!(
            "{what}: expected a preset name or a scheme with firstMs or perMoveMs"
        ))
    })?;
    let first_moves = ms(&first_moves, what, "firstMoves", 1)?.map(|n| n as u32);
    let then = match (
        ms(&then_ms, what, "thenMs", 1)?,
        ms(&then_moves, what, "thenMoves", 1)?,
    ) {
        (Some(t), m) => Some(Period {
            millis: t,
            moves: m.map(|n| n as u32),
        }),
        (None, None) => None,
        (None, Some(_)) => return Err(XqError::options(format!("{what}: thenMoves needs thenMs"))),
    };
    Ok(TimeControl::Periods {
        first: Period {
            millis: first,
            moves: first_moves,
        },
        then,
        carry_over: bool_option(&carry_over, what, "carryOver", true)?,
    })
}

/// A game clock for the competition time controls (计时钟).
#[wasm_bindgen(skip_typescript)]
pub struct Clock {
    inner: clock::Clock,
}

#[wasm_bindgen]
impl Clock {
    /// `new Clock(preset | scheme, first?)`. Throws `ERR_OPTIONS`, `ERR_ARGUMENT`.
    #[wasm_bindgen(constructor, skip_typescript)]
    pub fn new(control: JsValue, first: JsValue) -> Result<Clock, XqError> {
        let control = control_arg(&control)?;
        let first = if is_absent(&first) {
            Color::Red
        } else {
            color_arg(&first, "new Clock")?
        };
        Ok(Clock {
            inner: clock::Clock::new(control, first),
        })
    }

    /// The side to move completes its move after `elapsedMs` and presses its clock. Returns the flag if it fell.
    #[wasm_bindgen(skip_typescript)]
    pub fn press(&mut self, elapsed_ms: JsValue) -> Result<JsValue, XqError> {
        let e = elapsed_arg(&elapsed_ms, "press")?;
        Ok(flag_js(self.inner.press(e).err()))
    }

    /// Whether the flag of the side to move would have fallen after `elapsedMs` (nothing recorded).
    #[wasm_bindgen(skip_typescript)]
    pub fn check(&self, elapsed_ms: JsValue) -> Result<JsValue, XqError> {
        let e = elapsed_arg(&elapsed_ms, "check")?;
        Ok(flag_js(self.inner.check(e)))
    }

    /// Records that the side to move's flag fell after `elapsedMs`, if it did.
    #[wasm_bindgen(js_name = flagFell, skip_typescript)]
    pub fn flag_fell(&mut self, elapsed_ms: JsValue) -> Result<JsValue, XqError> {
        let e = elapsed_arg(&elapsed_ms, "flagFell")?;
        Ok(flag_js(self.inner.flag_fell(e)))
    }

    /// The fallen flag, or `null`.
    #[wasm_bindgen(skip_typescript)]
    pub fn flag(&self) -> JsValue {
        flag_js(self.inner.flag())
    }

    /// Whose clock runs.
    #[wasm_bindgen(skip_typescript)]
    pub fn turn(&self) -> String {
        self.inner.turn().name().into()
    }

    /// Milliseconds left to `color` in its current period.
    #[wasm_bindgen(skip_typescript)]
    pub fn remaining(&self, color: JsValue) -> Result<f64, XqError> {
        Ok(self.inner.remaining(color_arg(&color, "remaining")?) as f64)
    }

    /// The period `color` is in (1 = the first).
    #[wasm_bindgen(skip_typescript)]
    pub fn period(&self, color: JsValue) -> Result<u32, XqError> {
        Ok(self.inner.period(color_arg(&color, "period")?))
    }

    /// Moves `color` must still make in its period, or `null` without a quota.
    #[wasm_bindgen(js_name = movesToGo, skip_typescript)]
    pub fn moves_to_go(&self, color: JsValue) -> Result<JsValue, XqError> {
        Ok(self
            .inner
            .moves_to_go(color_arg(&color, "movesToGo")?)
            .map_or(JsValue::NULL, |n| JsValue::from(n as f64)))
    }
}
