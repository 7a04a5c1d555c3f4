//! Move notations and game records (记谱, jìpǔ): ICCS coordinates, WXF, Chinese, Vietnamese, PGN and DhtmlXQ.
//!
//! * [`write_move`] writes a legal move in any [`Notation`]; [`parse_move`] recognises the notation of a text
//!   (ICCS `h2e2` / `H2-E2`, WXF `C2.5`, Chinese `炮二平五`), resolves it against the position and returns the
//!   legal [`Move`], or a [`NotationError`] saying what is wrong (syntax, no such piece, ambiguous, illegal).
//! * [`vietnamese`] (`P2-5`) is written like the others but read only where named ([`parse_move_as`]): its
//!   letters and signs mean other things in WXF.
//! * [`wxf`] and [`chinese`] hold the two traditional notations and their output options; both describe a move
//!   the same way ("which piece, which way, how far or where to"), and the choice of the piece among pieces of
//!   the same kind on one file (tandem pieces, 前/后, stacked soldiers) lives in this module only.
//! * [`record`] is the game-record type shared by [`pgn`], [`dhtmlxq`] and [`xqf`] (XQStudio's binary files),
//!   with the readers' warnings and errors; [`encoding`] decodes UTF-8, GBK and Big5; [`read`] is the one reader of
//!   every format (读谱, dúpǔ): it sniffs the format, decides the encoding on evidence and streams the games.
//!
//! Files are numbered from each player's right (docs/rules.md §1.5): Red 一…九 = ICCS files i…a, Black 1…9 = ICCS
//! files a…i. "Forward" (进, jìn) is towards the opponent, "backward" (退, tuì) towards one's own side, "traverse"
//! (平, píng) along the rank.
//!
//! ```
//! use xiangqi::{Position, notation::{parse_move, write_move, Notation}};
//!
//! let pos = Position::new();
//! let m = parse_move(&pos, "炮二平五").unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(parse_move(&pos, "C2.5").unwrap(), m);
//! assert_eq!(write_move(&pos, m, &Notation::Wxf(Default::default())), "C2.5");
//! ```

mod algebraic;
pub mod cbr;
pub mod chinese;
mod describe;
pub mod dhtmlxq;
pub mod drawing;
pub mod edit;
pub mod encoding;
mod error;
pub mod pgn;
pub mod read;
pub mod record;
pub mod vietnamese;
pub mod write;
pub mod wxf;
pub mod xqf;

use super::{IllegalMoveError, Move, Position};
use crate::names::named;

pub use chinese::ChineseOptions;
pub use describe::TandemStyle;
use describe::{describe, halfwidth, resolve_noted};
pub use error::{NotationError, Quoted};
pub use wxf::WxfOptions;

/// A move notation with its output options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCS coordinates, `h2e2`.
    Iccs,
    /// WXF, `C2.5`.
    Wxf(WxfOptions),
    /// Chinese, `炮二平五`.
    Chinese(ChineseOptions),
    /// Vietnamese, `P2-5` (read only where named: see [`vietnamese`]).
    Vietnamese,
}

impl Default for Notation {
    fn default() -> Notation {
        Notation::Wxf(WxfOptions::default())
    }
}

/// A move notation by name, without its output options: what a [`Notation`] is one of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NotationKind {
    /// ICCS coordinates, `h2e2`.
    Iccs,
    /// WXF, `C2.5`.
    Wxf,
    /// Chinese, `炮二平五`.
    Chinese,
    /// Vietnamese, `P2-5`.
    Vietnamese,
}

named!(NotationKind, "notation", [
    NotationKind::Iccs => ("iccs", [], "ICCS", "ICCS"),
    NotationKind::Wxf => ("wxf", [], "WXF", "WXF"),
    NotationKind::Chinese => ("chinese", [], "Chinese", "中文"),
    NotationKind::Vietnamese => ("vietnamese", [], "Vietnamese", "越南记谱"),
]);

impl Notation {
    /// Which notation this is.
    pub const fn kind(&self) -> NotationKind {
        match self {
            Notation::Iccs => NotationKind::Iccs,
            Notation::Wxf(_) => NotationKind::Wxf,
            Notation::Chinese(_) => NotationKind::Chinese,
            Notation::Vietnamese => NotationKind::Vietnamese,
        }
    }
}

/// Which format a text was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// ICCS coordinates.
    Iccs,
    /// WXF letters and digits.
    Wxf,
    /// Chinese characters.
    Chinese,
    /// Algebraic notation as WinBoard / XBoard write xiangqi (`Che2`, `Cxe3+`, `Hi7`, `axa3`): read only.
    Algebraic,
}

impl Format {
    /// `"iccs"`, `"wxf"`, `"chinese"` or `"algebraic"`.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Iccs => "iccs",
            Format::Wxf => "wxf",
            Format::Chinese => "chinese",
            Format::Algebraic => "algebraic",
        }
    }
}

/// Recognises the notation of `text` (ICCS, WXF or Chinese), resolves it against `pos` and returns the legal
/// move. Tandem soldier forms that mean different soldiers in the two WXF conventions (`11`, `33`) are read
/// both ways; if both readings give legal moves the text is [`NotationError::Ambiguous`] (use
/// [`parse_move_styled`] to pick one convention).
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    parse_move_inner(pos, text, None).map(|(m, _)| m)
}

/// Reads `text` in the notation `kind` only (ICCS coordinates, which no other notation can be mistaken for, are
/// read too), resolves it against `pos` and returns the legal move. This is the way to read
/// [Vietnamese](vietnamese) notation, whose letters and signs mean other things in WXF and which
/// [`parse_move`] therefore never guesses.
///
/// ```
/// use xiangqi::{Position, notation::{parse_move, parse_move_as, NotationKind}};
///
/// let pos = Position::new();
/// let m = parse_move_as(&pos, "P2-5", NotationKind::Vietnamese).unwrap();
/// assert_eq!(m.to_string(), "h2e2");
/// // Unnamed, `P2-5` is no move (in WXF `P` is a soldier and `-` a retreat):
/// assert!(parse_move(&pos, "P2-5").is_err());
/// // Named Chinese, WXF text is refused:
/// assert!(parse_move_as(&pos, "C2.5", NotationKind::Chinese).is_err());
/// ```
pub fn parse_move_as(
    pos: &Position,
    text: &str,
    kind: NotationKind,
) -> Result<Move, NotationError> {
    parse_move_named(pos, text, kind).map(|(m, _)| m)
}

/// [`parse_move_as`], also saying what was not written by the book (see [`MoveNote`]).
pub(crate) fn parse_move_named(
    pos: &Position,
    text: &str,
    kind: NotationKind,
) -> Result<(Move, MoveNote), NotationError> {
    let trimmed = text.trim();
    let ascii: String = trimmed.chars().map(halfwidth).collect();
    if ascii.parse::<Move>().is_ok() {
        return parse_move_noted(pos, text, None).map(|(m, _, note)| (m, note));
    }
    let syntax = || NotationError::Syntax {
        text: text.to_string(),
    };
    let desc = match kind {
        NotationKind::Iccs => None,
        NotationKind::Wxf => wxf::parse(trimmed, None),
        NotationKind::Chinese => chinese::parse(trimmed),
        NotationKind::Vietnamese => vietnamese::parse(trimmed),
    }
    .ok_or_else(syntax)?;
    let (m, missing) = resolve_noted(pos, &desc, text)?;
    let note = if desc.reordered {
        Some(record::WarningCode::WxfMarkerOrder)
    } else if missing {
        Some(record::WarningCode::TandemMissing)
    } else {
        None
    };
    Ok((m, note))
}

/// Like [`parse_move`], reading WXF digit pairs (`33.4`) by the given convention only.
pub fn parse_move_styled(
    pos: &Position,
    text: &str,
    style: TandemStyle,
) -> Result<Move, NotationError> {
    parse_move_inner(pos, text, Some(style)).map(|(m, _)| m)
}

/// Like [`parse_move`], also telling which format the text was read as.
pub fn parse_move_format(pos: &Position, text: &str) -> Result<(Move, Format), NotationError> {
    parse_move_inner(pos, text, None)
}

fn parse_move_inner(
    pos: &Position,
    text: &str,
    style: Option<TandemStyle>,
) -> Result<(Move, Format), NotationError> {
    parse_move_noted(pos, text, style).map(|(m, f, _)| (m, f))
}

/// What a reader of records warns about in a move text it read: `None`, or
/// [`WarningCode::WxfMarkerOrder`](record::WarningCode::WxfMarkerOrder) /
/// [`WarningCode::TandemMissing`](record::WarningCode::TandemMissing).
pub(crate) type MoveNote = Option<record::WarningCode>;

/// [`parse_move_inner`], also saying what was not written by the book (see [`MoveNote`]).
pub(crate) fn parse_move_noted(
    pos: &Position,
    text: &str,
    style: Option<TandemStyle>,
) -> Result<(Move, Format, MoveNote), NotationError> {
    let trimmed = text.trim();
    let ascii: String = trimmed.chars().map(halfwidth).collect();
    if let Ok(m) = ascii.parse::<Move>() {
        return match pos.check_move(m) {
            Ok(()) => Ok((m, Format::Iccs, None)),
            Err(reason) => Err(NotationError::Illegal {
                text: text.to_string(),
                error: IllegalMoveError { mv: m, reason },
            }),
        };
    }
    let syntax = || NotationError::Syntax {
        text: text.to_string(),
    };
    let (desc, format) = if chinese::looks_chinese(trimmed) {
        (chinese::parse(trimmed).ok_or_else(syntax)?, Format::Chinese)
    } else if let Some(d) = wxf::parse(trimmed, style) {
        (d, Format::Wxf)
    } else if let Some(a) = algebraic::parse(&ascii) {
        return algebraic::resolve(pos, &a, text).map(|m| (m, Format::Algebraic, None));
    } else {
        return Err(syntax());
    };
    let (m, missing) = resolve_noted(pos, &desc, text)?;
    let note = if desc.reordered {
        Some(record::WarningCode::WxfMarkerOrder)
    } else if missing {
        Some(record::WarningCode::TandemMissing)
    } else {
        None
    };
    Ok((m, format, note))
}

/// Writes the legal move `m` of `pos` in `notation`. The result parses back to `m` with [`parse_move`]
/// (for the WXF ordinal style, with [`parse_move_styled`]; Vietnamese with [`parse_move_as`]).
///
/// `m` must be legal in `pos` (for example from [`Position::legal_moves`]); for a move from an empty point the
/// ICCS text is returned.
pub fn write_move(pos: &Position, m: Move, notation: &Notation) -> String {
    match notation {
        Notation::Iccs => m.to_string(),
        Notation::Wxf(o) => match describe(pos, m) {
            Some(d) => wxf::write(&d, o),
            None => m.to_string(),
        },
        Notation::Chinese(o) => match describe(pos, m) {
            Some(d) => chinese::write(&d, o),
            None => m.to_string(),
        },
        Notation::Vietnamese => match describe(pos, m) {
            Some(d) => vietnamese::write(&d),
            None => m.to_string(),
        },
    }
}

/// Writes a sequence of moves played from `start`, each in the position it is played in.
///
/// ```
/// use xiangqi::{Position, notation::{write_moves, Notation}};
///
/// let moves = ["h2e2".parse().unwrap(), "h9g7".parse().unwrap()];
/// let texts = write_moves(&Position::new(), &moves, &Notation::Chinese(Default::default())).unwrap();
/// assert_eq!(texts, ["炮二平五", "马8进7"]);
/// ```
pub fn write_moves(
    start: &Position,
    moves: &[Move],
    notation: &Notation,
) -> Result<Vec<String>, IllegalMoveError> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        out.push(write_move(&pos, m, notation));
        pos.play(m)?;
    }
    Ok(out)
}

/// Reads a sequence of move texts (any notation, mixed) played from `start`. On error, returns the index of
/// the offending text with the reason.
///
/// ```
/// use xiangqi::{Position, notation::parse_moves};
///
/// let moves = parse_moves(&Position::new(), &["炮二平五", "H8+7", "h0g2"]).unwrap();
/// assert_eq!(moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7", "h0g2"]);
/// // Black's chariot on file 1 cannot move onto its own horse:
/// assert_eq!(parse_moves(&Position::new(), &["炮二平五", "车1平2"]).unwrap_err().0, 1);
/// ```
pub fn parse_moves<S: AsRef<str>>(
    start: &Position,
    texts: &[S],
) -> Result<Vec<Move>, (usize, NotationError)> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(texts.len());
    for (i, t) in texts.iter().enumerate() {
        let m = parse_move(&pos, t.as_ref()).map_err(|e| (i, e))?;
        pos.play_unchecked(m);
        out.push(m);
    }
    Ok(out)
}
