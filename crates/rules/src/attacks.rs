//! Move tables computed at compile time, and sliding-piece helpers over line occupancies.
//!
//! Sliding pieces (chariot, cannon, and the generals' facing rule) are handled with per-rank and per-file
//! occupancy masks: a rank is 9 bits, a file 10 bits. The blockers nearest to a point in each direction are
//! found with a couple of bit operations, which is both faster and smaller than a lookup table.

use super::{Bitboard, Color, Square};

/// A step target with the point that must be empty for the step: the horse's leg (马腿) or the elephant's
/// eye (象眼).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Destination.
    pub to: Square,
    /// The blocking point.
    pub block: Square,
}

/// Up to 8 [`Step`]s.
#[derive(Clone, Copy, Debug)]
pub struct Steps {
    items: [Step; 8],
    len: u8,
}

impl Steps {
    const EMPTY: Steps = Steps {
        items: [Step {
            to: Square::new_unchecked(0),
            block: Square::new_unchecked(0),
        }; 8],
        len: 0,
    };

    const fn push(mut self, to: Square, block: Square) -> Steps {
        self.items[self.len as usize] = Step { to, block };
        self.len += 1;
        self
    }

    /// The steps as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Step] {
        &self.items[..self.len as usize]
    }
}

const fn sq(i: usize) -> Square {
    Square::new_unchecked(i as u8)
}

const fn in_any_palace(s: Square) -> Option<Color> {
    if s.in_palace(Color::Red) {
        Some(Color::Red)
    } else if s.in_palace(Color::Black) {
        Some(Color::Black)
    } else {
        None
    }
}

const fn palace_steps(diagonal: bool) -> [Bitboard; 90] {
    let mut out = [Bitboard::EMPTY; 90];
    let dirs: [(i32, i32); 4] = if diagonal {
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    } else {
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
    };
    let mut i = 0;
    while i < 90 {
        let s = sq(i);
        if let Some(c) = in_any_palace(s) {
            let mut d = 0;
            while d < 4 {
                if let Some(t) = s.offset(dirs[d].0, dirs[d].1) {
                    if t.in_palace(c) {
                        out[i] = out[i].with_const(t);
                    }
                }
                d += 1;
            }
        }
        i += 1;
    }
    out
}

/// General steps: orthogonal neighbours inside the palace the point belongs to.
pub static GENERAL_STEPS: [Bitboard; 90] = palace_steps(false);
/// Advisor steps: diagonal neighbours inside the palace the point belongs to.
pub static ADVISOR_STEPS: [Bitboard; 90] = palace_steps(true);

const fn elephant_table() -> [Steps; 90] {
    let mut out = [Steps::EMPTY; 90];
    let dirs: [(i32, i32); 4] = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
    let mut i = 0;
    while i < 90 {
        let s = sq(i);
        let side = if s.rank() <= 4 {
            Color::Red
        } else {
            Color::Black
        };
        let mut d = 0;
        while d < 4 {
            if let Some(t) = s.offset(dirs[d].0, dirs[d].1) {
                if t.on_own_half(side) {
                    let eye = match s.offset(dirs[d].0 / 2, dirs[d].1 / 2) {
                        Some(e) => e,
                        None => panic!(),
                    };
                    out[i] = out[i].push(t, eye);
                }
            }
            d += 1;
        }
        i += 1;
    }
    out
}

/// Elephant steps from each point, never across the river, each with its eye.
pub static ELEPHANT_STEPS: [Steps; 90] = elephant_table();

const fn horse_table() -> [Steps; 90] {
    let mut out = [Steps::EMPTY; 90];
    let dirs: [(i32, i32); 8] = [
        (1, 2),
        (-1, 2),
        (1, -2),
        (-1, -2),
        (2, 1),
        (2, -1),
        (-2, 1),
        (-2, -1),
    ];
    let mut i = 0;
    while i < 90 {
        let s = sq(i);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = dirs[d];
            if let Some(t) = s.offset(df, dr) {
                let (lf, lr) = if dr == 2 || dr == -2 {
                    (0, dr / 2)
                } else {
                    (df / 2, 0)
                };
                let leg = match s.offset(lf, lr) {
                    Some(l) => l,
                    None => panic!(),
                };
                out[i] = out[i].push(t, leg);
            }
            d += 1;
        }
        i += 1;
    }
    out
}

/// Horse steps from each point, each with its leg.
pub static HORSE_STEPS: [Steps; 90] = horse_table();

const fn soldier_table() -> [[Bitboard; 90]; 2] {
    let mut out = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let color = if c == 0 { Color::Red } else { Color::Black };
        let fwd = if c == 0 { 1 } else { -1 };
        let mut i = 0;
        while i < 90 {
            let s = sq(i);
            let mut bb = Bitboard::EMPTY;
            if let Some(t) = s.offset(0, fwd) {
                bb = bb.with_const(t);
            }
            if !s.on_own_half(color) {
                if let Some(t) = s.offset(1, 0) {
                    bb = bb.with_const(t);
                }
                if let Some(t) = s.offset(-1, 0) {
                    bb = bb.with_const(t);
                }
            }
            out[c][i] = bb;
            i += 1;
        }
        c += 1;
    }
    out
}

/// Soldier steps for each colour: forward, plus sideways once across the river.
pub static SOLDIER_STEPS: [[Bitboard; 90]; 2] = SOLDIER_STEPS_CONST;

const fn horse_sources_table() -> [Steps; 90] {
    let mut out = [Steps::EMPTY; 90];
    let mut i = 0;
    while i < 90 {
        let s = sq(i);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAGONALS[d];
            if let Some(leg) = s.offset(df, dr) {
                if let Some(h) = s.offset(df, 2 * dr) {
                    out[i] = out[i].push(h, leg);
                }
                if let Some(h) = s.offset(2 * df, dr) {
                    out[i] = out[i].push(h, leg);
                }
            }
            d += 1;
        }
        i += 1;
    }
    out
}

/// For each point, the points from which a horse attacks it, each with that horse's leg (a diagonal
/// neighbour of the attacked point).
pub static HORSE_SOURCES: [Steps; 90] = horse_sources_table();

const fn soldier_sources_table() -> [[Bitboard; 90]; 2] {
    let mut out = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < 90 {
            let mut j = 0;
            while j < 90 {
                if SOLDIER_STEPS_CONST[c][j].contains_const(sq(i)) {
                    out[c][i] = out[c][i].with_const(sq(j));
                }
                j += 1;
            }
            i += 1;
        }
        c += 1;
    }
    out
}

const SOLDIER_STEPS_CONST: [[Bitboard; 90]; 2] = soldier_table();

/// For each colour and point, the points from which a soldier of that colour attacks the point.
pub static SOLDIER_SOURCES: [[Bitboard; 90]; 2] = soldier_sources_table();

/// The four diagonal neighbours of a point: every horse that attacks the point has its leg on one of them.
/// For the neighbour at (df, dr), the two horse points are at (df, 2dr) and (2df, dr).
pub const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Blockers and empty points along one line (a rank or a file) as seen from a point on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineView {
    /// Empty points reachable without jumping (chariot and cannon quiet moves).
    pub quiet: u16,
    /// The nearest occupied point in each direction (chariot captures).
    pub first: u16,
    /// The second occupied point in each direction (cannon captures).
    pub second: u16,
}

/// Examines a line of `len` points with occupancy `occ` (bit i = point i occupied) from point `p`.
#[inline]
pub fn line_view(occ: u16, p: u32, len: u32) -> LineView {
    let full: u16 = ((1u32 << len) - 1) as u16;
    let below_mask: u16 = ((1u32 << p) - 1) as u16;
    let above_mask: u16 = full & !((2u32 << p) - 1) as u16;
    let up = occ & above_mask;
    let down = occ & below_mask;
    let mut v = LineView::default();
    // Upwards: lowest set bit above p.
    if up != 0 {
        let f = up & up.wrapping_neg();
        v.first |= f;
        v.quiet |= (f - 1) & above_mask;
        let rest = up ^ f;
        v.second |= rest & rest.wrapping_neg();
    } else {
        v.quiet |= above_mask;
    }
    // Downwards: highest set bit below p.
    if down != 0 {
        let f = 1u16 << (15 - down.leading_zeros());
        v.first |= f;
        v.quiet |= below_mask & !((f << 1) - 1);
        let rest = down ^ f;
        if rest != 0 {
            v.second |= 1u16 << (15 - rest.leading_zeros());
        }
    } else {
        v.quiet |= below_mask;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_view_finds_blockers() {
        // Points 0..9, piece at 4, occupied 1, 2, 6, 8.
        let occ = 0b1_0101_0110u16 | 1 << 4;
        let v = line_view(occ, 4, 9);
        assert_eq!(v.quiet, 1 << 3 | 1 << 5);
        assert_eq!(v.first, 1 << 2 | 1 << 6);
        assert_eq!(v.second, 1 << 1 | 1 << 8);
        let v = line_view(1 << 0, 0, 10);
        assert_eq!(v.quiet, 0b11_1111_1110);
        assert_eq!(v.first | v.second, 0);
    }

    #[test]
    fn tables_have_expected_sizes() {
        let e0: Square = "e0".parse().unwrap();
        assert_eq!(GENERAL_STEPS[e0.index()].count(), 3);
        assert_eq!(
            ADVISOR_STEPS["e1".parse::<Square>().unwrap().index()].count(),
            4
        );
        assert_eq!(
            ELEPHANT_STEPS["e2".parse::<Square>().unwrap().index()]
                .as_slice()
                .len(),
            4
        );
        assert_eq!(
            ELEPHANT_STEPS["c4".parse::<Square>().unwrap().index()]
                .as_slice()
                .len(),
            2
        );
        assert_eq!(
            HORSE_STEPS["e4".parse::<Square>().unwrap().index()]
                .as_slice()
                .len(),
            8
        );
        assert_eq!(
            HORSE_STEPS["a0".parse::<Square>().unwrap().index()]
                .as_slice()
                .len(),
            2
        );
        assert_eq!(
            SOLDIER_STEPS[0]["e3".parse::<Square>().unwrap().index()].count(),
            1
        );
        assert_eq!(
            SOLDIER_STEPS[0]["e5".parse::<Square>().unwrap().index()].count(),
            3
        );
        assert_eq!(
            SOLDIER_STEPS[0]["e9".parse::<Square>().unwrap().index()].count(),
            2
        );
        assert_eq!(
            SOLDIER_STEPS[1]["e4".parse::<Square>().unwrap().index()].count(),
            3
        );
    }
}
