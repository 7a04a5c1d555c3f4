//! The verdict a game reports when it ends: plain data ([`Outcome`]); its explanation is rendered on demand
//! ([`Outcome::explain`], `Display`).

use super::{CycleMove, GameResult, Options, Reason, RepetitionRuling, Ruleset};
use crate::Color;

/// How a game ended: the score, the reason code, the rule set, the offender and, for a repetition ruling, the
/// classified cycle — data only. The sentence a player reads is rendered when asked for, in English
/// ([`Display`](core::fmt::Display), [`Outcome::explain`]) or Chinese.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub(crate) result: GameResult,
    pub(crate) reason: Reason,
    pub(crate) ruleset: Ruleset,
    pub(crate) offender: Option<Color>,
    pub(crate) cycle: Vec<CycleMove>,
    pub(crate) ply: usize,
    /// The natural move limit in force, in plies (the move-limit sentence names it).
    pub(crate) move_limit: u32,
    /// The occurrence that triggers the repetition rules (the repetition-draw sentence names it).
    pub(crate) repetition_count: u32,
}

impl Outcome {
    /// The score.
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// The winner; `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        self.result.winner()
    }

    /// The side that lost; `None` for a draw.
    pub fn loser(&self) -> Option<Color> {
        self.result.winner().map(Color::other)
    }

    /// Why the game ended.
    pub fn reason(&self) -> Reason {
        self.reason
    }

    /// The rule set in force when the game ended.
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    /// The side that broke a rule (perpetual check or chase, illegal move) or resigned / lost on time; `None`
    /// for checkmate, stalemate and draws.
    pub fn offender(&self) -> Option<Color> {
        self.offender
    }

    /// For a repetition ruling, the moves of the span with their classification; empty otherwise.
    pub fn cycle(&self) -> &[CycleMove] {
        &self.cycle
    }

    /// The number of plies played in the game when it ended (0 = in the start position).
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The natural move limit in plies that was in force (0 = none).
    pub fn move_limit(&self) -> u32 {
        self.move_limit
    }

    /// The occurrence of a position that triggered the repetition rules in force.
    pub fn repetition_count(&self) -> u32 {
        self.repetition_count
    }

    /// An ending without a cycle (mate, stalemate, move limit, dead position, external endings) under
    /// `options`.
    pub(crate) fn simple(
        result: GameResult,
        reason: Reason,
        offender: Option<Color>,
        ply: usize,
        options: &Options,
    ) -> Outcome {
        Outcome {
            result,
            reason,
            ruleset: options.ruleset,
            offender,
            cycle: Vec::new(),
            ply,
            move_limit: options.move_limit,
            repetition_count: options.repetition_count,
        }
    }

    /// The ending a repetition ruling gives, reached after `ply` plies, under `options` (those the ruling
    /// was made with).
    pub(crate) fn repetition(ruling: RepetitionRuling, ply: usize, options: &Options) -> Outcome {
        Outcome {
            result: ruling.result,
            reason: ruling.reason,
            ruleset: ruling.ruleset,
            offender: ruling.offender,
            cycle: ruling.cycle,
            ply,
            move_limit: options.move_limit,
            repetition_count: ruling.repetition_count,
        }
    }
}
