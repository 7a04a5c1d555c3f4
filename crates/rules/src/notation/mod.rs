//! Move notations and game records (记谱, jìpǔ): ICCS coordinates, WXF, Chinese, PGN and DhtmlXQ.
//!
//! * [`write_move`] writes a legal move in any [`Notation`]; [`parse_move`] recognises the notation of a text
//!   (ICCS `h2e2` / `H2-E2`, WXF `C2.5`, Chinese `炮二平五`), resolves it against the position and returns the
//!   legal [`Move`], or a [`NotationError`] saying what is wrong (syntax, no such piece, ambiguous, illegal).
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
pub mod chinese;
pub mod dhtmlxq;
pub mod encoding;
pub mod pgn;
pub mod read;
pub mod record;
pub mod wxf;
pub mod xqf;

use super::{Bitboard, Color, IllegalMoveError, Move, Piece, Position, Role, Square};
use core::fmt;

pub use chinese::ChineseOptions;
pub use wxf::WxfOptions;

/// How soldiers standing on the same file (tandem soldiers, 叠兵) are told apart on output. Both styles are
/// always accepted on input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TandemStyle {
    /// The WXF 1997 rules and the classic Chinese forms: `P+.4` / `P-.4`, `++.4` / `--.4` for four or five on a
    /// file, the file digit for the letter when two files hold tandem soldiers (`3+.4`, `33.4`); in Chinese
    /// 前/中/后 and 前/二/三/四/五 (`前兵平四`, `二兵平四`), `前九平八` for several files. The default.
    #[default]
    Classic,
    /// Ordinals counted from the front (the 2018 World Xiangqi Rules style, as this crate reads it): when a file
    /// holds three or more soldiers, or two files hold two or more, the soldier is named by its ordinal and its
    /// file, `15+1` (the front soldier on file 5 advances one) and in Chinese `一五进一` / `二7平6`. Two soldiers
    /// on a single file are still `P+` / `P-`, `前兵` / `后兵`.
    Ordinal,
}

/// A move notation with its output options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCS coordinates, `h2e2`.
    Iccs,
    /// WXF, `C2.5`.
    Wxf(WxfOptions),
    /// Chinese, `炮二平五`.
    Chinese(ChineseOptions),
}

impl Default for Notation {
    fn default() -> Notation {
        Notation::Wxf(WxfOptions::default())
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
        /// The move and the reason from [`Position::check_move`].
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

/// Recognises the notation of `text` (ICCS, WXF or Chinese), resolves it against `pos` and returns the legal
/// move. Tandem soldier forms that mean different soldiers in the two WXF conventions (`11`, `33`) are read
/// both ways; if both readings give legal moves the text is [`NotationError::Ambiguous`] (use
/// [`parse_move_styled`] to pick one convention).
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    parse_move_inner(pos, text, None).map(|(m, _)| m)
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
/// (for the WXF ordinal style, with [`parse_move_styled`]).
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

// ------------------------------------------------------------------------------------------------------------
// The shared description of a move and the choice among tandem pieces.

/// Which way a piece moves: 进 / 退 / 平.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    /// 进 (jìn), `+`: towards the opponent.
    Forward,
    /// 退 (tuì), `-`: towards one's own side.
    Backward,
    /// 平 (píng), `.` or `=`: along the rank.
    Traverse,
}

/// A move as the traditional notations see it, from the mover's side.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Described {
    pub color: Color,
    pub role: Role,
    /// File number 1..=9 of the origin, counted from the mover's right.
    pub file: u8,
    /// Index of the piece among the mover's pieces of this role on that file, 0 = the front one.
    pub index: u8,
    /// How many of the mover's pieces of this role stand on that file.
    pub count: u8,
    /// Soldiers only: another file also holds two or more of the mover's soldiers.
    pub multi: bool,
    pub action: Action,
    /// Destination file number for traverses and diagonal movers; otherwise the number of steps.
    pub target: u8,
}

impl Described {
    /// Whether the pieces of this role on the file must be told apart on output. Advisors and elephants never
    /// need it: two of them on one file can only move in opposite directions.
    pub fn tandem(&self) -> bool {
        self.count > 1 && !matches!(self.role, Role::Advisor | Role::Elephant)
    }
}

/// File number 1..=9 (from the mover's right) of an ICCS file 0..9.
pub(crate) const fn file_number(color: Color, file: u8) -> u8 {
    match color {
        Color::Red => 9 - file,
        Color::Black => file + 1,
    }
}

/// ICCS file 0..9 of a file number 1..=9.
pub(crate) const fn iccs_file(color: Color, number: u8) -> u8 {
    match color {
        Color::Red => 9 - number,
        Color::Black => number - 1,
    }
}

/// Rank direction of "forward" for `color`.
const fn forward(color: Color) -> i32 {
    match color {
        Color::Red => 1,
        Color::Black => -1,
    }
}

/// The mover's pieces of `role` on ICCS file `file`, front first.
fn stack(pos: &Position, color: Color, role: Role, file: u8) -> Vec<Square> {
    // A bitboard yields its points by rank, Red's side first: Red's front piece is the last.
    let mut v: Vec<Square> = (pos.board().by_piece(Piece::new(color, role)))
        .into_iter()
        .filter(|s| s.file() == file)
        .collect();
    if forward(color) > 0 {
        v.reverse();
    }
    v
}

/// ICCS files on which `color` has two or more pieces of `role`.
fn stacked_files(pos: &Position, color: Color, role: Role) -> Vec<u8> {
    let mut counts = [0u8; 9];
    for s in pos.board().by_piece(Piece::new(color, role)) {
        counts[s.file() as usize] += 1;
    }
    (0..9u8).filter(|&f| counts[f as usize] >= 2).collect()
}

/// Describes a move of `pos` (the piece on `m.from` must belong to the side to move for a meaningful result).
pub(crate) fn describe(pos: &Position, m: Move) -> Option<Described> {
    let piece = pos.board().piece_at(m.from)?;
    let color = piece.color;
    let st = stack(pos, color, piece.role, m.from.file());
    let index = st.iter().position(|&s| s == m.from).unwrap_or(0) as u8;
    let multi = piece.role == Role::Soldier
        && st.len() > 1
        && stacked_files(pos, color, Role::Soldier).len() > 1;
    let dr = (m.to.rank() as i32 - m.from.rank() as i32) * forward(color);
    let diagonal = matches!(piece.role, Role::Advisor | Role::Elephant | Role::Horse);
    let action = if dr > 0 {
        Action::Forward
    } else if dr < 0 {
        Action::Backward
    } else {
        Action::Traverse
    };
    let target = if diagonal || action == Action::Traverse {
        file_number(color, m.to.file())
    } else {
        dr.unsigned_abs() as u8
    };
    Some(Described {
        color,
        role: piece.role,
        file: file_number(color, m.from.file()),
        index,
        count: st.len() as u8,
        multi,
        action,
        target,
    })
}

/// Which piece of a stack a text names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StackPos {
    /// 0-based index from the front (前 = 0, 二 = 1, ...).
    Index(u8),
    /// The rearmost (后).
    Rear,
    /// The middle one of an odd stack (中).
    Middle,
    /// WXF 1997 `33`: the middle one of three, only when two files hold stacked soldiers.
    MultiMiddle,
    /// WXF `P+`: the front one of two or three, the second of four or five.
    Plus,
    /// WXF `P-`: the rear one of two or three, the second-rearmost of four or five.
    Minus,
}

/// How a text designates the moving piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Selector {
    /// A piece of `role` on file number `file`. When that file holds three or five soldiers this is the
    /// middle one (WXF 1997: the middle soldier keeps the normal notation).
    File { role: Role, file: u8 },
    /// A piece of a stack: on file number `file`, or on whichever file holds two or more of `role`.
    Stack {
        role: Role,
        file: Option<u8>,
        pos: StackPos,
    },
}

/// A parsed text: one or more readings of the piece, an action and a target.
#[derive(Clone, Debug)]
pub(crate) struct Description {
    pub selectors: Vec<Selector>,
    pub action: Action,
    pub target: u8,
    /// WXF written with the tandem marker before the letter (`+P+1`).
    pub reordered: bool,
}

impl Selector {
    fn role(self) -> Role {
        match self {
            Selector::File { role, .. } | Selector::Stack { role, .. } => role,
        }
    }

    /// The squares this selector may name.
    fn candidates(self, pos: &Position, color: Color, out: &mut Vec<Square>) {
        match self {
            Selector::File { role, file } => {
                let st = stack(pos, color, role, iccs_file(color, file));
                if role == Role::Soldier && (st.len() == 3 || st.len() == 5) {
                    out.push(st[st.len() / 2]);
                } else {
                    out.extend(st);
                }
            }
            Selector::Stack { role, file, pos: p } => {
                let stacked = stacked_files(pos, color, role);
                if p == StackPos::MultiMiddle && stacked.len() < 2 {
                    return;
                }
                let files = match file {
                    Some(n) => vec![iccs_file(color, n)],
                    None => stacked,
                };
                for f in files {
                    let st = stack(pos, color, role, f);
                    let n = st.len();
                    if n < 2 {
                        continue;
                    }
                    let i = match p {
                        StackPos::Index(i) => i as usize,
                        StackPos::Rear => n - 1,
                        StackPos::Middle | StackPos::MultiMiddle if n % 2 == 1 => n / 2,
                        StackPos::Middle | StackPos::MultiMiddle => continue,
                        StackPos::Plus if n <= 3 => 0,
                        StackPos::Plus => 1,
                        StackPos::Minus if n <= 3 => n - 1,
                        StackPos::Minus => n - 2,
                    };
                    if let Some(&s) = st.get(i) {
                        out.push(s);
                    }
                }
            }
        }
    }
}

/// The destination of a piece of `role` on `from` doing `action` with `target`, if on the board.
fn destination(
    color: Color,
    role: Role,
    from: Square,
    action: Action,
    target: u8,
) -> Option<Square> {
    if !(1..=9).contains(&target) {
        return None;
    }
    let dir = match action {
        Action::Forward => forward(color),
        Action::Backward => -forward(color),
        Action::Traverse => 0,
    };
    match role {
        Role::Advisor | Role::Elephant | Role::Horse => {
            if dir == 0 {
                return None;
            }
            let tf = iccs_file(color, target) as i32;
            let df = (tf - from.file() as i32).abs();
            let dr = match (role, df) {
                (Role::Advisor, 1) => 1,
                (Role::Elephant, 2) => 2,
                (Role::Horse, 1) => 2,
                (Role::Horse, 2) => 1,
                _ => return None,
            };
            Square::from_coords(tf, from.rank() as i32 + dr * dir)
        }
        _ => {
            if dir == 0 {
                let tf = iccs_file(color, target);
                if tf == from.file() {
                    return None;
                }
                Square::from_coords(tf as i32, from.rank() as i32)
            } else {
                from.offset(0, target as i32 * dir)
            }
        }
    }
}

/// Resolves a description against the position; also says whether the text left out the tandem marker
/// (前/后) although several pieces of its kind stand on the file it names, one of which alone fits.
pub(crate) fn resolve_noted(
    pos: &Position,
    d: &Description,
    text: &str,
) -> Result<(Move, bool), NotationError> {
    let color = pos.turn();
    let mut squares = Vec::new();
    for sel in &d.selectors {
        sel.candidates(pos, color, &mut squares);
    }
    // In board order, each once (through a bitboard: no sort to instantiate).
    let squares: Vec<Square> = squares
        .iter()
        .fold(Bitboard::EMPTY, |set, &sq| set.with(sq))
        .collect();
    if squares.is_empty() {
        let role = d.selectors.first().map_or(Role::Soldier, |s| s.role());
        return Err(NotationError::NoSuchPiece {
            text: text.to_string(),
            piece: Piece::new(color, role),
        });
    }
    let mut concrete: Vec<Move> = Vec::new();
    for &from in &squares {
        let Some(piece) = pos.board().piece_at(from) else {
            continue;
        };
        if let Some(to) = destination(color, piece.role, from, d.action, d.target) {
            concrete.push(Move::new(from, to));
        }
    }
    let mut fits: Vec<Move> = concrete
        .iter()
        .copied()
        .filter(|&m| pos.is_legal(m))
        .collect();
    sort_iccs(&mut fits);
    let by_file = matches!(
        d.selectors[..],
        [Selector::File { role, .. }] if !matches!(role, Role::Advisor | Role::Elephant)
    );
    match fits.len() {
        1 => Ok((fits[0], by_file && squares.len() > 1)),
        0 => match concrete.first() {
            Some(&m) => Err(NotationError::Illegal {
                text: text.to_string(),
                error: IllegalMoveError {
                    mv: m,
                    reason: pos
                        .check_move(m)
                        .err()
                        .unwrap_or(super::IllegalReason::NullMove),
                },
            }),
            None => Err(NotationError::NoSuchMove {
                text: text.to_string(),
            }),
        },
        _ => Err(NotationError::Ambiguous {
            text: text.to_string(),
            candidates: fits,
        }),
    }
}

/// Sorts moves in ICCS order: the one sort of the crate (each sort instantiated costs kilobytes of wasm; the moves
/// of a list are distinct, so an unstable sort gives the one order).
pub(crate) fn sort_iccs(moves: &mut [Move]) {
    moves.sort_unstable_by_key(|m| m.iccs_order());
}

/// Maps full-width ASCII forms (`Ｃ２．５`, `８`) to ASCII; other characters are kept.
pub(crate) fn halfwidth(c: char) -> char {
    match c as u32 {
        0xFF01..=0xFF5E => char::from_u32(c as u32 - 0xFF01 + 0x21).unwrap_or(c),
        0x3000 => ' ',
        _ => c,
    }
}
