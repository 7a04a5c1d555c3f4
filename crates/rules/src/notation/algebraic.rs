//! Algebraic notation as WinBoard / XBoard write xiangqi games in PGN (`[Variant "xiangqi"]`): read only.
//!
//! A move is an optional piece letter (`K A E H R C P`, also `B` for the elephant and `N` for the horse; none
//! for a soldier), an optional origin file `a`–`i` and / or rank `0`–`9` to tell pieces apart, an optional `x`
//! for a capture, the destination square as in ICCS (`e2`) and an optional `+` or `#`: `Che2` (the cannon on
//! file h to e2, 炮二平五), `Cxe3+`, `Hi7`, `Afe1`, `axa3` (the soldier on file a captures on a3). Ranks are
//! ICCS ranks (0 = Red's back rank). Upper-case letters are pieces, lower-case letters files.

use super::error::NotationError;
use crate::moves::sort_iccs;
use crate::{Move, Piece, Position, Role, Square};

/// A parsed algebraic move, not yet resolved against a position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Algebraic {
    role: Role,
    file: Option<u8>,
    rank: Option<u8>,
    to: Square,
}

/// Parses the text (ASCII, trimmed); `None` if it is not algebraic notation.
pub(crate) fn parse(text: &str) -> Option<Algebraic> {
    let body = text.trim().trim_end_matches(['+', '#']);
    let b = body.as_bytes();
    if b.len() < 2 || !body.is_ascii() {
        return None;
    }
    let (head, dest) = body.split_at(b.len() - 2);
    let to = square(dest.as_bytes()[0], dest.as_bytes()[1])?;
    let mut rest = head.as_bytes();
    let role = match rest.first() {
        Some(&c) if c.is_ascii_uppercase() => {
            rest = &rest[1..];
            match c {
                b'B' => Role::Elephant,
                b'N' => Role::Horse,
                _ => Role::from_char(c as char)?,
            }
        }
        _ => Role::Soldier,
    };
    let mut file = None;
    let mut rank = None;
    if let Some(&c) = rest.first() {
        if (b'a'..=b'i').contains(&c) {
            file = Some(c - b'a');
            rest = &rest[1..];
        }
    }
    if let Some(&c) = rest.first() {
        if c.is_ascii_digit() {
            rank = Some(c - b'0');
            rest = &rest[1..];
        }
    }
    if rest.first() == Some(&b'x') {
        rest = &rest[1..];
    }
    // What is left is not algebraic; a full origin square that is the destination is no move (`h2h2`).
    let origin = file
        .zip(rank)
        .and_then(|(f, r)| Square::from_coords(f as i32, r as i32));
    if !rest.is_empty() || origin == Some(to) {
        return None;
    }
    Some(Algebraic {
        role,
        file,
        rank,
        to,
    })
}

fn square(file: u8, rank: u8) -> Option<Square> {
    if !(b'a'..=b'i').contains(&file) || !rank.is_ascii_digit() {
        return None;
    }
    Square::from_coords((file - b'a') as i32, (rank - b'0') as i32)
}

/// The legal move of `pos` the parsed text names.
pub(crate) fn resolve(pos: &Position, a: &Algebraic, text: &str) -> Result<Move, NotationError> {
    let piece = Piece::new(pos.turn(), a.role);
    let mut fits: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| {
            m.to == a.to
                && pos.board().piece_at(m.from) == Some(piece)
                && a.file.map_or(true, |f| m.from.file() == f)
                && a.rank.map_or(true, |r| m.from.rank() == r)
        })
        .collect();
    sort_iccs(&mut fits);
    match fits.len() {
        1 => Ok(fits[0]),
        0 if pos.board().by_piece(piece).is_empty() => Err(NotationError::NoSuchPiece {
            text: text.to_string(),
            piece,
        }),
        0 => Err(NotationError::NoSuchMove {
            text: text.to_string(),
        }),
        _ => Err(NotationError::Ambiguous {
            text: text.to_string(),
            candidates: fits,
        }),
    }
}
