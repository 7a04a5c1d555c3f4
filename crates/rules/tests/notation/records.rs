//! PGN and DhtmlXQ records: import, export, round trips with comments and nested variations, several games
//! per file, malformed records (line and column), illegal moves (which and why), GBK input.

use xiangqi::notation::chinese::{BlackDigits, ChineseOptions, Script};
use xiangqi::notation::dhtmlxq::{parse_dhtmlxq, write_dhtmlxq};
use xiangqi::notation::encoding::{decode, Encoding};
use xiangqi::notation::pgn::{
    parse_pgn, parse_pgn_bytes, parse_pgn_with, write_pgn, write_pgn_games, PgnOptions,
    PgnReadOptions,
};
use xiangqi::notation::record::WarningCode;
use xiangqi::notation::record::{GameRecord, Line, Node, RecordError};
use xiangqi::notation::wxf::WxfOptions;
use xiangqi::notation::{Notation, NotationError, TandemStyle};
use xiangqi::{IllegalReason, Move, Position};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

const SAMPLE: &str = r#"[Game "Chinese Chess"]
[Event "Test \"quoted\" event"]
[Red "许银川"]
[Black "吕钦"]
[Result "1-0"]
[Format "Chinese"]

1. 炮二平五 {中炮} 马8进7 (1... 炮8平5 {顺炮} 2. 马二进三 (2. 马八进七) 马8进7) 2. 马二进三 $1
; a line comment
% an escaped line
2... 车9平8!? 3. 车一平二 1-0

[Game "Chinese Chess"]
[Red "A"]
[Black "B"]
[FEN "4k4/9/9/9/9/9/9/9/4A4/3AK4 b - - 0 10"]
[Format "WXF"]

10... K5.4 11. A5+4 *
"#;

#[test]
fn pgn_import_reads_headers_moves_comments_variations_and_nags() {
    let games = parse_pgn(SAMPLE).unwrap();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.header("Event"), Some("Test \"quoted\" event"));
    assert_eq!(g.header("Red"), Some("许银川"));
    assert_eq!(g.result(), "1-0");
    let main: Vec<String> = g.moves().map(|m| m.to_string()).collect();
    assert_eq!(main, ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]);
    let n = &g.mainline.moves;
    assert_eq!(n[0].comment.as_deref(), Some("中炮"));
    assert_eq!(n[2].nags, vec![1]);
    assert_eq!(n[2].comment.as_deref(), Some("a line comment"));
    assert_eq!(n[3].nags, vec![5]);
    // The variation replaces 马8进7; it has its own comment and a nested variation.
    let v = &n[1].variations[0];
    let vm: Vec<String> = v.moves.iter().map(|n| n.mv.to_string()).collect();
    assert_eq!(vm, ["h7e7", "h0g2", "h9g7"]);
    assert_eq!(v.moves[0].comment.as_deref(), Some("顺炮"));
    assert_eq!(v.moves[1].variations[0].moves[0].mv, mv("b0c2"));
    // Second game: FEN start, Black to move, WXF.
    let g2 = &games[1];
    assert_eq!(g2.start.fen(), "4k4/9/9/9/9/9/9/9/4A4/3AK4 b - - 0 10");
    let main: Vec<String> = g2.moves().map(|m| m.to_string()).collect();
    assert_eq!(main, ["e9d9", "e1f2"]);
    assert_eq!(g2.to_game().unwrap().position().fullmoves(), 11);
}

/// A 40-ply game with comments, NAGs and nested variations, from a deterministic walk.
fn annotated_game(start: Position) -> GameRecord {
    fn walk(pos: &Position, plies: usize, seed: usize, depth: usize) -> Line {
        let mut line = Line::default();
        let mut p = pos.clone();
        for i in 0..plies {
            let mut moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            moves.sort_iccs();
            let m = moves[(i * 7 + seed) % moves.len()];
            let mut node = Node::new(m);
            if i % 5 == 1 {
                node.comment = Some(format!("注释 {i}: 好棋\n第二行"));
            }
            if i % 6 == 2 {
                node.nags = vec![1, 14];
            }
            if depth < 2 && i % 9 == 3 && moves.len() > 1 {
                let alt = moves[(i * 7 + seed + 1) % moves.len()];
                let mut q = p.clone();
                q.play(alt).unwrap();
                let mut v = walk(&q, 4, seed + 3, depth + 1);
                v.moves.insert(0, Node::new(alt));
                if depth == 0 {
                    v.comment = Some("变着".to_string());
                }
                node.variations.push(v);
            }
            p.play(m).unwrap();
            line.moves.push(node);
        }
        line
    }
    let mut r = GameRecord::new(start.clone());
    r.headers = vec![
        ("Event".into(), "测试赛".into()),
        ("Red".into(), "红方".into()),
        ("Black".into(), "黑方".into()),
        ("Result".into(), "*".into()),
    ];
    r.mainline = walk(&start, 40, 1, 0);
    r.mainline.comment = Some("开局前".into());
    r
}

fn pgn_notations() -> Vec<Notation> {
    vec![
        Notation::Iccs,
        Notation::Wxf(WxfOptions::default()),
        Notation::Wxf(WxfOptions {
            tandem: TandemStyle::Ordinal,
            lowercase: true,
            ..Default::default()
        }),
        Notation::Chinese(ChineseOptions::default()),
        Notation::Chinese(ChineseOptions {
            script: Script::Traditional,
            black_digits: BlackDigits::FullWidth,
            tandem: TandemStyle::Ordinal,
        }),
        Notation::Vietnamese,
    ]
}

#[test]
fn pgn_round_trip_in_every_notation() {
    for start in [
        Position::new(),
        Position::from_fen("2bakab2/9/2n1c1n2/p1p1p1p1p/9/9/P1P1P1P1P/2N1C1N2/9/2BAKAB2 b - - 3 7")
            .unwrap(),
    ] {
        let rec = annotated_game(start);
        for n in pgn_notations() {
            let opts = PgnOptions {
                notation: n,
                ..Default::default()
            };
            let read = PgnReadOptions {
                wxf_tandem: match n {
                    Notation::Wxf(o) => Some(o.tandem),
                    _ => None,
                },
            };
            let text = write_pgn(&rec, &opts);
            let back = parse_pgn_with(&text, &read).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.len(), 1);
            let back = &back[0];
            assert_eq!(back.start, rec.start);
            assert_eq!(back.mainline, rec.mainline, "{n:?}\n{text}");
            assert_eq!(
                back.header("Format"),
                Some(match n {
                    Notation::Iccs => "ICCS",
                    Notation::Wxf(_) => "WXF",
                    Notation::Chinese(_) => "Chinese",
                    Notation::Vietnamese => "Vietnamese",
                })
            );
            // Same text again.
            assert_eq!(write_pgn(back, &opts), text);
        }
    }
}

#[test]
fn pgn_export_format() {
    let mut rec = GameRecord::default();
    rec.set_header("Red", "甲");
    let mut a = Node::new(mv("h2e2"));
    a.comment = Some("c".into());
    rec.mainline.moves = vec![a, Node::new(mv("h9g7")), Node::new(mv("h0g2"))];
    let text = write_pgn(&rec, &PgnOptions::default());
    assert_eq!(
        text,
        "[Game \"Chinese Chess\"]\n[Red \"甲\"]\n[Format \"Chinese\"]\n[Result \"*\"]\n\n1. 炮二平五 {c} 1... 马8进7 2. 马二进三 *\n"
    );
    let iccs = write_pgn(
        &rec,
        &PgnOptions {
            notation: Notation::Iccs,
            line_width: 0,
        },
    );
    assert!(
        iccs.ends_with("1. H2-E2 {c} 1... H9-G7 2. H0-G2 *\n"),
        "{iccs}"
    );
}

#[test]
fn pgn_comments_with_a_closing_brace() {
    // Braces cannot hold `}`: such a comment is written as a `;` line comment and reads back the same.
    let mut rec = GameRecord::default();
    let mut a = Node::new(mv("h2e2"));
    a.comment = Some("a } b".into());
    let mut v = Line::default();
    let mut vn = Node::new(mv("h7e7"));
    vn.comment = Some("x}".into());
    v.moves.push(vn);
    let mut b = Node::new(mv("h9g7"));
    b.variations.push(v);
    rec.mainline.moves = vec![a, b];
    let text = write_pgn(&rec, &PgnOptions::default());
    assert!(
        text.contains("1. 炮二平五 ; a } b\n1... 马8进7 (1... 炮8平5 ; x}\n) *"),
        "{text}"
    );
    let back = GameRecord::from_pgn(&text).unwrap();
    assert_eq!(back.mainline, rec.mainline);
    assert_eq!(write_pgn(&back, &PgnOptions::default()), text);
    // With a line break as well, `}` becomes `)`.
    rec.mainline.moves[0].comment = Some("a }\nb".into());
    let back = GameRecord::from_pgn(&write_pgn(&rec, &PgnOptions::default())).unwrap();
    assert_eq!(back.mainline.moves[0].comment.as_deref(), Some("a )\nb"));
}

#[test]
fn several_games_per_pgn_file() {
    let games: Vec<GameRecord> = (0..3)
        .map(|i| {
            let mut r = annotated_game(Position::new());
            r.set_header("Round", &i.to_string());
            r.mainline.moves.truncate(10 + i);
            r
        })
        .collect();
    let text = write_pgn_games(&games, &PgnOptions::default());
    let back = parse_pgn(&text).unwrap();
    assert_eq!(back.len(), 3);
    for (i, g) in back.iter().enumerate() {
        assert_eq!(g.header("Round"), Some(i.to_string().as_str()));
        assert_eq!(g.mainline, games[i].mainline);
    }
    assert_eq!(write_pgn_games(&back, &PgnOptions::default()), text);
    // A game without a result token still ends where the next tags start.
    let two = "[Red \"a\"]\n1. h2e2 h9g7\n[Red \"b\"]\n1. b2e2 *";
    let g = parse_pgn(two).unwrap();
    assert_eq!(g.len(), 2);
    assert_eq!(g[1].moves().next(), Some(mv("b2e2")));
    assert!(parse_pgn("").unwrap().is_empty());
    assert_eq!(
        GameRecord::from_pgn("  \n").unwrap_err(),
        RecordError::NoGame
    );
}

fn syntax_at(text: &str) -> (usize, usize) {
    match parse_pgn(text) {
        Err(e @ RecordError::Syntax(_)) => {
            assert_eq!(e.code(), "ERR_RECORD_SYNTAX");
            e.location().unwrap()
        }
        other => panic!("{text:?}: expected a syntax error, got {other:?}"),
    }
}

#[test]
fn malformed_pgn_is_a_syntax_error_with_line_and_column() {
    assert_eq!(
        syntax_at("[Red \"a\"]\n\n1. h2e2 {never closed\n h9g7 *"),
        (3, 9)
    );
    assert_eq!(syntax_at("1. h2e2 (1. b2e2 h9g7 *"), (1, 9));
    assert_eq!(syntax_at("1. h2e2 h9g7)"), (1, 13));
    assert_eq!(syntax_at("[Red \"unterminated]\n1. h2e2"), (1, 6));
    assert_eq!(syntax_at("[Red unquoted]"), (1, 6));
    assert_eq!(syntax_at("[Red \"a\"\n"), (1, 9));
    assert_eq!(syntax_at("$3 1. h2e2"), (1, 1));
    assert_eq!(syntax_at("(1. h2e2)"), (1, 1));
    assert_eq!(syntax_at("1. 炮二平五 }"), (1, 9));
    assert_eq!(syntax_at("1. h2e2 $999"), (1, 9));
    assert_eq!(syntax_at("1. h2e2!!! *"), (1, 8));
    // A bad FEN tag is its own error, at the tag.
    let e = parse_pgn("[Game \"Chinese Chess\"]\n[FEN \"4k4/9/9 w\"]\n1. h2e2").unwrap_err();
    assert_eq!(e.code(), "ERR_RECORD_FEN");
    assert_eq!(e.location(), Some((2, 1)));
}

#[test]
fn illegal_moves_in_pgn_say_which_move_and_why() {
    let text = "[Game \"Chinese Chess\"]\n\n1. 炮二平五 马8进7\n2. 车一平二 *";
    match parse_pgn(text) {
        Err(ref e @ RecordError::Move(ref m)) => {
            assert_eq!(e.code(), "ERR_RECORD_MOVE");
            assert_eq!((m.game, m.ply, m.in_variation), (0, 3, false));
            assert_eq!(m.text, "车一平二");
            assert_eq!((m.line, m.column), (4, 4));
            match &m.error {
                NotationError::Illegal { error, .. } => assert_eq!(
                    error.reason,
                    IllegalReason::OwnPieceOnTarget("h0".parse().unwrap(), xiangqi::Role::Horse)
                ),
                other => panic!("{other:?}"),
            }
            assert!(e.to_string().contains("ply 3"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    // In a variation, in the second game, and an unreadable move.
    let text = "1. h2e2 *\n\n1. h2e2 h9g7 (1... 马2进2) *";
    let Err(RecordError::Move(m)) = parse_pgn(text) else {
        panic!()
    };
    assert_eq!(
        (m.game, m.ply, m.in_variation, m.line, m.column),
        (1, 2, true, 3, 20)
    );
    assert_eq!(m.error.code(), "ERR_MOVE_IMPOSSIBLE");
    let Err(RecordError::Move(m)) = parse_pgn("1. h2e2 hello") else {
        panic!()
    };
    assert_eq!(
        (m.ply, m.text.as_str(), m.error.code()),
        (2, "hello", "ERR_MOVE_SYNTAX")
    );
}

const DHTML: &str = "<html>[DhtmlXQ]
[DhtmlXQ_title]第01局[/DhtmlXQ_title]
[DhtmlXQ_red]红方[/DhtmlXQ_red]
[DhtmlXQ_black]黑方[/DhtmlXQ_black]
[DhtmlXQ_result]红胜[/DhtmlXQ_result]
[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]
[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]
[DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]
[DhtmlXQ_move_0_2_1]72427967[/DhtmlXQ_move_0_2_1]
[DhtmlXQ_move_1_3_2]1927[/DhtmlXQ_move_1_3_2]
[DhtmlXQ_comment0]全局说明[/DhtmlXQ_comment0]
[DhtmlXQ_comment2]主线第二着||第二行[/DhtmlXQ_comment2]
[DhtmlXQ_comment1_3]第一变第三着[/DhtmlXQ_comment1_3]
[DhtmlXQ_comment2_3]嵌套变着[/DhtmlXQ_comment2_3]
[/DhtmlXQ]</html>";

#[test]
fn dhtmlxq_import() {
    let g = parse_dhtmlxq(DHTML).unwrap();
    assert_eq!(g.header("Title"), Some("第01局"));
    assert_eq!(g.header("Red"), Some("红方"));
    assert_eq!(g.result(), "1-0");
    assert_eq!(g.header("DhtmlXQ_ver"), Some("www_dpxq_com"));
    assert_eq!(g.start, Position::new());
    let main: Vec<String> = g.moves().map(|m| m.to_string()).collect();
    assert_eq!(main, ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(g.mainline.comment.as_deref(), Some("全局说明"));
    assert_eq!(
        g.mainline.moves[1].comment.as_deref(),
        Some("主线第二着\n第二行")
    );
    // Route 1 replaces ply 2 (马8进7) with 炮8平5 马二进三; route 2 replaces route 1's ply 3 with 马八进七.
    let v1 = &g.mainline.moves[1].variations[0];
    assert_eq!(v1.moves[0].mv, mv("h7e7"));
    assert_eq!(v1.moves[1].mv, mv("h0g2"));
    assert_eq!(v1.moves[1].comment.as_deref(), Some("第一变第三着"));
    let v2 = &v1.moves[1].variations[0];
    assert_eq!(v2.moves[0].mv, mv("b0c2"));
    assert_eq!(v2.moves[0].comment.as_deref(), Some("嵌套变着"));
    // The other spellings of the main line and its comments; a variation of the very first move.
    let g = parse_dhtmlxq(
        "[DhtmlXQ_move_0_1_0]77477062[/DhtmlXQ_move_0_1_0][DhtmlXQ_comment0_1]c[/DhtmlXQ_comment0_1]\
         [DhtmlXQ_move_0_1_1]1747[/DhtmlXQ_move_0_1_1]",
    )
    .unwrap();
    assert_eq!(g.moves().collect::<Vec<_>>(), [mv("h2e2"), mv("h9g7")]);
    assert_eq!(g.mainline.moves[0].comment.as_deref(), Some("c"));
    assert_eq!(g.mainline.moves[0].variations[0].moves[0].mv, mv("b2e2"));
}

#[test]
fn dhtmlxq_round_trip() {
    for start in [
        Position::new(),
        Position::from_fen("2bakab2/9/2n1c1n2/p1p1p1p1p/9/9/P1P1P1P1P/2N1C1N2/9/2BAKAB2 b - - 3 7")
            .unwrap(),
    ] {
        let mut rec = annotated_game(start);
        rec.set_header("Result", "0-1");
        let text = write_dhtmlxq(&rec);
        let back = parse_dhtmlxq(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.start, rec.start);
        // NAGs, which DhtmlXQ has no form for, come back from the comments (`[%nag 1]`).
        assert_eq!(back.mainline, rec.mainline, "{text}");
        assert_eq!(back.result(), "0-1");
        assert!(text.contains("[DhtmlXQ_result]黑胜[/DhtmlXQ_result]"));
        assert_eq!(write_dhtmlxq(&back), text);
    }
    // The sample file: import, export, import gives the same record.
    let g = parse_dhtmlxq(DHTML).unwrap();
    let again = parse_dhtmlxq(&write_dhtmlxq(&g)).unwrap();
    assert_eq!(again, g);
}

#[test]
fn dhtmlxq_start_position_from_binit() {
    // Only the two generals and a Red chariot; Black moves first (inferred from the first move).
    let mut binit = String::new();
    for i in 0..32 {
        binit.push_str(match i {
            0 => "08",  // Red chariot a1
            4 => "49",  // Red general e0
            20 => "30", // Black general d9
            _ => "99",
        });
    }
    let text =
        format!("[DhtmlXQ_binit]{binit}[/DhtmlXQ_binit][DhtmlXQ_movelist]3031[/DhtmlXQ_movelist]");
    let g = parse_dhtmlxq(&text).unwrap();
    assert_eq!(g.start.fen(), "3k5/9/9/9/9/9/9/9/R8/4K4 b - - 0 1");
    assert_eq!(g.moves().next(), Some(mv("d9d8")));
}

#[test]
fn malformed_and_illegal_dhtmlxq() {
    let err = |t: &str| parse_dhtmlxq(t).unwrap_err();
    let e = err("[DhtmlXQ]\n[DhtmlXQ_movelist]7747\n[/DhtmlXQ]");
    assert_eq!(
        (e.code(), e.location()),
        ("ERR_RECORD_SYNTAX", Some((2, 1)))
    );
    let e = err("[DhtmlXQ_movelist]77477[/DhtmlXQ_movelist]");
    assert_eq!(
        (e.code(), e.location()),
        ("ERR_RECORD_SYNTAX", Some((1, 23)))
    );
    let e = err("[DhtmlXQ_movelist]7a47[/DhtmlXQ_movelist]");
    assert_eq!(e.location(), Some((1, 20)));
    let e = err("[DhtmlXQ_binit]123[/DhtmlXQ_binit]");
    assert_eq!(e.code(), "ERR_RECORD_SYNTAX");
    let e = err(
        "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_0_9_1]1022[/DhtmlXQ_move_0_9_1]",
    );
    assert_eq!(e.code(), "ERR_RECORD_SYNTAX", "{e}");
    assert_eq!(err("no tags here"), RecordError::NoGame);
    // Illegal: the third move (h9g7 is fine; 7062 again is from an empty point): a recording error, left
    // out with the rest of its line, and said.
    let g = parse_dhtmlxq("[DhtmlXQ_movelist]\n774770627062[/DhtmlXQ_movelist]").unwrap();
    assert_eq!(g.moves().collect::<Vec<_>>(), [mv("h2e2"), mv("h9g7")]);
    let [w] = &g.warnings[..] else {
        panic!("{:?}", g.warnings)
    };
    assert_eq!((w.code, w.line, w.column), (WarningCode::IllegalMove, 2, 9));
    assert!(
        w.message.starts_with("ply 3: 7062 (h9g7) is illegal"),
        "{}",
        w.message
    );
}

#[test]
fn encodings_are_detected() {
    let (s, enc) = decode("炮二平五".as_bytes()).unwrap();
    assert_eq!((s.as_ref(), enc), ("炮二平五", Encoding::Utf8));
    let (s, enc) = decode(b"\xEF\xBB\xBF1. h2e2").unwrap();
    assert_eq!((s.as_ref(), enc), ("1. h2e2", Encoding::Utf8));
    // 炮二平五 马8进7 in GBK, byte by byte.
    let gbk: &[u8] = b"1. \xC5\xDA\xB6\xFE\xC6\xBD\xCE\xE5 \xC2\xED8\xBD\xF87 *";
    let res = parse_pgn_bytes(gbk);
    if xiangqi::notation::encoding::GBK {
        let (s, enc) = decode(gbk).unwrap();
        assert_eq!((s.as_ref(), enc), ("1. 炮二平五 马8进7 *", Encoding::Gbk));
        let g = res.unwrap();
        assert_eq!(
            g[0].moves().collect::<Vec<_>>(),
            vec![mv("h2e2"), mv("h9g7")]
        );
    } else {
        assert_eq!(res.unwrap_err().code(), "ERR_RECORD_ENCODING");
    }
}

#[cfg(feature = "gbk")]
#[test]
fn gbk_records_decode() {
    let rec = {
        let mut r = annotated_game(Position::new());
        r.mainline.moves.truncate(12);
        r
    };
    let pgn = write_pgn(&rec, &PgnOptions::default());
    let (bytes, _, bad) = encoding_rs::GBK.encode(&pgn);
    assert!(!bad);
    assert!(std::str::from_utf8(&bytes).is_err());
    assert_eq!(parse_pgn_bytes(&bytes).unwrap()[0].mainline, rec.mainline);
    let dx = write_dhtmlxq(&rec);
    let (bytes, _, _) = encoding_rs::GBK.encode(&dx);
    assert_eq!(
        xiangqi::notation::dhtmlxq::parse_dhtmlxq_bytes(&bytes)
            .unwrap()
            .mainline,
        parse_dhtmlxq(&dx).unwrap().mainline
    );
    // Bytes that are neither.
    let e = parse_pgn_bytes(b"\xFF\xFF\xFF").unwrap_err();
    assert_eq!(e.code(), "ERR_RECORD_ENCODING");
}

#[test]
fn database_style_file_in_utf8_and_gbk() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/notation");
    let utf8 = std::fs::read(dir.join("opening.pgn")).unwrap();
    let games = parse_pgn_bytes(&utf8).unwrap();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.header("Opening"), Some("中炮过河车对屏风马"));
    assert_eq!(g.result(), "1/2-1/2");
    let main: Vec<String> = g.moves().map(|m| m.to_string()).collect();
    assert_eq!(
        main,
        [
            "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4", "g6g5", "h0h6", "h7i7", "h6g6",
            "i7i8", "b0c2", "d9e8", "b2b4", "i8g8", "g6f6", "g7h5"
        ]
    );
    assert_eq!(g.mainline.moves[8].comment.as_deref(), Some("过河车"));
    let v = &g.mainline.moves[13].variations[0];
    assert_eq!(v.moves[0].mv, mv("c9e7"));
    assert_eq!(v.moves[1].nags, vec![1]);
    let e = &games[1];
    assert_eq!(e.start.fen(), "3k5/4a4/9/9/9/9/9/9/4R4/5K3 w - - 0 1");
    let main: Vec<String> = e.moves().map(|m| m.to_string()).collect();
    assert_eq!(main, ["e1d1", "d9e9", "d1d8", "e8d9", "d8d7"]);
    // The same file in GBK.
    let gbk = std::fs::read(dir.join("opening-gbk.pgn")).unwrap();
    assert!(std::str::from_utf8(&gbk).is_err());
    let res = parse_pgn_bytes(&gbk);
    if xiangqi::notation::encoding::GBK {
        assert_eq!(res.unwrap(), games);
    } else {
        assert_eq!(res.unwrap_err().code(), "ERR_RECORD_ENCODING");
    }
}

/// `GameRecord::to_game` relies on the options a rules tag gives being valid (it has no error for them): every
/// value the tag reader accepts is in range, so `Options::validate` passes and `to_game` never panics, whatever
/// the tag says.
#[test]
fn rules_tag_options_always_validate() {
    use xiangqi::notation::record::RULES_TAG;
    let values = [
        "",
        "0",
        "1",
        "2",
        "4",
        "5",
        "100",
        "101",
        "10000",
        "10001",
        "4294967295",
        "4294967296",
        "-1",
        "true",
        "false",
        "x",
        "1.5",
    ];
    let keys = [
        "moveLimit",
        "repetitionCount",
        "mode",
        "checkDiscount",
        "mateThreatDepth",
        "cxaCheckChases",
        "axf",
        "cxa",
    ];
    let mut n = 0;
    for k in keys {
        for v in values {
            for tag in [
                format!("{k}={v}"),
                format!("cxa {k}={v} {k}"),
                k.to_string(),
            ] {
                let rec = GameRecord {
                    headers: vec![(RULES_TAG.to_string(), tag.clone())],
                    start: Position::new(),
                    mainline: Line::default(),
                    warnings: Vec::new(),
                };
                assert!(rec.options().validate().is_ok(), "{tag}");
                assert!(rec.to_game().is_ok(), "{tag}");
                n += 1;
            }
        }
    }
    assert_eq!(n, keys.len() * values.len() * 3);
}
