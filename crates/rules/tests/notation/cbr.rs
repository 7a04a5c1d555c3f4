//! CBR and CBL (XiangQi Bridge, 象棋桥): the real files of `tests/data/records/cbr/` (counts of games, moves,
//! comments, variations; what is refused and why), files built by hand for the layout of docs/cbr.md, and
//! broken variants of the real files — each refused with a typed error and its byte offset.

use std::path::PathBuf;
use xiangqi::notation::cbr::{parse_cbl, parse_cbl_game, parse_cbr};
use xiangqi::notation::encoding::NativeDecoder;
use xiangqi::notation::read::{read, Input, ReadOptions};
use xiangqi::notation::record::{GameRecord, Line, RecordError, RecordFormat, WarningCode};

fn data(name: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/records/cbr")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Moves, comments (the start position's included) and variations of a line and everything below it.
fn count(line: &Line) -> (usize, usize, usize) {
    let mut c = (line.moves.len(), usize::from(line.comment.is_some()), 0);
    for n in &line.moves {
        c.1 += usize::from(n.comment.is_some());
        for v in &n.variations {
            let s = count(v);
            c = (c.0 + s.0, c.1 + s.1, c.2 + s.2 + 1);
        }
    }
    c
}

fn read_all(bytes: &[u8]) -> (RecordFormat, Vec<Result<GameRecord, RecordError>>) {
    let r = read(Input::Bytes(bytes), &ReadOptions::default(), &NativeDecoder).unwrap();
    (r.format(), r.collect())
}

/// Every real file: format, games read, games refused (and why), moves, comments and variations, warnings.
#[test]
fn the_real_files_read_with_these_figures() {
    // (file, format, games read, refused, moves, comments, variations)
    let expected = [
        ("cchess-test.cbr", RecordFormat::Cbr, 1, 0, 102, 13, 11),
        ("cchess-test2.cbr", RecordFormat::Cbr, 1, 0, 2, 3, 0),
        (
            "cchess-1989-longhua.cbl",
            RecordFormat::Cbl,
            35,
            2,
            3186,
            85,
            12,
        ),
    ];
    for (file, format, read_games, refused, moves, comments, variations) in expected {
        let (f, games) = read_all(&data(file));
        assert_eq!(f, format, "{file}");
        let mut t = (0, 0, 0, 0);
        let mut errors = Vec::new();
        for g in &games {
            match g {
                Ok(g) => {
                    assert!(g.warnings.is_empty(), "{file}: {:?}", g.warnings);
                    let c = count(&g.mainline);
                    t = (t.0 + 1, t.1 + c.0, t.2 + c.1, t.3 + c.2);
                }
                Err(e) => errors.push(e.clone()),
            }
        }
        assert_eq!(t, (read_games, moves, comments, variations), "{file}");
        assert_eq!(errors.len(), refused, "{file}");
        for e in errors {
            // The library's two section headings: a page of text on an empty board.
            assert_eq!(e.code(), "ERR_RECORD_SYNTAX");
            assert!(e.to_string().contains("an empty board"), "{e}");
        }
    }
}

/// The library's titles say each game's result (`先胜` Red won, `先和` a draw, `先负` Red lost): the header's
/// result byte agrees for every game, and every game starts from the standard position with Red to move.
#[test]
fn the_library_results_agree_with_its_titles() {
    let (_, games) = read_all(&data("cchess-1989-longhua.cbl"));
    let mut checked = 0;
    for g in games.iter().flatten() {
        let title = g.header("Title").unwrap();
        let result = [("先胜", "1-0"), ("先和", "1/2-1/2"), ("先负", "0-1")]
            .iter()
            .find(|(w, _)| title.contains(w))
            .map(|p| p.1)
            .unwrap();
        assert_eq!(g.result(), result, "{title}");
        assert_eq!(g.start, xiangqi::Position::new());
        assert!(g.to_game().is_ok());
        checked += 1;
    }
    assert_eq!(checked, 35);
    let lib = parse_cbl(&data("cchess-1989-longhua.cbl")).unwrap();
    assert_eq!(lib.name, "1989年龙化杯象棋名师邀请赛35局");
    assert_eq!((lib.games.len(), lib.deleted), (37, 1));
}

#[test]
fn a_single_record_keeps_its_tags_comments_and_tree() {
    let g = parse_cbr(&data("cchess-test2.cbr")).unwrap();
    assert_eq!(
        g.headers,
        [("Title", "Test"), ("Result", "*")].map(|(k, v)| (k.to_string(), v.to_string()))
    );
    assert_eq!(g.mainline.comment.as_deref(), Some("李1"));
    let moves: Vec<_> = g
        .mainline
        .moves
        .iter()
        .map(|n| (n.mv.to_string(), n.comment.clone().unwrap()))
        .collect();
    assert_eq!(
        moves,
        [
            ("h2e2".to_string(), "李2".to_string()),
            ("h7e7".to_string(), "李3".to_string())
        ]
    );

    let g = parse_cbr(&data("cchess-test.cbr")).unwrap();
    assert_eq!(
        g.header("Title"),
        Some("黄丹青讲座004-破解新式弃马局的攻防要领")
    );
    let first: Vec<_> = g.moves().take(4).map(|m| m.to_string()).collect();
    assert_eq!(first, ["h2e2", "h9g7", "h0g2", "i9h9"]);
}

/// A record built by hand: header, board, root, moves.
fn record(board: &[(usize, u8)], side: u8, nodes: &[(u8, u8, u8, &str)]) -> Vec<u8> {
    let mut f = vec![0u8; 2214];
    f[..16].copy_from_slice(b"CCBridge Record\0");
    for &(i, b) in board {
        f[2120 + i] = b;
    }
    f[2116] = side;
    for &(flags, from, to, comment) in nodes {
        let flags = flags | if comment.is_empty() { 0 } else { 4 };
        f.extend([flags, 0, from, to]);
        if !comment.is_empty() {
            let u: Vec<u8> = comment.encode_utf16().flat_map(u16::to_le_bytes).collect();
            f.extend((u.len() as u32).to_le_bytes());
            f.extend(u);
        }
    }
    f
}

/// Index of a point (`e0` is 85, `a9` 0).
fn at(file: usize, rank: usize) -> usize {
    (9 - rank) * 9 + file
}

#[test]
fn the_tree_is_read_depth_first_with_siblings_after_subtrees() {
    // Generals on e0 and e9 (d9 for Black so that they do not face), a red chariot on a0.
    let board = [(at(4, 0), 0x15), (at(3, 9), 0x25), (at(0, 0), 0x11)];
    let a0 = at(0, 0) as u8;
    // a0a1 (alternative a0a2, "two"), d9d8, ends; the root comment "start".
    let f = record(
        &board,
        1,
        &[
            (0, 0, 0, "start"),
            (2, a0, at(0, 1) as u8, ""),
            (1, at(3, 9) as u8, at(3, 8) as u8, "end"),
            (1, a0, at(0, 2) as u8, "two"),
        ],
    );
    let g = parse_cbr(&f).unwrap();
    assert_eq!(g.mainline.comment.as_deref(), Some("start"));
    let moves: Vec<_> = g.moves().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["a0a1", "d9d8"]);
    assert_eq!(g.mainline.moves[1].comment.as_deref(), Some("end"));
    let v = &g.mainline.moves[0].variations[0];
    assert_eq!(
        (v.moves[0].mv.to_string(), v.moves[0].comment.as_deref()),
        ("a0a2".to_string(), Some("two"))
    );
}

#[test]
fn a_diagram_whose_side_to_move_cannot_be_right_is_turned_with_a_warning() {
    // Red's chariot on e5 checks the black general on e9; the header says Black is not to move (Red).
    let board = [(at(3, 0), 0x15), (at(4, 9), 0x25), (at(4, 5), 0x11)];
    let g = parse_cbr(&record(&board, 1, &[(1, 0, 0, "")])).unwrap();
    assert_eq!(g.start.turn(), xiangqi::Color::Black);
    assert_eq!(g.warnings.len(), 1);
    assert_eq!(g.warnings[0].code, WarningCode::SideToMove);
    assert_eq!(g.warnings[0].code.code(), "WARN_SIDE_TO_MOVE");
    // Black to move, as written: read as it is.
    let g = parse_cbr(&record(&board, 2, &[(1, 0, 0, "")])).unwrap();
    assert_eq!(g.start.turn(), xiangqi::Color::Black);
    assert!(g.warnings.is_empty());
}

fn refused(bytes: &[u8], format: RecordFormat) -> RecordError {
    let r = read(
        Input::Bytes(bytes),
        &ReadOptions {
            format: Some(format),
            ..Default::default()
        },
        &NativeDecoder,
    );
    let e = match r {
        Err(e) => e,
        Ok(mut r) => r.next().unwrap().unwrap_err(),
    };
    assert_eq!(e.code(), "ERR_RECORD_SYNTAX", "{e}");
    assert!(e.offset().is_some(), "{e}");
    e
}

#[test]
fn broken_records_are_refused_with_a_reason_and_an_offset() {
    let good = data("cchess-test.cbr");
    // Bad magic.
    let mut f = good.clone();
    f[0] = b'X';
    assert!(refused(&f, RecordFormat::Cbr)
        .to_string()
        .contains("not a CBR record"));
    // Truncated: in the header, and at every length inside the tree.
    assert!(refused(&good[..1000], RecordFormat::Cbr)
        .to_string()
        .contains("truncated"));
    for n in (2214..good.len()).step_by(7) {
        let e = refused(&good[..n], RecordFormat::Cbr);
        assert!(
            e.to_string().contains("truncated") || e.to_string().contains("past the end"),
            "{n}: {e}"
        );
    }
    // A comment length past the end (the first comment of test2.cbr, at 2218).
    let mut f = data("cchess-test2.cbr");
    f[2218..2222].copy_from_slice(&0x7FFF_FFF0u32.to_le_bytes());
    let e = refused(&f, RecordFormat::Cbr);
    assert!(e.to_string().contains("past the end"), "{e}");
    assert_eq!(e.offset(), Some(2218));
    // More moves than the cap: a record of 600,000 shuttles (a0a1, a1a0, …) is refused, not allocated.
    let board = [(at(4, 0), 0x15), (at(3, 9), 0x25), (at(0, 0), 0x11)];
    let mut f = record(&board, 1, &[(0, 0, 0, "")]);
    for i in 0..600_000u32 {
        let (from, to) = if i % 2 == 0 {
            (at(0, 0), at(0, 1))
        } else {
            (at(0, 1), at(0, 0))
        };
        f.extend([0, 0, from as u8, to as u8]);
    }
    let e = refused(&f, RecordFormat::Cbr);
    assert!(e.to_string().contains("moves: refused"), "{e}");
    // A byte on the board that is no piece.
    let mut f = good.clone();
    f[2120] = 0x29;
    assert!(refused(&f, RecordFormat::Cbr)
        .to_string()
        .contains("no piece"));
    // Text is not a CBR file.
    let e = read(
        Input::Text("CCBridge Record"),
        &ReadOptions {
            format: Some(RecordFormat::Cbr),
            ..Default::default()
        },
        &NativeDecoder,
    )
    .err()
    .unwrap();
    assert_eq!(e.code(), "ERR_RECORD_SYNTAX");
}

#[test]
fn broken_libraries_are_refused_with_a_reason_and_an_offset() {
    let good = data("cchess-1989-longhua.cbl");
    let mut f = good.clone();
    f[3] = b'x';
    assert!(refused(&f, RecordFormat::Cbl)
        .to_string()
        .contains("not a CBL library"));
    // Truncated in the header, in the index, and inside the last record.
    assert!(refused(&good[..5000], RecordFormat::Cbl)
        .to_string()
        .contains("truncated"));
    assert!(refused(&good[..80_000], RecordFormat::Cbl)
        .to_string()
        .contains("truncated"));
    let last = *parse_cbl(&good).unwrap().games.last().unwrap();
    let e = parse_cbl_game(&good[..last.0 + 2300], last).unwrap_err();
    assert!(e.to_string().contains("truncated"), "{e}");
    assert_eq!(e.code(), "ERR_RECORD_SYNTAX");
    // Cut after that game: the deleted record's slot is gone, and the index no longer matches the file.
    let e = refused(&good[..last.0 + 4096], RecordFormat::Cbl);
    assert!(
        e.to_string()
            .contains("the index lists 38 records, the file holds 37"),
        "{e}"
    );
    // An index that lists more records than the file holds (a huge slot count).
    let mut f = good.clone();
    f[60..64].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(refused(&f, RecordFormat::Cbl)
        .to_string()
        .contains("refused"));
    let mut f = good.clone();
    f[60..64].copy_from_slice(&129u32.to_le_bytes());
    refused(&f, RecordFormat::Cbl);
    // An index entry in a state never seen.
    let mut f = good.clone();
    f[66_624] = 3;
    assert!(refused(&f, RecordFormat::Cbl)
        .to_string()
        .contains("state 3"));
}

#[test]
fn the_formats_are_sniffed_by_their_signatures() {
    assert_eq!(read_all(&data("cchess-test.cbr")).0, RecordFormat::Cbr);
    assert_eq!(
        read_all(&data("cchess-1989-longhua.cbl")).0,
        RecordFormat::Cbl
    );
    assert_eq!("cbr".parse::<RecordFormat>().unwrap(), RecordFormat::Cbr);
    assert_eq!(RecordFormat::Cbl.name(), "CBL");
}

/// A library built by hand: a record longer than one 4,096-byte slot runs on into the next, and the game after it
/// starts on the following slot; a deleted entry's record is skipped.
#[test]
fn a_record_longer_than_a_slot_runs_on_into_the_next() {
    let board = [(at(4, 0), 0x15), (at(3, 9), 0x25), (at(0, 0), 0x11)];
    let long = "长".repeat(2500); // 5,000 bytes of comment: the record takes two slots
    let first = record(
        &board,
        1,
        &[(0, 0, 0, ""), (1, at(0, 0) as u8, at(0, 1) as u8, &long)],
    );
    let second = record(
        &board,
        1,
        &[(0, 0, 0, ""), (1, at(0, 0) as u8, at(0, 2) as u8, "")],
    );
    let deleted = record(&board, 1, &[(1, 0, 0, "")]);
    assert!(first.len() > 4096 && first.len() < 8192);
    let slots = 128usize;
    let mut lib = vec![0u8; 66_624 + slots * 276];
    lib[..16].copy_from_slice(b"CCBridgeLibrary\0");
    lib[60..64].copy_from_slice(&(slots as u32).to_le_bytes());
    for (k, state) in [7u8, 5, 7].iter().enumerate() {
        lib[66_624 + k * 276] = *state;
    }
    for r in [&first, &deleted, &second] {
        let at = lib.len();
        lib.extend(r.iter());
        lib.resize(at + r.len().div_ceil(4096) * 4096, 0);
    }
    let l = parse_cbl(&lib).unwrap();
    assert_eq!((l.games.len(), l.deleted), (2, 1));
    let (_, games) = read_all(&lib);
    let games: Vec<_> = games.into_iter().map(Result::unwrap).collect();
    assert_eq!(
        games[0].mainline.moves[0].comment.as_deref(),
        Some(long.as_str())
    );
    assert_eq!(
        games[0].moves().map(|m| m.to_string()).collect::<Vec<_>>(),
        ["a0a1"]
    );
    assert_eq!(
        games[1].moves().map(|m| m.to_string()).collect::<Vec<_>>(),
        ["a0a2"]
    );
}
