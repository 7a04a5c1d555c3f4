//! The fuzz targets' invariant checks (see `checks`), shared with the stable regression test
//! `tests/fuzz_checks.rs` of the main crate.
pub mod checks;
