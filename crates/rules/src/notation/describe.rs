//! The shared description of a move in the traditional notations ("which piece, which way, how far or where
//! to"), the choice of the piece among pieces of the same kind on one file (tandem pieces, 前/后, stacked
//! soldiers), and the resolution of a description against a position. [`wxf`](super::wxf) and
//! [`chinese`](super::chinese) write and read their text from and into these types.

use super::error::NotationError;
use crate::moves::sort_iccs;
use crate::names::named;
use crate::{
    Bitboard, Color, IllegalMoveError, IllegalReason, Move, Piece, Position, Role, Square,
};

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

named!(TandemStyle, "tandem", [
    TandemStyle::Classic => ("classic", [], "Classic", "传统"),
    TandemStyle::Ordinal => ("ordinal", [], "Ordinal", "序数"),
]);

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
                    reason: pos.check_move(m).err().unwrap_or(IllegalReason::NullMove),
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

/// Maps full-width ASCII forms (`Ｃ２．５`, `８`) to ASCII; other characters are kept.
pub(crate) fn halfwidth(c: char) -> char {
    match c as u32 {
        0xFF01..=0xFF5E => char::from_u32(c as u32 - 0xFF01 + 0x21).unwrap_or(c),
        0x3000 => ' ',
        _ => c,
    }
}
