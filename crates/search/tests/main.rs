//! The integration tests of the engine: `engine` (determinism, legal moves only, limits and stop, repetition
//! rulings, UCI), `mates` (verified mates are found), `steps` (a search run in slices) and `analysis` (game analysis).

mod analysis;
mod common;
mod engine;
mod mates;
mod steps;
