#![no_main]
use libfuzzer_sys::fuzz_target;
use xiangqi_fuzz::checks::{game_ops, GameInput};

fuzz_target!(|input: GameInput| {
    game_ops(&input);
});
