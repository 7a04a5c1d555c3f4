//! Points of the board (ICCS coordinates `a0`..`i9`).

use super::Color;
use core::fmt;
use core::str::FromStr;

/// Number of files (vertical lines), `a`..`i`.
pub const FILES: u8 = 9;
/// Number of ranks (horizontal lines), `0`..`9`.
pub const RANKS: u8 = 10;

/// A point of the board, `a0` (Red's bottom-left) to `i9`. Files `a`–`i` run from Red's left to Red's right,
/// ranks `0`–`9` from Red's back rank to Black's (ICCS, docs/rules.md §1.2). Index = rank × 9 + file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of points: 90.
    pub const COUNT: usize = 90;

    /// The square with index `i` (0..90), if in range.
    #[inline]
    pub const fn new(i: u8) -> Option<Square> {
        if i < 90 {
            Some(Square(i))
        } else {
            None
        }
    }

    /// The square with index `i`; the caller guarantees `i < 90`.
    #[inline]
    pub(crate) const fn new_unchecked(i: u8) -> Square {
        debug_assert!(i < 90);
        Square(i)
    }

    /// The square on `file` (0..9) and `rank` (0..10), if on the board.
    #[inline]
    pub const fn from_coords(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < FILES as i32 && rank >= 0 && rank < RANKS as i32 {
            Some(Square((rank * FILES as i32 + file) as u8))
        } else {
            None
        }
    }

    /// Index 0..90.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..9 (`a` = 0).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// Rank 0..10 (Red's back rank = 0).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::from_coords(self.file() as i32 + df, self.rank() as i32 + dr)
    }

    /// Whether the point lies on `color`'s own half of the board (Red: ranks 0–4; Black: ranks 5–9).
    /// The river (河, hé; 楚河汉界) runs between ranks 4 and 5.
    #[inline]
    pub const fn on_own_half(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// Whether the point lies in `color`'s palace (九宫, jiǔgōng): files d–f, ranks 0–2 (Red) or 7–9 (Black).
    #[inline]
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self.file();
        let r = self.rank();
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// The point seen from the other side (rotated by 180°).
    #[inline]
    pub const fn flip(self) -> Square {
        Square(89 - self.0)
    }

    /// Every square, `a0` first, in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90).map(Square)
    }

    /// The squares of `rank` (0 = Red's back rank), file `a` first; none for a rank past 9.
    pub fn rank_squares(rank: u8) -> impl Iterator<Item = Square> {
        let start = if rank < RANKS { rank * FILES } else { 0 };
        let end = if rank < RANKS { start + FILES } else { 0 };
        (start..end).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

/// Text that is not a square name `a0`..`i9`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a square is a file letter a-i followed by a rank digit 0-9, e.g. e0")
    }
}

impl std::error::Error for ParseSquareError {}

impl Square {
    /// Parses two bytes `[a-iA-I][0-9]`.
    pub const fn from_ascii(b: &[u8]) -> Result<Square, ParseSquareError> {
        if b.len() != 2 {
            return Err(ParseSquareError);
        }
        let f = b[0].to_ascii_lowercase();
        let r = b[1];
        if f >= b'a' && f <= b'i' && r.is_ascii_digit() {
            Ok(Square((r - b'0') * FILES + (f - b'a')))
        } else {
            Err(ParseSquareError)
        }
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}
