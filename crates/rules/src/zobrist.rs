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

/// The first state of the keys' stream; key `i` (piece-major: `piece * 90 + square`) is the stream's value `i`.
const PIECE_STREAM: u64 = 0x5851_F42D_4C95_7F2D;

/// SplitMix64's state advances by a constant, so the stream's value `i` can be drawn directly.
const fn stream_value(i: u64) -> u64 {
    splitmix64(PIECE_STREAM.wrapping_add(i.wrapping_mul(0x9E37_79B9_7F4A_7C15))).1
}

#[cfg(not(feature = "small"))]
const fn piece_keys() -> [[u64; 90]; 14] {
    let mut out = [[0u64; 90]; 14];
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            out[p][s] = stream_value((p * 90 + s) as u64);
            s += 1;
        }
        p += 1;
    }
    out
}

#[cfg(not(feature = "small"))]
static PIECE_KEYS: [[u64; 90]; 14] = piece_keys();

/// Key XORed in when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix64(0x2545_F491_4F6C_DD1D).1;

/// The key of `piece` standing on `sq`.
#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    #[cfg(not(feature = "small"))]
    return PIECE_KEYS[piece.index()][sq.index()];
    #[cfg(feature = "small")]
    return stream_value((piece.index() * 90 + sq.index()) as u64);
}

/// The side-to-move part of a key.
#[inline]
pub const fn side_key(turn: Color) -> u64 {
    match turn {
        Color::Red => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Role;

    /// The keys are the SplitMix64 stream drawn in order, piece-major, however they are looked up (a table, or
    /// computed with the feature `small`): hashes stay the same across builds and releases.
    #[test]
    fn keys_are_the_stream_in_order() {
        let mut state = PIECE_STREAM;
        for color in [Color::Red, Color::Black] {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                for sq in 0..90 {
                    let (next, value) = splitmix64(state);
                    state = next;
                    let square = Square::new(sq).unwrap();
                    assert_eq!(piece_key(piece, square), value, "{piece:?} on {square}");
                }
            }
        }
    }
}
