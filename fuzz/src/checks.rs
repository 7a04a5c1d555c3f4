//! What every fuzz target checks: invariants of the public API, not only the absence of panics.
//!
//! The fuzz targets (nightly, libFuzzer) call these functions, and so does the stable test `tests/checks.rs`,
//! which replays the seed corpora and every saved crash through them. They use the public API of the
//! `xiangqi` and `xiangqi-engine` crates only.

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;

use xiangqi::adjudication::{Mode, Options};
use xiangqi::notation::cbr::{is_cbl, is_cbr};
use xiangqi::notation::chinese::{BlackDigits, Script};
use xiangqi::notation::dhtmlxq::{parse_dhtmlxq, parse_dhtmlxq_bytes, write_dhtmlxq};
use xiangqi::notation::encoding::{decode, Encoding, NativeDecoder};
use xiangqi::notation::pgn::{
    parse_pgn, parse_pgn_bytes, parse_pgn_with, write_pgn, write_pgn_games, PgnOptions,
    PgnReadOptions,
};
use xiangqi::notation::read::{read, Input, ReadOptions};
use xiangqi::notation::record::{GameRecord, Line, RecordError, RecordFormat};
use xiangqi::notation::wxf::Traverse;
use xiangqi::notation::xqf::{is_xqf, parse_xqf};
use xiangqi::notation::{
    parse_move, parse_move_format, parse_move_styled, parse_moves, write_move, ChineseOptions,
    Format, Notation, NotationError, TandemStyle, WxfOptions,
};
use xiangqi::{Color, Game, IllegalReason, Move, Position, Ruleset, Square, Status, START_FEN};
use xiangqi_engine::uci::{Action, UciSession};
use xiangqi_engine::{Engine, Limits, NoClock};

/// Start positions the move-text and game targets pick from (by the first input byte): the opening,
/// tandem soldiers and pieces of both sides (the hard cases of WXF and Chinese notation), repetition
/// cases (perpetual check, chase) and endgames near mate.
pub const POSITIONS: &[&str] = &[
    START_FEN,
    "3k5/9/2P1P4/2P1P4/2P6/9/9/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/9/2p1p4/2p1p4/2p6/9/3K5 b - - 0 1",
    "3akab2/9/4b4/9/9/4R4/9/4R4/9/3AKA3 w - - 0 1",
    "4k4/8R/9/9/9/9/9/9/9/R4K3 w - - 0 1",
    "3k5/3n5/9/9/R8/9/9/9/9/3K5 w - - 0 1",
    "3aka3/9/9/9/1C7/9/9/4C4/9/5K3 w - - 0 1",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3",
    "2bak4/4a4/4b4/p3P3p/2p6/9/P1c3n1P/4B4/4A4/2BK1A3 b - - 0 30",
    "4k4/4P4/9/9/9/9/9/9/9/3K5 b - - 0 1",
];

/// The output notations checked for round trips: every option of WXF and Chinese.
pub fn notations() -> Vec<Notation> {
    let mut v = vec![Notation::Iccs];
    for tandem in [TandemStyle::Classic, TandemStyle::Ordinal] {
        for traverse in [Traverse::Dot, Traverse::Equals] {
            for lowercase in [false, true] {
                v.push(Notation::Wxf(WxfOptions {
                    tandem,
                    traverse,
                    lowercase,
                }));
            }
        }
        for script in [Script::Simplified, Script::Traditional] {
            for black_digits in [BlackDigits::Ascii, BlackDigits::FullWidth] {
                v.push(Notation::Chinese(ChineseOptions {
                    script,
                    black_digits,
                    tandem,
                }));
            }
        }
    }
    v
}

fn tandem_of(n: &Notation) -> TandemStyle {
    match n {
        Notation::Iccs => TandemStyle::Classic,
        Notation::Wxf(o) => o.tandem,
        Notation::Chinese(o) => o.tandem,
        Notation::Vietnamese => TandemStyle::Classic,
    }
}

/// `write_move` in every notation parses back to the same move with `parse_move_styled` in the style it
/// was written in, and `parse_move` (which reads WXF digit pairs both ways) gives the move or reports an
/// ambiguity that includes it.
///
/// (`write_move`'s documentation promises `parse_move` for the classic style; it does not hold when the
/// classic digit pair also reads as a legal ordinal move: `33.2` in
/// `4k4/9/9/9/9/2p1p4/2p1p4/2p6/9/3K5 b` is c3b3 in the classic convention and c4b4 in the ordinal one.)
pub fn check_move_round_trip(pos: &Position, m: Move) {
    assert!(pos.is_legal(m));
    for n in notations() {
        let text = write_move(pos, m, &n);
        match parse_move(pos, &text) {
            Ok(back) => assert_eq!(back, m, "{} {text:?}", pos.fen()),
            Err(NotationError::Ambiguous { candidates, .. }) => {
                assert!(candidates.contains(&m), "{} {text:?}", pos.fen())
            }
            Err(e) => panic!("{} {m}: written {text:?} in {n:?}: {e}", pos.fen()),
        }
        let back = parse_move_styled(pos, &text, tandem_of(&n));
        assert_eq!(
            back,
            Ok(m),
            "{} {m}: written {text:?} in {n:?} does not read back",
            pos.fen()
        );
    }
}

/// The position reached from `POSITIONS[pick]` by the walk bytes (each picks one legal move).
pub fn walk(pick: u8, steps: &[u8]) -> Position {
    let mut pos = Position::from_fen(POSITIONS[pick as usize % POSITIONS.len()])
        .expect("the position pool is valid");
    for &b in steps {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[b as usize % moves.len()])
            .expect("a listed move is legal");
    }
    pos
}

// ---------------------------------------------------------------------------------------------------------
// FEN

/// A FEN that parses writes back to a FEN that parses to the same position (same hash, same FEN again);
/// the legal-move functions agree with each other; every legal move played and undone restores the FEN and
/// the hash; the status matches check and the move count.
pub fn fen(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let game = Game::from_fen(&text);
    let Ok(pos) = Position::from_fen(&text) else {
        assert!(
            game.is_err(),
            "Game::from_fen accepts what Position rejects"
        );
        return;
    };
    let game = game.expect("Game::from_fen accepts what Position accepts");
    assert_eq!(game.position(), &pos);
    let written = pos.fen();
    let again = Position::from_fen(&written)
        .unwrap_or_else(|e| panic!("written FEN {written:?} does not re-parse: {e}"));
    assert_eq!(again, pos, "{written}");
    assert_eq!(again.hash(), pos.hash());
    assert_eq!(again.fen(), written);
    check_position(&pos);
}

/// Consistency of one position's move generation, status and play/undo.
pub fn check_position(pos: &Position) {
    let fen = pos.fen();
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), pos.count_legal(), "{fen}");
    assert_eq!(pos.has_legal_move(), !moves.is_empty(), "{fen}");
    let expected = match (moves.is_empty(), pos.is_check()) {
        (false, _) => Status::Ongoing,
        (true, true) => Status::Checkmate,
        (true, false) => Status::Stalemate,
    };
    assert_eq!(pos.status(), expected, "{fen}");
    assert_eq!(pos.is_check(), !pos.checkers().is_empty(), "{fen}");
    for &m in moves.iter() {
        assert!(pos.is_legal(m), "{fen} {m}");
        assert_eq!(pos.check_move(m), Ok(()), "{fen} {m}");
        let mut p = pos.clone();
        let capture = p.is_capture(m);
        let check = p.gives_check(m);
        let undo = p
            .play(m)
            .unwrap_or_else(|e| panic!("{fen}: listed move {m}: {e}"));
        assert_eq!(undo.captured.is_some(), capture, "{fen} {m}");
        assert_eq!(p.is_check(), check, "{fen} {m}: gives_check");
        assert_ne!(p.turn(), pos.turn());
        p.undo(m, undo);
        assert_eq!(p.fen(), fen, "{m}: undo");
        assert_eq!(p.hash(), pos.hash(), "{fen} {m}: undo hash");
    }
}

// ---------------------------------------------------------------------------------------------------------
// Move text

/// Input: a position byte, a walk length byte, the walk, then the text. A parsed move is legal (and the
/// same for every parse function that accepts it); every error names the text and carries a stable code; an
/// ambiguity lists at least two legal candidates; an `Illegal` error is about an illegal move; the move
/// written back in the detected format reads back.
pub fn move_text(data: &[u8]) {
    let (head, rest) = data.split_at(data.len().min(2));
    let pick = head.first().copied().unwrap_or(0);
    let n = head.get(1).copied().unwrap_or(0) as usize % 16;
    let (steps, text) = rest.split_at(rest.len().min(n));
    let pos = walk(pick, steps);
    let text = String::from_utf8_lossy(text);
    let results = [
        parse_move(&pos, &text),
        parse_move_styled(&pos, &text, TandemStyle::Classic),
        parse_move_styled(&pos, &text, TandemStyle::Ordinal),
    ];
    for r in &results {
        match r {
            Ok(m) => assert!(pos.is_legal(*m), "{} {text:?} -> {m}", pos.fen()),
            Err(e) => check_notation_error(&pos, &text, e),
        }
    }
    match parse_move_format(&pos, &text) {
        Ok((m, format)) => {
            assert_eq!(results[0], Ok(m));
            check_move_round_trip(&pos, m);
            let n = match format {
                // Algebraic is read only: its moves are written back in ICCS.
                Format::Iccs | Format::Algebraic => Notation::Iccs,
                Format::Wxf => Notation::Wxf(WxfOptions::default()),
                Format::Chinese => Notation::Chinese(ChineseOptions::default()),
            };
            let written = write_move(&pos, m, &n);
            assert_eq!(
                parse_move_styled(&pos, &written, TandemStyle::Classic),
                Ok(m)
            );
        }
        Err(e) => assert_eq!(results[0], Err(e)),
    }
    // The same text as a whitespace-separated sequence.
    let texts: Vec<&str> = text.split_whitespace().take(32).collect();
    if let Ok(moves) = parse_moves(&pos, &texts) {
        assert_eq!(moves.len(), texts.len());
        let mut p = pos.clone();
        for m in moves {
            p.play(m)
                .unwrap_or_else(|e| panic!("parse_moves gave an illegal move: {e}"));
        }
    }
}

fn check_notation_error(pos: &Position, text: &str, e: &NotationError) {
    assert_eq!(e.text(), text);
    assert!(e.code().starts_with("ERR_"));
    assert!(!e.to_string().is_empty());
    match e {
        NotationError::Ambiguous { candidates, .. } => {
            assert!(candidates.len() >= 2, "{e}");
            for &c in candidates {
                assert!(pos.is_legal(c), "{} {text:?}: candidate {c}", pos.fen());
            }
        }
        NotationError::Illegal { error, .. } => {
            assert!(!pos.is_legal(error.mv), "{} {text:?}: {e}", pos.fen());
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------------------------
// Records

/// Every move of the line (and of its variations, each from the position before its node) is legal.
pub fn check_line(start: &Position, line: &Line, depth: usize) {
    assert!(depth <= 200, "variations nested too deep");
    let mut pos = start.clone();
    for node in &line.moves {
        for v in &node.variations {
            check_line(&pos, v, depth + 1);
        }
        pos.play(node.mv)
            .unwrap_or_else(|e| panic!("record move {} is illegal: {e}", node.mv));
    }
}

/// The moves of a line and its variations, without comments and NAGs (writers normalise those).
fn tree(line: &Line) -> String {
    let mut s = String::new();
    for node in &line.moves {
        s.push_str(&node.mv.to_string());
        for v in &node.variations {
            s.push('(');
            s.push_str(&tree(v));
            s.push(')');
        }
        s.push(' ');
    }
    s
}

fn check_record(r: &GameRecord) {
    check_line(&r.start, &r.mainline, 0);
    let g = r
        .to_game()
        .expect("the main line of a parsed record replays");
    assert_eq!(g.history().len(), r.mainline.moves.len());
}

/// Input: PGN text (lossy UTF-8). Parsed records have legal move trees and replay as games; written back
/// in ICCS, WXF and Chinese, they read back with the same start and move tree; several games written
/// together read back as as many games.
pub fn pgn(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for style in [TandemStyle::Classic, TandemStyle::Ordinal] {
        if let Ok(records) = parse_pgn_with(
            &text,
            &PgnReadOptions {
                wxf_tandem: Some(style),
            },
        ) {
            records.iter().for_each(check_record);
        }
    }
    let records = match parse_pgn(&text) {
        Ok(r) => r,
        Err(e) => return check_record_error(&e),
    };
    for r in &records {
        check_record(r);
        for notation in [
            Notation::Chinese(ChineseOptions::default()),
            Notation::Iccs,
            Notation::Wxf(WxfOptions::default()),
        ] {
            let options = PgnOptions {
                notation,
                line_width: 80,
            };
            let written = write_pgn(r, &options);
            let back = parse_pgn(&written)
                .unwrap_or_else(|e| panic!("written PGN does not read back: {e}\n{written}"));
            assert_eq!(back.len(), 1, "{written}");
            assert_eq!(back[0].start, r.start, "{written}");
            assert_eq!(tree(&back[0].mainline), tree(&r.mainline), "{written}");
        }
    }
    if records.len() > 1 {
        let all = write_pgn_games(&records, &PgnOptions::default());
        let back = parse_pgn(&all).expect("written games read back");
        assert_eq!(back.len(), records.len());
    }
}

fn check_record_error(e: &RecordError) {
    assert!(!e.to_string().is_empty());
    if let Some((line, col)) = e.location() {
        assert!(line >= 1 && col >= 1, "{e}: location {line}:{col}");
    }
}

/// Input: DhtmlXQ text (lossy UTF-8). As for PGN: legal trees, and the record written back reads back
/// with the same start and move tree.
pub fn dhtmlxq(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let r = match parse_dhtmlxq(&text) {
        Ok(r) => r,
        Err(e) => return check_record_error(&e),
    };
    check_record(&r);
    let written = write_dhtmlxq(&r);
    let back = parse_dhtmlxq(&written)
        .unwrap_or_else(|e| panic!("written DhtmlXQ does not read back: {e}\n{written}"));
    assert_eq!(back.start, r.start, "{written}");
    assert_eq!(tree(&back.mainline), tree(&r.mainline), "{written}");
}

/// Input: record bytes (UTF-8, GBK, Big5 or neither). `decode` keeps valid UTF-8 as is; the one reader
/// (`read`) takes valid UTF-8 as UTF-8, gives exactly what reading its decoded text gives, and fails only with
/// an encoding error (or a binary format's error); the byte readers agree with it.
pub fn record_bytes(data: &[u8]) {
    let body = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
    if let Ok((text, encoding)) = decode(data) {
        if let Ok(s) = std::str::from_utf8(body) {
            assert_eq!(encoding, Encoding::Utf8);
            assert_eq!(text, s);
        } else {
            assert_eq!(encoding, Encoding::Gbk);
        }
    }
    for format in [None, Some(RecordFormat::Pgn), Some(RecordFormat::DhtmlXq)] {
        let options = ReadOptions {
            format,
            ..ReadOptions::default()
        };
        match read(Input::Bytes(data), &options, &NativeDecoder) {
            Ok(records) => {
                if matches!(
                    records.format(),
                    RecordFormat::Xqf | RecordFormat::Cbr | RecordFormat::Cbl
                ) {
                    continue;
                }
                if std::str::from_utf8(body).is_ok() {
                    assert_eq!(records.encoding(), Some(Encoding::Utf8));
                }
                let text = records.text().expect("a text format has text").to_string();
                let by_text = read(Input::Text(&text), &options, &NativeDecoder)
                    .expect("decoded text reads as text");
                assert_eq!(by_text.format(), records.format());
                let games: Vec<_> = records.take(20).collect();
                let again: Vec<_> = by_text.take(20).collect();
                assert_eq!(games.len(), again.len());
                for (a, b) in games.iter().zip(&again) {
                    match (a, b) {
                        (Ok(a), Ok(b)) => {
                            check_record(a);
                            assert_eq!(
                                (&a.headers, &a.start, &a.mainline),
                                (&b.headers, &b.start, &b.mainline)
                            );
                        }
                        (Err(a), Err(b)) => assert_eq!(a, b),
                        _ => panic!("bytes and text read differently"),
                    }
                }
                if format == Some(RecordFormat::Pgn) {
                    assert_eq!(parse_pgn_bytes(data), parse_pgn(&text));
                }
            }
            Err(e) => {
                assert!(std::str::from_utf8(body).is_err(), "{e}");
                assert_eq!(e.code(), "ERR_RECORD_ENCODING", "{e}");
                if format == Some(RecordFormat::Pgn) {
                    assert_eq!(parse_pgn_bytes(data), Err(e.clone()));
                }
                if format == Some(RecordFormat::DhtmlXq) {
                    assert_eq!(parse_dhtmlxq_bytes(data), Err(e));
                }
            }
        }
    }
}

/// Input: XQF bytes. A file either reads — a legal move tree that replays as a game, the same record through the
/// one reader, warnings with byte offsets, and a PGN written from it that reads back with the same start and
/// tree — or is refused with a typed error (`ERR_RECORD_SYNTAX` with a byte offset, `ERR_RECORD_FEN`,
/// `ERR_RECORD_ENCODING`).
pub fn xqf(data: &[u8]) {
    match parse_xqf(data, None, &NativeDecoder) {
        Ok(r) => {
            check_record(&r);
            for w in &r.warnings {
                assert!(w.offset.is_some_and(|o| o <= data.len()), "{w}");
            }
            if is_xqf(data) {
                let mut records = read(Input::Bytes(data), &ReadOptions::default(), &NativeDecoder)
                    .expect("an XQF file reads");
                assert_eq!(records.format(), RecordFormat::Xqf);
                assert_eq!(records.next(), Some(Ok(r.clone())));
            }
            let written = write_pgn(&r, &PgnOptions::default());
            let back = parse_pgn(&written).unwrap_or_else(|e| {
                panic!("PGN written from XQF does not read back: {e}\n{written}")
            });
            assert_eq!(back[0].start, r.start, "{written}");
            assert_eq!(tree(&back[0].mainline), tree(&r.mainline), "{written}");
        }
        Err(e) => {
            check_record_error(&e);
            match &e {
                RecordError::Binary { offset, .. } => assert!(*offset <= data.len(), "{e}"),
                RecordError::Fen { .. } | RecordError::Encoding(_) => {}
                other => panic!("XQF error of an unexpected kind: {other:?}"),
            }
        }
    }
}

/// Input: CBR or CBL bytes (read as both, and as sniffed). Every game either reads — a legal move tree that
/// replays as a game, warnings with byte offsets inside the file, and a PGN written from it that reads back with
/// the same start and tree — or is refused with a typed error (`ERR_RECORD_SYNTAX` with a byte offset inside the
/// file, `ERR_RECORD_FEN`); a library is read game by game, a broken game costing only itself.
pub fn cbr(data: &[u8]) {
    for format in [None, Some(RecordFormat::Cbr), Some(RecordFormat::Cbl)] {
        let options = ReadOptions {
            format,
            ..ReadOptions::default()
        };
        let Ok(records) = read(Input::Bytes(data), &options, &NativeDecoder) else {
            // Only text formats fail here (an encoding error); a binary format's errors come game by game.
            assert!(format.is_none() && !is_cbr(data) && !is_cbl(data));
            continue;
        };
        if format.is_none() && !matches!(records.format(), RecordFormat::Cbr | RecordFormat::Cbl) {
            continue;
        }
        for game in records.take(200) {
            match game {
                Ok(r) => {
                    check_record(&r);
                    for w in &r.warnings {
                        assert!(w.offset.is_some_and(|o| o <= data.len()), "{w}");
                    }
                    let written = write_pgn(&r, &PgnOptions::default());
                    let back = parse_pgn(&written).unwrap_or_else(|e| {
                        panic!("PGN written from CBR does not read back: {e}\n{written}")
                    });
                    assert_eq!(back[0].start, r.start, "{written}");
                    assert_eq!(tree(&back[0].mainline), tree(&r.mainline), "{written}");
                }
                Err(e) => {
                    check_record_error(&e);
                    match &e {
                        RecordError::Binary { offset, .. } => {
                            assert!(*offset <= data.len(), "{e}")
                        }
                        RecordError::Fen { .. } => {}
                        other => panic!("CBR error of an unexpected kind: {other:?}"),
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// UCI

thread_local! {
    static UCI: RefCell<UciSession> = RefCell::new({
        let mut s = UciSession::new();
        s.handle("setoption name Hash value 1", &mut |_| {});
        s
    });
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new(1));
}

/// Input: lines of UCI commands. A `position` command that reports an error leaves no position (the session
/// never searches a position it was not given); one that succeeds leaves its game; every `go` (run with a
/// tiny node budget whatever it asks) ends with a legal `bestmove`, or `(none)` exactly when there is no
/// position or no legal move; every reply is one line.
pub fn uci(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    UCI.with(|s| {
        let mut s = s.borrow_mut();
        // The same state before every input: reproducible runs.
        for line in [
            "ucinewgame",
            "setoption name MultiPV value 1",
            "setoption name Skill Level value 20",
            "position startpos",
        ] {
            s.handle(line, &mut |_| {});
        }
        for line in text.lines().take(64) {
            let lower = line.to_ascii_lowercase();
            if lower.contains("hash") && !lower.contains("clear") {
                continue; // a big table per input would only measure the allocator
            }
            let mut out = Vec::new();
            let action = s.handle(line, &mut |l| out.push(l.to_string()));
            for l in &out {
                assert!(!l.contains('\n'), "{l:?}");
            }
            let errored = out.iter().any(|l| l.starts_with("info string error"));
            if line.split_whitespace().next() == Some("position") {
                assert_eq!(s.game().is_none(), errored, "{line:?}: {out:?}");
            }
            if let Action::Go(asked) = action {
                let limits = Limits {
                    depth: Some(asked.depth.unwrap_or(2).clamp(1, 2)),
                    nodes: Some(asked.nodes.unwrap_or(300).min(300)),
                    ..Limits::default()
                };
                let mut out = Vec::new();
                s.go(&limits, &NoClock, &AtomicBool::new(false), &mut |l| {
                    out.push(l.to_string())
                });
                let last = out.last().expect("go writes a bestmove");
                let best = last
                    .strip_prefix("bestmove ")
                    .expect("last line is bestmove");
                match s.game() {
                    Some(g) if g.position().has_legal_move() => {
                        let m: Move = best.parse().expect("bestmove is a move");
                        assert!(
                            g.position().is_legal(m),
                            "{} bestmove {m}",
                            g.position().fen()
                        );
                    }
                    _ => assert_eq!(best, "(none)"),
                }
            }
        }
    });
}

// ---------------------------------------------------------------------------------------------------------
// Sequences of game operations

/// Options the game target switches to (validated values only: the invalid ones are the option
/// validation's business, tested elsewhere).
#[derive(arbitrary::Arbitrary, Clone, Copy, Debug)]
pub struct OptionSpec {
    pub cxa: bool,
    /// Move limit in plies: small values reach the limit within a fuzz input; 0 is "off".
    pub move_limit: u8,
    /// 2 or 3 (4 when > 1).
    pub repetition: u8,
    /// 0 adjudicate, 1 enforce, 2 analysis.
    pub mode: u8,
    pub check_discount: bool,
    pub cxa_check_chases: bool,
}

impl OptionSpec {
    pub fn options(self) -> Options {
        Options {
            ruleset: if self.cxa { Ruleset::Cxa } else { Ruleset::Axf },
            move_limit: u32::from(self.move_limit % 40),
            repetition_count: 2 + u32::from(self.repetition % 3),
            mode: match self.mode % 3 {
                0 => Mode::Adjudicate,
                1 => Mode::Enforce,
                _ => Mode::Analysis,
            },
            check_discount: self.check_discount,
            mate_threat_depth: 2,
            cxa_check_chases: self.cxa_check_chases,
        }
    }
}

/// One API operation. Move indices pick from the legal moves (modulo their number).
#[derive(arbitrary::Arbitrary, Clone, Copy, Debug)]
pub enum Op {
    /// Play the n-th legal move.
    Play(u8),
    /// Play a move between two squares (by index modulo 90): usually illegal.
    PlayRaw(u8, u8),
    /// Write the n-th legal move in a notation (by index), read it back and play the text's move.
    PlayText(u8, u8),
    Undo,
    Reset,
    Resign(bool),
    OfferDraw(bool),
    AcceptDraw(bool),
    DeclineDraw(bool),
    TimeForfeit(bool),
    IllegalMoveForfeit(bool),
    /// Classify the n-th legal move, and an arbitrary move.
    Classify(u8, u8, u8),
    /// The repetition warning of the n-th legal move, then play it.
    Warn(u8),
    /// A hint: search with a depth of 1 or 2 and a small node budget.
    Hint(u8),
    SetOptions(OptionSpec),
    OverrideIdle(u8),
    /// Check now that replaying the moves gives the same game.
    Replay,
}

/// A start position and a sequence of operations.
#[derive(arbitrary::Arbitrary, Clone, Debug)]
pub struct GameInput {
    pub start: u8,
    pub options: Option<OptionSpec>,
    pub ops: Vec<Op>,
}

fn raw_move(a: u8, b: u8) -> Move {
    let square = |i: u8| Square::new(i % 90).expect("an index below 90 is a square");
    Move::new(square(a), square(b))
}

fn color(red: bool) -> Color {
    if red {
        Color::Red
    } else {
        Color::Black
    }
}

/// Everything observable about a game, to check that a failed operation changed nothing.
#[derive(Debug, PartialEq)]
struct Snapshot {
    fen: String,
    hash: u64,
    history: Vec<Move>,
    outcome: Option<xiangqi::Outcome>,
    draw_offer: Option<Color>,
    idle: Vec<usize>,
    options: Options,
}

fn snapshot(g: &Game) -> Snapshot {
    Snapshot {
        fen: g.position().fen(),
        hash: g.position().hash(),
        history: g.history().iter().map(|p| p.mv).collect(),
        outcome: g.outcome().cloned(),
        draw_offer: g.draw_offer(),
        idle: g.idle_overrides().to_vec(),
        options: *g.options(),
    }
}

fn is_external(g: &Game) -> bool {
    use xiangqi::Reason;
    g.outcome().is_some_and(|o| {
        matches!(
            o.reason(),
            Reason::Resignation | Reason::Agreement | Reason::TimeForfeit | Reason::IllegalMove
        )
    })
}

/// Replaying the moves from the start with the same options (and idle rulings) gives the same position
/// and, unless the game ended by resignation, agreement or forfeit, the same outcome; a move is refused on
/// the replay only because the replay's game is over, at the ply where the original ended.
/// `options_changed`: the options changed in the middle of the game (`set_options`). A replay under the final
/// options may then refuse a move the game played under the earlier ones — one completing a forbidden repetition
/// once the enforce mode is on — and it stops there, with nothing more to compare.
pub fn check_replay(g: &Game, options_changed: bool) {
    let mut r = Game::with_options(g.start().clone(), *g.options()).expect("valid options");
    let mut stopped = false;
    let mut refused = false;
    for (i, pm) in g.history().iter().enumerate() {
        match r.play(pm.mv) {
            Ok(p) => assert_eq!(&p, pm, "replay ply {}", i + 1),
            Err(e) if e.reason == IllegalReason::GameOver => {
                stopped = true;
                break;
            }
            Err(e) if options_changed && e.reason == IllegalReason::ForbiddenRepetition => {
                refused = true;
                break;
            }
            Err(e) => panic!("replay ply {}: {e}", i + 1),
        }
        if g.idle_overrides().contains(&(i + 1)) {
            assert!(r.override_idle(i + 1));
        }
    }
    if refused {
        return;
    }
    if !stopped {
        assert_eq!(r.position(), g.position());
        assert_eq!(r.position().hash(), g.position().hash());
    }
    if !is_external(g) {
        assert_eq!(
            r.outcome(),
            g.outcome(),
            "replay of {:?} from {}",
            g.history()
                .iter()
                .map(|p| p.mv.to_string())
                .collect::<Vec<_>>(),
            g.start().fen()
        );
    }
}

/// Runs the operations on a game and checks after each: a failed operation changes nothing; a played move
/// undone restores FEN, hash and outcome; the allowed moves are legal and playable; a repetition warning
/// is the outcome the move then gets; classification accepts exactly the legal moves; hints are legal; and
/// at the end (and on `Replay`) replaying the moves gives the same outcome. Returns the game.
pub fn game_ops(input: &GameInput) -> Game {
    let start = Position::from_fen(POSITIONS[input.start as usize % POSITIONS.len()])
        .expect("the position pool is valid");
    let mut g = match input.options {
        Some(o) => Game::with_options(start, o.options()).expect("valid options"),
        None => Game::new(start),
    };
    let notations = notations();
    // Set once the options change with moves played (see check_replay).
    let mut options_changed = false;
    for op in input.ops.iter().take(200) {
        let before = snapshot(&g);
        let legal = g.position().legal_moves();
        let pick = |n: u8| (!legal.is_empty()).then(|| legal[n as usize % legal.len()]);
        match *op {
            Op::Play(n) => {
                if let Some(m) = pick(n) {
                    play_and_check(&mut g, m, &before);
                }
            }
            Op::PlayRaw(a, b) => {
                let m = raw_move(a, b);
                if legal.contains(&m) {
                    play_and_check(&mut g, m, &before);
                } else {
                    let e = g.play(m).expect_err("an illegal move is refused");
                    assert_eq!(e.mv, m);
                    assert_eq!(snapshot(&g), before, "refused {m}");
                    assert!(g.classify_move(m).is_err());
                    assert_eq!(g.repetition_warning(m), None);
                    assert!(!g.would_lose_by_repetition(m));
                }
            }
            Op::PlayText(n, k) => {
                if let Some(m) = pick(n) {
                    let notation = notations[k as usize % notations.len()];
                    let text = write_move(g.position(), m, &notation);
                    let back = parse_move_styled(g.position(), &text, tandem_of(&notation));
                    assert_eq!(back, Ok(m), "{} {text:?}", g.position().fen());
                    play_and_check(&mut g, m, &before);
                }
            }
            Op::Undo => {
                let len = g.history().len();
                match g.undo() {
                    Some(pm) => {
                        assert_eq!(g.history().len(), len - 1);
                        assert_eq!(g.position().hash(), pm.hash_before);
                        if let Some(o) = g.outcome() {
                            assert!(o.ply() <= g.history().len());
                        }
                        assert_eq!(g.draw_offer(), None);
                    }
                    None => {
                        assert_eq!(len, 0);
                        assert_eq!(snapshot(&g), before);
                    }
                }
            }
            Op::Reset => {
                g.reset();
                assert_eq!(g.position(), g.start());
                assert!(g.history().is_empty());
                assert_eq!(
                    g.outcome(),
                    Game::with_options(g.start().clone(), *g.options())
                        .expect("valid options")
                        .outcome()
                );
            }
            Op::Resign(red) => ending(&mut g, &before, |g| g.resign(color(red)).map(|_| ())),
            Op::TimeForfeit(red) => {
                ending(&mut g, &before, |g| g.time_forfeit(color(red)).map(|_| ()))
            }
            Op::IllegalMoveForfeit(red) => ending(&mut g, &before, |g| {
                g.illegal_move_forfeit(color(red)).map(|_| ())
            }),
            Op::OfferDraw(red) => {
                ending(&mut g, &before, |g| g.offer_draw(color(red)));
                if !g.is_over() {
                    assert_eq!(g.draw_offer(), Some(color(red)));
                }
            }
            Op::AcceptDraw(red) => {
                ending(&mut g, &before, |g| g.accept_draw(color(red)).map(|_| ()))
            }
            Op::DeclineDraw(red) => {
                g.decline_draw(color(red));
                assert_ne!(g.draw_offer(), Some(color(!red)));
                assert_eq!(g.position().fen(), before.fen);
                assert_eq!(g.outcome(), before.outcome.as_ref());
            }
            Op::Classify(n, a, b) => {
                if let Some(m) = pick(n) {
                    assert!(g.classify_move(m).is_ok());
                }
                let m = raw_move(a, b);
                assert_eq!(g.classify_move(m).is_ok(), legal.contains(&m));
                assert_eq!(snapshot(&g), before);
            }
            Op::Warn(n) => {
                if let Some(m) = pick(n) {
                    let warning = g.repetition_warning(m);
                    let mover = g.position().turn();
                    assert_eq!(
                        g.would_lose_by_repetition(m),
                        warning
                            .as_ref()
                            .is_some_and(|w| w.offender() == Some(mover))
                    );
                    if g.options().mode == Mode::Enforce {
                        assert_eq!(
                            g.allowed_moves().contains(&m),
                            !g.is_over() && !g.would_lose_by_repetition(m)
                        );
                    }
                    if let Some(w) = warning {
                        assert!(!g.is_over());
                        let played = g.play(m);
                        if g.options().mode == Mode::Enforce && w.offender() == Some(mover) {
                            let e = played.expect_err("a forbidden repetition is refused");
                            assert_eq!(e.reason, IllegalReason::ForbiddenRepetition);
                            assert_eq!(snapshot(&g), before);
                        } else {
                            played.expect("a warned move is still legal");
                            if g.position().has_legal_move() {
                                // Mate and stalemate come first (docs/rules.md §4); otherwise the warning
                                // is the ending.
                                assert_eq!(g.outcome(), Some(&w), "{}", g.position().fen());
                            }
                        }
                    } else {
                        play_and_check(&mut g, m, &before);
                    }
                }
            }
            Op::Hint(n) => {
                let limits = Limits {
                    depth: Some(1 + u32::from(n % 2)),
                    nodes: Some(200 + u64::from(n)),
                    ..Limits::default()
                };
                let result = ENGINE.with(|e| {
                    let mut e = e.borrow_mut();
                    e.new_game();
                    e.search(&g, &limits, &NoClock, &AtomicBool::new(false), &mut |_| {})
                });
                match result.best_move {
                    Some(m) => assert!(legal.contains(&m), "{} hint {m}", g.position().fen()),
                    None => assert!(legal.is_empty(), "no hint with legal moves"),
                }
                assert_eq!(snapshot(&g), before);
            }
            Op::SetOptions(spec) => {
                options_changed |= !g.history().is_empty();
                g.set_options(spec.options()).expect("valid options");
                assert_eq!(g.history().len(), before.history.len());
                assert_eq!(g.position().fen(), before.fen);
                check_replay(&g, options_changed);
            }
            Op::OverrideIdle(p) => {
                let ply = usize::from(p) % (g.history().len() + 2);
                let ok = g.override_idle(ply);
                assert_eq!(ok, ply >= 1 && ply <= before.history.len());
                if !ok {
                    assert_eq!(snapshot(&g), before);
                }
            }
            Op::Replay => check_replay(&g, options_changed),
        }
        // Always: the allowed moves are legal moves, none when the game is over (outside analysis mode).
        let allowed = g.allowed_moves();
        if g.is_over() && g.options().mode != Mode::Analysis {
            assert!(allowed.is_empty());
        }
        let legal_now = g.position().legal_moves();
        for m in allowed.iter() {
            assert!(legal_now.contains(m));
        }
    }
    check_replay(&g, options_changed);
    g
}

/// Plays the legal move `m` and checks what follows: refused exactly when the game is over (outside
/// analysis) or the move is forbidden in enforce mode, otherwise recorded, and undone on a copy it restores
/// the game before it.
fn play_and_check(g: &mut Game, m: Move, before: &Snapshot) {
    let over = g.is_over() && g.options().mode != Mode::Analysis;
    let forbidden = !g.is_over() && g.would_lose_by_repetition(m);
    let enforce = g.options().mode == Mode::Enforce;
    assert_eq!(
        g.allowed_moves().contains(&m),
        !(over || (enforce && forbidden))
    );
    match g.play(m) {
        Ok(pm) => {
            assert!(!over, "played {m} after the end");
            assert!(!(enforce && forbidden), "played a forbidden {m}");
            assert_eq!(pm.mv, m);
            assert_eq!(pm.hash_before, before.hash);
            assert_eq!(pm.check, g.position().is_check());
            assert_eq!(g.history().len(), before.history.len() + 1);
            let mut u = g.clone();
            let back = u.undo().expect("a move to undo");
            assert_eq!(back, pm);
            assert_eq!(u.position().fen(), before.fen, "undo {m}");
            assert_eq!(u.position().hash(), before.hash, "undo {m}");
            assert_eq!(u.outcome(), before.outcome.as_ref(), "undo {m}");
        }
        Err(e) => {
            assert!(over || (enforce && forbidden), "legal {m} refused: {e}");
            let expected = if over {
                IllegalReason::GameOver
            } else {
                IllegalReason::ForbiddenRepetition
            };
            assert_eq!(e.reason, expected);
            assert_eq!(&snapshot(g), before);
        }
    }
}

/// An external ending (resign, forfeit, draw offer or acceptance): refused with the game unchanged, or
/// accepted and leaving the position and moves alone.
fn ending(
    g: &mut Game,
    before: &Snapshot,
    f: impl FnOnce(&mut Game) -> Result<(), xiangqi::EndingError>,
) {
    match f(g) {
        Ok(()) => {
            assert_eq!(g.position().fen(), before.fen);
            assert_eq!(g.history().len(), before.history.len());
        }
        Err(e) => {
            assert!(!e.code().is_empty());
            assert_eq!(&snapshot(g), before, "{e}");
        }
    }
}
