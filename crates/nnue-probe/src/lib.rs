//! A WebAssembly probe of the neural evaluation, for `tests/nnue/wasm-eval.test.mjs`: the same network
//! evaluates the same positions in wasm (with and without `simd128`) as natively. Built as a bare cdylib
//! (no wasm-bindgen; the package never contains it):
//!
//! ```text
//! cargo build --release -p xiangqi-nnue-probe --target wasm32-unknown-unknown
//! ```
//!
//! Exports: `probe_alloc(len) -> ptr` (bytes for the caller to fill), `probe_random_net(features, ft, l1,
//! seed) -> 0 | -1`, `probe_load_net(ptr, len) -> 0 | -1` (a net file), and `probe_eval(ptr, len)` /
//! `probe_eval_scalar(ptr, len)`: the network's score of the FEN at `ptr` (i32::MIN when the FEN or the net
//! is missing).

use std::sync::Mutex;
use xiangqi::Position;
use xiangqi_engine::nnue::{FeatureSet, Network};

static NET: Mutex<Option<Network>> = Mutex::new(None);

/// Bytes the caller fills, kept for the life of the instance (a probe makes a handful).
#[no_mangle]
pub extern "C" fn probe_alloc(len: usize) -> *mut u8 {
    Box::leak(vec![0u8; len].into_boxed_slice()).as_mut_ptr()
}

fn bytes<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    // The caller passes what `probe_alloc` gave it, filled.
    #[allow(unsafe_code)]
    unsafe {
        std::slice::from_raw_parts(ptr, len)
    }
}

#[no_mangle]
pub extern "C" fn probe_random_net(features: u32, ft: u32, l1: u32, seed: u32) -> i32 {
    let Some(set) = FeatureSet::from_id(features as u16) else {
        return -1;
    };
    match Network::random(set, ft as usize, l1 as usize, seed as u64) {
        Ok(net) => {
            *NET.lock().unwrap() = Some(net);
            0
        }
        Err(_) => -1,
    }
}

#[no_mangle]
pub extern "C" fn probe_load_net(ptr: *const u8, len: usize) -> i32 {
    match Network::from_bytes(bytes(ptr, len)) {
        Ok(net) => {
            *NET.lock().unwrap() = Some(net);
            0
        }
        Err(_) => -1,
    }
}

fn eval(ptr: *const u8, len: usize, scalar: bool) -> i32 {
    let Ok(fen) = std::str::from_utf8(bytes(ptr, len)) else {
        return i32::MIN;
    };
    let Ok(pos) = Position::from_fen(fen) else {
        return i32::MIN;
    };
    match &*NET.lock().unwrap() {
        Some(net) if scalar => net.evaluate_scalar(&pos),
        Some(net) => net.evaluate(&pos),
        None => i32::MIN,
    }
}

#[no_mangle]
pub extern "C" fn probe_eval(ptr: *const u8, len: usize) -> i32 {
    eval(ptr, len, false)
}

#[no_mangle]
pub extern "C" fn probe_eval_scalar(ptr: *const u8, len: usize) -> i32 {
    eval(ptr, len, true)
}
