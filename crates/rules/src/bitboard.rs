//! A set of squares as a 90-bit mask in a `u128`.

use super::Square;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares: bit `i` stands for the square with index `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

/// Mask of the 90 valid bits.
const FULL: u128 = (1u128 << 90) - 1;

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(FULL);

    /// The set holding only `sq`.
    #[inline]
    pub fn from_square(sq: Square) -> Bitboard {
        Bitboard(SQUARE_BIT[sq.index()])
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        self.0 & SQUARE_BIT[sq.index()] != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The set with `sq` added.
    #[inline]
    pub fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | SQUARE_BIT[sq.index()])
    }

    /// [`Bitboard::with`] for tables built at compile time.
    pub(crate) const fn with_const(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | SQUARE_BITS[sq.index()])
    }

    /// [`Bitboard::contains`] for tables built at compile time.
    pub(crate) const fn contains_const(self, sq: Square) -> bool {
        self.0 & SQUARE_BITS[sq.index()] != 0
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_unchecked(self.0.trailing_zeros() as u8))
        }
    }
}

/// The bit of each square, by index. Sets are built from this table rather than by shifting: a 128-bit shift by
/// a variable amount has no instruction on wasm32, and LLVM calls a library routine for it (`__ashlti3` /
/// `__lshrti3`, with the value passed through memory), which made every square-to-set conversion and membership
/// test of the wasm build a call. (The same holds for a select between the two halves by the square's index:
/// LLVM folds it back into such a shift.)
///
/// Read at run time through the `static` [`SQUARE_BIT`], so that one copy of the table serves every crate (a
/// `const` array read by an inlined function is copied into each crate that calls it).
const SQUARE_BITS: [u128; 90] = {
    let mut out = [0u128; 90];
    let mut i = 0;
    while i < 90 {
        out[i] = 1u128 << i;
        i += 1;
    }
    out
};

/// The one run-time copy of [`SQUARE_BITS`].
static SQUARE_BIT: [u128; 90] = SQUARE_BITS;

/// The points `start + step·i` for each set bit `i` of `bits`: the points of a rank (`step` 1) or of a file
/// (`step` 9) picked out by a line's occupancy-style bits.
#[inline]
const fn line_points(bits: u16, start: u32, step: u32) -> u128 {
    let mut out = 0;
    let mut b = bits;
    while b != 0 {
        out |= SQUARE_BITS[(start + step * b.trailing_zeros()) as usize];
        b &= b - 1;
    }
    out
}

/// The points of `rank` whose files are the set bits of `files` (bit `f` = file `f`).
#[inline]
pub(crate) const fn rank_points(files: u16, rank: u32) -> u128 {
    line_points(files, rank * 9, 1)
}

/// The points of `file` whose ranks are the set bits of `ranks` (bit `r` = rank `r`).
#[inline]
pub(crate) const fn file_points(ranks: u16, file: u32) -> u128 {
    line_points(ranks, file, 9)
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

macro_rules! bitops {
    ($($tr:ident $f:ident $tra:ident $fa:ident $op:tt),*) => {$(
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard { Bitboard(self.0 $op rhs.0) }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) { self.0 = self.0 $op rhs.0; }
        }
    )*};
}
bitops!(BitAnd bitand BitAndAssign bitand_assign &, BitOr bitor BitOrAssign bitor_assign |,
        BitXor bitxor BitXorAssign bitxor_assign ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & FULL)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}
