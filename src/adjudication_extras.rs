//! The arbiter's tools on `Game` (docs/rules.md §4.5, §5.5, §6.6(6)): the practically drawn material a player may
//! claim, the override that rules a move idle, and the count of repetition violations in a game that played
//! on. A separate `#[wasm_bindgen] impl Game` block over [`xiangqi::Game::claimable_draw`],
//! [`xiangqi::Game::override_idle`] and [`xiangqi::Game::repetition_violations`].

use super::dto::to_js;
#[cfg(feature = "wasm-notation")]
use super::dto::OutcomeDto;
use super::errors::XqError;
use super::game::Game;
use super::input::int_arg;
#[cfg(feature = "wasm-notation")]
use super::input::{move_arg, short_text};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use xiangqi::adjudication::Violation;
#[cfg(feature = "wasm-notation")]
use xiangqi::GameResult;

/// One repetition violation (`RepetitionViolation`).
#[derive(Serialize)]
struct ViolationDto {
    ply: usize,
    offender: &'static str,
    reason: &'static str,
    number: u32,
}

impl ViolationDto {
    fn of(v: &Violation) -> ViolationDto {
        ViolationDto {
            ply: v.ply,
            offender: v.offender.name(),
            reason: v.reason.code(),
            number: v.number,
        }
    }
}

#[wasm_bindgen]
impl Game {
    /// The practically drawn material a player may claim before an arbiter (never an automatic ending), as a
    /// stable code, or `null`.
    #[wasm_bindgen(js_name = claimableDraw, skip_typescript)]
    pub fn claimable_draw(&self) -> JsValue {
        self.inner()
            .claimable_draw()
            .map_or(JsValue::NULL, |c| JsValue::from_str(c.code()))
    }

    /// Arbiter override (CXA 棋例 通则 3): the move at `ply` (1 = the first move) is ruled idle in repetition
    /// rulings, and the game is ruled again at once. `false` (and nothing changes) if no move was played at
    /// that ply.
    #[wasm_bindgen(js_name = overrideIdle, skip_typescript)]
    pub fn override_idle(&mut self, ply: JsValue) -> Result<bool, XqError> {
        let ply = int_arg(&ply, "overrideIdle", "ply", 1..=u64::from(u32::MAX))? as usize;
        Ok(self.inner_mut().override_idle(ply))
    }

    /// The plies ruled idle by `overrideIdle`, in the order they were given.
    #[wasm_bindgen(js_name = idleOverrides, skip_typescript)]
    pub fn idle_overrides(&self) -> Vec<JsValue> {
        self.inner()
            .idle_overrides()
            .iter()
            .map(|&p| JsValue::from_f64(p as f64))
            .collect()
    }

    /// The repetition violations of the game so far (Basic Rules 三.1(八): a side's third in one game loses).
    #[wasm_bindgen(js_name = repetitionViolations, skip_typescript)]
    pub fn repetition_violations(&self) -> JsValue {
        let list: Vec<ViolationDto> = self
            .inner()
            .repetition_violations()
            .iter()
            .map(ViolationDto::of)
            .collect();
        to_js(&list)
    }
}

/// Records read or written by the caller: the moves a record gives, its result, and what the rules would say
/// (with the records, feature `wasm-notation`).
#[cfg(feature = "wasm-notation")]
#[wasm_bindgen]
impl Game {
    /// The library's own ruling of the moves played: the first ending the rules give, at its ply, or `null`.
    #[wasm_bindgen(skip_typescript)]
    pub fn ruling(&self) -> JsValue {
        self.rules_game()
            .ruling()
            .map_or(JsValue::NULL, |o| to_js(&OutcomeDto::of(&o)))
    }

    /// For a game read from a record, how many of its first moves the record gave; `null` for a game played.
    #[wasm_bindgen(js_name = recordPlies, skip_typescript)]
    pub fn record_plies(&self) -> JsValue {
        self.rules_game()
            .record_plies()
            .map_or(JsValue::NULL, |n| JsValue::from(n as u32))
    }

    /// Plays a move read from a record (ICCS, or `{ from, to }`): legal by the rules of movement, not
    /// adjudicated. Returns its `MoveInfo`.
    #[wasm_bindgen(js_name = playRecorded, skip_typescript)]
    pub fn play_recorded(&mut self, mv: JsValue) -> Result<JsValue, XqError> {
        let m = move_arg(&mv)?;
        let before = self.pos().clone();
        let played = self.inner_mut().play_recorded(m)?;
        Ok(super::move_info::move_info(
            &before,
            m,
            played.captured,
            played.check,
        ))
    }

    /// Records the result a record gives (`"1-0"`, `"0-1"`, `"1/2-1/2"`) and returns the outcome.
    #[wasm_bindgen(js_name = recordResult, skip_typescript)]
    pub fn record_result(&mut self, result: JsValue) -> Result<JsValue, XqError> {
        let text = short_text(&result, 8);
        let r = text.as_deref().and_then(GameResult::parse).ok_or_else(|| {
            XqError::argument("recordResult: expected \"1-0\", \"0-1\" or \"1/2-1/2\"".to_string())
        })?;
        let o = self.inner_mut().record_result(r)?;
        Ok(to_js(&OutcomeDto::of(o)))
    }
}
