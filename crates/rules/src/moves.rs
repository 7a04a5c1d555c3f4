//! Moves, move lists and ICCS coordinate notation (`h2e2`, also `H2-E2`).

use super::Square;
use core::fmt;
use core::str::FromStr;

/// A move from one point to another. Whether it is legal depends on a position; see
/// [`Position::play`](super::Position::play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The point the piece leaves.
    pub from: Square,
    /// The point the piece arrives on (capturing what stands there).
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// A key that sorts moves as their ICCS strings sort (`a0a1` < `a0b0` < `b0a0`).
    #[inline]
    pub fn iccs_order(self) -> (u8, u8, u8, u8) {
        (
            self.from.file(),
            self.from.rank(),
            self.to.file(),
            self.to.rank(),
        )
    }

    /// The move in 16 bits (`from * 128 + to`), for compact tables.
    #[inline]
    pub const fn to_u16(self) -> u16 {
        (self.from.index() as u16) << 7 | self.to.index() as u16
    }

    /// The inverse of [`Move::to_u16`]; `None` for a value no move produces.
    #[inline]
    pub const fn from_u16(v: u16) -> Option<Move> {
        match (Square::new((v >> 7) as u8), Square::new((v & 127) as u8)) {
            (Some(from), Some(to)) => Some(Move { from, to }),
            _ => None,
        }
    }
}

/// Writes the move in ICCS as engines use it: four lower-case characters, `h2e2`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Text that is not an ICCS move. (A well-formed move that is not legal is a different error,
/// [`IllegalMoveError`](super::IllegalMoveError).)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError;

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected an ICCS move such as h2e2 or H2-E2: from-square then to-square, files a-i, ranks 0-9")
    }
}

impl std::error::Error for ParseMoveError {}

/// Parses ICCS: `h2e2`, `H2E2`, `H2-E2` (any case). Surrounding whitespace is ignored.
impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let b = s.trim().as_bytes();
        let (from, to) = match b.len() {
            4 => (&b[0..2], &b[2..4]),
            5 if b[2] == b'-' => (&b[0..2], &b[3..5]),
            _ => return Err(ParseMoveError),
        };
        let from = Square::from_ascii(from).map_err(|_| ParseMoveError)?;
        let to = Square::from_ascii(to).map_err(|_| ParseMoveError)?;
        if from == to {
            return Err(ParseMoveError);
        }
        Ok(Move { from, to })
    }
}

/// Most legal moves any xiangqi position has is well below this bound (pseudo-legal moves included).
pub const MAX_MOVES: usize = 192;

/// A fixed-capacity list of moves that never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        let z = Square::new_unchecked(0);
        MoveList {
            moves: [Move { from: z, to: z }; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Sorts the moves in ICCS string order.
    pub fn sort_iccs(&mut self) {
        sort_iccs(self.as_mut_slice());
    }

    /// The moves as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Sorts moves in ICCS order: the one sort of the crate (each sort instantiated costs kilobytes of wasm; the moves
/// of a list are distinct, so an unstable sort gives the one order).
pub(crate) fn sort_iccs(moves: &mut [Move]) {
    moves.sort_unstable_by_key(|m| m.iccs_order());
}
