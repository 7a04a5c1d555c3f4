//! Skill levels for teaching and casual play, from −10 to 20. Level 20 is full strength and fully
//! deterministic. From 0 to 19 the search is capped in depth and the move is chosen among the best lines
//! with seeded noise. Below 0 are the novice levels, for a player who has just learnt the moves: a one-ply
//! search (with its quiescence, so a piece left to be taken at once is seen) of every move, and a move picked
//! at random among those that do not lose much more than the best — it rarely hangs a piece outright, but
//! it sees no threat, plans nothing and often leaves free material where it is. Every choice is reproducible
//! (same seed, same position, same choice) but varied from position to position.

use super::score::MATE_BOUND;

/// Full strength.
pub const FULL: i8 = 20;
/// The weakest novice level.
pub const NOVICE_MIN: i8 = -10;

/// Deepest iteration at `level` (< 20): 1 at every novice level and at level 0, 10 at level 19.
pub fn depth_cap(level: i8) -> u32 {
    1 + level.max(0) as u32 / 2
}

/// Centipawns of noise a level (0 to 20) adds to each candidate's score: 240 at level 0, 12 at level 19.
pub fn weakness(level: i8) -> i32 {
    (20 - level.clamp(0, 20) as i32) * 12
}

/// How far below the best a novice level's move may score, in centipawns: 140 at level −1, 300 at −5, 500 at
/// −10 (more than a horse: the weakest level gives pieces away).
pub fn novice_tolerance(level: i8) -> i32 {
    100 + 40 * (-(level.clamp(NOVICE_MIN, -1) as i32))
}

/// A novice level's pick among every root move (`scores`, best first): uniformly at random among the moves
/// within [`novice_tolerance`] of the best, never a move that is mated when the best is not.
pub fn pick_novice(scores: &[i32], level: i8, seed: u64) -> usize {
    let Some(&top) = scores.first() else {
        return 0;
    };
    let floor = top.saturating_sub(novice_tolerance(level));
    let ok: Vec<usize> = (0..scores.len())
        .filter(|&i| scores[i] >= floor && !(scores[i] <= -MATE_BOUND && top > -MATE_BOUND))
        .collect();
    let mut state = seed;
    ok[(splitmix(&mut state) % ok.len() as u64) as usize]
}

/// A SplitMix64 step on `state` ([`xiangqi::zobrist::splitmix64`]): a small, well-mixed, seedable generator.
pub fn splitmix(state: &mut u64) -> u64 {
    let (next, value) = xiangqi::zobrist::splitmix64(*state);
    *state = next;
    value
}

/// Picks a line among `scores` (best first): each gets uniform noise in `0..=weakness(level)`; lines more
/// than twice the weakness below the best, and lines that are mated while the best is not, are never picked.
pub fn pick(scores: &[i32], level: i8, seed: u64) -> usize {
    let Some(&top) = scores.first() else {
        return 0;
    };
    let w = weakness(level);
    let mut state = seed;
    let mut best = (i32::MIN, 0);
    for (i, &s) in scores.iter().enumerate() {
        let noise = (splitmix(&mut state) % (w as u64 + 1)) as i32;
        if i > 0 && (s < top - 2 * w || (s <= -MATE_BOUND && top > -MATE_BOUND)) {
            continue;
        }
        let v = s.saturating_add(noise);
        if v > best.0 {
            best = (v, i);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_is_reproducible_and_bounded() {
        let scores = [50, 40, 30, -500];
        let a = pick(&scores, 5, 1234);
        assert_eq!(a, pick(&scores, 5, 1234));
        // The -500 line is more than 2 × weakness(5) = 360 below the best: never picked.
        for seed in 0..200 {
            assert_ne!(pick(&scores, 5, seed), 3);
        }
        // Different seeds give different choices at a low level.
        let picks: std::collections::BTreeSet<usize> =
            (0..50).map(|s| pick(&scores, 0, s)).collect();
        assert!(picks.len() > 1);
    }

    #[test]
    fn novices_pick_at_random_among_the_moves_that_do_not_lose_much() {
        // Best first: a won pawn, quiet moves, a hung horse (−330), a mate against.
        let scores = [120, 30, 0, -20, -330, -MATE_BOUND - 5];
        let picks = |level| -> std::collections::BTreeSet<usize> {
            (0..400).map(|s| pick_novice(&scores, level, s)).collect()
        };
        // −1: within 140 of the best: the first four.
        assert_eq!(picks(-1), (0..4).collect());
        // −10: within 500, so the horse too; never the mate.
        assert_eq!(picks(-10), (0..5).collect());
        assert_eq!(pick_novice(&scores, -3, 9), pick_novice(&scores, -3, 9));
        // Only moves that are mated: one of them.
        assert!(pick_novice(&[-MATE_BOUND - 1, -MATE_BOUND - 3], -5, 1) < 2);
        assert_eq!((depth_cap(-4), depth_cap(0), depth_cap(19)), (1, 1, 10));
    }
}
