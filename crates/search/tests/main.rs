//! The integration tests of the engine: `engine` (determinism, legal moves only, limits and stop, repetition
//! rulings, UCI), `mates` (verified mates are found) and `steps` (a search run in slices).

mod common;
mod engine;
mod mates;
mod steps;
