//! The error of move text ([`NotationError`]) and the quoting of user text in messages ([`Quoted`]), below every
//! notation and record format.

use crate::{IllegalMoveError, Move, Piece};
use core::fmt;

/// Why a move text could not be turned into a legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not a move in any notation this crate reads.
    Syntax {
        /// The text as given.
        text: String,
    },
    /// The text names a piece the side to move does not have there (`C3.5` with no cannon on file 3).
    NoSuchPiece {
        /// The text as given.
        text: String,
        /// The piece the text names, in the colour of the side to move.
        piece: Piece,
    },
    /// The piece exists but the text describes no move it could make on this board (a horse moving
    /// sideways, a step off the board).
    NoSuchMove {
        /// The text as given.
        text: String,
    },
    /// Several legal moves fit the text.
    Ambiguous {
        /// The text as given.
        text: String,
        /// The legal moves that fit, in ICCS order.
        candidates: Vec<Move>,
    },
    /// The move the text describes is not legal here.
    Illegal {
        /// The text as given.
        text: String,
        /// The move and the reason from [`Position::check_move`](crate::Position::check_move).
        error: IllegalMoveError,
    },
}

impl NotationError {
    /// A stable machine-readable code.
    pub const fn code(&self) -> &'static str {
        match self {
            NotationError::Syntax { .. } => "ERR_MOVE_SYNTAX",
            NotationError::NoSuchPiece { .. } => "ERR_MOVE_NO_PIECE",
            NotationError::NoSuchMove { .. } => "ERR_MOVE_IMPOSSIBLE",
            NotationError::Ambiguous { .. } => "ERR_MOVE_AMBIGUOUS",
            NotationError::Illegal { .. } => "ERR_ILLEGAL_MOVE",
        }
    }

    /// Why the text names no move that may be played, in one camelCase word: `syntax`, `noPiece`,
    /// `impossible`, `ambiguous`, or the [`IllegalReason::code`](crate::IllegalReason::code) of an
    /// illegal move (the `code` of the JS `validate` answer).
    pub const fn reason_code(&self) -> &'static str {
        match self {
            NotationError::Syntax { .. } => "syntax",
            NotationError::NoSuchPiece { .. } => "noPiece",
            NotationError::NoSuchMove { .. } => "impossible",
            NotationError::Ambiguous { .. } => "ambiguous",
            NotationError::Illegal { error, .. } => error.reason.code(),
        }
    }

    /// The move text the error is about.
    pub fn text(&self) -> &str {
        match self {
            NotationError::Syntax { text }
            | NotationError::NoSuchPiece { text, .. }
            | NotationError::NoSuchMove { text }
            | NotationError::Ambiguous { text, .. }
            | NotationError::Illegal { text, .. } => text,
        }
    }
}

/// Text from the user in a message: quoted, and cut after 24 characters (`"xxxx…"`), so that a message stays
/// short whatever the input.
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const MAX: usize = 24;
        match self.0.char_indices().nth(MAX) {
            None => write!(f, "{:?}", self.0),
            Some((at, _)) => {
                let shown = format!("{:?}", &self.0[..at]);
                write!(f, "{}…\"", &shown[..shown.len() - 1])
            }
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Syntax { text } => write!(
                f,
                "{} is not a move: expected ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五)",
                Quoted(text)
            ),
            NotationError::NoSuchPiece { text, piece } => {
                write!(f, "{}: no {piece} stands where the text says", Quoted(text))
            }
            NotationError::NoSuchMove { text } => {
                write!(
                    f,
                    "{}: no move of that piece fits this description",
                    Quoted(text)
                )
            }
            NotationError::Ambiguous { text, candidates } => {
                write!(f, "{} is ambiguous: it fits ", Quoted(text))?;
                for (i, m) in candidates.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == candidates.len() {
                            " and "
                        } else {
                            ", "
                        })?;
                    }
                    write!(f, "{m}")?;
                }
                Ok(())
            }
            NotationError::Illegal { text, error } => write!(f, "{}: {error}", Quoted(text)),
        }
    }
}

impl std::error::Error for NotationError {}
