//! FEN (docs/rules.md §1.6): `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
//!
//! Parsing accepts the side letters `w`, `r` (Red) and `b` (Black), the piece aliases `E` (elephant) and `H`
//! (horse), short FENs with the board only or the board and the side to move, and move number 0 (written by some
//! programs), read as 1 — one answer for `validateFen` and `Game` alike. Writing always produces the
//! full six fields with `w`/`b` and `N`/`B`.

use super::{Board, Color, Piece, Position, Setup, Square};
use core::fmt;
use core::str::FromStr;

/// The longest FEN text accepted. Real FENs are under 100 characters.
pub const MAX_FEN_LEN: usize = 256;

/// Text that is not a well-formed FEN. (A well-formed FEN of an illegal position is a
/// [`PositionError`](super::PositionError).)
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// The text is empty or only whitespace.
    Empty,
    /// The text is longer than [`MAX_FEN_LEN`].
    TooLong,
    /// The board field does not have 10 ranks separated by `/`.
    RankCount(usize),
    /// Rank field `index` (0 = the first field, rank 9) does not describe exactly 9 points.
    RankLength {
        /// Which rank, as its ICCS number (9 for the first field).
        rank: u8,
    },
    /// A character that is neither a piece letter nor a digit 1–9.
    InvalidPiece(char),
    /// Rank `rank` counts its empty points with a number of several digits (`10`): a rank has 9 points, so
    /// each run of empty points is one digit 1–9. `number` is the number as written (at most 9 digits kept).
    EmptyCountTooLarge {
        /// Which rank, as its ICCS number (9 for the first field).
        rank: u8,
        /// The number written.
        number: u32,
    },
    /// The side-to-move field is not `w`, `r` or `b`.
    InvalidTurn,
    /// The third or fourth field is not `-`.
    InvalidFields,
    /// The halfmove clock is not a number (0..=100000).
    InvalidHalfmoves,
    /// The move number is not a number (0..=100000; 0, which some programs write, is read as 1).
    InvalidFullmoves,
    /// More than six fields.
    TooManyFields,
}

impl ParseFenError {
    /// A stable machine-readable code (`ERR_FEN_...`), used by the JS API.
    pub const fn code(&self) -> &'static str {
        match self {
            ParseFenError::Empty => "ERR_FEN_EMPTY",
            ParseFenError::TooLong => "ERR_FEN_TOO_LONG",
            ParseFenError::RankCount(_)
            | ParseFenError::RankLength { .. }
            | ParseFenError::EmptyCountTooLarge { .. } => "ERR_FEN_BOARD",
            ParseFenError::InvalidPiece(_) => "ERR_FEN_PIECE",
            ParseFenError::InvalidTurn => "ERR_FEN_TURN",
            ParseFenError::InvalidFields => "ERR_FEN_FIELDS",
            ParseFenError::InvalidHalfmoves => "ERR_FEN_HALFMOVES",
            ParseFenError::InvalidFullmoves => "ERR_FEN_FULLMOVES",
            ParseFenError::TooManyFields => "ERR_FEN_FIELDS",
        }
    }
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => f.write_str("the FEN is empty"),
            ParseFenError::TooLong => write!(f, "the FEN is longer than {MAX_FEN_LEN} characters"),
            ParseFenError::RankCount(n) => {
                write!(f, "the board has {n} ranks separated by '/', expected 10")
            }
            ParseFenError::RankLength { rank } => {
                write!(f, "rank {rank} does not describe exactly 9 points")
            }
            ParseFenError::EmptyCountTooLarge { rank, number } => write!(
                f,
                "rank {rank} has {number} empty points in a row, but a rank has 9 points: write each run of empty points as one digit from 1 to 9"
            ),
            ParseFenError::InvalidPiece(c) => {
                write!(
                    f,
                    "{c:?} is not a piece letter (K A B N R C P, also E H; lower case for Black)"
                )
            }
            ParseFenError::InvalidTurn => {
                f.write_str("the side to move must be w (or r) for Red, or b for Black")
            }
            ParseFenError::InvalidFields => {
                f.write_str("the castling and en-passant fields must be '-'")
            }
            ParseFenError::InvalidHalfmoves => {
                f.write_str("the halfmove clock must be a number from 0 to 100000")
            }
            ParseFenError::InvalidFullmoves => {
                f.write_str("the move number must be a number from 0 to 100000 (0 is read as 1)")
            }
            ParseFenError::TooManyFields => f.write_str("a FEN has at most 6 fields"),
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Parses the placement field.
pub fn parse_board(field: &str) -> Result<Board, ParseFenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 10 {
        return Err(ParseFenError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (i, text) in ranks.iter().enumerate() {
        let rank = 9 - i as u8;
        let mut file: u32 = 0;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                if chars.peek().is_some_and(char::is_ascii_digit) {
                    // Digits in a row: read as one number, a count of 10 or more ("10", "12") is the mistake;
                    // digits that add up within the rank ("45") are read as before.
                    let mut number = d;
                    let mut sum = d;
                    let mut has_zero = d == 0;
                    while let Some(e) = chars.peek().and_then(|c| c.to_digit(10)) {
                        chars.next();
                        number = number.saturating_mul(10).saturating_add(e).min(999_999_999);
                        sum += e;
                        has_zero |= e == 0;
                    }
                    if number < 10 {
                        return Err(ParseFenError::InvalidPiece('0')); // "01": a leading zero
                    }
                    if has_zero || file + sum > 9 {
                        return Err(ParseFenError::EmptyCountTooLarge { rank, number });
                    }
                    file += sum;
                    continue;
                }
                if d == 0 {
                    return Err(ParseFenError::InvalidPiece(c));
                }
                file += d;
            } else {
                let piece = Piece::from_fen_char(c).ok_or(ParseFenError::InvalidPiece(c))?;
                if file >= 9 {
                    return Err(ParseFenError::RankLength { rank });
                }
                let sq = Square::from_coords(file as i32, rank as i32)
                    .ok_or(ParseFenError::RankLength { rank })?;
                board.set(sq, Some(piece));
                file += 1;
            }
            if file > 9 {
                return Err(ParseFenError::RankLength { rank });
            }
        }
        if file != 9 {
            return Err(ParseFenError::RankLength { rank });
        }
    }
    Ok(board)
}

fn parse_number(s: &str, min: u32) -> Option<u32> {
    if s.is_empty() || s.len() > 6 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<u32>()
        .ok()
        .filter(|n| (min..=100_000).contains(n))
}

impl FromStr for Setup {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Setup, ParseFenError> {
        if s.len() > MAX_FEN_LEN {
            return Err(ParseFenError::TooLong);
        }
        let mut fields = s.split_ascii_whitespace();
        let board = parse_board(fields.next().ok_or(ParseFenError::Empty)?)?;
        let turn = match fields.next() {
            None | Some("w" | "W" | "r" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(_) => return Err(ParseFenError::InvalidTurn),
        };
        for _ in 0..2 {
            match fields.next() {
                None | Some("-") => {}
                Some(_) => return Err(ParseFenError::InvalidFields),
            }
        }
        let halfmoves = match fields.next() {
            None => 0,
            Some(f) => parse_number(f, 0).ok_or(ParseFenError::InvalidHalfmoves)?,
        };
        let fullmoves = match fields.next() {
            None => 1,
            Some(f) => parse_number(f, 0)
                .ok_or(ParseFenError::InvalidFullmoves)?
                .max(1),
        };
        if fields.next().is_some() {
            return Err(ParseFenError::TooManyFields);
        }
        Ok(Setup {
            board,
            turn,
            halfmoves,
            fullmoves,
        })
    }
}

/// Writes the placement field.
pub fn write_board(board: &Board, out: &mut impl fmt::Write) -> fmt::Result {
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..9 {
            let sq = Square::from_coords(file, rank).ok_or(fmt::Error)?;
            match board.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        write!(out, "{empty}")?;
                        empty = 0;
                    }
                    out.write_char(p.fen_char())?;
                }
            }
        }
        if empty > 0 {
            write!(out, "{empty}")?;
        }
        if rank > 0 {
            out.write_char('/')?;
        }
    }
    Ok(())
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(&self.board, f)?;
        write!(
            f,
            " {} - - {} {}",
            self.turn.fen_char(),
            self.halfmoves,
            self.fullmoves
        )
    }
}

/// Any text that fails to become a [`Position`]: malformed, or well-formed but illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Malformed text.
    Parse(ParseFenError),
    /// A well-formed FEN of an illegal position.
    Position(super::PositionError),
}

impl FenError {
    /// Stable code of the error: the [`ParseFenError::code`] of malformed text, else the code of the first
    /// [`SetupProblem`](super::SetupProblem) of the position (`ERR_FEN_*`).
    pub fn code(&self) -> &'static str {
        match self {
            FenError::Parse(e) => e.code(),
            FenError::Position(e) => e.problems().first().map_or("ERR_FEN_BOARD", |p| p.code()),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => write!(f, "invalid FEN: {e}"),
            FenError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// Parses and validates a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let setup: Setup = fen.parse().map_err(FenError::Parse)?;
        Position::from_setup(setup).map_err(FenError::Position)
    }

    /// The FEN of the position (six fields).
    pub fn fen(&self) -> String {
        self.to_string()
    }
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(self.board(), f)?;
        write!(
            f,
            " {} - - {} {}",
            self.turn().fen_char(),
            self.halfmoves(),
            self.fullmoves()
        )
    }
}
