//! The fuzz targets' invariant checks (see [`checks`]), shared by the libFuzzer targets (`fuzz_targets/`) and the
//! stable regression test `tests/checks.rs`.
pub mod checks;
