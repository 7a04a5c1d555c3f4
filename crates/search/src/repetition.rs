//! Repetition (重复, chóngfù) in search: which side, if any, a repeated position condemns.
//!
//! The search detects a cycle itself (same position, same side to move, no capture or forward soldier step in
//! between) and asks a [`RepetitionJudge`] for the verdict. The full AXF / CXA adjudication (perpetual check
//! 长将 and perpetual chase 长捉, docs/rules.md §5–§7) plugs in through this trait; [`PerpetualCheckJudge`] is the
//! default: a repetition is a draw, except that a side which gave check with every one of its moves in the
//! cycle loses (长将作负), and a cycle in which both sides checked on every move (解将还将) is a draw.

use xiangqi::{Color, Move, Position};

/// One move of a repetition cycle met in the search (the adjudicator's classified move is
/// [`rules::adjudication::CycleMove`](xiangqi::adjudication::CycleMove)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CycleStep {
    /// The move.
    pub mv: Move,
    /// Who played it.
    pub mover: Color,
    /// Whether it gave check.
    pub check: bool,
}

/// The ruling on a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The game is drawn (和棋, héqí).
    Draw,
    /// The side named must vary and loses if it does not (不变作负).
    Loses(Color),
}

/// Rules a repetition cycle. `position` is the repeated position (at the end of the cycle); `cycle` holds
/// the moves from the earlier occurrence to it, in order, and contains no capture, so the earlier position is
/// `position` with the moves taken back.
pub trait RepetitionJudge {
    /// The verdict on the cycle.
    fn judge(&self, position: &Position, cycle: &[CycleStep]) -> Verdict;
}

/// The default judge: perpetual check loses, everything else is a draw.
#[derive(Clone, Copy, Debug, Default)]
pub struct PerpetualCheckJudge;

impl RepetitionJudge for PerpetualCheckJudge {
    fn judge(&self, _position: &Position, cycle: &[CycleStep]) -> Verdict {
        let perpetual = |c: Color| {
            let mut any = false;
            for m in cycle.iter().filter(|m| m.mover == c) {
                if !m.check {
                    return false;
                }
                any = true;
            }
            any
        };
        match (perpetual(Color::Red), perpetual(Color::Black)) {
            (true, false) => Verdict::Loses(Color::Red),
            (false, true) => Verdict::Loses(Color::Black),
            _ => Verdict::Draw,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cm(mv: &str, mover: Color, check: bool) -> CycleStep {
        CycleStep {
            mv: mv.parse().unwrap(),
            mover,
            check,
        }
    }

    #[test]
    fn perpetual_check_loses_and_mutual_check_draws() {
        let p = Position::new();
        let j = PerpetualCheckJudge;
        let one_sided = [
            cm("d5e5", Color::Red, true),
            cm("e9d9", Color::Black, false),
            cm("e5d5", Color::Red, true),
            cm("d9e9", Color::Black, false),
        ];
        assert_eq!(j.judge(&p, &one_sided), Verdict::Loses(Color::Red));
        let mixed = [
            cm("d5e5", Color::Red, true),
            cm("e9d9", Color::Black, false),
            cm("e5d5", Color::Red, false),
            cm("d9e9", Color::Black, false),
        ];
        assert_eq!(j.judge(&p, &mixed), Verdict::Draw);
        let mutual = [
            cm("d5e5", Color::Red, true),
            cm("e9d9", Color::Black, true),
            cm("e5d5", Color::Red, true),
            cm("d9e9", Color::Black, true),
        ];
        assert_eq!(j.judge(&p, &mutual), Verdict::Draw);
        let black = [
            cm("d5e5", Color::Red, false),
            cm("e9d9", Color::Black, true),
        ];
        assert_eq!(j.judge(&p, &black), Verdict::Loses(Color::Black));
    }
}
