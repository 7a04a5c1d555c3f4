//! Reading records as archives have them (issue 22): the record speaks (headers kept, the recorded result
//! stands, the rules' ruling as information), encodings decided on evidence, real-world syntax read with
//! warnings, and a PGN database read as a stream of games.

use xiangqi::notation::encoding::{DecodeErrorKind, Decoder, Encoding, NativeDecoder};
use xiangqi::notation::pgn::{parse_pgn, write_pgn, PgnOptions, PgnReadOptions, PgnReader};
use xiangqi::notation::read::{read, Input, ReadOptions};
use xiangqi::notation::record::{GameRecord, RecordError, RecordFormat, WarningCode};
use xiangqi::notation::Notation;
use xiangqi::{Color, Game, GameResult, Position, Reason};

/// The issue's reproduction: Red repeats a horse move, then plays on and the record says Red won.
const ISSUE: &str =
    "[Red \"A\"]\n[Result \"1-0\"]\n\n1. 马二进三 马8进7 2. 马三退二 马7退8 3. 马二进三 马8进7 \
    4. 马三退二 马7退8 5. 炮二平五 1-0\n";

fn game_of(text: &str) -> Game {
    GameRecord::from_pgn(text).unwrap().to_game().unwrap()
}

#[test]
fn the_recorded_result_stands_and_every_tag_is_written_back() {
    let g = game_of(ISSUE);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason(), o.result(), o.ply()),
        (Reason::Recorded, GameResult::RedWins, 9)
    );
    assert_eq!(o.explain(xiangqi::Language::Chinese), "棋谱记载：红方胜。");
    // The rules' own reading: a repetition at ply 8 (information only).
    let r = g.ruling().unwrap();
    assert_eq!((r.reason(), r.ply()), (Reason::RepetitionDraw, 8));
    assert_eq!(g.headers()[0], ("Red".to_string(), "A".to_string()));
    let out = write_pgn(&GameRecord::from_game(&g), &PgnOptions::default());
    assert!(out.contains("[Red \"A\"]\n[Result \"1-0\"]"), "{out}");
    assert!(!out.contains("Termination"), "{out}");
    assert!(out.trim_end().ends_with("1-0"), "{out}");
    // Read again: the same.
    let again = game_of(&out);
    assert_eq!(again.outcome(), g.outcome());
    assert_eq!(again.header("Red"), Some("A"));
    assert_eq!(again.header("Result"), Some("1-0"));
}

#[test]
fn a_record_without_a_result_stays_unfinished_unless_mated() {
    let g = game_of(
        &ISSUE
            .replace("[Result \"1-0\"]\n", "")
            .replace(" 1-0\n", "\n"),
    );
    assert!(g.outcome().is_none());
    assert_eq!(g.record_plies(), Some(9));
    // Playing on is ruled as usual.
    let mut g = g;
    g.play_iccs("h7e7").unwrap();
    assert!(g.outcome().is_none());
    // A mate on the board ends a record whatever it says.
    let mate = game_of("[FEN \"4k4/8R/9/9/9/9/9/9/9/R4K3 w - - 0 1\"]\n\n1. a0a9 *\n");
    assert_eq!(mate.outcome().unwrap().reason(), Reason::Checkmate);
    // ... and a result that says otherwise is the record's, the mate kept behind it.
    let mut other = game_of("[FEN \"4k4/8R/9/9/9/9/9/9/9/R4K3 w - - 0 1\"]\n\n1. a0a9 0-1\n");
    assert_eq!(other.outcome().unwrap().reason(), Reason::Recorded);
    assert_eq!(other.outcome().unwrap().result(), GameResult::BlackWins);
    other.undo_ending();
    assert_eq!(other.outcome().unwrap().reason(), Reason::Checkmate);
    // A start of dead material ends nothing in a record; it does in a game played.
    let dead = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
    assert!(game_of(&format!("[FEN \"{dead}\"]\n\n*\n"))
        .outcome()
        .is_none());
    assert!(Game::from_fen(dead).unwrap().outcome().is_some());
}

#[test]
fn the_rules_ending_on_the_last_ply_with_the_records_result_is_kept_as_such() {
    // A chase ruled by the library, written and read back: the record ends where the rules end it.
    let options = xiangqi::adjudication::Options {
        ruleset: xiangqi::Ruleset::Cxa,
        ..Default::default()
    };
    let mut g = Game::with_options(
        "4k4/9/8c/9/9/7R1/9/9/9/3K5 w - - 0 1".parse().unwrap(),
        options,
    )
    .unwrap();
    for m in [
        "h4i4", "i7h7", "i4h4", "h7i7", "h4i4", "i7h7", "i4h4", "h7i7",
    ] {
        g.play_iccs(m).unwrap();
    }
    let text = write_pgn(&GameRecord::from_game(&g), &PgnOptions::default());
    assert!(text.contains("[Termination \"adjudication\"]"), "{text}");
    let back = game_of(&text);
    assert_eq!(back.outcome(), g.outcome());
    // Under other options the ruling is made again; the result still stands.
    let mut back = back;
    back.set_options(Default::default()).unwrap();
    assert_eq!(
        back.outcome().unwrap().result(),
        g.outcome().unwrap().result()
    );
    // Taking the last move back lifts the record's result.
    back.undo();
    assert!(back.outcome().is_none());
}

#[test]
fn headers_of_a_game() {
    let mut g = Game::default();
    g.set_header("Event", "Club");
    g.set_header("Red", "A");
    g.set_header("Event", "Cup");
    assert_eq!(g.header("Event"), Some("Cup"));
    assert_eq!(g.headers()[0].0, "Event");
    assert!(g.remove_header("Red"));
    assert!(!g.remove_header("Red"));
    g.play_iccs("h2e2").unwrap();
    let rec = GameRecord::from_game(&g);
    assert_eq!(rec.headers[0], ("Event".to_string(), "Cup".to_string()));
    assert_eq!(rec.header("Result"), Some("*"));
    // A value that is no result is kept as written; a result the game no longer has goes.
    g.set_header("Result", "0-0");
    assert_eq!(GameRecord::from_game(&g).header("Result"), Some("0-0"));
    g.set_header("Result", "1-0");
    assert_eq!(GameRecord::from_game(&g).header("Result"), Some("*"));
}

#[test]
fn real_world_syntax_is_read_with_warnings() {
    // An unescaped quote in a tag on its own line.
    let g = &parse_pgn("[Event \"1999年\"中視股份杯\"總決賽\"]\n1. 炮二平五 *\n").unwrap()[0];
    assert_eq!(g.header("Event"), Some("1999年\"中視股份杯\"總決賽"));
    assert_eq!(
        (g.warnings[0].code, g.warnings[0].line, g.warnings[0].column),
        (WarningCode::TagQuote, 1, 1)
    );
    // Two tags on one line with a stray quote: refused, with the place.
    let e = parse_pgn("[Event \"a\"b\"] [Site \"c\"]\n*\n").unwrap_err();
    assert_eq!(
        (e.code(), e.location()),
        ("ERR_RECORD_SYNTAX", Some((1, 11)))
    );
    // WXF with the tandem marker first.
    let fen = "4k4/9/9/9/4P4/4P4/9/9/9/3K5 w - - 0 1";
    let g = &parse_pgn(&format!("[FEN \"{fen}\"]\n1. +P+1 *\n")).unwrap()[0];
    assert_eq!(g.mainline.moves[0].mv.to_string(), "e5e6");
    assert_eq!(g.warnings[0].code, WarningCode::WxfMarkerOrder);
    // 前/后 left out where only one chariot can go.
    let fen = "3k5/9/9/9/9/9/4R4/9/4R4/4K4 w - - 0 1";
    let g = &parse_pgn(&format!("[FEN \"{fen}\"]\n1. 车五进三 *\n")).unwrap()[0];
    assert_eq!(g.mainline.moves[0].mv.to_string(), "e3e6");
    assert_eq!(
        (g.warnings[0].code, g.warnings[0].line),
        (WarningCode::TandemMissing, 2)
    );
    // When both could: still refused as ambiguous.
    let e = parse_pgn(&format!("[FEN \"{fen}\"]\n1. 车五平四 *\n")).unwrap_err();
    assert_eq!(e.code(), "ERR_RECORD_MOVE");
    // The token says another result than the tag: the tag is kept, and said.
    let g = &parse_pgn("[Result \"1-0\"]\n1. 炮二平五 0-1\n").unwrap()[0];
    assert_eq!(
        (g.result(), g.warnings[0].code),
        ("1-0", WarningCode::ResultMismatch)
    );
    // An advertisement after the result.
    let games =
        parse_pgn("[Red \"A\"]\n1. 炮二平五 1-0\n======\n欢迎访问\n[Red \"B\"]\n1. 炮八平五 *\n")
            .unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(
        (games[0].warnings[0].code, games[0].warnings[0].line),
        (WarningCode::TextAfterResult, 3)
    );
    assert_eq!(games[1].header("Red"), Some("B"));
}

#[test]
fn a_database_streams_and_a_refused_game_costs_only_itself() {
    let mut text = String::new();
    for i in 0..50 {
        let moves = if i == 20 {
            "1. 炮二进九 *"
        } else {
            "1. 炮二平五 马8进7 1/2-1/2"
        };
        text.push_str(&format!(
            "[Event \"g{i}\"]\n[Result \"1/2-1/2\"]\n\n{moves}\n\n"
        ));
    }
    let reader = PgnReader::new(&text, PgnReadOptions::default());
    let mut seen = 0;
    for g in reader {
        match g {
            Ok(g) => assert_eq!(g.header("Event"), Some(format!("g{seen}").as_str())),
            Err(e) => {
                assert_eq!(seen, 20);
                let RecordError::Move(m) = e else { panic!() };
                assert_eq!((m.game, m.line), (20, 20 * 5 + 4));
            }
        }
        seen += 1;
    }
    assert_eq!(seen, 50);
    // Game 37 directly, and back to game 3, through the one reader.
    let mut records = read(Input::Text(&text), &ReadOptions::default(), &NativeDecoder).unwrap();
    assert_eq!(
        records.game(37).unwrap().unwrap().header("Event"),
        Some("g37")
    );
    assert_eq!(
        records.game(3).unwrap().unwrap().header("Event"),
        Some("g3")
    );
    assert_eq!(records.next().unwrap().unwrap().header("Event"), Some("g4"));
    assert!(records.game(50).is_none());
}

/// A decoder that can only say a legacy encoding is not there: what a host without GBK / Big5 gives.
struct Utf8Only;

impl Decoder for Utf8Only {
    fn decode(&self, _: Encoding, _: &[u8]) -> Option<String> {
        None
    }
    fn supports(&self, e: Encoding) -> bool {
        e == Encoding::Utf8
    }
    fn decode_lossy(&self, _: Encoding, _: &[u8]) -> Option<String> {
        None
    }
}

#[test]
fn encodings_are_decided_on_evidence() {
    let text = "[Event \"象棋比賽\"]\n[Red \"許銀川\"]\n\n1. 炮二平五 馬8進7 2. 傌二進三 1-0\n";
    let read_as =
        |bytes: &[u8], options: &ReadOptions| read(Input::Bytes(bytes), options, &NativeDecoder);
    let auto = ReadOptions::default();
    // The same record in UTF-8 (with and without a BOM), GBK and Big5.
    let big5 = big5_of(text);
    let gbk = gbk_of(text);
    for (bytes, encoding) in [
        (text.as_bytes().to_vec(), Encoding::Utf8),
        (
            [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat(),
            Encoding::Utf8,
        ),
        (gbk.clone(), Encoding::Gbk),
        (big5.clone(), Encoding::Big5),
    ] {
        let mut r = read_as(&bytes, &auto).unwrap();
        assert_eq!(r.encoding(), Some(encoding));
        let g = r.next().unwrap().unwrap();
        assert_eq!(g.header("Red"), Some("許銀川"));
        assert_eq!(g.mainline.moves.len(), 3);
        assert!(g.warnings.is_empty(), "{:?}", g.warnings);
    }
    // The Big5 bytes are valid GBK too: the moves decided. Forcing GBK shows why.
    assert!(NativeDecoder.decode(Encoding::Gbk, &big5).is_some());
    let forced = ReadOptions {
        encoding: Some(Encoding::Gbk),
        ..Default::default()
    };
    let e = read_as(&big5, &forced)
        .unwrap()
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(e.code(), "ERR_RECORD_MOVE");
    // Tags only: the characters decide, and say so.
    let tags = big5_of("[Event \"象棋比賽\"]\n[Red \"許銀川\"]\n\n*\n");
    let g = read_as(&tags, &auto).unwrap().next().unwrap().unwrap();
    assert_eq!(g.header("Event"), Some("象棋比賽"));
    assert_eq!(g.warnings[0].code, WarningCode::EncodingGuessed);
    // Bytes valid in neither, and bytes nothing tells apart: an encoding error naming what was tried.
    let Err(RecordError::Encoding(e)) = read_as(b"1. \xFF\xFF\xFF *", &auto) else {
        panic!()
    };
    assert_eq!((e.kind, e.tried.len()), (DecodeErrorKind::Invalid, 3));
    let Err(RecordError::Encoding(e)) = read_as(b"[Event \"\xB0\xA1\"]\n*\n", &auto) else {
        panic!()
    };
    assert_eq!(e.kind, DecodeErrorKind::Ambiguous);
    assert!(e.to_string().contains("GBK and Big5"), "{e}");
    // Without a legacy decoder.
    let Err(RecordError::Encoding(e)) = read(Input::Bytes(&gbk), &auto, &Utf8Only) else {
        panic!()
    };
    assert_eq!(e.kind, DecodeErrorKind::Unavailable);
}

fn big5_of(text: &str) -> Vec<u8> {
    encode(text, "big5")
}

fn gbk_of(text: &str) -> Vec<u8> {
    encode(text, "gbk")
}

/// The bytes of `text` in a legacy encoding, by the native decoder's tables (test only: encoding_rs encodes).
fn encode(text: &str, label: &str) -> Vec<u8> {
    let e = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
    let (bytes, _, bad) = e.encode(text);
    assert!(!bad, "{text} in {label}");
    bytes.into_owned()
}

#[test]
fn formats_are_sniffed() {
    let fmt = |t: &str| {
        read(Input::Text(t), &ReadOptions::default(), &NativeDecoder)
            .unwrap()
            .format()
    };
    assert_eq!(fmt("1. h2e2 *"), RecordFormat::Pgn);
    assert_eq!(
        fmt("[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]"),
        RecordFormat::DhtmlXq
    );
    assert_eq!(fmt("[DhtmlXQ_ver \"x\"]\n*"), RecordFormat::Pgn);
    assert_eq!(
        fmt("  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1\n"),
        RecordFormat::Fen
    );
    let mut r = read(
        Input::Text("3k5/9/9/9/9/9/9/9/9/R3K4 w"),
        &ReadOptions::default(),
        &NativeDecoder,
    )
    .unwrap();
    let g = r.next().unwrap().unwrap();
    assert_eq!(
        g.start,
        Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").unwrap()
    );
    assert!(r.next().is_none());
    // A DhtmlXQ page with two games.
    let page = "<p>[DhtmlXQ][DhtmlXQ_red]甲[/DhtmlXQ_red][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]</p>\
        <p>[DhtmlXQ][DhtmlXQ_red]乙[/DhtmlXQ_red][/DhtmlXQ]</p>";
    let games: Vec<_> = read(Input::Text(page), &ReadOptions::default(), &NativeDecoder)
        .unwrap()
        .collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].as_ref().unwrap().header("Red"), Some("乙"));
}

#[test]
fn dhtmlxq_keeps_tags_both_ways() {
    let mut rec = GameRecord::new(Position::new());
    rec.headers = vec![
        ("Event".into(), "杯赛".into()),
        ("Variation".into(), "x".into()),
        ("myTag".into(), "y".into()),
        ("Result".into(), "0-1".into()),
    ];
    let text = rec.to_dhtmlxq();
    assert!(
        text.contains("[DhtmlXQ_result]黑胜[/DhtmlXQ_result]"),
        "{text}"
    );
    assert!(
        text.contains("[DhtmlXQ_pgn_myTag]y[/DhtmlXQ_pgn_myTag]"),
        "{text}"
    );
    let back = GameRecord::from_dhtmlxq(&text).unwrap();
    assert_eq!(back.headers, rec.headers);
    // As PGN and back.
    let pgn = write_pgn(
        &back,
        &PgnOptions {
            notation: Notation::Iccs,
            line_width: 80,
        },
    );
    assert_eq!(
        GameRecord::from_pgn(&pgn).unwrap().header("myTag"),
        Some("y")
    );
    let _ = Color::Red;
}

/// Issue 41: a game of tags and no moves (CCPD writes one, `ccpd-computer-00000149.pgn`) followed by the next game
/// of the database is read as an empty game with a warning; the next game keeps its own tags and moves.
#[test]
fn a_game_of_tags_only_is_not_merged_with_the_next() {
    let dir = "records/big5";
    let empty = std::fs::read(crate::common::data_path(&format!(
        "{dir}/ccpd-computer-00000149.pgn"
    )))
    .unwrap();
    let next = std::fs::read(crate::common::data_path(&format!(
        "{dir}/ccpd-computer-00000001.pgn"
    )))
    .unwrap();
    let alone: Vec<_> = read(Input::Bytes(&next), &ReadOptions::default(), &NativeDecoder)
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut db = empty.clone();
    db.extend(b"\n");
    db.extend(&next);
    let mut records = read(Input::Bytes(&db), &ReadOptions::default(), &NativeDecoder).unwrap();
    let games: Vec<GameRecord> = records.by_ref().collect::<Result<_, _>>().unwrap();
    assert_eq!(games.len(), 2);
    assert!(games[0].mainline.moves.is_empty());
    assert!(
        games[0]
            .headers
            .iter()
            .filter(|(k, _)| k == "Event")
            .count()
            == 1
    );
    let w: Vec<_> = games[0].warnings.iter().map(|w| (w.code, w.line)).collect();
    assert_eq!(w, [(WarningCode::EmptyGame, 12)]);
    assert_eq!(WarningCode::EmptyGame.code(), "WARN_EMPTY_GAME");
    // The next game is the file read alone: its tags, its moves.
    assert_eq!(games[1].headers, alone[0].headers);
    assert_eq!(games[1].mainline, alone[0].mainline);
    assert_ne!(games[0].header("Event"), games[1].header("Event"));
    // Listed and opened by index alike.
    assert_eq!(records.game(1).unwrap().unwrap().headers, alone[0].headers);

    // In text: tags, a blank line, tags: two games; tags on consecutive lines stay one game (a repeated name
    // included, as before).
    let two = parse_pgn("[Event \"A\"]\n[Red \"x\"]\n\n[Event \"B\"]\n\n1. 炮二平五 *\n").unwrap();
    assert_eq!(two.len(), 2);
    assert_eq!(
        (two[0].header("Event"), two[1].header("Event")),
        (Some("A"), Some("B"))
    );
    assert_eq!(two[1].mainline.moves.len(), 1);
    let one = parse_pgn("[Event \"A\"]\n[Event \"again\"]\n\n1. 炮二平五 *\n").unwrap();
    assert_eq!(one.len(), 1);
    assert!(one[0].warnings.is_empty());
}
