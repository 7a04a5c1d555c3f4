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
    gave_up: bool,
}

impl MateProver {
    /// A prover with an empty memo.
    pub fn new() -> MateProver {
        MateProver::default()
    }

    /// Whether the node limit was hit: answers given since are not proofs.
    pub fn gave_up(&self) -> bool {
        self.gave_up
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
        if !self.gave_up {
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
}
