//! The fuzz targets' invariant checks (src/checks.rs) on stable: every seed input of fuzz/seeds/,
//! every input that once failed (tests/data/fuzz_regressions/TARGET/, the regression tests of the fuzzer's
//! findings), and generated sequences of game operations. `npm run fuzz` runs the same checks under
//! libFuzzer.

use proptest::prelude::Rng;
use proptest::test_runner::{RngAlgorithm, TestRng};
use std::path::Path;
use xiangqi_fuzz::checks::{self, GameInput, Op, OptionSpec};

/// Runs `check` on every file of `fuzz/seeds/TARGET` and `tests/data/fuzz_regressions/TARGET`; returns
/// how many there were.
fn replay(target: &str, check: fn(&[u8])) -> usize {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = fuzz.join("..");
    let mut n = 0;
    for dir in [
        fuzz.join("seeds").join(target),
        root.join("tests/data/fuzz_regressions").join(target),
    ] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
        files.sort();
        for f in files {
            let data = std::fs::read(&f).unwrap();
            let result = std::panic::catch_unwind(|| check(&data));
            assert!(result.is_ok(), "{target}: {} fails", f.display());
            n += 1;
        }
    }
    n
}

#[test]
fn fen_seeds() {
    assert!(replay("fen", checks::fen) >= 40);
}

#[test]
fn move_text_seeds() {
    assert!(replay("move_text", checks::move_text) >= 20);
}

#[test]
fn pgn_seeds() {
    assert!(replay("pgn", checks::pgn) >= 3);
}

#[test]
fn dhtmlxq_seeds() {
    assert!(replay("dhtmlxq", checks::dhtmlxq) >= 2);
}

#[test]
fn record_bytes_seeds() {
    assert!(replay("record_bytes", checks::record_bytes) >= 3);
}

#[test]
fn xqf_seeds() {
    assert!(replay("xqf", checks::xqf) >= 4);
}

#[test]
fn cbr_seeds() {
    assert!(replay("cbr", checks::cbr) >= 2);
}

/// Every real CBR and CBL file of tests/data/records/cbr, and hostile variants: the records cut at every length
/// of their tree and at many of their header, every byte of the tree and the board of the small record changed,
/// a library cut inside its header, its index and its records, its slot count and index states changed. Each
/// game reads or is refused with a typed error (the checks of `checks::cbr`).
#[test]
fn cbr_real_files_and_hostile_variants() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/records/cbr");
    let read = |name: &str| std::fs::read(dir.join(name)).unwrap();
    let mut variants = 0;
    for name in ["cchess-test.cbr", "cchess-test2.cbr"] {
        let data = read(name);
        checks::cbr(&data);
        for cut in (0..2214).step_by(97).chain(2100..data.len()) {
            checks::cbr(&data[..cut]);
            variants += 1;
        }
        for at in (2076..2120)
            .chain(2120..2210)
            .chain(2210..data.len().min(2400))
        {
            for v in [
                0x00,
                0x01,
                0x02,
                0x04,
                0x07,
                0x7F,
                0xFF,
                data[at].wrapping_add(1),
            ] {
                let mut d = data.clone();
                d[at] = v;
                checks::cbr(&d);
                variants += 1;
            }
        }
    }
    let lib = read("cchess-1989-longhua.cbl");
    checks::cbr(&lib);
    for cut in [
        0, 16, 63, 64, 66_623, 66_624, 80_000, 101_951, 101_952, 104_000, 106_048, 110_000,
    ] {
        checks::cbr(&lib[..cut]);
        variants += 1;
    }
    for (at, v) in [
        (60, 0u8),
        (60, 1),
        (60, 0xFF),
        (63, 0x7F),
        (66_624, 5),
        (66_624, 0),
        (66_624, 9),
    ] {
        let mut d = lib.clone();
        d[at] = v;
        checks::cbr(&d);
        variants += 1;
    }
    assert!(variants > 3_000, "{variants}");
}

/// Every real XQF file of tests/data/records/xqf, and hostile variants of the small ones (versions 10, 12, 13,
/// 16 and 18): cut at every length of its
/// header and tree start, every byte of its keys and first records changed, comment lengths of 4 GB, a
/// version byte out of range. Each reads or is refused with a typed error (the checks of `checks::xqf`),
/// never past a cap.
#[test]
fn xqf_real_files_and_hostile_variants() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/records/xqf");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "xqf"))
        .collect();
    files.sort();
    assert!(files.len() >= 40);
    let mut variants = 0;
    for f in &files {
        let data = std::fs::read(f).unwrap();
        checks::xqf(&data);
        if data.len() > 2000 {
            continue; // the variants of the small files cover every version; the large ones take long
        }
        // Truncated anywhere in the header's keys and pieces, and in the first records of the tree.
        for cut in (0..0x40).chain(0x3F0..data.len().min(0x480)) {
            checks::xqf(&data[..cut]);
            variants += 1;
        }
        // Changed bytes: the keys and pieces, the first records.
        for at in (2..0x34).chain(0x400..data.len().min(0x420)) {
            for v in [0x00, 0x01, 0x7F, 0xFF, data[at].wrapping_add(1)] {
                let mut d = data.clone();
                d[at] = v;
                checks::xqf(&d);
                variants += 1;
            }
        }
    }
    assert!(variants > 5_000, "{variants}");
    // A comment length of 4 GB in a version 10 file (lengths are plain there): refused, nothing allocated.
    let mut v10 = vec![0u8; 1024];
    v10[..3].copy_from_slice(b"XQ\x0a");
    let squares = [
        80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3, 89, 79, 69, 59, 49, 39, 29,
        19, 9, 77, 17, 86, 66, 46, 26, 6,
    ];
    v10[16..48].copy_from_slice(&squares);
    v10.extend([0x18, 0x20, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]);
    let e =
        xiangqi::notation::xqf::parse_xqf(&v10, None, &xiangqi::notation::encoding::NativeDecoder)
            .unwrap_err();
    assert_eq!(e.code(), "ERR_RECORD_SYNTAX");
    assert_eq!(e.offset(), Some(0x404));
    assert!(
        e.to_string().contains("runs past the end of the file"),
        "{e}"
    );
    checks::xqf(&v10);
}

#[test]
fn uci_seeds() {
    assert!(replay("uci", checks::uci) >= 3);
}

#[test]
fn the_position_pool_is_valid_and_every_position_passes() {
    for (i, fen) in checks::POSITIONS.iter().enumerate() {
        checks::fen(fen.as_bytes());
        // Every legal move of every pool position writes and reads back in every notation.
        let pos = checks::walk(i as u8, &[]);
        for &m in pos.legal_moves().iter() {
            checks::check_move_round_trip(&pos, m);
        }
    }
}

fn random_op(rng: &mut TestRng) -> Op {
    let b = |rng: &mut TestRng| rng.next_u32() as u8;
    let t = |rng: &mut TestRng| rng.next_u32() & 1 == 0;
    match rng.next_u32() % 24 {
        0..=7 => Op::Play(b(rng)),
        8 => Op::PlayRaw(b(rng), b(rng)),
        9 => Op::PlayText(b(rng), b(rng)),
        10 | 11 => Op::Undo,
        12 => Op::Reset,
        13 => Op::Resign(t(rng)),
        14 => Op::OfferDraw(t(rng)),
        15 => Op::AcceptDraw(t(rng)),
        16 => Op::DeclineDraw(t(rng)),
        17 => Op::TimeForfeit(t(rng)),
        18 => Op::Classify(b(rng), b(rng), b(rng)),
        19 | 20 => Op::Warn(b(rng)),
        21 => Op::Hint(b(rng)),
        22 => Op::SetOptions(random_options(rng)),
        _ => Op::OverrideIdle(b(rng)),
    }
}

fn random_options(rng: &mut TestRng) -> OptionSpec {
    let r = rng.next_u32();
    OptionSpec {
        cxa: r & 1 != 0,
        move_limit: (r >> 1) as u8,
        repetition: (r >> 9) as u8,
        mode: (r >> 17) as u8,
        check_discount: r & (1 << 25) != 0,
        cxa_check_chases: r & (1 << 26) != 0,
    }
}

/// Generated operation sequences, biased towards moves, so that games get long enough to repeat. The
/// fuzzer explores the same space guided by coverage.
#[test]
fn generated_game_operation_sequences() {
    let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[13; 32]);
    for i in 0..60u8 {
        let ops = (0..rng.next_u32() % 120)
            .map(|_| random_op(&mut rng))
            .collect();
        let options = (i % 3 != 0).then(|| random_options(&mut rng));
        checks::game_ops(&GameInput {
            start: i,
            options,
            ops,
        });
    }
}

/// `Op::Warn` indices that play these ICCS moves from pool position `start`.
fn warn_ops(start: u8, moves: &[&str]) -> Vec<Op> {
    let mut pos = checks::walk(start, &[]);
    moves
        .iter()
        .map(|t| {
            let m: xiangqi::Move = t.parse().unwrap();
            let i = pos.legal_moves().iter().position(|&l| l == m).unwrap();
            pos.play(m).unwrap();
            Op::Warn(i as u8)
        })
        .collect()
}

/// A perpetual check from pool position 4 (4k4/8R/9/9/9/9/9/9/9/R4K3 w): the chariot checks from i9 and i8,
/// the general steps between e9 and e8. The checks see the warning before the last move, the ruling (Red,
/// the checking side, loses: docs/rules.md §5) and its replay; undo lifts it.
#[test]
fn a_perpetual_check_sequence() {
    use xiangqi::{Color, Reason};
    let cycle = ["i8i9", "e9e8", "i9i8", "e8e9"];
    let moves: Vec<&str> = cycle.iter().chain(cycle.iter()).copied().collect();
    let mut ops = warn_ops(4, &moves);
    ops.push(Op::Replay);
    let g = checks::game_ops(&GameInput {
        start: 4,
        options: None,
        ops: ops.clone(),
    });
    let o = g.outcome().expect("the repetition is ruled");
    assert_eq!(
        (o.reason(), o.winner(), o.ply()),
        (Reason::PerpetualCheck, Some(Color::Black), 8)
    );
    // The same with a final undo: the ruling is lifted.
    ops.push(Op::Undo);
    let g = checks::game_ops(&GameInput {
        start: 4,
        options: None,
        ops,
    });
    assert_eq!(g.outcome(), None);
}

/// The horses of the start position go out and back twice: an idle repetition, drawn at the third
/// occurrence.
#[test]
fn an_idle_repetition_sequence() {
    let cycle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let moves: Vec<&str> = cycle.iter().chain(cycle.iter()).copied().collect();
    let g = checks::game_ops(&GameInput {
        start: 0,
        options: None,
        ops: warn_ops(0, &moves),
    });
    let o = g.outcome().expect("the repetition is ruled");
    assert_eq!((o.winner(), o.ply()), (None, 8));
}

/// Found by the `pgn` target (tests/data/fuzz_regressions/pgn/result-header-not-a-result.pgn): `write_pgn`
/// wrote the `Result` header's value verbatim as the game-termination marker, so a header that is not a
/// result gave a PGN that did not read back ("1-\u{FFFD}" is not a move) — or, worse, one that reads back as
/// another game: a `Result` of `h2e2` came back as an extra move.
#[test]
fn a_result_header_that_is_not_a_result_stays_out_of_the_move_text() {
    use xiangqi::notation::pgn::{parse_pgn, write_pgn, PgnOptions};
    let text = "[Result \"h2e2\"]\n\n1. h0g2 *\n";
    let record = parse_pgn(text).unwrap().remove(0);
    assert_eq!(record.result(), "h2e2");
    let written = write_pgn(&record, &PgnOptions::default());
    let back = parse_pgn(&written).unwrap().remove(0);
    assert_eq!(back.moves().count(), 1, "{written}");
    assert!(written.trim_end().ends_with('*'), "{written}");
}

/// Found by the `game_ops` target (fixed in crates/rules/src/game.rs: the game keeps the ending by the rules that an
/// external ending hides). After a resignation, `set_options` with a move limit the moves already exceed
/// keeps the resignation (ply 4), hiding the earlier natural ending (ply 3); `undo` lifted the resignation and
/// left the game without an ending in a position where the limit was reached: replaying the same moves gives
/// a draw by the move limit, the game gave none.
#[test]
fn an_ending_masked_by_a_resignation_comes_back_after_undo() {
    use xiangqi::adjudication::{Mode, Options};
    use xiangqi::{Color, Game, Reason};
    let mut g = Game::from_fen("4k4/9/9/9/9/2p1p4/2p1p4/2p6/9/3K5 b - - 0 1").unwrap();
    for m in ["e3e2", "d0e0", "c2c1", "e0d0"] {
        g.play_iccs(m).unwrap();
    }
    g.resign(Color::Red).unwrap();
    let options = Options {
        move_limit: 3,
        mode: Mode::Enforce,
        ..Options::default()
    };
    g.set_options(options).unwrap();
    g.undo();
    let o = g.outcome().map(|o| (o.reason(), o.ply()));
    assert_eq!(o, Some((Reason::MoveLimit, 3)));
}

/// Found by the `game_ops` target in the long run: moves played under options that allow a repetition, then
/// `set_options` switching to a mode that enforces the rulings. A replay under the final options refuses the
/// move that completed the repetition; the check now stops the replay there (the game itself is right).
#[test]
fn a_replay_under_changed_options_may_refuse_a_repetition() {
    let spec = |cxa_check_chases, move_limit, repetition, mode| OptionSpec {
        cxa: true,
        move_limit,
        repetition,
        mode,
        check_discount: true,
        cxa_check_chases,
    };
    let classify = Op::Classify(169, 169, 169);
    let mut ops = vec![Op::Reset, classify, classify];
    ops.extend([Op::Warn(189); 6]);
    ops.extend([
        classify,
        classify,
        Op::Warn(119),
        Op::IllegalMoveForfeit(false),
    ]);
    ops.push(Op::SetOptions(spec(false, 90, 150, 103)));
    ops.push(Op::Replay);
    let g = checks::game_ops(&GameInput {
        start: 4,
        options: Some(spec(true, 59, 127, 67)),
        ops,
    });
    assert!(!g.history().is_empty());
}
