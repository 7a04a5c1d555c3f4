//! Vietnamese notation (`P2-5`, `M8.7`, `X1/1`): the examples of the sources named in docs/notation.md, the
//! forms for pieces sharing a file, never guessed from unnamed text, and the round trip on every move of every
//! real record of tests/data/records (main lines and variations), move by move and as whole PGN records.

use crate::common::{data_path, read_jsonl};
use xiangqi::notation::encoding::NativeDecoder;
use xiangqi::notation::pgn::{parse_pgn, write_pgn, write_pgn_record, PgnOptions};
use xiangqi::notation::read::{read, Input, ReadOptions};
use xiangqi::notation::record::{GameRecord, Line};
use xiangqi::notation::{
    parse_move, parse_move_as, write_move, write_moves, Notation, NotationError, NotationKind,
};
use xiangqi::{Move, Position};

const VI: Notation = Notation::Vietnamese;

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn vi(pos: &Position, text: &str) -> Result<Move, NotationError> {
    parse_move_as(pos, text, NotationKind::Vietnamese)
}

/// The opening of the sources' examples: 1. P2-5 M8.7 2. M2.3 X9-8 3. X1-2 M2.3 4. B7.1 B7.1, and
/// Black's P8/1 (a cannon retreat).
#[test]
fn the_sources_examples_read_and_write() {
    let pos = Position::new();
    let iccs = [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4", "g6g5",
    ];
    let moves: Vec<Move> = iccs.iter().map(|s| mv(s)).collect();
    let texts = write_moves(&pos, &moves, &VI).unwrap();
    assert_eq!(
        texts,
        ["P2-5", "M8.7", "M2.3", "X9-8", "X1-2", "M2.3", "B7.1", "B7.1"]
    );
    let mut p = pos.clone();
    for (t, m) in texts.iter().zip(&moves) {
        assert_eq!(vi(&p, t), Ok(*m), "{t}");
        p.play(*m).unwrap();
    }
    // A retreat, a general, an advisor, an elephant; either case, V/C for T/B, a typographic dash.
    let p =
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1")
            .unwrap();
    assert_eq!(write_move(&p, mv("h7h8"), &VI), "P8/1");
    assert_eq!(vi(&p, "P8/1"), Ok(mv("h7h8")));
    assert_eq!(vi(&p, "p8/1"), Ok(mv("h7h8")));
    assert_eq!(vi(&p, "P8–5"), Ok(mv("h7e7")));
    assert_eq!(write_move(&p, mv("e9e8"), &VI), "Tg5.1");
    assert_eq!(vi(&p, "tg5.1"), Ok(mv("e9e8")));
    assert_eq!(write_move(&p, mv("f9e8"), &VI), "S6.5");
    assert_eq!(write_move(&p, mv("g9e7"), &VI), "T7.5");
    assert_eq!(vi(&p, "V7.5"), Ok(mv("g9e7")));
    assert_eq!(vi(&p, "C3.1"), Ok(mv("c6c5")));
    assert_eq!(write_move(&p, mv("c6c5"), &VI), "B3.1");
}

/// Two pieces on a file: `t` (trước) and `s` (sau); three soldiers: `t`, `g` (giữa), `s`; stacks on two files
/// and four or five soldiers on one take the file after the place.
#[test]
fn pieces_sharing_a_file() {
    // Red cannons on e1 and e3, chariots on a0 and a5.
    let p = Position::from_fen("3k5/9/9/9/R8/9/4C4/9/4C4/R3K4 w - - 0 1").unwrap();
    assert_eq!(write_move(&p, mv("e3d3"), &VI), "Pt-6");
    assert_eq!(write_move(&p, mv("e1d1"), &VI), "Ps-6");
    assert_eq!(write_move(&p, mv("a5a7"), &VI), "Xt.2");
    assert_eq!(write_move(&p, mv("a0a3"), &VI), "Xs.3");
    for m in ["e3d3", "e1d1", "a5a7", "a0a3", "e1e2"] {
        let t = write_move(&p, mv(m), &VI);
        assert_eq!(vi(&p, &t), Ok(mv(m)), "{t}");
    }
    // The file digit alone is not enough when two cannons stand on it.
    assert!(matches!(
        vi(&p, "P5-6"),
        Err(NotationError::Ambiguous { .. })
    ));
    // Three soldiers on file 5 (e5, e6, e7), past the river.
    let p = Position::from_fen("3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1").unwrap();
    assert_eq!(write_move(&p, mv("e7e8"), &VI), "Bt.1");
    assert_eq!(write_move(&p, mv("e6d6"), &VI), "Bg-6");
    assert_eq!(write_move(&p, mv("e5f5"), &VI), "Bs-4");
    // Stacks on two files: the file follows the place.
    let p = Position::from_fen("3k5/9/2P1P4/2P1P4/9/9/9/9/9/4K4 w - - 0 1").unwrap();
    assert_eq!(write_move(&p, mv("e7e8"), &VI), "Bt5.1");
    assert_eq!(write_move(&p, mv("c6b6"), &VI), "Bs7-8");
    // Four soldiers on one file: front, 2, 3, rear, with the file.
    let p = Position::from_fen("3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1").unwrap();
    assert_eq!(write_move(&p, mv("e8f8"), &VI), "Bt5-4");
    assert_eq!(write_move(&p, mv("e7f7"), &VI), "B25-4");
    assert_eq!(write_move(&p, mv("e6f6"), &VI), "B35-4");
    assert_eq!(write_move(&p, mv("e5f5"), &VI), "Bs5-4");
    for fen in [
        "3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1",
        "3k5/9/2P1P4/2P1P4/9/9/9/9/9/4K4 w - - 0 1",
        "3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1",
        "3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/5K3 w - - 0 1",
        "4k4/9/9/9/9/4p4/4p4/4p4/9/3K5 b - - 0 1",
    ] {
        let p = Position::from_fen(fen).unwrap();
        let mut seen = std::collections::HashSet::new();
        for m in p.legal_moves().iter().copied() {
            let t = write_move(&p, m, &VI);
            assert!(seen.insert(t.clone()), "{fen}: {t} written twice");
            assert_eq!(vi(&p, &t), Ok(m), "{fen}: {t}");
        }
    }
}

/// Vietnamese is read only where named: unnamed, its texts are not read as Vietnamese, and text of other
/// notations is not read when Vietnamese is named.
#[test]
fn never_guessed() {
    let pos = Position::new();
    for t in ["P2-5", "M2.3", "X1-2", "B7.1"] {
        let auto = parse_move(&pos, t);
        assert_ne!(auto, vi(&pos, t), "{t} was guessed as Vietnamese");
    }
    // WXF `C2.5` and Chinese `炮二平五` are no Vietnamese; ICCS coordinates are read in any notation.
    assert!(vi(&pos, "C2.5").is_err());
    assert!(matches!(
        vi(&pos, "炮二平五"),
        Err(NotationError::Syntax { .. })
    ));
    assert_eq!(vi(&pos, "h2e2"), Ok(mv("h2e2")));
    // Bad input is a typed error, never a panic.
    for t in [
        "", "P", "P2", "P2-", "P2-0", "P0-5", "Tg", "Pt", "Pq-5", "B15.1", "Bx5.1", "P2+5",
        "X1/1/1",
    ] {
        assert!(vi(&pos, t).is_err(), "{t:?}");
    }
}

fn every_record() -> Vec<GameRecord> {
    let mut out = Vec::new();
    for folder in ["big5", "gbk", "utf8", "dhtmlxq", "xqf", "cbr"] {
        let dir = data_path(&format!("records/{folder}"));
        let mut names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                !matches!(
                    p.extension().and_then(|e| e.to_str()),
                    Some("md" | "jsonl" | "json")
                )
            })
            .collect();
        names.sort();
        for path in names {
            let bytes = std::fs::read(&path).unwrap();
            let Ok(records) = read(
                Input::Bytes(&bytes),
                &ReadOptions::default(),
                &NativeDecoder,
            ) else {
                continue;
            };
            out.extend(records.flatten());
        }
    }
    out
}

/// Every move of `line` (from `pos`) and of its variations written in Vietnamese and read back; returns how many.
fn each_move(line: &Line, pos: &Position) -> usize {
    let mut p = pos.clone();
    let mut n = 0;
    for node in &line.moves {
        for v in &node.variations {
            n += each_move(v, &p);
        }
        let t = write_move(&p, node.mv, &VI);
        assert_eq!(vi(&p, &t), Ok(node.mv), "{} written {t}", p.fen());
        n += 1;
        p.play(node.mv).unwrap();
    }
    n
}

fn tree(line: &Line) -> Vec<String> {
    let mut out = Vec::new();
    for n in &line.moves {
        out.push(n.mv.to_string());
        for v in &n.variations {
            out.push(format!("({})", tree(v).join(" ")));
        }
    }
    out
}

#[test]
fn round_trip_on_every_move_of_the_real_records() {
    let records = every_record();
    let mut moves = 0;
    for r in &records {
        moves += each_move(&r.mainline, &r.start);
        // Whole records: written in Vietnamese (with the tag that names it) and read back, tree for tree.
        let options = PgnOptions {
            notation: VI,
            line_width: 80,
        };
        for text in [write_pgn(r, &options), write_pgn_record(r, &options)] {
            assert!(text.contains("[Format \"Vietnamese\"]"));
            let back = parse_pgn(&text).unwrap().remove(0);
            assert_eq!(tree(&back.mainline), tree(&r.mainline));
            // Read as Vietnamese, written in Chinese: the tag no longer says Vietnamese.
            let chinese = write_pgn_record(&back, &PgnOptions::default());
            assert!(chinese.contains("[Format \"Chinese\"]"), "{chinese}");
            assert_eq!(
                tree(&parse_pgn(&chinese).unwrap()[0].mainline),
                tree(&r.mainline)
            );
        }
    }
    // The figures of docs/notation.md ("Vietnamese").
    assert!(records.len() >= 140, "{} records", records.len());
    assert!(moves >= 10_000, "{moves} moves");
    println!(
        "vietnamese round trip: {} records, {moves} moves",
        records.len()
    );
}

/// Every legal move of every 7th position of positions.jsonl: distinct texts per position, each read back.
#[test]
fn round_trip_on_every_legal_move_of_the_positions() {
    let mut checked = 0;
    for r in read_jsonl("positions.jsonl").iter().step_by(7) {
        let pos = Position::from_fen(r["fen"].as_str().unwrap()).unwrap();
        let mut seen = std::collections::HashSet::new();
        for m in pos.legal_moves().iter().copied() {
            let t = write_move(&pos, m, &VI);
            assert!(seen.insert(t.clone()), "{}: {t} twice", pos.fen());
            assert_eq!(vi(&pos, &t), Ok(m), "{}: {t}", pos.fen());
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// Why Vietnamese is never guessed: real positions where a Vietnamese text is also WXF for another legal move.
#[test]
fn vietnamese_text_can_be_another_wxf_move() {
    let mut clashes = Vec::new();
    for r in read_jsonl("positions.jsonl").iter().step_by(7) {
        let pos = Position::from_fen(r["fen"].as_str().unwrap()).unwrap();
        for m in pos.legal_moves().iter().copied() {
            let t = write_move(&pos, m, &VI);
            if let Ok(other) = parse_move(&pos, &t) {
                assert_ne!(other, m, "{t}");
                clashes.push((pos.fen(), t, m, other));
            }
        }
    }
    assert!(!clashes.is_empty());
    let (fen, t, m, other) = &clashes[0];
    println!(
        "{} clashes; first: {fen}: {t} is {m} in Vietnamese, {other} in WXF",
        clashes.len()
    );
}
