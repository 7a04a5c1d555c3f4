#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| xiangqi_fuzz::checks::cbr(data));
