//! An exhaustive forced-mate prover, independent of the alpha-beta search: full width for both sides, no
//! pruning, no evaluation. Used to verify mate puzzles (the search's mate scores are checked against it in the
//! tests) and usable by an adjudicator for mate threats (杀着, docs/rules.md §6.2).
//!
//! "Mate" here is any position where the side to move has no legal move: checkmate (将死) and stalemate
//! (困毙) both lose in xiangqi. Repetition and the move limit are ignored (they cannot arise in the short
//! sequences this is meant for).

use std::collections::HashMap;
use xiangqi::Position;

/// Proves or refutes forced mates; remembers solved nodes between calls.
#[derive(Debug, Default)]
pub struct MateProver {
    memo: HashMap<(u64, u32), bool>,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Give up after this many nodes (0 = never); see [`MateProver::gave_up`].
    pub node_limit: u64,
    /// Remember at most this many solved nodes (0 = no cap): the memo stops growing there, the answers stay right.
    pub memo_limit: usize,
    gave_up: bool,
}

/// What the defender (the side to move) can do against a forced mate: see [`MateProver::defend`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Defence {
    /// The defender has no legal move: mated (or stalemated, which loses too).
    Mated,
    /// This reply escapes: after it the attacker has no forced mate within the limit.
    Escape(xiangqi::Move),
    /// Every reply loses; this one holds out longest: the attacker then needs `mate_in` moves.
    Stubborn {
        /// The most stubborn reply (the first in generation order among the longest).
        reply: xiangqi::Move,
        /// The attacker's moves to mate after it.
        mate_in: u32,
    },
}

impl MateProver {
    /// A prover with an empty memo.
    pub fn new() -> MateProver {
        MateProver::default()
    }

    /// A prover that gives up after `node_limit` nodes (0 = never) and remembers at most `memo_limit` solved
    /// nodes (0 = no cap).
    pub fn with_limits(node_limit: u64, memo_limit: usize) -> MateProver {
        MateProver {
            node_limit,
            memo_limit,
            ..MateProver::default()
        }
    }

    /// Whether the node limit was hit: answers given since are not proofs.
    pub fn gave_up(&self) -> bool {
        self.gave_up
    }

    /// Starts counting nodes afresh (`nodes` = 0, not given up) for the next question; the memo is kept.
    pub fn reset_count(&mut self) {
        self.nodes = 0;
        self.gave_up = false;
    }

    /// Whether the side to move in `pos` can force mate within `moves` of its own moves (mate in 1 = the next
    /// move leaves the opponent without a legal move).
    pub fn mates_within(&mut self, pos: &Position, moves: u32) -> bool {
        let mut p = pos.clone();
        self.attack(&mut p, moves)
    }

    /// The moves that force mate within `moves`, in generation order.
    pub fn mating_moves(&mut self, pos: &Position, moves: u32) -> Vec<xiangqi::Move> {
        let mut p = pos.clone();
        let mut out = Vec::new();
        for &m in p.legal_moves().iter() {
            let u = p.play_unchecked(m);
            if self.all_replies_lose(&mut p, moves) {
                out.push(m);
            }
            p.undo(m, u);
        }
        out
    }

    /// The fewest of its own moves, at most `max`, in which the side to move in `pos` forces mate; `None` when
    /// it cannot within `max`.
    pub fn shortest_mate(&mut self, pos: &Position, max: u32) -> Option<u32> {
        (1..=max).find(|&n| self.mates_within(pos, n))
    }

    /// The defender's (side to move's) best answer when the attacker has `moves` moves left after it: no move
    /// ([`Defence::Mated`]), a reply that escapes the mate ([`Defence::Escape`], the first found), or, when
    /// every reply loses, the one after which the mate takes longest ([`Defence::Stubborn`]).
    pub fn defend(&mut self, pos: &Position, moves: u32) -> Defence {
        let mut p = pos.clone();
        let replies = p.legal_moves();
        if replies.is_empty() {
            return Defence::Mated;
        }
        let mut best: Option<(xiangqi::Move, u32)> = None;
        for &r in replies.iter() {
            let u = p.play_unchecked(r);
            let length = (1..=moves).find(|&k| self.attack(&mut p, k));
            p.undo(r, u);
            match (length, best) {
                (None, _) => return Defence::Escape(r),
                (Some(k), Some((_, b))) if k <= b => {}
                (Some(k), _) => best = Some((r, k)),
            }
        }
        let (reply, mate_in) = best.expect("a position with replies has a best one");
        Defence::Stubborn { reply, mate_in }
    }

    fn attack(&mut self, p: &mut Position, n: u32) -> bool {
        if n == 0 {
            return false;
        }
        let key = (p.hash(), n);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        self.nodes += 1;
        if self.node_limit > 0 && self.nodes > self.node_limit {
            self.gave_up = true;
            return false;
        }
        let moves = p.legal_moves();
        // Try checking moves first: most mates are reached through them.
        let mut ordered: Vec<(bool, xiangqi::Move)> = Vec::with_capacity(moves.len());
        for &m in moves.iter() {
            let u = p.play_unchecked(m);
            let check = p.is_check();
            p.undo(m, u);
            ordered.push((!check, m));
        }
        ordered.sort_by_key(|&(quiet, _)| quiet);
        let mut found = false;
        for (_, m) in ordered {
            let u = p.play_unchecked(m);
            let ok = self.all_replies_lose(p, n);
            p.undo(m, u);
            if ok {
                found = true;
                break;
            }
        }
        if !self.gave_up && (self.memo_limit == 0 || self.memo.len() < self.memo_limit) {
            self.memo.insert(key, found);
        }
        found
    }

    /// The side to move (the defender) is mated now, or every reply lets the attacker mate within `n - 1`.
    fn all_replies_lose(&mut self, p: &mut Position, n: u32) -> bool {
        self.nodes += 1;
        let replies = p.legal_moves();
        if replies.is_empty() {
            return true;
        }
        if n <= 1 {
            return false;
        }
        for &r in replies.iter() {
            let u = p.play_unchecked(r);
            let ok = self.attack(p, n - 1);
            p.undo(r, u);
            if !ok {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proves_a_mate_in_one_and_refutes_a_non_mate() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
        let mut p = MateProver::new();
        assert!(p.mates_within(&pos, 1));
        // a1d1 checkmates; a1a8 stalemates (the general's only points are d8, covered, and the e-file, which
        // faces Red's general), and stalemate loses too.
        assert_eq!(
            p.mating_moves(&pos, 1)
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>(),
            ["a1d1", "a1a8"]
        );
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert!(!p.mates_within(&pos, 2));
    }

    #[test]
    fn finds_the_shortest_mate_and_the_defences() {
        let mut p = MateProver::new();
        // mate2-chariot-1 of tests/data/mates.jsonl: 1. f0e0 d7d8 2. h4d4#.
        let pos = Position::from_fen("8N/9/3k5/9/9/7R1/9/9/1p4N2/5K3 w - - 0 1").unwrap();
        assert_eq!(p.shortest_mate(&pos, 4), Some(2));
        let mut after = pos.clone();
        after.play("f0e0".parse().unwrap()).unwrap();
        // Every reply is mated at once: the first in generation order (the soldier's capture) is given.
        assert_eq!(
            p.defend(&after, 1),
            Defence::Stubborn {
                reply: "b1b0".parse().unwrap(),
                mate_in: 1
            }
        );
        // mate4-horse-1, after its first move: the longest defence leaves a mate in 3.
        let pos4 = Position::from_fen("9/9/5k3/9/9/9/7C1/9/9/2N1K4 w - - 0 1").unwrap();
        let mut after4 = pos4.clone();
        after4.play("h3f3".parse().unwrap()).unwrap();
        assert!(matches!(
            p.defend(&after4, 3),
            Defence::Stubborn { mate_in: 3, .. }
        ));
        // The same position with no move left: any reply escapes.
        assert!(matches!(p.defend(&after, 0), Defence::Escape(_)));
        // A wrong first move: Black escapes.
        let mut wrong = pos.clone();
        wrong.play("h4h7".parse().unwrap()).unwrap();
        assert!(matches!(p.defend(&wrong, 1), Defence::Escape(_)));
        // Mated: no reply at all.
        let mut mated = Position::from_fen("9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1").unwrap();
        mated.play("b6d6".parse().unwrap()).unwrap();
        assert_eq!(p.defend(&mated, 1), Defence::Mated);
    }

    #[test]
    fn a_capped_memo_gives_the_same_answers() {
        let pos = Position::from_fen("9/9/5k3/9/9/9/7C1/9/9/2N1K4 w - - 0 1").unwrap();
        let mut full = MateProver::new();
        let mut capped = MateProver::with_limits(0, 10);
        assert_eq!(full.shortest_mate(&pos, 5), Some(4));
        assert_eq!(capped.shortest_mate(&pos, 5), Some(4));
        assert!(capped.memo.len() <= 10);
        assert_eq!(full.mating_moves(&pos, 4), capped.mating_moves(&pos, 4));
    }
}
