//! # xiangqi-engine
//!
//! The hint searcher: iterative-deepening principal-variation alpha-beta over [`xiangqi::Position`].
//!
//! Pure Rust and deterministic: no globals, no threads, no clock of its own (the caller injects a [`TimeSource`]),
//! no randomness except a seeded generator for weaker skill levels. The same position, history, options and
//! depth (or node) limit always give the same move, score and node count.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use xiangqi::Game;
//! use xiangqi_engine::{Engine, Limits, NoClock, Score};
//!
//! // Red mates in one: the chariot takes the d-file; the general cannot leave it (the e-file faces Red's general).
//! let game = Game::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
//! let mut engine = Engine::new(1);
//! let stop = AtomicBool::new(false);
//! let r = engine.search(&game, &Limits::depth(3), &NoClock, &stop, &mut |_| {});
//! assert_eq!(r.best_move.unwrap().to_string(), "a1d1");
//! assert_eq!(r.score, Score::Mate(1));
//! ```
//!
//! See `docs/search.md` for the algorithm, the evaluation terms and the skill levels.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

/// Declares the evaluation's scalar weights from one list, a line `P_NAME => ("its name", value),` each, in
/// index order: the index constant `P_NAME` of each (its place in the list), [`N_WEIGHTS`](eval::N_WEIGHTS),
/// [`WEIGHTS`](eval::WEIGHTS), [`PARAM_NAMES`](eval::PARAM_NAMES) and [`PARAM_IDENTS`](eval::PARAM_IDENTS).
/// The list is the generated file `weights.rs` (the module `weights`, re-exported by [`eval`]), so that a
/// weight is one line and no index can drift from its value or its name. Defined before the modules, so that
/// `weights.rs` sees it.
macro_rules! scalar_weights {
    ($($id:ident => ($name:literal, $value:literal),)*) => {
        /// The weights in list order: each `P_…` index is its discriminant.
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[repr(usize)]
        enum Index {
            $($id,)*
        }
        $(
            #[doc = concat!("The index of the weight *", $name, "* in [`WEIGHTS`].")]
            pub const $id: usize = Index::$id as usize;
        )*
        /// The number of the evaluation's scalar weights ([`WEIGHTS`]).
        pub const N_WEIGHTS: usize = [$($id),*].len();
        /// The evaluation's scalar weights in centipawns, by their `P_…` indices.
        pub const WEIGHTS: [i32; N_WEIGHTS] = [$($value),*];
        /// The scalar weights' names, for `xiangqi tune`.
        pub const PARAM_NAMES: [&str; N_WEIGHTS] = [$($name),*];
        /// The scalar weights' index constants as written in `weights.rs`, for `xiangqi tune --write`.
        pub const PARAM_IDENTS: [&str; N_WEIGHTS] = [$(stringify!($id)),*];
    };
}

mod alphabeta;
pub mod analysis;
mod api;
pub mod bench;
mod engine;
pub mod eval;
pub mod mate;
#[cfg(feature = "nnue")]
pub mod nnue;
mod ordering;
mod path;
pub mod repetition;
mod rules_judge;
mod score;
pub mod skill;
pub mod time;
mod tt;
pub mod uci;
mod weights;

pub use api::{Limits, PvLine, SearchInfo, SearchOptions, SearchResult, Slice, Step};
pub use engine::Engine;
pub use repetition::{CycleStep, PerpetualCheckJudge, RepetitionJudge, Verdict};
pub use rules_judge::RulesJudge;
pub use score::{Score, MATE, MAX_PLY};
pub use tt::TranspositionTable;

/// A source of elapsed time, injected by the caller (the library never reads a clock itself: the standard clock
/// panics on `wasm32-unknown-unknown`). Not to be confused with the game clock,
/// [`rules::clock::Clock`](xiangqi::clock::Clock).
pub trait TimeSource {
    /// Milliseconds since the search started.
    fn elapsed_ms(&self) -> u64;
}

/// A time source that never advances: for searches limited by depth or nodes only.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoClock;

impl TimeSource for NoClock {
    fn elapsed_ms(&self) -> u64 {
        0
    }
}

/// The examples of `docs/search.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/search.md")]
pub struct SearchDocExamples;

/// The example of this crate's README, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeExample;
