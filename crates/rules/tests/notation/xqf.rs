//! XQF by hand-made files: the layout of docs/xqf.md (version 10, no keys), who moves first, the tree's order,
//! comments, and every way a file can be broken — each a typed error with its byte offset, nothing allocated
//! past the file. The real files (every version, encrypted ones too) are in `real_records.rs`.

use xiangqi::notation::encoding::NativeDecoder;
use xiangqi::notation::read::{read, Input, ReadOptions};
use xiangqi::notation::record::{GameRecord, RecordError, RecordFormat, WarningCode};
use xiangqi::notation::xqf::parse_xqf;
use xiangqi::Color;

/// The squares (10·file + rank) of the standard start in the format's piece order.
const START: [u8; 32] = [
    80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3, 89, 79, 69, 59, 49, 39, 29, 19,
    9, 77, 17, 86, 66, 46, 26, 6,
];

/// A version 10 file: `squares`, WhoPlay, result, then the records (root first) as given.
fn v10(squares: &[u8; 32], who_play: u8, result: u8, records: &[Vec<u8>]) -> Vec<u8> {
    let mut f = vec![0u8; 1024];
    f[..3].copy_from_slice(b"XQ\x0a");
    f[16..48].copy_from_slice(squares);
    f[0x32] = who_play;
    f[0x33] = result;
    // Title "Test" and Red "A" (Pascal strings).
    f[0x50] = 4;
    f[0x51..0x55].copy_from_slice(b"Test");
    f[0x130] = 1;
    f[0x131] = b'A';
    for r in records {
        f.extend(r);
    }
    f
}

/// A version 10 record: from, to (square bytes), child, sibling, comment.
fn rec(from: u8, to: u8, child: bool, sibling: bool, comment: &str) -> Vec<u8> {
    let tag = if child { 0xF0 } else { 0 } | if sibling { 0x0F } else { 0 };
    let mut r = vec![from + 24, to + 32, tag, 0];
    r.extend((comment.len() as u32).to_le_bytes());
    r.extend(comment.as_bytes());
    r
}

fn parse(f: &[u8]) -> Result<GameRecord, RecordError> {
    parse_xqf(f, None, &NativeDecoder)
}

fn tree(line: &xiangqi::notation::record::Line) -> String {
    let mut parts = Vec::new();
    for n in &line.moves {
        parts.push(n.mv.to_string());
        for v in &n.variations {
            parts.push(format!("({})", tree(v)));
        }
    }
    parts.join(" ")
}

#[test]
fn a_version_10_file_with_a_tree_and_comments() {
    // h2e2 (h9g7, alternative b9c7 with a comment), then h0g2; a comment on the start position.
    let f = v10(
        &START,
        0,
        3,
        &[
            rec(0, 0, true, false, "start"),
            rec(72, 42, true, false, ""),
            rec(79, 67, true, true, ""),
            rec(70, 62, false, false, "after h0g2"),
            rec(19, 27, false, false, "horse 2"),
        ],
    );
    let r = parse(&f).unwrap();
    assert_eq!(tree(&r.mainline), "h2e2 h9g7 (b9c7) h0g2");
    assert_eq!(r.mainline.comment.as_deref(), Some("start"));
    assert_eq!(r.mainline.moves[2].comment.as_deref(), Some("after h0g2"));
    assert_eq!(
        r.mainline.moves[1].variations[0].moves[0]
            .comment
            .as_deref(),
        Some("horse 2")
    );
    assert_eq!(
        r.headers,
        [
            ("Title".to_string(), "Test".to_string()),
            ("Red".to_string(), "A".to_string()),
            ("Result".to_string(), "1/2-1/2".to_string()),
        ]
    );
    assert!(r.warnings.is_empty());
    // Through the one reader: sniffed as XQF.
    let mut records = read(Input::Bytes(&f), &ReadOptions::default(), &NativeDecoder).unwrap();
    assert_eq!(records.format(), RecordFormat::Xqf);
    assert_eq!(records.next(), Some(Ok(r.clone())));
    // As a game: the recorded draw stands.
    let g = r.to_game().unwrap();
    assert_eq!(g.outcome().unwrap().result().as_str(), "1/2-1/2");
    assert_eq!(g.header("Title"), Some("Test"));
}

#[test]
fn who_moves_first_is_the_first_moves_piece_then_whoplay() {
    // Black moves first though WhoPlay says Red (version 10 files leave the byte 0).
    let f = v10(
        &START,
        0,
        0,
        &[rec(0, 0, true, false, ""), rec(79, 67, false, false, "")],
    );
    let r = parse(&f).unwrap();
    assert_eq!(r.start.turn(), Color::Black);
    assert_eq!(tree(&r.mainline), "h9g7");
    // Without moves, WhoPlay decides.
    let f = v10(&START, 1, 0, &[rec(0, 0, false, false, "")]);
    assert_eq!(parse(&f).unwrap().start.turn(), Color::Black);
    let f = v10(&START, 0, 0, &[rec(0, 0, false, false, "")]);
    assert_eq!(parse(&f).unwrap().start.turn(), Color::Red);
}

#[test]
fn an_illegal_move_is_left_out_with_what_follows_it_and_said() {
    // h2e2, then Red again (h0g2 is Red's horse while Black is to move), then more.
    let f = v10(
        &START,
        0,
        1,
        &[
            rec(0, 0, true, false, ""),
            rec(72, 42, true, false, ""),
            rec(70, 62, true, false, ""),
            rec(79, 67, false, false, ""),
        ],
    );
    let r = parse(&f).unwrap();
    assert_eq!(tree(&r.mainline), "h2e2");
    let [w] = &r.warnings[..] else {
        panic!("{:?}", r.warnings)
    };
    assert_eq!(
        (w.code, w.offset),
        (WarningCode::IllegalMove, Some(1024 + 16))
    );
    assert!(w.message.starts_with("ply 2: "), "{}", w.message);
}

#[test]
fn broken_files_are_typed_errors_with_their_offset() {
    let good = v10(
        &START,
        0,
        0,
        &[rec(0, 0, true, false, ""), rec(72, 42, false, false, "x")],
    );
    let err = |f: &[u8]| parse(f).unwrap_err();
    // Not XQF.
    let e = err(b"PK\x03\x04");
    assert_eq!((e.code(), e.offset()), ("ERR_RECORD_SYNTAX", Some(0)));
    // Truncated in the header, in a record, in a comment.
    let e = err(&good[..500]);
    assert!(e.to_string().contains("inside the header"), "{e}");
    for cut in [1026, 1033, 1040] {
        let e = err(&good[..cut]);
        assert_eq!(e.code(), "ERR_RECORD_SYNTAX", "{cut}");
        assert!(
            e.to_string().contains("truncated") || e.to_string().contains("past the end"),
            "{cut}: {e}"
        );
    }
    // A comment length of 4 GB: refused before anything is allocated.
    let mut huge = good.clone();
    huge[1036..1040].copy_from_slice(&u32::MAX.to_le_bytes());
    let e = err(&huge);
    assert_eq!(e.offset(), Some(1036));
    assert!(
        e.to_string().contains("runs past the end of the file"),
        "{e}"
    );
    // Keys that do not add up (version 11 and later check them).
    let mut keys = good.clone();
    keys[2] = 18;
    keys[12] = 1;
    let e = err(&keys);
    assert_eq!(e.offset(), Some(12));
    assert!(e.to_string().contains("bad keys"), "{e}");
    // An unknown version.
    let mut version = good.clone();
    version[2] = 19;
    assert_eq!(err(&version).offset(), Some(2));
    // Two pieces on one square; a position without a general.
    let mut two = START;
    two[1] = 80;
    assert_eq!(
        err(&v10(&two, 0, 0, &[rec(0, 0, false, false, "")])).offset(),
        Some(16)
    );
    let mut no_king = START;
    no_king[4] = 0xFF;
    assert_eq!(
        err(&v10(&no_king, 0, 0, &[rec(0, 0, false, false, "")])).code(),
        "ERR_RECORD_FEN"
    );
    // Bytes after the tree: read, with a warning.
    let mut trailing = good.clone();
    trailing.extend([1, 2, 3]);
    let r = parse(&trailing).unwrap();
    assert_eq!(r.warnings[0].code, WarningCode::TrailingBytes);
    // A text format cannot be XQF.
    let forced = ReadOptions {
        format: Some(RecordFormat::Xqf),
        ..Default::default()
    };
    assert!(read(Input::Text("XQ"), &forced, &NativeDecoder).is_err());
}

/// Issue 41: a diagram (an XQF file without moves, like the encrypted mate pattern 钓鱼马杀法示意图) whose WhoPlay
/// says Red while Red's chariot checks the black general is read with Black to move and a warning, not refused.
#[test]
fn a_diagram_whose_side_to_move_cannot_be_right_is_turned() {
    let mut squares = [0xFFu8; 32];
    squares[0] = 35; // Red's chariot on d5
    squares[4] = 40; // Red's general on e0
    squares[20] = 39; // Black's general on d9
    let f = v10(&squares, 0, 0, &[rec(0, 0, false, false, "")]);
    let r = parse(&f).unwrap();
    assert_eq!(r.start.turn(), Color::Black);
    assert!(r.start.is_check());
    assert_eq!(r.warnings.len(), 1);
    assert_eq!(r.warnings[0].code, WarningCode::SideToMove);
    assert_eq!(r.warnings[0].offset, Some(0x32));
    assert!(
        r.warnings[0].message.contains("read with black to move"),
        "{}",
        r.warnings[0]
    );
    // Both sides in check (a black chariot on e5 checks Red): no side to move can be right; refused as before.
    squares[16] = 45;
    let f = v10(&squares, 0, 0, &[rec(0, 0, false, false, "")]);
    assert_eq!(parse(&f).unwrap_err().code(), "ERR_RECORD_FEN");
    // With moves, the first move's colour decides and nothing is turned: a file whose first move is Red's in
    // this position stays an error.
    squares[16] = 0xFF;
    let f = v10(
        &squares,
        0,
        0,
        &[rec(0, 0, true, false, ""), rec(40, 41, false, false, "")],
    );
    assert_eq!(parse(&f).unwrap_err().code(), "ERR_RECORD_FEN");
}

/// The same for a FEN alone and for a PGN game's FEN tag.
#[test]
fn a_fen_whose_side_to_move_cannot_be_right_is_turned() {
    let fen = "3k5/9/9/9/3R5/9/9/9/9/5K3 w - - 0 1";
    let mut records = read(Input::Text(fen), &ReadOptions::default(), &NativeDecoder).unwrap();
    assert_eq!(records.format(), RecordFormat::Fen);
    let g = records.next().unwrap().unwrap();
    assert_eq!(g.start.turn(), Color::Black);
    assert_eq!(g.warnings[0].code, WarningCode::SideToMove);
    let pgn = format!("[FEN \"{fen}\"]\n\n1. 将4平5 *\n");
    let g = read(Input::Text(&pgn), &ReadOptions::default(), &NativeDecoder)
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(g.start.turn(), Color::Black);
    assert_eq!(
        g.moves().map(|m| m.to_string()).collect::<Vec<_>>(),
        ["d9e9"]
    );
    assert_eq!(
        (g.warnings[0].code, g.warnings[0].line),
        (WarningCode::SideToMove, 1)
    );
}

fn real(file: &str) -> GameRecord {
    let path = crate::common::data_path(&format!("records/xqf/{file}"));
    parse(&std::fs::read(path).unwrap()).unwrap()
}

fn comment(g: &GameRecord, ply: usize) -> &str {
    match ply {
        0 => g.mainline.comment.as_deref(),
        _ => g.mainline.moves[ply - 1].comment.as_deref(),
    }
    .unwrap()
}

/// Issue 41: XQF comments reflowed where the line breaks are the writing program's, kept where they are the
/// author's — on the real files.
#[test]
fn comments_are_reflowed_where_the_breaks_are_not_the_authors() {
    // Wrapped mid-word (黑方9 路车不 / 能开出) and after a comma: joined, CR LF and the final break gone.
    let g = real("qt-v10-black-first-comments.xqf");
    assert_eq!(
        comment(&g, 10),
        "以上双方着法稳正,布局至此,红方八路炮打卒压马,并瞄住底象。黑方9 路车不能开出,红方已占先手。现进车骑河,准备强夺3路卒,逼马。"
    );
    assert!(!comment(&g, 11).contains('\n'), "{}", comment(&g, 11));
    // Short lines, each a sentence: kept.
    let g = real("cchess-030-huang-vs-feng.xqf");
    assert_eq!(
        comment(&g, 20),
        "左车巡河，劣着。\n只求兑子，不计后果。\n应改走炮1进4，首先避免红方升车过河牵制，然后随机应变。"
    );
    // A list of variations: kept.
    let g = real("cchess-BadMoveTest2.xqf");
    assert_eq!(
        comment(&g, 35),
        "妙！！\n1) 象5退3 马4退6 得车胜定\n2) 将6进1 车2进8 将6进1 炮7平1\n得车"
    );
    // Blank-line paragraphs and indented ones: kept.
    let g = real("eleeye-XQFEXAMA.xqf");
    assert!(
        comment(&g, 110).starts_with("黑胜.\n\n    这一段"),
        "{}",
        comment(&g, 110)
    );
    let g = real("eleeye-XQFEXAMB.xqf");
    assert_eq!(
        comment(&g, 0).matches("\n    ").count(),
        comment(&g, 0).matches('\n').count()
    );
    // A chat log and an aligned table: every line kept.
    let g = real("cchess-BadMoveTest1.xqf");
    assert!(comment(&g, 0).starts_with("欢迎加入中国象棋网！\n对金松擂台说:你好!\n"));
    let g = real("cchess-game_test.xqf");
    assert!(
        comment(&g, 0).starts_with("中 国 象 棋 对 局 记 录\n---"),
        "{}",
        comment(&g, 0)
    );
    assert!(
        comment(&g, 0).contains("耗时：  6分 58秒\n比赛结果"),
        "{}",
        comment(&g, 0)
    );
}
