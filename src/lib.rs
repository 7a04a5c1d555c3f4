//! # xiangqi-wasm
//!
//! A xiangqi (象棋, Chinese chess) rules engine, adjudicator and hint searcher for Rust and WebAssembly:
//! legal moves, check, mate and stalemate (a loss in xiangqi), the flying-general rule, FEN, move notations
//! and game records ([`rules`]); repetition rulings under the Asian and Chinese rule sets
//! ([`rules::adjudication`]); a competition clock ([`rules::clock`]); an alpha-beta searcher ([`search`]).
//!
//! The crate is layered: [`rules`] is pure Rust with no wasm in it, [`search`] builds on it, and the wasm
//! binding (built only for `wasm32`) is a thin layer over both.
//!
//! ```
//! use xiangqi_wasm::rules::{perft::perft, Position};
//!
//! let pos = Position::new();
//! assert_eq!(perft(&pos, 3), 79_666);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod rules;
pub mod search;
pub mod view;

#[cfg(target_arch = "wasm32")]
mod wasm;

/// The Rust examples of the README, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;

/// The examples of `docs/adjudication.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/adjudication.md")]
pub struct AdjudicationDocExamples;
