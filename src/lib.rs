//! # xiangqi-wasm
//!
//! A xiangqi (象棋, Chinese chess) rules engine for Rust and WebAssembly: legal moves, check, mate and
//! stalemate (a loss in xiangqi), the flying-general rule, FEN and ICCS moves, and perft.
//!
//! The crate is layered: [`rules`] is pure Rust with no wasm in it; the wasm binding (built only for
//! `wasm32`) is a thin layer over it.
//!
//! ```
//! use xiangqi_wasm::rules::{perft::perft, Position};
//!
//! let pos = Position::new();
//! assert_eq!(perft(&pos, 3), 79_666);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod clock;
pub mod rules;
pub mod search;

#[cfg(target_arch = "wasm32")]
mod wasm;

/// The examples of `docs/adjudication.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/adjudication.md")]
pub struct AdjudicationDocExamples;
