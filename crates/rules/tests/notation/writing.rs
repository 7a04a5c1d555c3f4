//! Records written whole (`notation::write`): every real record of tests/data/records read, written as PGN,
//! DhtmlXQ and XQF, and read again gives the record back, less only what the format cannot hold (the list is in
//! docs/records.md, "Writing records"); drawings and NAGs survive every format; bad tags and illegal moves are
//! typed errors.

use crate::common::data_path;
use xiangqi::notation::drawing::{Drawing, DrawingColor};
use xiangqi::notation::encoding::NativeDecoder;
use xiangqi::notation::read::{read, Input, ReadOptions};
use xiangqi::notation::record::{GameRecord, Line, RecordFormat};
use xiangqi::notation::write::{write_record, WriteError, WriteOptions, Written};
use xiangqi::{Move, Position};

fn write(r: &GameRecord, f: RecordFormat) -> Result<Written, WriteError> {
    write_record(r, f, &WriteOptions::default(), &NativeDecoder)
}

fn read_back(w: &Written) -> GameRecord {
    let input = match w {
        Written::Text(t) => Input::Text(t),
        Written::Bytes(b) => Input::Bytes(b),
    };
    let mut records = read(input, &ReadOptions::default(), &NativeDecoder).unwrap();
    let g = records.next().unwrap().unwrap();
    assert!(g.warnings.is_empty(), "{:?}", g.warnings);
    g
}

/// `line` as the format holds it.
fn held(line: &Line, f: RecordFormat, top: bool) -> Line {
    let comment = |c: &Option<String>| match f {
        RecordFormat::Pgn => c.as_ref().map(|c| c.trim().to_string()),
        // The XQF reader reflows every comment (CR LF as LF, a program's wrap inside a sentence joined).
        RecordFormat::Xqf => c
            .as_deref()
            .map(xiangqi::notation::xqf::reflow)
            .filter(|c| !c.is_empty()),
        _ => c.clone(),
    };
    Line {
        comment: if f == RecordFormat::Xqf && !top {
            None
        } else {
            comment(&line.comment)
        },
        moves: line
            .moves
            .iter()
            .map(|n| {
                let mut n = n.clone();
                n.comment = comment(&n.comment);
                n.variations = n
                    .variations
                    .iter()
                    .filter(|v| f != RecordFormat::Xqf || !v.moves.is_empty())
                    .map(|v| held(v, f, false))
                    .collect();
                n
            })
            .collect(),
    }
}

fn xqf_tags(r: &GameRecord) -> Vec<(String, String)> {
    let names = [
        "Title",
        "Subtitle",
        "Event",
        "Date",
        "Site",
        "Red",
        "Black",
        "Result",
        "TimeControl",
        "RedTime",
        "BlackTime",
        "Annotator",
        "Author",
    ];
    names
        .iter()
        .filter_map(|&n| match n {
            "Result" => Some((
                n.to_string(),
                match r.result() {
                    v @ ("1-0" | "0-1" | "1/2-1/2") => v.to_string(),
                    _ => "*".to_string(),
                },
            )),
            _ => r
                .header(n)
                .filter(|v| !v.is_empty())
                .map(|v| (n.to_string(), v.to_string())),
        })
        .collect()
}

/// The records of every file of a folder of tests/data/records.
fn records(folder: &str) -> Vec<(String, GameRecord)> {
    let mut out = Vec::new();
    let dir = data_path(&format!("records/{folder}"));
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n != "expected.jsonl")
        .collect();
    names.sort();
    for name in names {
        let bytes = std::fs::read(dir.join(&name)).unwrap();
        let rs = read(
            Input::Bytes(&bytes),
            &ReadOptions::default(),
            &NativeDecoder,
        )
        .unwrap();
        for (i, g) in rs.enumerate() {
            out.push((format!("{folder}/{name}#{i}"), g.unwrap()));
        }
    }
    out
}

/// Figures of one format over every real record: written, refused (by code), equal to the record as the
/// format holds it, and equal to the record itself.
#[derive(Debug, Default, PartialEq, Eq)]
struct Figures {
    records: usize,
    refused_tag: usize,
    refused_text: usize,
    held_equal: usize,
    equal: usize,
    cut: usize,
}

fn figures(f: RecordFormat) -> Figures {
    let mut fig = Figures::default();
    for folder in ["big5", "gbk", "utf8", "dhtmlxq", "xqf"] {
        for (name, r) in records(folder) {
            fig.records += 1;
            let w = match write(&r, f) {
                Ok(w) => w,
                Err(e) => {
                    match e.code() {
                        "ERR_RECORD_TAG" => {
                            eprintln!("refused {name} as {f:?}: {e}");
                            fig.refused_tag += 1
                        }
                        "ERR_RECORD_TEXT" => fig.refused_text += 1,
                        c => panic!("{name}: {c}: {e}"),
                    }
                    continue;
                }
            };
            let back = read_back(&w);
            assert_eq!(back.start, r.start, "{name}");
            assert_eq!(back.mainline, held(&r.mainline, f, true), "{name} as {f:?}");
            match f {
                RecordFormat::Xqf => {
                    // The fields have 15 or 63 bytes: a longer value is cut at a character.
                    let (b, o) = (xqf_tags(&back), xqf_tags(&r));
                    assert_eq!(b.len(), o.len(), "{name}");
                    for ((bk, bv), (ok, ov)) in b.iter().zip(&o) {
                        assert!(
                            bk == ok && ov.starts_with(bv.as_str()),
                            "{name}: {bk} {bv:?} {ov:?}"
                        );
                        fig.cut += usize::from(bv != ov);
                    }
                }
                RecordFormat::Pgn => {
                    // A FEN tag is added for a set-up start, a Result tag when there is none.
                    let mut tags = r.headers.clone();
                    if r.start != Position::new() && r.header("FEN").is_none() {
                        tags.push(("FEN".into(), r.start.fen()));
                    }
                    if r.header("Result").is_none() {
                        tags.push(("Result".into(), "*".into()));
                    }
                    assert_eq!(back.headers, tags, "{name}");
                }
                _ => {
                    let tags: Vec<_> = r
                        .headers
                        .iter()
                        .filter(|(k, _)| k != "FEN")
                        .cloned()
                        .collect();
                    assert_eq!(back.headers, tags, "{name}");
                }
            }
            fig.held_equal += 1;
            let mut same = r.clone();
            same.warnings.clear();
            fig.equal += usize::from(back == same);
            // Written again and read, the same record.
            assert_eq!(
                read_back(&write(&back, f).unwrap()),
                back,
                "{name}: not stable"
            );
        }
    }
    fig
}

#[test]
fn every_real_record_round_trips_as_pgn() {
    let f = figures(RecordFormat::Pgn);
    // Three Event tags hold a '"' (two Big5 games, one XQF file): written escaped (`\"`), read back as they were.
    assert_eq!(
        (f.records, f.refused_tag, f.refused_text),
        (141, 0, 0),
        "{f:?}"
    );
    assert_eq!((f.held_equal, f.equal), (141, 70), "{f:?}");
    println!("PGN: {f:?}");
}

#[test]
fn every_real_record_round_trips_as_dhtmlxq() {
    let f = figures(RecordFormat::DhtmlXq);
    assert_eq!(
        (f.records, f.refused_tag, f.refused_text),
        (141, 0, 0),
        "{f:?}"
    );
    assert_eq!((f.held_equal, f.equal), (141, 112), "{f:?}");
    println!("DhtmlXQ: {f:?}");
}

#[test]
fn every_real_record_round_trips_as_xqf() {
    let f = figures(RecordFormat::Xqf);
    // One XQF comment holds bytes that are not GBK (U+FFFD): refused. Ten tags were longer than their field.
    assert_eq!(
        (f.records, f.refused_tag, f.refused_text),
        (141, 0, 1),
        "{f:?}"
    );
    assert_eq!((f.held_equal, f.equal, f.cut), (140, 41, 10), "{f:?}");
    println!("XQF: {f:?}");
}

#[test]
fn every_xqf_file_written_reads_back_equal() {
    let rs = records("xqf");
    assert_eq!(rs.len(), 42);
    let mut refused = Vec::new();
    for (name, r) in rs {
        let w = match write(&r, RecordFormat::Xqf) {
            Ok(w) => w,
            Err(e) => {
                refused.push((name, e.to_string()));
                continue;
            }
        };
        // For a check by an independent reader (docs/xqf.md, "Writing"): the files written, into a folder.
        if let Some(dir) = std::env::var_os("XQF_WRITE_DIR") {
            let Written::Bytes(b) = &w else { panic!() };
            let file = name.split('/').nth(1).unwrap().split('#').next().unwrap();
            std::fs::write(std::path::Path::new(&dir).join(file), b).unwrap();
        }
        let back = read_back(&w);
        let mut same = r.clone();
        same.warnings.clear();
        same.mainline = held(&r.mainline, RecordFormat::Xqf, true);
        assert_eq!(back, same, "{name}");
    }
    // The one file whose comment holds bytes that are not GBK (read as U+FFFD, with a warning) cannot be
    // written back in GBK.
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(refused[0].1.contains("U+FFFD"), "{refused:?}");
}

fn sample() -> GameRecord {
    let text = "[Event \"Lesson\"]\n[Red \"A\"]\n[Result \"1-0\"]\n\n{before} 1. 炮二平五 $1 {central [%cal Rh2e2,Gb0c2] [%csl Ye7]} \
                (1. 马二进三 {[%csl Bc2]} 1... 卒7进1 ({or the cannon} 1... 炮8平5 $2)) 1... 马8进7 {[%cal Yb9c7]} 1-0\n";
    let mut rs = read(Input::Text(text), &ReadOptions::default(), &NativeDecoder).unwrap();
    rs.next().unwrap().unwrap()
}

#[test]
fn drawings_are_read_from_pgn_comments() {
    let r = sample();
    let first = &r.mainline.moves[0];
    assert_eq!(first.comment.as_deref(), Some("central"));
    assert_eq!(first.nags, [1]);
    let sq = |s: &str| s.parse().unwrap();
    assert_eq!(
        first.drawings,
        [
            Drawing {
                from: sq("h2"),
                to: Some(sq("e2")),
                color: DrawingColor::Red
            },
            Drawing {
                from: sq("b0"),
                to: Some(sq("c2")),
                color: DrawingColor::Green
            },
            Drawing {
                from: sq("e7"),
                to: None,
                color: DrawingColor::Yellow
            },
        ]
    );
    let v = &first.variations[0];
    assert_eq!(v.moves[0].comment, None);
    assert_eq!(v.moves[0].drawings[0].color, DrawingColor::Blue);
    assert_eq!(v.moves[1].variations[0].moves[0].nags, [2]);
    // The comment before a variation's first move.
    assert_eq!(
        v.moves[1].variations[0].comment.as_deref(),
        Some("or the cannon")
    );
    assert_eq!(r.mainline.moves[1].comment, None);
    assert_eq!(r.mainline.moves[1].drawings.len(), 1);
}

#[test]
fn drawings_and_nags_survive_every_format() {
    let r = sample();
    for f in [RecordFormat::Pgn, RecordFormat::DhtmlXq, RecordFormat::Xqf] {
        let back = read_back(&write(&r, f).unwrap());
        assert_eq!(back.mainline, held(&r.mainline, f, true), "{f:?}");
        assert_eq!(back.result(), "1-0");
        if f != RecordFormat::Xqf {
            assert_eq!(back.headers, r.headers, "{f:?}");
        }
    }
    // In PGN the commands stand in the comment, NAGs as `$n`.
    let Written::Text(pgn) = write(&r, RecordFormat::Pgn).unwrap() else {
        panic!()
    };
    assert!(
        pgn.contains("$1 {central [%cal Rh2e2,Gb0c2] [%csl Ye7]}"),
        "{pgn}"
    );
    let Written::Text(d) = write(&r, RecordFormat::DhtmlXq).unwrap() else {
        panic!()
    };
    assert!(
        d.contains(
            "[DhtmlXQ_comment1]central [%cal Rh2e2,Gb0c2] [%csl Ye7] [%nag 1][/DhtmlXQ_comment1]"
        ),
        "{d}"
    );
}

#[test]
fn unknown_commands_stay_in_the_comment() {
    let text = "1. 炮二平五 {[%clk 0:05:00] [%cal Rz9e2] [%csl Ge7] ok} *";
    let mut rs = read(Input::Text(text), &ReadOptions::default(), &NativeDecoder).unwrap();
    let r = rs.next().unwrap().unwrap();
    let n = &r.mainline.moves[0];
    assert_eq!(n.comment.as_deref(), Some("[%clk 0:05:00] [%cal Rz9e2] ok"));
    assert_eq!(n.drawings.len(), 1);
}

#[test]
fn bad_records_are_typed_errors() {
    let mut r = sample();
    r.headers.push(("Event2".into(), "two\nlines".into()));
    for f in [RecordFormat::Pgn, RecordFormat::DhtmlXq, RecordFormat::Xqf] {
        assert_eq!(write(&r, f).unwrap_err().code(), "ERR_RECORD_TAG");
    }
    // A quote is no bad input: PGN escapes it and reads it back.
    let mut r = sample();
    r.headers.push(("Event".into(), "say \"hi\" \\ bye".into()));
    let written = write(&r, RecordFormat::Pgn).unwrap();
    let Written::Text(text) = &written else {
        panic!("PGN is text")
    };
    assert!(text.contains(r#"[Event "say \"hi\" \\ bye"]"#), "{text}");
    assert_eq!(read_back(&written).headers, r.headers);
    assert!(write(&r, RecordFormat::DhtmlXq).is_ok());
    let mut r = sample();
    r.headers.push(("Bad Name".into(), "x".into()));
    assert_eq!(
        write(&r, RecordFormat::Pgn).unwrap_err().code(),
        "ERR_RECORD_TAG"
    );
    // An illegal move deep in a variation.
    let mut r = sample();
    r.mainline.moves[0].variations[0].moves[1].mv =
        Move::new("a0".parse().unwrap(), "a5".parse().unwrap());
    let e = write(&r, RecordFormat::DhtmlXq).unwrap_err();
    assert_eq!(e.code(), "ERR_RECORD_MOVE");
    assert!(
        matches!(
            e,
            WriteError::Move {
                ply: 2,
                in_variation: true,
                ..
            }
        ),
        "{e:?}"
    );
    // XQF is GBK.
    let mut r = sample();
    r.mainline.moves[0].comment = Some("smile 🙂".into());
    let e = write(&r, RecordFormat::Xqf).unwrap_err();
    assert_eq!(e.code(), "ERR_RECORD_TEXT");
    assert!(e.to_string().contains("the comment of ply 1"), "{e}");
    assert_eq!(
        write(&r, RecordFormat::Fen).unwrap_err().code(),
        "ERR_RECORD_FORMAT"
    );
}

#[test]
fn xqf_fields_are_cut_at_a_character() {
    let mut r = sample();
    r.headers = vec![
        ("Red".into(), "一二三四五六七八九十".into()),
        ("Date".into(), "2026".into()),
        ("Result".into(), "1-0".into()),
    ];
    let Written::Bytes(b) = write(&r, RecordFormat::Xqf).unwrap() else {
        panic!()
    };
    assert_eq!(&b[..3], b"XQ\x0a");
    assert_eq!(b[0x130], 14);
    let back = read_back(&Written::Bytes(b));
    assert_eq!(back.header("Red"), Some("一二三四五六七"));
    assert_eq!(back.header("Date"), Some("2026"));
    assert_eq!(back.result(), "1-0");
}
