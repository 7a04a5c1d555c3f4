//! The transposition table (置换表): one entry per slot, sized by the caller and allocated once.

use super::score::{MATE_BOUND, MAX_PLY};
use xiangqi::Move;

/// What a stored score tells about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a fail-high).
    Lower,
    /// The true value is at most the score (a fail-low).
    Upper,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    /// Bits 0–1: bound (0 = empty), bits 2–7: generation.
    meta: u8,
}

/// A hit in the table.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The best (or refuting) move stored, if any.
    pub mv: Option<Move>,
    /// The score, already converted to be relative to the probing ply.
    pub score: i32,
    /// The depth the score was searched to.
    pub depth: i32,
    /// How the score bounds the true value.
    pub bound: Bound,
}

/// A fixed-size hash table of search results keyed by Zobrist key.
pub struct TranspositionTable {
    entries: Vec<Entry>,
    generation: u8,
}

/// Bytes per entry.
const ENTRY_BYTES: usize = core::mem::size_of::<Entry>();

impl TranspositionTable {
    /// A table of about `mb` mebibytes (at least one entry).
    pub fn new(mb: usize) -> TranspositionTable {
        let n = (mb.max(1) * 1024 * 1024 / ENTRY_BYTES).max(1);
        TranspositionTable {
            entries: vec![Entry::default(); n],
            generation: 0,
        }
    }

    /// Re-allocates for `mb` mebibytes (clears the table).
    pub fn resize(&mut self, mb: usize) {
        *self = TranspositionTable::new(mb);
    }

    /// Size in mebibytes (rounded down).
    pub fn size_mb(&self) -> usize {
        self.entries.len() * ENTRY_BYTES / (1024 * 1024)
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    /// Starts a new search: older entries become preferred for replacement.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Multiply-shift on the top 32 bits (no 128-bit arithmetic: it is slow on wasm32); tables stay
        // below 2^32 entries.
        (((key >> 32) * self.entries.len() as u64) >> 32) as usize
    }

    /// Looks `key` up; `ply` converts mate scores to be relative to this node.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let e = &self.entries[self.index(key)];
        if e.key != key || e.meta & 3 == 0 {
            return None;
        }
        let bound = match e.meta & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: if e.mv == 0 {
                None
            } else {
                Move::from_u16(e.mv)
            },
            score: score_from_tt(e.score as i32, ply),
            depth: e.depth as i32,
            bound,
        })
    }

    /// Stores a result. Keeps a deeper entry of the same generation for another key.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let i = self.index(key);
        let generation = self.generation;
        let e = &mut self.entries[i];
        let same = e.key == key;
        let old_gen = e.meta >> 2;
        if !same && e.meta & 3 != 0 && old_gen == generation && (e.depth as i32) > depth + 2 {
            return;
        }
        if same && bound != Bound::Exact && (e.depth as i32) > depth + 1 && old_gen == generation {
            return;
        }
        let keep_move = same && mv.is_none();
        e.key = key;
        if !keep_move {
            e.mv = mv.map_or(0, Move::to_u16);
        }
        e.score = score_to_tt(score, ply) as i16;
        e.depth = depth.clamp(-1, 127) as i8;
        let b = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        e.meta = b | generation << 2;
    }
}

/// Mate scores are stored relative to the node (distance to mate from here), not to the root.
#[inline]
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

const _: () = assert!(MAX_PLY < 128);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe_round_trip_with_mate_adjustment() {
        let mut tt = TranspositionTable::new(1);
        let m: Move = "h2e2".parse().unwrap();
        let mate_in_3_from_ply_2 = super::super::score::MATE - 5;
        tt.store(42, 2, Some(m), mate_in_3_from_ply_2, 4, Bound::Exact);
        let hit = tt.probe(42, 4).unwrap();
        assert_eq!(hit.mv, Some(m));
        assert_eq!(hit.score, mate_in_3_from_ply_2 - 2);
        assert_eq!(hit.depth, 4);
        assert!(tt.probe(43, 0).is_none());
        tt.clear();
        assert!(tt.probe(42, 0).is_none());
    }
}
