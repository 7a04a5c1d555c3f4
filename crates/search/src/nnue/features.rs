//! The network's inputs: which pieces stand where, seen from one side (a *perspective*).
//!
//! Each side sees the board from its own end: Black's view is the board turned by 180° ([`Square::flip`]), so
//! that both sides' pieces march up the board, and the pieces are *own* or *enemy* rather than Red or Black.
//! When the side's general stands right of the central file (the f-file, from its own end), the view is also
//! mirrored left to right, so that the general is always on the d- or e-file: the two wings are alike
//! (xiangqi's rules are symmetric in files) and the network learns each shape once.
//!
//! [`FeatureSet::PalaceBuckets`] then keeps one set of weights per point of the mirrored general in its
//! palace (九宫, jiǔgōng): files d–e by ranks 0–2, six *buckets*. Where one's own general stands decides how
//! every piece matters to its safety (the general that has left its home point, the raised general, 上将
//! shàng jiàng), which is what the king buckets of chess networks (HalfKP, HalfKA) capture; in xiangqi the
//! general has only nine points, so six buckets cover every case. [`FeatureSet::PieceSquare`] has one
//! bucket (plain piece-square, 14 × 90 inputs), a quarter of a megabyte at 64 accumulator cells: the choice
//! for a page that must stay small. docs/search.md, *The neural evaluation*, weighs the two.

use xiangqi::{Board, Color, Piece, Square};

/// Which inputs a network reads: the number in the net file's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeatureSet {
    /// Own and enemy pieces of each role on each point, mirrored so the own general is on the d- or e-file:
    /// 14 × 90 = 1,260 inputs.
    PieceSquare = 1,
    /// The same, once per point of the (mirrored) own general in its palace: 6 × 1,260 = 7,560 inputs.
    PalaceBuckets = 2,
}

/// Inputs per bucket: 14 kinds of piece (own and enemy, 7 roles) on 90 points.
pub const PER_BUCKET: usize = 14 * 90;

impl FeatureSet {
    /// The set with header number `id`.
    pub fn from_id(id: u16) -> Option<FeatureSet> {
        match id {
            1 => Some(FeatureSet::PieceSquare),
            2 => Some(FeatureSet::PalaceBuckets),
            _ => None,
        }
    }

    /// Its header number.
    pub fn id(self) -> u16 {
        self as u16
    }

    /// How many inputs.
    pub fn inputs(self) -> usize {
        match self {
            FeatureSet::PieceSquare => PER_BUCKET,
            FeatureSet::PalaceBuckets => 6 * PER_BUCKET,
        }
    }

    /// The view of `perspective` given where its general stands: every input of that side depends on the
    /// board only through this and the pieces. When it changes (the general moved to another bucket or
    /// across the central file) that side's accumulator is computed again from the board.
    pub fn view(self, perspective: Color, general: Square) -> View {
        let g = orient(perspective, general);
        let mirror = g.file() > 4;
        let file = if mirror { 8 - g.file() } else { g.file() };
        let bucket = match self {
            FeatureSet::PieceSquare => 0,
            // In its palace the general is on files 3..=5 (mirrored: 3..=4) and ranks 0..=2.
            FeatureSet::PalaceBuckets => {
                (file.saturating_sub(3).min(1) as usize) * 3 + g.rank().min(2) as usize
            }
        };
        View {
            perspective,
            mirror,
            base: bucket * PER_BUCKET,
        }
    }

    /// Every input that is on for `perspective` on `board` (whose general of that colour stands on
    /// `general`), in point order.
    pub fn active(self, board: &Board, perspective: Color, general: Square) -> Vec<usize> {
        let v = self.view(perspective, general);
        board.pieces().map(|(sq, p)| v.index(p, sq)).collect()
    }
}

/// A perspective's view: the side, whether the board is mirrored and where its bucket's inputs start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    perspective: Color,
    mirror: bool,
    base: usize,
}

impl View {
    /// The input of `piece` on `sq` in this view.
    #[inline]
    pub fn index(self, piece: Piece, sq: Square) -> usize {
        let s = orient(self.perspective, sq);
        let file = if self.mirror { 8 - s.file() } else { s.file() } as usize;
        let own = (piece.color != self.perspective) as usize;
        self.base + (own * 7 + piece.role.index()) * 90 + s.rank() as usize * 9 + file
    }
}

/// `sq` as `perspective` sees it: Black's view is turned by 180°.
#[inline]
fn orient(perspective: Color, sq: Square) -> Square {
    match perspective {
        Color::Red => sq,
        Color::Black => sq.flip(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::{Position, Role};

    #[test]
    fn every_input_is_in_range_and_distinct() {
        let pos = Position::new();
        for set in [FeatureSet::PieceSquare, FeatureSet::PalaceBuckets] {
            for c in Color::ALL {
                let mut a = set.active(pos.board(), c, pos.general(c));
                assert_eq!(a.len(), 32);
                assert!(a.iter().all(|&i| i < set.inputs()));
                a.sort_unstable();
                a.dedup();
                assert_eq!(a.len(), 32);
            }
        }
    }

    #[test]
    fn the_start_looks_the_same_to_both_sides() {
        // The start position is symmetric: Red's view and Black's are the same inputs.
        let pos = Position::new();
        for set in [FeatureSet::PieceSquare, FeatureSet::PalaceBuckets] {
            let mut red = set.active(pos.board(), Color::Red, pos.general(Color::Red));
            let mut black = set.active(pos.board(), Color::Black, pos.general(Color::Black));
            red.sort_unstable();
            black.sort_unstable();
            assert_eq!(red, black);
        }
    }

    #[test]
    fn a_general_right_of_centre_is_mirrored() {
        // Red's general on f0 (file 5) is seen as on d0: a chariot on i0 then looks like one on a0 with the
        // general on d0, and both are in bucket 0.
        let sq = |f, r| Square::from_coords(f, r).unwrap();
        let (f0, d0) = (sq(5, 0), sq(3, 0));
        let mirrored = FeatureSet::PalaceBuckets.view(Color::Red, f0);
        let plain = FeatureSet::PalaceBuckets.view(Color::Red, d0);
        assert_ne!(mirrored, plain);
        let chariot = Piece::new(Color::Red, Role::Chariot);
        assert_eq!(
            mirrored.index(chariot, sq(8, 0)),
            plain.index(chariot, sq(0, 0))
        );
        assert_ne!(
            mirrored.index(chariot, sq(8, 0)),
            plain.index(chariot, sq(8, 0))
        );
        let e0 = sq(4, 0);
        // The raised general (e1) has its own bucket.
        let e1 = sq(4, 1);
        assert_ne!(
            FeatureSet::PalaceBuckets.view(Color::Red, e1),
            FeatureSet::PalaceBuckets.view(Color::Red, e0)
        );
        // Plain piece-square has one bucket, but mirrors too.
        assert_eq!(
            FeatureSet::PieceSquare.view(Color::Red, e1),
            FeatureSet::PieceSquare.view(Color::Red, e0)
        );
    }
}
