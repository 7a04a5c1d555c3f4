//! Counting repetition violations (违例, wéilì) through a game — docs/rules.md §5.5.
//!
//! Over the board a side whose repetition is forbidden is first told to vary (应由犯例方变着，不变作负, S0
//! 4.2.4; 应由前者变着，不变判负, CXA 棋例 总则 4), and "在同一局棋中，单方面出现第三次违例" loses (Basic Rules 三.1(八)):
//! the third violation in the same game loses even when the side varied each time. The count matters only
//! where play goes on after a violation — [`Mode::Analysis`](super::Mode::Analysis), the mode of game
//! records whose players played on — since in `Adjudicate` mode the first violation already ends the game
//! and in `Enforce` mode the violating move is refused. [`repetition_violations`] lists them;
//! [`Game::repetition_violations`] and [`Game::third_violation`] read them off a game.

use super::{rule_repetition_with_overrides, Options, Reason};
use crate::{Color, Game, Move, Position, Role};

/// The number of violations in one game that loses (Basic Rules 三.1(八)).
pub const VIOLATIONS_TO_LOSE: u32 = 3;

/// One repetition violation: a position reached its `repetition_count`-th occurrence (the repetition rules
/// apply, docs/rules.md §5.3) and the ruling condemned a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The game ply (1 = the first move) that completed the repetition.
    pub ply: usize,
    /// The side that had to vary.
    pub offender: Color,
    /// The reason of the ruling (`perpetualCheck`, `perpetualChase`, …).
    pub reason: Reason,
    /// Which violation of the offender this is in the game (1 = its first).
    pub number: u32,
}

/// The repetition violations of the game played from `start` with `moves` (all legal), in order, under
/// `options` and the arbiter's idle overrides `idle_plies` (game plies, as for
/// [`rule_repetition_with_overrides`]).
///
/// A violation is counted when a position occurs for the `repetition_count`-th time in the reversible span
/// and the ruling of the span condemns a side. Playing on in the same cycle is the same violation (not
/// varying, 不变), not a new one: a repetition whose span starts before the ply of the previous counted
/// violation is not counted again. A new violation needs a cycle formed after the previous one.
pub fn repetition_violations(
    start: &Position,
    moves: &[Move],
    options: &Options,
    idle_plies: &[usize],
) -> Vec<Violation> {
    let need = options.repetition_count.max(2) as usize - 1;
    let mut positions: Vec<Position> = Vec::with_capacity(moves.len() + 1);
    positions.push(start.clone());
    let mut span_start = 0;
    let mut last_counted: Option<usize> = None;
    let mut counts = [0u32; 2];
    let mut out = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        let before = &positions[i];
        let irreversible = before.is_capture(m)
            || before
                .board()
                .piece_at(m.from)
                .is_some_and(|p| p.role == Role::Soldier && m.from.file() == m.to.file());
        let mut after = before.clone();
        after.play_unchecked(m);
        let n = i + 1;
        if irreversible {
            span_start = n;
        }
        positions.push(after);
        let now = &positions[n];
        // Earlier occurrences, same side to move, inside the reversible span.
        let mut earlier = Vec::new();
        let mut k = n;
        while k >= span_start + 2 {
            k -= 2;
            if positions[k].hash() == now.hash() && positions[k].board() == now.board() {
                earlier.push(k);
            }
        }
        if earlier.len() != need {
            continue; // not yet repeated enough, or a later occurrence of a cycle already ruled
        }
        let first = earlier[need - 1];
        if last_counted.is_some_and(|p| first < p) {
            continue; // the same cycle, played on
        }
        let ruling = rule_repetition_with_overrides(
            &positions[first],
            &moves[first..n],
            first + 1,
            options,
            idle_plies,
        );
        if let Some(offender) = ruling.offender {
            counts[offender.index()] += 1;
            out.push(Violation {
                ply: n,
                offender,
                reason: ruling.reason,
                number: counts[offender.index()],
            });
            last_counted = Some(n);
        }
    }
    out
}

impl Game {
    /// The repetition violations of the game so far, under its options and idle overrides (see
    /// [`repetition_violations`]). Only [`Mode::Analysis`](super::Mode::Analysis) plays on after the first.
    pub fn repetition_violations(&self) -> Vec<Violation> {
        let moves: Vec<Move> = self.history().iter().map(|r| r.mv).collect();
        repetition_violations(self.start(), &moves, self.options(), self.idle_overrides())
    }

    /// The first violation that is its offender's third in the game (Basic Rules 三.1(八): that side loses), if any.
    pub fn third_violation(&self) -> Option<Violation> {
        self.repetition_violations()
            .into_iter()
            .find(|v| v.number == VIOLATIONS_TO_LOSE)
    }
}
