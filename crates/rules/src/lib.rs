//! # xiangqi
//!
//! The rules of xiangqi (象棋, Chinese chess): board, pieces, legal moves, check, mate, stalemate, FEN and
//! ICCS moves; repetition rulings ([`adjudication`]) and the competition game clock ([`clock`]). Pure Rust:
//! no wasm, no reading of the time (the clock is told the milliseconds used), no randomness, no I/O.
//!
//! # Glossary
//!
//! | Rust | Red / Black | FEN | WXF | rule |
//! |---|---|---|---|---|
//! | [`Role::General`] | 帥 / 將 (shuài / jiàng) | K | K | one step orthogonally inside the palace; generals may not face |
//! | [`Role::Advisor`] | 仕 / 士 (shì) | A | A | one step diagonally inside the palace |
//! | [`Role::Elephant`] | 相 / 象 (xiàng) | B (accept E) | E | two steps diagonally, eye must be empty, never crosses the river |
//! | [`Role::Horse`] | 傌 / 馬 (mǎ) | N (accept H) | H | one orthogonal then one diagonal step, leg must be empty |
//! | [`Role::Chariot`] | 俥 / 車 (jū) | R | R | any distance orthogonally |
//! | [`Role::Cannon`] | 炮 / 砲 (pào) | C | C | moves like a chariot, captures over exactly one screen |
//! | [`Role::Soldier`] | 兵 / 卒 (bīng / zú) | P | P | one step forward, also sideways after crossing the river |
//!
//! Coordinates are ICCS: files `a`–`i` from Red's left, ranks `0`–`9` from Red's back rank.
//!
//! # Example
//!
//! ```
//! use xiangqi::{Position, Move};
//!
//! let mut pos = Position::new();
//! assert_eq!(pos.legal_moves().len(), 44);
//! let m: Move = "h2e2".parse().unwrap(); // 炮二平五, the central cannon
//! pos.play(m).unwrap();
//! assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! // A blocked horse leg is reported as such:
//! let err = pos.play("b9d8".parse().unwrap()).unwrap_err();
//! assert_eq!(err.to_string(), "illegal move b9d8: the horse's leg at c9 is blocked");
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod adjudication;
pub mod attacks;
mod bitboard;
mod board;
pub mod clock;
mod color;
pub mod fen;
mod game;
mod headers;
mod illegal;
mod movegen;
mod moves;
pub mod names;
pub mod notation;
pub mod opening;
pub mod perft;
mod position;
mod role;
mod setup;
mod square;
pub mod zobrist;

pub use adjudication::{Category, GameResult, Language, Mode, Outcome, Reason, Ruleset};
pub use bitboard::Bitboard;
pub use board::Board;
pub use color::Color;
pub use fen::{FenError, ParseFenError};
pub use game::{Annotation, EndingError, Game, GameError, PlayedMove, TakenBack};
pub use illegal::{IllegalMoveError, IllegalReason};
pub use movegen::Targets;
pub use moves::{Move, MoveList, ParseMoveError, MAX_MOVES};
pub use position::{Position, Status, Undo, START_FEN};
pub use role::{Piece, Role};
pub use setup::{reachable, PositionError, Setup, SetupProblem};
pub use square::{ParseSquareError, Square};

/// The Rust examples of the repository's README, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExamples;

/// The examples of `docs/adjudication.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/adjudication.md")]
pub struct AdjudicationDocExamples;

/// The examples of `docs/notation.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/notation.md")]
pub struct NotationDocExamples;

/// The example of this crate's README, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeExample;
