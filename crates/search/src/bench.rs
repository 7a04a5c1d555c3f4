//! The positions `xiangqi bench` searches: the start, and middle games and endgames of the published perft
//! suite and of well-known openings. Their total node count at a fixed depth is a signature of the search.

/// `(name, FEN)` pairs.
pub const BENCH_POSITIONS: [(&str, &str); 10] = [
    (
        "start",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ),
    (
        "central-cannon",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    ),
    (
        "screen-horses",
        "r1bakab1r/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 4 3",
    ),
    (
        "middle-1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    ),
    (
        "middle-2",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    ),
    (
        "middle-3",
        "2bak4/9/2n1b4/p3p1p1p/2p6/6P2/P1P1P3P/2N1C4/4A4/2BAK1B2 w - - 0 1",
    ),
    (
        "middle-4",
        "r2akab2/9/2n1b1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1B1N2/4A4/R3KAB2 b - - 0 1",
    ),
    (
        "rook-endgame",
        "3k5/4a4/4ba3/9/2b6/9/9/4B4/4A4/2R1KAB2 w - - 0 1",
    ),
    (
        "horse-pawns",
        "3ak4/4a4/9/4P4/2p3p2/9/9/4B4/4K4/3N5 w - - 0 1",
    ),
    (
        "cannon-endgame",
        "4ka3/4a4/4b4/9/2p6/9/4P4/4C4/4A4/3AK4 w - - 0 1",
    ),
];

#[cfg(test)]
mod tests {
    use super::BENCH_POSITIONS;
    use xiangqi::Position;

    #[test]
    fn every_bench_position_is_a_legal_fen_with_a_unique_name() {
        for (name, fen) in BENCH_POSITIONS {
            assert!(Position::from_fen(fen).is_ok(), "{name}: {fen}");
        }
        let mut names: Vec<_> = BENCH_POSITIONS.iter().map(|(n, _)| n).collect();
        names.dedup();
        assert_eq!(names.len(), BENCH_POSITIONS.len());
    }
}
