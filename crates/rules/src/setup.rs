//! Unvalidated positions ([`Setup`]) and the legal-setup rules of docs/rules.md §1.8.

use super::{Board, Color, Piece, Role, Square};
use core::fmt;

/// A position as text describes it: placement, side to move and counters, not yet checked for legality.
/// Only [`Position::from_setup`](super::Position::from_setup) turns it into a [`Position`](super::Position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The placement.
    pub board: Board,
    /// Side to move.
    pub turn: Color,
    /// Plies since the last capture (FEN field 5; docs/rules.md §4.4).
    pub halfmoves: u32,
    /// Move number, starting at 1 and incremented after each Black move (FEN field 6).
    pub fullmoves: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

/// One reason a placement is not a legal xiangqi position (docs/rules.md §1.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupProblem {
    /// The side has no general.
    MissingGeneral(Color),
    /// The side has more pieces of this kind than the game provides (1 general, 2 advisors, 2 elephants,
    /// 2 horses, 2 chariots, 2 cannons, 5 soldiers).
    TooManyPieces(Color, Role),
    /// A general stands outside its palace (九宫, jiǔgōng).
    GeneralOutsidePalace(Square),
    /// An advisor stands on a point advisors can never reach (only d0 f0 e1 d2 f2 / d9 f9 e8 d7 f7).
    AdvisorMisplaced(Square),
    /// An elephant stands on a point elephants can never reach (c0 g0 a2 e2 i2 c4 g4 / c9 g9 a7 e7 i7 c5 g5).
    ElephantMisplaced(Square),
    /// A soldier stands behind its starting rank, or on a file it cannot reach before crossing the river.
    SoldierMisplaced(Square),
    /// The generals face each other on an open file (将帅对面, jiàng shuài duìmiàn).
    GeneralsFacing,
    /// The side that is not to move is in check: the side to move could capture the general.
    OppositeCheck,
}

impl SetupProblem {
    /// A stable machine-readable code (`ERR_FEN_...`), used by the JS API.
    pub const fn code(self) -> &'static str {
        match self {
            SetupProblem::MissingGeneral(_) => "ERR_FEN_MISSING_GENERAL",
            SetupProblem::TooManyPieces(..) => "ERR_FEN_TOO_MANY_PIECES",
            SetupProblem::GeneralOutsidePalace(_) => "ERR_FEN_GENERAL_PLACEMENT",
            SetupProblem::AdvisorMisplaced(_) => "ERR_FEN_ADVISOR_PLACEMENT",
            SetupProblem::ElephantMisplaced(_) => "ERR_FEN_ELEPHANT_PLACEMENT",
            SetupProblem::SoldierMisplaced(_) => "ERR_FEN_SOLDIER_PLACEMENT",
            SetupProblem::GeneralsFacing => "ERR_FEN_GENERALS_FACING",
            SetupProblem::OppositeCheck => "ERR_FEN_OPPOSITE_CHECK",
        }
    }

    /// The point the problem is about, if it is about one.
    pub const fn square(self) -> Option<Square> {
        match self {
            SetupProblem::GeneralOutsidePalace(s)
            | SetupProblem::AdvisorMisplaced(s)
            | SetupProblem::ElephantMisplaced(s)
            | SetupProblem::SoldierMisplaced(s) => Some(s),
            _ => None,
        }
    }
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SetupProblem::MissingGeneral(c) => write!(f, "{c} has no general"),
            SetupProblem::TooManyPieces(c, r) => {
                let n = r.max_count();
                write!(
                    f,
                    "{c} has more than {n} {r}{}",
                    if n == 1 { "" } else { "s" }
                )
            }
            SetupProblem::GeneralOutsidePalace(s) => {
                write!(f, "the general on {s} is outside its palace")
            }
            SetupProblem::AdvisorMisplaced(s) => write!(f, "an advisor can never stand on {s}"),
            SetupProblem::ElephantMisplaced(s) => write!(f, "an elephant can never stand on {s}"),
            SetupProblem::SoldierMisplaced(s) => write!(f, "a soldier can never stand on {s}"),
            SetupProblem::GeneralsFacing => {
                f.write_str("the generals face each other on an open file")
            }
            SetupProblem::OppositeCheck => f.write_str("the side not to move is in check"),
        }
    }
}

/// A setup that is not a legal position; lists every problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    problems: Vec<SetupProblem>,
}

impl PositionError {
    /// Every problem, in a stable order (board order, then whole-position problems).
    pub fn problems(&self) -> &[SetupProblem] {
        &self.problems
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

/// Whether a piece of `piece`'s kind can ever stand on `sq` (docs/rules.md §1.8).
pub fn reachable(piece: Piece, sq: Square) -> bool {
    let c = piece.color;
    // Look at the board from the piece's own side: rank 0 is its back rank.
    let (f, r) = match c {
        Color::Red => (sq.file(), sq.rank()),
        Color::Black => (sq.flip().file(), sq.flip().rank()),
    };
    match piece.role {
        Role::General => sq.in_palace(c),
        Role::Advisor => sq.in_palace(c) && (f + r) % 2 == 1,
        Role::Elephant => matches!((f, r), (2 | 6, 0) | (0 | 4 | 8, 2) | (2 | 6, 4)),
        Role::Soldier => r >= 5 || (r >= 3 && f % 2 == 0),
        Role::Horse | Role::Chariot | Role::Cannon => true,
    }
}

/// Every placement problem of a board, regardless of the side to move.
pub(crate) fn placement_problems(board: &Board) -> Vec<SetupProblem> {
    let mut problems = Vec::new();
    for (sq, p) in board.pieces() {
        if !reachable(p, sq) {
            problems.push(match p.role {
                Role::General => SetupProblem::GeneralOutsidePalace(sq),
                Role::Advisor => SetupProblem::AdvisorMisplaced(sq),
                Role::Elephant => SetupProblem::ElephantMisplaced(sq),
                _ => SetupProblem::SoldierMisplaced(sq),
            });
        }
    }
    for c in Color::ALL {
        if board.by_piece(Piece::new(c, Role::General)).is_empty() {
            problems.push(SetupProblem::MissingGeneral(c));
        }
        for r in Role::ALL {
            if board.by_piece(Piece::new(c, r)).count() > r.max_count() as u32 {
                problems.push(SetupProblem::TooManyPieces(c, r));
            }
        }
    }
    problems
}

impl PositionError {
    pub(crate) fn new(problems: Vec<SetupProblem>) -> PositionError {
        debug_assert!(!problems.is_empty());
        PositionError { problems }
    }
}
