//! Zobrist keys (docs/rules.md §5.1: same position = same pieces on the same points and the same side to move).
//!
//! The keys come from a fixed SplitMix64 stream, generated at compile time, so hashes are stable across
//! builds, platforms and the wasm target.

use super::{Color, Piece, Square};

/// One step of the SplitMix64 generator: the next state and the value drawn. The one pseudo-random generator of
/// the workspace (the keys below, the engine's seeded skill levels, the example generators); deterministic, so a
/// seed gives the same sequence everywhere.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn piece_keys() -> [[u64; 90]; 14] {
    let mut out = [[0u64; 90]; 14];
    let mut state = 0x5851_F42D_4C95_7F2D;
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            let (ns, v) = splitmix64(state);
            state = ns;
            out[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    out
}

static PIECE_KEYS: [[u64; 90]; 14] = piece_keys();

/// Key XORed in when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix64(0x2545_F491_4F6C_DD1D).1;

/// The key of `piece` standing on `sq`.
#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    PIECE_KEYS[piece.index()][sq.index()]
}

/// The side-to-move part of a key.
#[inline]
pub const fn side_key(turn: Color) -> u64 {
    match turn {
        Color::Red => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}
