//! Search scores: centipawns, and mate distances encoded near ±[`MATE`].

use core::fmt;

/// The score of giving mate at the root (mate in 0 plies).
pub const MATE: i32 = 30_000;
/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 100;
/// Scores at or beyond ±`MATE_BOUND` are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32 - 1;
/// Larger than any score.
pub const INFINITE: i32 = MATE + 1;

/// The score of being mated at `ply`.
#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// The score of mating at `ply`.
#[inline]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// A score as reported: centipawns or moves to mate, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns (a soldier on its own half is 100).
    Cp(i32),
    /// Mate in this many moves (of the side to move): positive when the side to move mates, negative when it
    /// is mated. Also used for wins and losses by the repetition rules (a perpetual check that must vary).
    Mate(i32),
}

impl Score {
    /// The reported form of an internal score.
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-((MATE + s) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

/// UCI form: `cp 35` or `mate -3`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_convert_to_moves() {
        assert_eq!(Score::from_internal(mate_in(1)), Score::Mate(1));
        assert_eq!(Score::from_internal(mate_in(3)), Score::Mate(2));
        assert_eq!(Score::from_internal(mated_in(0)), Score::Mate(0));
        assert_eq!(Score::from_internal(mated_in(2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(35), Score::Cp(35));
        assert_eq!(Score::Mate(-3).to_string(), "mate -3");
    }
}
