//! The integration tests of the engine: `engine` (determinism, legal moves only, limits and stop, repetition
//! rulings, UCI), `mates` (verified mates are found), `steps` (a search run in slices) `analysis` (game analysis) and,
//! with the feature `nnue`, `nnue` (the neural evaluation).

mod analysis;
mod common;
mod engine;
mod mates;
#[cfg(feature = "nnue")]
mod nnue;
mod steps;
