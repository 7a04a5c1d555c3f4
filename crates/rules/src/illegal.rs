//! Why a move is not legal: geometric reasons per piece, and the check/facing rules.

use super::attacks::{ELEPHANT_STEPS, HORSE_STEPS, SOLDIER_STEPS};
use super::{Board, Color, Move, Piece, Role, Square};
use core::fmt;

/// Why a well-formed move is not legal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// There is no piece on the from-square.
    EmptySquare(Square),
    /// The piece on the from-square belongs to the side not to move.
    NotYourPiece(Square, Color),
    /// The from- and to-square are the same.
    NullMove,
    /// The to-square holds a piece of the mover's own side.
    OwnPieceOnTarget(Square, Role),
    /// The general moves one point orthogonally.
    GeneralStep,
    /// The advisor moves one point diagonally.
    AdvisorStep,
    /// The general or advisor would leave the palace (九宫).
    LeavesPalace(Role),
    /// The elephant moves exactly two points diagonally.
    ElephantStep,
    /// The elephant may not cross the river (象不过河).
    ElephantCrossesRiver,
    /// A piece stands on the elephant's eye (塞象眼, sāi xiàngyǎn).
    ElephantEyeBlocked(Square),
    /// The horse moves one point orthogonally then one diagonally (日字).
    HorseStep,
    /// A piece stands on the horse's leg (蹩马腿, bié mǎtuǐ).
    HorseLegBlocked(Square),
    /// Chariots and cannons move along a rank or a file.
    NotStraight(Role),
    /// A piece stands between the from- and to-square.
    PathBlocked(Square),
    /// A cannon captures only by jumping exactly one screen (炮架), and there is none.
    CannonNoScreen,
    /// A cannon captures only by jumping exactly one screen, and there are several.
    CannonTooManyScreens(u8),
    /// A soldier never moves backward.
    SoldierBackward,
    /// A soldier moves sideways only after crossing the river (过河).
    SoldierSidewaysBeforeRiver,
    /// A soldier moves one point forward, or sideways after crossing the river.
    SoldierStep,
    /// The move leaves the mover's general attacked.
    LeavesGeneralInCheck,
    /// After the move the generals would face each other on an open file (将帅对面).
    GeneralsWouldFace,
    /// The move would capture the enemy general (never possible in a legal position).
    CapturesGeneral,
    /// The game is over (checkmate, repetition ruling, resignation, ...): no more moves
    /// ([`Game`](super::Game) only).
    GameOver,
    /// In enforce mode, the move would complete a repetition that its mover is forbidden to complete
    /// (长将 / 长捉 …, docs/rules.md §5.5; [`Game`](super::Game) only).
    ForbiddenRepetition,
}

impl IllegalReason {
    /// A stable machine-readable code in camelCase (`horseLegBlocked`, `leavesGeneralInCheck`, ...).
    pub const fn code(self) -> &'static str {
        match self {
            IllegalReason::EmptySquare(_) => "emptySquare",
            IllegalReason::NotYourPiece(..) => "notYourPiece",
            IllegalReason::NullMove => "nullMove",
            IllegalReason::OwnPieceOnTarget(..) => "ownPieceOnTarget",
            IllegalReason::GeneralStep => "generalStep",
            IllegalReason::AdvisorStep => "advisorStep",
            IllegalReason::LeavesPalace(_) => "leavesPalace",
            IllegalReason::ElephantStep => "elephantStep",
            IllegalReason::ElephantCrossesRiver => "elephantCrossesRiver",
            IllegalReason::ElephantEyeBlocked(_) => "elephantEyeBlocked",
            IllegalReason::HorseStep => "horseStep",
            IllegalReason::HorseLegBlocked(_) => "horseLegBlocked",
            IllegalReason::NotStraight(_) => "notStraight",
            IllegalReason::PathBlocked(_) => "pathBlocked",
            IllegalReason::CannonNoScreen => "cannonNoScreen",
            IllegalReason::CannonTooManyScreens(_) => "cannonTooManyScreens",
            IllegalReason::SoldierBackward => "soldierBackward",
            IllegalReason::SoldierSidewaysBeforeRiver => "soldierSidewaysBeforeRiver",
            IllegalReason::SoldierStep => "soldierStep",
            IllegalReason::LeavesGeneralInCheck => "leavesGeneralInCheck",
            IllegalReason::GeneralsWouldFace => "generalsWouldFace",
            IllegalReason::CapturesGeneral => "capturesGeneral",
            IllegalReason::GameOver => "gameOver",
            IllegalReason::ForbiddenRepetition => "forbiddenRepetition",
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalReason::EmptySquare(s) => write!(f, "there is no piece on {s}"),
            IllegalReason::NotYourPiece(s, c) => {
                write!(
                    f,
                    "the piece on {s} is {c}'s, and it is {}'s turn",
                    c.other()
                )
            }
            IllegalReason::NullMove => f.write_str("a move must go to another point"),
            IllegalReason::OwnPieceOnTarget(s, r) => write!(f, "{s} is occupied by your own {r}"),
            IllegalReason::GeneralStep => {
                f.write_str("the general moves one point along a rank or file")
            }
            IllegalReason::AdvisorStep => f.write_str("the advisor moves one point diagonally"),
            IllegalReason::LeavesPalace(r) => write!(f, "the {r} may not leave the palace"),
            IllegalReason::ElephantStep => {
                f.write_str("the elephant moves exactly two points diagonally")
            }
            IllegalReason::ElephantCrossesRiver => {
                f.write_str("the elephant may not cross the river")
            }
            IllegalReason::ElephantEyeBlocked(s) => {
                write!(f, "the elephant's eye at {s} is blocked")
            }
            IllegalReason::HorseStep => f.write_str(
                "the horse moves one point along a rank or file and then one point diagonally",
            ),
            IllegalReason::HorseLegBlocked(s) => write!(f, "the horse's leg at {s} is blocked"),
            IllegalReason::NotStraight(r) => write!(f, "the {r} moves along a rank or file"),
            IllegalReason::PathBlocked(s) => write!(f, "the path is blocked at {s}"),
            IllegalReason::CannonNoScreen => {
                f.write_str("a cannon captures by jumping exactly one piece, and there is none")
            }
            IllegalReason::CannonTooManyScreens(n) => {
                write!(
                    f,
                    "a cannon captures by jumping exactly one piece, and there are {n}"
                )
            }
            IllegalReason::SoldierBackward => f.write_str("a soldier never moves backward"),
            IllegalReason::SoldierSidewaysBeforeRiver => {
                f.write_str("a soldier moves sideways only after crossing the river")
            }
            IllegalReason::SoldierStep => {
                f.write_str("a soldier moves one point forward, or sideways after the river")
            }
            IllegalReason::LeavesGeneralInCheck => f.write_str("leaves the general in check"),
            IllegalReason::GeneralsWouldFace => f.write_str("the generals would face each other"),
            IllegalReason::CapturesGeneral => f.write_str("the general is never captured"),
            IllegalReason::GameOver => f.write_str("the game is over"),
            IllegalReason::ForbiddenRepetition => f.write_str(
                "it would complete a forbidden repetition (perpetual check or chase); vary the move",
            ),
        }
    }
}

/// A move that cannot be played in the position, with the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move.
    pub mv: Move,
    /// Why it is not legal.
    pub reason: IllegalReason,
}

impl IllegalMoveError {
    /// Stable code of the error: `ERR_ILLEGAL_MOVE` (the [`IllegalReason::code`] says why).
    pub const fn code(&self) -> &'static str {
        "ERR_ILLEGAL_MOVE"
    }
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}: {}", self.mv, self.reason)
    }
}

impl std::error::Error for IllegalMoveError {}

/// Checks that `piece` on `m.from` can reach `m.to` by its movement rule (docs/rules.md §2). The caller has checked
/// that the to-square is empty or holds an enemy piece.
pub(crate) fn check_geometry(b: &Board, piece: Piece, m: Move) -> Result<(), IllegalReason> {
    let (from, to) = (m.from, m.to);
    let df = to.file() as i32 - from.file() as i32;
    let dr = to.rank() as i32 - from.rank() as i32;
    match piece.role {
        Role::General | Role::Advisor => {
            let ok_step = if piece.role == Role::General {
                df.abs() + dr.abs() == 1
            } else {
                df.abs() == 1 && dr.abs() == 1
            };
            if !ok_step {
                return Err(if piece.role == Role::General {
                    IllegalReason::GeneralStep
                } else {
                    IllegalReason::AdvisorStep
                });
            }
            if !to.in_palace(piece.color) {
                return Err(IllegalReason::LeavesPalace(piece.role));
            }
        }
        Role::Elephant => {
            if df.abs() != 2 || dr.abs() != 2 {
                return Err(IllegalReason::ElephantStep);
            }
            if !to.on_own_half(piece.color) {
                return Err(IllegalReason::ElephantCrossesRiver);
            }
            let st = ELEPHANT_STEPS[from.index()]
                .as_slice()
                .iter()
                .find(|s| s.to == to);
            let Some(st) = st else {
                return Err(IllegalReason::ElephantStep);
            };
            if !b.is_empty_at(st.block) {
                return Err(IllegalReason::ElephantEyeBlocked(st.block));
            }
        }
        Role::Horse => {
            let st = HORSE_STEPS[from.index()]
                .as_slice()
                .iter()
                .find(|s| s.to == to);
            let Some(st) = st else {
                return Err(IllegalReason::HorseStep);
            };
            if !b.is_empty_at(st.block) {
                return Err(IllegalReason::HorseLegBlocked(st.block));
            }
        }
        Role::Chariot | Role::Cannon => {
            if df != 0 && dr != 0 {
                return Err(IllegalReason::NotStraight(piece.role));
            }
            let between: Vec<Square> = between(from, to).filter(|s| !b.is_empty_at(*s)).collect();
            let capture = !b.is_empty_at(to);
            if piece.role == Role::Chariot || !capture {
                if let Some(&s) = between.first() {
                    return Err(IllegalReason::PathBlocked(s));
                }
            } else if between.is_empty() {
                return Err(IllegalReason::CannonNoScreen);
            } else if between.len() > 1 {
                return Err(IllegalReason::CannonTooManyScreens(between.len() as u8));
            }
        }
        Role::Soldier => {
            if !SOLDIER_STEPS[piece.color.index()][from.index()].contains(to) {
                let forward = if piece.color == Color::Red { 1 } else { -1 };
                return Err(if dr * forward < 0 {
                    IllegalReason::SoldierBackward
                } else if dr == 0 && df.abs() == 1 {
                    IllegalReason::SoldierSidewaysBeforeRiver
                } else {
                    IllegalReason::SoldierStep
                });
            }
        }
    }
    Ok(())
}

/// The points strictly between two points on one line, from `from` towards `to`.
pub(crate) fn between(from: Square, to: Square) -> impl Iterator<Item = Square> {
    let df = (to.file() as i32 - from.file() as i32).signum();
    let dr = (to.rank() as i32 - from.rank() as i32).signum();
    let mut cur = from;
    core::iter::from_fn(move || {
        let next = cur.offset(df, dr)?;
        if next == to {
            return None;
        }
        cur = next;
        Some(next)
    })
}
