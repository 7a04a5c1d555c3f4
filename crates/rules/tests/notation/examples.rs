//! Fixed examples from Chinese and WXF manuals: both directions, tandem pieces, stacked soldiers, character
//! variants, and the typed errors.

use xiangqi::notation::chinese::{BlackDigits, ChineseOptions, Script};
use xiangqi::notation::wxf::{Traverse, WxfOptions};
use xiangqi::notation::{
    parse_move, parse_move_format, parse_move_styled, write_move, Format, Notation, NotationError,
    TandemStyle,
};
use xiangqi::{IllegalReason, Move, Position};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn wxf() -> Notation {
    Notation::Wxf(WxfOptions::default())
}

fn wxf_ordinal() -> Notation {
    Notation::Wxf(WxfOptions {
        tandem: TandemStyle::Ordinal,
        ..Default::default()
    })
}

fn chinese() -> Notation {
    Notation::Chinese(ChineseOptions::default())
}

fn chinese_ordinal() -> Notation {
    Notation::Chinese(ChineseOptions {
        tandem: TandemStyle::Ordinal,
        ..Default::default()
    })
}

fn traditional() -> Notation {
    Notation::Chinese(ChineseOptions {
        script: Script::Traditional,
        black_digits: BlackDigits::FullWidth,
        tandem: TandemStyle::Classic,
    })
}

/// Asserts that every text parses to `m` in `p`.
fn parses(p: &Position, m: &str, texts: &[&str]) {
    for t in texts {
        assert_eq!(parse_move(p, t), Ok(mv(m)), "{t}");
    }
}

#[test]
fn opening_moves_in_every_notation() {
    let mut p = Position::new();
    // 炮二平五 马8进7 = C2.5 H8+7 = h2e2 h9g7 (docs/rules.md §1.5).
    parses(
        &p,
        "h2e2",
        &[
            "炮二平五",
            "炮2平5",
            "砲二平五",
            "C2.5",
            "c2.5",
            "C2=5",
            "Ｃ２．５",
            "h2e2",
            "H2-E2",
            " 炮二平五 ",
        ],
    );
    assert_eq!(write_move(&p, mv("h2e2"), &wxf()), "C2.5");
    assert_eq!(write_move(&p, mv("h2e2"), &chinese()), "炮二平五");
    assert_eq!(write_move(&p, mv("h2e2"), &Notation::Iccs), "h2e2");
    assert_eq!(
        write_move(
            &p,
            mv("h2e2"),
            &Notation::Wxf(WxfOptions {
                traverse: Traverse::Equals,
                lowercase: true,
                ..Default::default()
            })
        ),
        "c2=5"
    );
    assert_eq!(
        parse_move_format(&p, "炮二平五").unwrap().1,
        Format::Chinese
    );
    assert_eq!(parse_move_format(&p, "C2.5").unwrap().1, Format::Wxf);
    assert_eq!(parse_move_format(&p, "H2-E2").unwrap().1, Format::Iccs);
    // Red horse, elephant, advisor, chariot, general, soldier.
    parses(
        &p,
        "h0g2",
        &["马二进三", "馬二進三", "傌二进三", "H2+3", "N2+3"],
    );
    parses(&p, "c0e2", &["相七进五", "E7+5", "B7+5"]);
    parses(&p, "f0e1", &["仕四进五", "士四进五", "A4+5"]);
    parses(&p, "i0i1", &["车一进一", "車一進一", "俥一进一", "R1+1"]);
    parses(&p, "e0e1", &["帅五进一", "帥五進一", "K5+1"]);
    parses(&p, "g3g4", &["兵三进一", "P3+1"]);
    assert_eq!(write_move(&p, mv("h0g2"), &traditional()), "傌二進三");
    assert_eq!(write_move(&p, mv("i0i1"), &traditional()), "俥一進一");
    assert_eq!(write_move(&p, mv("e0e1"), &traditional()), "帥五進一");

    p.play(mv("h2e2")).unwrap();
    parses(
        &p,
        "h9g7",
        &["马8进7", "馬8進7", "马８进７", "H8+7", "h8+7", "h9g7"],
    );
    parses(&p, "h7e7", &["炮8平5", "砲8平5", "C8.5", "包8平5"]);
    parses(&p, "e9e8", &["将5进1", "將5進1", "K5+1"]);
    parses(&p, "g6g5", &["卒7进1", "P7+1"]);
    assert_eq!(write_move(&p, mv("h9g7"), &chinese()), "马8进7");
    assert_eq!(write_move(&p, mv("h9g7"), &wxf()), "H8+7");
    assert_eq!(write_move(&p, mv("h9g7"), &traditional()), "馬８進７");
    assert_eq!(write_move(&p, mv("h7e7"), &traditional()), "砲８平５");
    assert_eq!(write_move(&p, mv("e9e8"), &traditional()), "將５進１");
    // Backward moves: cannon back to the home rank, counted in points.
    parses(&p, "b7b8", &["炮2退1", "C2-1"]);
}

#[test]
fn tandem_chariots_and_cannons() {
    // Red chariots a0 and a4 on file 九; Red cannons h2 and h5 on file 二.
    let p = pos("4k4/9/9/9/7C1/R8/9/7C1/9/R2K5 w - - 0 1");
    // 车前平三 R+.3: the front chariot traverses to file 三.
    parses(
        &p,
        "a4g4",
        &[
            "前车平三",
            "前車平三",
            "车前平三",
            "車前平三",
            "R+.3",
            "r+=3",
        ],
    );
    assert_eq!(write_move(&p, mv("a4g4"), &wxf()), "R+.3");
    assert_eq!(write_move(&p, mv("a4g4"), &chinese()), "前车平三");
    // 炮后退一 C--1: the rear cannon retreats one point.
    parses(
        &p,
        "h2h1",
        &["后炮退一", "後炮退一", "炮後退一", "炮后退一", "C--1"],
    );
    assert_eq!(write_move(&p, mv("h2h1"), &wxf()), "C--1");
    assert_eq!(write_move(&p, mv("h2h1"), &chinese()), "后炮退一");
    assert_eq!(write_move(&p, mv("h2h1"), &traditional()), "後炮退一");
    assert_eq!(write_move(&p, mv("h5h7"), &wxf()), "C++2");
    // The rear chariot cannot traverse to 三: its own general is in the way.
    match parse_move(&p, "R-.3") {
        Err(NotationError::Illegal { error, .. }) => {
            assert_eq!(error.mv, mv("a0g0"));
            assert_eq!(
                error.reason,
                IllegalReason::PathBlocked("d0".parse().unwrap())
            );
        }
        other => panic!("{other:?}"),
    }
    // The file form with two chariots there fits both when both can make the move.
    match parse_move(&p, "车九进一") {
        Err(NotationError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, vec![mv("a0a1"), mv("a4a5")])
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn tandem_advisors_and_elephants_need_no_front_or_rear() {
    // Red elephants g0 and g4 on file 三; advisors d0 and d2 on file 六.
    let p = pos("3k5/9/9/9/9/6B2/9/3A5/9/3AK1B2 w - - 0 1");
    parses(&p, "g0e2", &["相三进五", "E3+5", "后相进五"]);
    parses(&p, "g4e2", &["相三退五", "E3-5", "前相退五"]);
    parses(&p, "d0e1", &["仕六进五", "A6+5"]);
    parses(&p, "d2e1", &["仕六退五", "A6-5"]);
    assert_eq!(write_move(&p, mv("g0e2"), &chinese()), "相三进五");
    assert_eq!(write_move(&p, mv("g4e2"), &wxf()), "E3-5");
    assert_eq!(write_move(&p, mv("d2e1"), &chinese()), "仕六退五");
}

#[test]
fn stacked_soldiers_on_one_file() {
    // Three Red soldiers on file 五 (e5 e6 e7), one on file 九.
    let p = pos("3k5/9/4P4/4P4/P3P4/9/9/9/9/5K3 w - - 0 1");
    assert_eq!(write_move(&p, mv("e7f7"), &wxf()), "P+.4");
    assert_eq!(write_move(&p, mv("e6f6"), &wxf()), "P5.4");
    assert_eq!(write_move(&p, mv("e5f5"), &wxf()), "P-.4");
    assert_eq!(write_move(&p, mv("e7f7"), &chinese()), "前兵平四");
    assert_eq!(write_move(&p, mv("e6f6"), &chinese()), "中兵平四");
    assert_eq!(write_move(&p, mv("e5f5"), &chinese()), "后兵平四");
    // 2018 ordinals: 15+1, 25.4 / 一五进一, 二五平四.
    assert_eq!(write_move(&p, mv("e7e8"), &wxf_ordinal()), "15+1");
    assert_eq!(write_move(&p, mv("e6f6"), &wxf_ordinal()), "25.4");
    assert_eq!(write_move(&p, mv("e7e8"), &chinese_ordinal()), "一五进一");
    parses(
        &p,
        "e7e8",
        &["15+1", "P++1", "前兵进一", "一五进一", "前五进一"],
    );
    parses(
        &p,
        "e6f6",
        &["25.4", "P5.4", "中兵平四", "二兵平四", "二五平四"],
    );
    parses(
        &p,
        "e5f5",
        &["35.4", "P-.4", "后兵平四", "後兵平四", "三兵平四"],
    );
    parses(&p, "a5a6", &["P9+1", "兵九进一"]);

    // Five on file 三 (g5..g9): ++ P+ P3 P- -- and 前 二 三 四 五.
    let p = pos("4k1P2/6P2/6P2/6P2/6P2/9/9/9/9/3K5 w - - 0 1");
    let cases = [
        ("g9f9", "++.4", "前兵平四"),
        ("g8f8", "P+.4", "二兵平四"),
        ("g7f7", "P3.4", "三兵平四"),
        ("g6f6", "P-.4", "四兵平四"),
        ("g5f5", "--.4", "五兵平四"),
    ];
    for (m, w, c) in cases {
        assert_eq!(write_move(&p, mv(m), &wxf()), w);
        assert_eq!(write_move(&p, mv(m), &chinese()), c);
        parses(&p, m, &[w, c]);
    }
    parses(&p, "g5f5", &["后兵平四", "53.4"]);
    // Four on file 三 (g6..g9): ++ P+ P- --.
    let p = pos("4k1P2/6P2/6P2/6P2/9/9/9/9/9/3K5 w - - 0 1");
    for (m, w) in [
        ("g9f9", "++.4"),
        ("g8f8", "P+.4"),
        ("g7f7", "P-.4"),
        ("g6f6", "--.4"),
    ] {
        assert_eq!(write_move(&p, mv(m), &wxf()), w);
        parses(&p, m, &[w]);
    }
    assert_eq!(write_move(&p, mv("g6f6"), &chinese()), "四兵平四");
}

#[test]
fn stacked_soldiers_on_two_files() {
    // Red: three soldiers on file 三 (g5 g6 g7), two on file 九 (a5 a6).
    let p = pos("4k4/9/6P2/P5P2/P5P2/9/9/9/9/3K5 w - - 0 1");
    // WXF 1997: the file digit replaces the letter: 3+.4, 33.4, 3-.4, 9+.8, 9-.8.
    let cases = [
        ("g7f7", "3+.4", "前三平四", "13.4", "一三平四"),
        ("g6f6", "33.4", "中三平四", "23.4", "二三平四"),
        ("g5f5", "3-.4", "后三平四", "33.4", "三三平四"),
        ("a6b6", "9+.8", "前九平八", "19.8", "一九平八"),
        ("a5b5", "9-.8", "后九平八", "29.8", "二九平八"),
    ];
    for (m, w97, c, w18, c18) in cases {
        assert_eq!(write_move(&p, mv(m), &wxf()), w97);
        assert_eq!(write_move(&p, mv(m), &chinese()), c);
        assert_eq!(write_move(&p, mv(m), &wxf_ordinal()), w18);
        assert_eq!(write_move(&p, mv(m), &chinese_ordinal()), c18);
        assert_eq!(parse_move_styled(&p, w97, TandemStyle::Classic), Ok(mv(m)));
        assert_eq!(parse_move_styled(&p, w18, TandemStyle::Ordinal), Ok(mv(m)));
        parses(&p, m, &[c, c18]);
    }
    // `33.4` is the middle soldier in 1997 and the third in 2018: without a style it is ambiguous.
    match parse_move(&p, "33.4") {
        Err(ref e @ NotationError::Ambiguous { ref candidates, .. }) => {
            assert_eq!(e.code(), "ERR_MOVE_AMBIGUOUS");
            assert_eq!(*candidates, vec![mv("g5f5"), mv("g6f6")]);
        }
        other => panic!("{other:?}"),
    }
    // Non-conflicting pairs need no style.
    parses(&p, "g7f7", &["3+.4", "13.4"]);
    // 前兵 alone names the front soldier of either file: only one of them can reach file 四 …
    assert_eq!(parse_move(&p, "前兵平四"), Ok(mv("g7f7")));
    // … but both can advance.
    match parse_move(&p, "前兵进一") {
        Err(NotationError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, vec![mv("a6a7"), mv("g7g8")])
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn black_stacked_soldiers_two_files() {
    // Black: three soldiers on file 7 (g4 g3 g2, g2 in front), two on file 3 (c4 c3). 二7平6 = g3f3.
    let p = pos("3k5/9/9/9/9/2p3p2/2p3p2/6p2/9/4K4 b - - 0 1");
    parses(&p, "g3f3", &["二7平6", "中7平6", "中７平６"]);
    parses(&p, "g2f2", &["前7平6", "一7平6"]);
    parses(&p, "c4d4", &["后3平4", "後3平4"]);
    assert_eq!(write_move(&p, mv("g3f3"), &chinese()), "中7平6");
    assert_eq!(write_move(&p, mv("g3f3"), &chinese_ordinal()), "二7平6");
    assert_eq!(write_move(&p, mv("g3f3"), &wxf()), "77.6");
    assert_eq!(write_move(&p, mv("g3f3"), &wxf_ordinal()), "27.6");
    assert_eq!(
        write_move(
            &p,
            mv("g3f3"),
            &Notation::Chinese(ChineseOptions {
                black_digits: BlackDigits::FullWidth,
                tandem: TandemStyle::Ordinal,
                ..Default::default()
            })
        ),
        "二７平６"
    );
}

#[test]
fn typed_errors() {
    let p = Position::new();
    for bad in [
        "",
        "foo",
        "C2.0",
        "C2*5",
        "炮二走五",
        "h2e2e2",
        "Z2.5",
        "炮十平五",
    ] {
        let e = parse_move(&p, bad).unwrap_err();
        assert_eq!(e.code(), "ERR_MOVE_SYNTAX", "{bad}: {e}");
        assert_eq!(e.reason_code(), "syntax", "{bad}: {e}");
    }
    let e = parse_move(&p, "C3.5").unwrap_err();
    assert!(matches!(e, NotationError::NoSuchPiece { .. }), "{e}");
    assert_eq!(
        (e.code(), e.reason_code()),
        ("ERR_MOVE_NO_PIECE", "noPiece")
    );
    assert_eq!(
        e.to_string(),
        "\"C3.5\": no red cannon stands where the text says"
    );
    let e = parse_move(&p, "H2.3").unwrap_err();
    assert_eq!(
        (e.code(), e.reason_code()),
        ("ERR_MOVE_IMPOSSIBLE", "impossible"),
        "{e}"
    );
    let e = parse_move(&p, "R1+9").unwrap_err(); // off the board? i0 + 9 = i9 exists but is blocked
    assert_eq!(
        (e.code(), e.reason_code()),
        ("ERR_ILLEGAL_MOVE", "pathBlocked"),
        "{e}"
    );
    // ICCS too: the reason comes from Position::check_move.
    match parse_move(&p, "b0d1") {
        Err(NotationError::Illegal { error, .. }) => {
            assert_eq!(
                error.reason,
                IllegalReason::HorseLegBlocked("c0".parse().unwrap())
            )
        }
        other => panic!("{other:?}"),
    }
    match parse_move(&p, "车一平二") {
        Err(NotationError::Illegal { error, .. }) => {
            assert_eq!(error.mv, mv("i0h0"));
            assert_eq!(
                error.reason,
                IllegalReason::OwnPieceOnTarget("h0".parse().unwrap(), xiangqi::Role::Horse)
            );
        }
        other => panic!("{other:?}"),
    }
    // A step off the board is no move at all.
    assert_eq!(
        parse_move(&p, "马二退一").unwrap_err().code(),
        "ERR_MOVE_IMPOSSIBLE"
    );
    // The side to move decides whose piece a text names; digits are accepted for Red too.
    assert_eq!(parse_move(&p, "马8进7"), Ok(mv("b0c2")));
    // A pinned piece: the cannon between the generals may not leave the file.
    let p = pos("4k4/9/9/9/9/4C4/9/9/9/4K4 w - - 0 1");
    match parse_move(&p, "C5.4") {
        Err(NotationError::Illegal { error, .. }) => {
            assert_eq!(error.reason, IllegalReason::GeneralsWouldFace)
        }
        other => panic!("{other:?}"),
    }
}
