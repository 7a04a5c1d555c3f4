//! The integration tests of the engine: `engine` (determinism, legal moves only, limits and stop, repetition
//! rulings, UCI) and `mates` (verified mates are found).

mod common;
mod engine;
mod mates;
