//! Move generation the search needs beyond [`Position::legal_moves`]: captures only, for quiescence, built
//! on the board's attack tables, with a cheap legality test after the move is made.

use crate::rules::attacks::{
    ADVISOR_STEPS, ELEPHANT_STEPS, GENERAL_STEPS, HORSE_STEPS, SOLDIER_STEPS,
};
use crate::rules::{Move, MoveList, Position, Role, Square};

/// Appends every pseudo-legal capture of the side to move (the move may still expose its own general; test
/// with [`leaves_mover_safe`] after playing it).
pub fn pseudo_captures(pos: &Position, out: &mut MoveList) {
    let b = pos.board();
    let us = pos.turn();
    let own = b.by_color(us);
    let enemy = b.by_color(us.other());
    let occupied = b.occupied();
    for from in own {
        let role = match b.piece_at(from) {
            Some(p) => p.role,
            None => continue,
        };
        match role {
            Role::Chariot | Role::Cannon => {
                let rv = b.rank_view(from);
                let fv = b.file_view(from);
                let (rbits, fbits) = if role == Role::Chariot {
                    (rv.first, fv.first)
                } else {
                    (rv.second, fv.second)
                };
                let rank_base = from.rank() as i32 * 9;
                let mut m = rbits;
                while m != 0 {
                    let bit = m.trailing_zeros() as i32;
                    m &= m - 1;
                    if let Some(to) = Square::new((rank_base + bit) as u8) {
                        if enemy.contains(to) {
                            out.push(Move::new(from, to));
                        }
                    }
                }
                let mut m = fbits;
                while m != 0 {
                    let bit = m.trailing_zeros() as i32;
                    m &= m - 1;
                    if let Some(to) = Square::new((bit * 9 + from.file() as i32) as u8) {
                        if enemy.contains(to) {
                            out.push(Move::new(from, to));
                        }
                    }
                }
            }
            Role::Horse => {
                for st in HORSE_STEPS[from.index()].as_slice() {
                    if !occupied.contains(st.block) && enemy.contains(st.to) {
                        out.push(Move::new(from, st.to));
                    }
                }
            }
            Role::Elephant => {
                for st in ELEPHANT_STEPS[from.index()].as_slice() {
                    if !occupied.contains(st.block) && enemy.contains(st.to) {
                        out.push(Move::new(from, st.to));
                    }
                }
            }
            Role::Soldier => {
                for to in SOLDIER_STEPS[us.index()][from.index()] & enemy {
                    out.push(Move::new(from, to));
                }
            }
            Role::Advisor => {
                for to in ADVISOR_STEPS[from.index()] & enemy {
                    out.push(Move::new(from, to));
                }
            }
            Role::General => {
                for to in GENERAL_STEPS[from.index()] & enemy {
                    out.push(Move::new(from, to));
                }
            }
        }
    }
}

/// After a pseudo-legal move has been played on `pos`, whether the side that moved left its general safe
/// (not attacked, generals not facing).
#[inline]
pub fn leaves_mover_safe(pos: &Position) -> bool {
    let mover = pos.turn().other();
    !pos.board().general_attacked(pos.general(mover), pos.turn())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Captures generated here and filtered by legality equal the capturing moves of the legal move list.
    #[test]
    fn legal_captures_match_legal_moves() {
        for fen in [
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
            "r2akab2/9/2n1b1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1B1N2/4A4/R3KAB2 b - - 0 1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let mut mine = Vec::new();
            let mut list = MoveList::new();
            pseudo_captures(&pos, &mut list);
            for &m in list.iter() {
                let mut p = pos.clone();
                p.play_unchecked(m);
                if leaves_mover_safe(&p) {
                    mine.push(m);
                }
            }
            let mut expected: Vec<Move> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| pos.is_capture(m))
                .collect();
            mine.sort();
            expected.sort();
            assert_eq!(mine, expected, "{fen}");
        }
    }
}
