//! The repetition judge backed by the full adjudicator: perpetual check, perpetual chase, mate threats and
//! their mixtures, under the AXF or CXA rule set (docs/rules.md §5–§7), so the engine scores a repeating line the
//! way a referee would rule it.

use super::repetition::{CycleStep, RepetitionJudge, Verdict};
use std::cell::RefCell;
use std::collections::HashMap;
use xiangqi::adjudication::{rule_repetition, Options, Ruleset};
use xiangqi::{Position, Setup};

/// Most verdicts remembered; the cache is cleared when it is full.
const CACHE_LIMIT: usize = 4096;

/// Rules repetition cycles met in the search with [`rule_repetition`]. Rulings are cached by the cycle (the
/// same cycle recurs in many branches of one search).
#[derive(Debug)]
pub struct RulesJudge {
    options: Options,
    cache: RefCell<HashMap<u64, Verdict>>,
}

impl RulesJudge {
    /// A judge applying `options` (its rule set and mate-threat depth; the rest does not affect a ruling).
    pub fn new(options: Options) -> RulesJudge {
        RulesJudge {
            options,
            cache: RefCell::new(HashMap::new()),
        }
    }

    /// A judge for the rule set with default options.
    pub fn for_ruleset(ruleset: Ruleset) -> RulesJudge {
        RulesJudge::new(Options {
            ruleset,
            ..Options::default()
        })
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }
}

impl Default for RulesJudge {
    fn default() -> RulesJudge {
        RulesJudge::new(Options::default())
    }
}

/// The position before `cycle`: `position` with the cycle's moves taken back. The cycle holds no capture,
/// so each move is undone by moving the piece back.
fn cycle_start(position: &Position, cycle: &[CycleStep]) -> Option<Position> {
    let mut setup: Setup = position.to_setup();
    for m in cycle.iter().rev() {
        let piece = setup.board.piece_at(m.mv.to)?;
        setup.board.set(m.mv.to, None);
        setup.board.set(m.mv.from, Some(piece));
        setup.turn = setup.turn.other();
    }
    setup.halfmoves = setup.halfmoves.saturating_sub(cycle.len() as u32);
    Position::from_setup(setup).ok()
}

impl RepetitionJudge for RulesJudge {
    fn judge(&self, position: &Position, cycle: &[CycleStep]) -> Verdict {
        let key = cycle.iter().fold(position.hash(), |h, m| {
            (h ^ u64::from(m.mv.to_u16()))
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(17)
        });
        if let Some(&v) = self.cache.borrow().get(&key) {
            return v;
        }
        let Some(start) = cycle_start(position, cycle) else {
            return Verdict::Draw;
        };
        let moves: Vec<_> = cycle.iter().map(|m| m.mv).collect();
        let ruling = rule_repetition(&start, &moves, 1, &self.options);
        let verdict = match (ruling.offender, ruling.result.winner()) {
            (Some(offender), Some(winner)) if winner != offender => Verdict::Loses(offender),
            _ => Verdict::Draw,
        };
        let mut cache = self.cache.borrow_mut();
        if cache.len() >= CACHE_LIMIT {
            cache.clear();
        }
        cache.insert(key, verdict);
        verdict
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::{Color, Move};

    /// Plays `moves` from `fen` and returns the final position and the cycle as the search would pass it.
    fn cycle(fen: &str, moves: &str) -> (Position, Vec<CycleStep>) {
        let mut pos = Position::from_fen(fen).unwrap();
        let mut out = Vec::new();
        for m in moves.split(' ') {
            let mv: Move = m.parse().unwrap();
            let mover = pos.turn();
            pos.play(mv).unwrap();
            out.push(CycleStep {
                mv,
                mover,
                check: pos.is_check(),
            });
        }
        (pos, out)
    }

    #[test]
    fn perpetual_chase_loses_under_both_rule_sets() {
        // Rulings case R05: the chariot chases the unprotected cannon; one cycle is enough for the judge.
        let (pos, c) = cycle(
            "4k4/9/8c/9/9/7R1/9/9/9/3K5 w - - 0 1",
            "h4i4 i7h7 i4h4 h7i7",
        );
        assert_eq!(
            RulesJudge::for_ruleset(Ruleset::Axf).judge(&pos, &c),
            Verdict::Loses(Color::Red)
        );
        assert_eq!(
            RulesJudge::for_ruleset(Ruleset::Cxa).judge(&pos, &c),
            Verdict::Loses(Color::Red)
        );
    }

    #[test]
    fn rule_sets_differ_on_chasing_two_pieces() {
        // Rulings case R12: one chariot chases two cannons by turns: AXF draw, CXA Red loses.
        let (pos, c) = cycle(
            "4k4/9/c6c1/9/9/8R/9/9/9/3K5 w - - 0 1",
            "i4a4 a7b7 a4h4 h7i7 h4b4 b7a7 b4i4 i7h7",
        );
        assert_eq!(
            RulesJudge::for_ruleset(Ruleset::Axf).judge(&pos, &c),
            Verdict::Draw
        );
        let cxa = RulesJudge::for_ruleset(Ruleset::Cxa);
        assert_eq!(cxa.judge(&pos, &c), Verdict::Loses(Color::Red));
        // Cached: the same answer again.
        assert_eq!(cxa.judge(&pos, &c), Verdict::Loses(Color::Red));
    }

    #[test]
    fn idle_shuffling_is_a_draw_and_perpetual_check_loses() {
        let (pos, c) = cycle("3k5/9/r8/9/9/9/9/9/8R/4K4 w - - 0 1", "e0f0 d9d8 f0e0 d8d9");
        assert_eq!(RulesJudge::default().judge(&pos, &c), Verdict::Draw);
        let (pos, c) = cycle("4k4/9/9/9/5R3/9/9/9/9/3K5 w - - 0 1", "f5e5 e9f9 e5f5 f9e9");
        assert_eq!(
            RulesJudge::default().judge(&pos, &c),
            Verdict::Loses(Color::Red)
        );
    }
}
