//! # xiangqi-view
//!
//! The board as pure geometry and state (棋盘, qípán): square ↔ pixel for both orientations, hit testing,
//! what the user picks up, drags, drops and draws, animations, themes, and the board as a list of drawing
//! operations ([`draw::Op`]) in three layers.
//!
//! The view knows squares and pieces but **no legality** (house rule 10): it draws what its host gives —
//! pieces, destinations, the last move, check, arrows — and reports what the user intends
//! ([`state::Board::take_intent`]). Only the wasm painter (`src/board.rs`) turns the operations into
//! canvas calls, and only the package's JS touches the DOM.
//!
//! ```
//! use xiangqi::START_FEN;
//! use xiangqi_view::{render::Renderer, state::{Board, Button, Effect, Movable}};
//!
//! let mut board = Board::new();
//! board.resize(400.0, 440.0, 1.0);
//! board.set_fen(START_FEN, false).unwrap();
//! board.movable = Movable::Red;
//! let (x, y) = board.geometry.point("h2".parse().unwrap());
//! board.pointer_down(x, y, Button::Primary);
//! board.pointer_up(x, y);
//! let (x, y) = board.geometry.point("e2".parse().unwrap());
//! assert!(board.pointer_down(x, y, Button::Primary).has(Effect::MOVED));
//! assert_eq!(board.take_intent().map(|(f, t)| format!("{f}{t}")), Some("h2e2".into()));
//!
//! let mut renderer = Renderer::default();
//! renderer.render_pieces(&board);
//! assert!(!renderer.pieces.is_empty());
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod anim;
pub mod draw;
pub mod geometry;
pub mod render;
pub mod shapes;
pub mod state;
pub mod theme;

/// The example of this crate's README, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeExample;
