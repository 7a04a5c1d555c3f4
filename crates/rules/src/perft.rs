//! Perft: the number of leaf nodes of the legal-move tree, the standard test of a move generator.

use super::{Move, Position};

/// Leaf nodes of the legal-move tree `depth` plies deep (bulk-counted at the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut p = pos.clone();
    perft_mut(&mut p, depth)
}

fn perft_mut(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal() as u64,
        _ => {
            let moves = pos.legal_moves();
            let mut n = 0;
            for &m in moves.iter() {
                let u = pos.play_unchecked(m);
                n += perft_mut(pos, depth - 1);
                pos.undo(m, u);
            }
            n
        }
    }
}

/// Perft split by root move, sorted in ICCS order: for each legal move, the leaves `depth` plies deep from
/// this position that start with it (so the counts add up to `perft(pos, depth)` for `depth >= 1`).
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut p = pos.clone();
    let mut moves = p.legal_moves();
    moves.sort_iccs();
    moves
        .iter()
        .map(|&m| {
            let u = p.play_unchecked(m);
            let n = if depth == 0 {
                1
            } else {
                perft_mut(&mut p, depth - 1)
            };
            p.undo(m, u);
            (m, n)
        })
        .collect()
}
