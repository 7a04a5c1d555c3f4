//! Real records collected from public collections (tests/data/records, sources and licences in its SOURCES.md):
//! Big5, GBK and UTF-8 PGN, DhtmlXQ pages, XQF files of versions 10 to 18. Every game is read through the one
//! reader (`notation::read`) with the native decoder and checked against `expected.jsonl` (made by independent
//! readers): encoding, tags (verbatim, in order), result, start position, main line, comments, the whole tree
//! (its SHA-1). Then the read → write → read round trip in the record's own format (and as PGN) must keep every
//! tag and the result. The figures (read, warned and refused by code, tags and results kept) are compared with
//! the table in docs/records.md, so that the page stays true.

use crate::common::{data_path, read_jsonl};
use serde_json::Value;
use std::collections::BTreeMap;
use xiangqi::notation::dhtmlxq::write_dhtmlxq;
use xiangqi::notation::encoding::NativeDecoder;
use xiangqi::notation::pgn::{write_pgn, PgnOptions};
use xiangqi::notation::read::{read, Input, ReadOptions};
use xiangqi::notation::record::{GameRecord, Line, RecordError};
use xiangqi::notation::Notation;
use xiangqi::{GameResult, Reason};

/// `line(node)` of SOURCES.md: the moves of a line in ICCS, each move's alternatives in parentheses after it.
fn tree(line: &Line) -> String {
    let mut parts = Vec::new();
    for n in &line.moves {
        parts.push(n.mv.to_string());
        for v in &n.variations {
            parts.push(format!("({})", tree(v)));
        }
    }
    parts.join(" ")
}

fn count_nodes(line: &Line) -> usize {
    line.moves
        .iter()
        .map(|n| 1 + n.variations.iter().map(count_nodes).sum::<usize>())
        .sum()
}

/// SHA-1 (FIPS 180-4), for `tree_sha1`.
fn sha1(data: &[u8]) -> String {
    let mut h: [u32; 5] = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0];
    let mut msg = data.to_vec();
    let bits = (data.len() as u64).wrapping_mul(8);
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&bits.to_be_bytes());
    for chunk in msg.chunks(64) {
        let mut w = [0u32; 80];
        for (i, word) in chunk.chunks(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..80 {
            w[i] = (w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]).rotate_left(1);
        }
        let [mut a, mut b, mut c, mut d, mut e] = h;
        for (i, &wi) in w.iter().enumerate() {
            let (f, k) = match i {
                0..=19 => ((b & c) | (!b & d), 0x5A827999),
                20..=39 => (b ^ c ^ d, 0x6ED9EBA1),
                40..=59 => ((b & c) | (b & d) | (c & d), 0x8F1BBCDC),
                _ => (b ^ c ^ d, 0xCA62C1D6),
            };
            let t = a
                .rotate_left(5)
                .wrapping_add(f)
                .wrapping_add(e)
                .wrapping_add(k)
                .wrapping_add(wi);
            e = d;
            d = c;
            c = b.rotate_left(30);
            b = a;
            a = t;
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e]) {
            *x = x.wrapping_add(y);
        }
    }
    h.iter().map(|x| format!("{x:08x}")).collect()
}

#[test]
fn sha1_of_known_texts() {
    assert_eq!(sha1(b""), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
    assert_eq!(sha1(b"abc"), "a9993e364706816aba3e25717850c26c9cd0d89d");
}

fn moves(r: &GameRecord) -> Vec<String> {
    r.moves().map(|m| m.to_string()).collect()
}

fn strs(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

fn pairs(v: &Value) -> Vec<(String, String)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_str().unwrap().to_string(),
                p[1].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The figures of one folder.
#[derive(Default, Debug, PartialEq, Eq)]
struct Figures {
    games: usize,
    read: usize,
    /// Games read with at least one warning.
    warned: usize,
    /// Warnings by code.
    warnings: BTreeMap<String, usize>,
    /// Games refused, by error code.
    refused: BTreeMap<String, usize>,
    tags_kept: usize,
    results_kept: usize,
}

impl Figures {
    fn count(&mut self, g: &Result<GameRecord, RecordError>) {
        self.games += 1;
        match g {
            Ok(g) => {
                self.read += 1;
                self.warned += usize::from(!g.warnings.is_empty());
                for w in &g.warnings {
                    *self.warnings.entry(w.code.code().to_string()).or_default() += 1;
                }
            }
            Err(e) => *self.refused.entry(e.code().to_string()).or_default() += 1,
        }
    }

    fn row(&self, name: &str) -> String {
        let list = |m: &BTreeMap<String, usize>| {
            if m.is_empty() {
                "—".to_string()
            } else {
                m.iter()
                    .map(|(k, v)| format!("`{k}` {v}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        format!(
            "| {name} | {} | {} | {} | {} | {} | {} | {} |",
            self.games,
            self.read,
            self.warned,
            list(&self.warnings),
            list(&self.refused),
            self.tags_kept,
            self.results_kept
        )
    }
}

/// Whether `after` holds every header of `before`, same value, same order (it may hold more: a `Game` tag the
/// PGN writer adds, a `Result` written where there was only a result token).
fn keeps(before: &[(String, String)], after: &[(String, String)]) -> bool {
    let mut it = after.iter();
    before.iter().all(|b| it.any(|a| a == b))
}

/// Reads `bytes` through the one reader; every game of the file.
fn read_all(bytes: &[u8]) -> Vec<Result<GameRecord, RecordError>> {
    let records = read(Input::Bytes(bytes), &ReadOptions::default(), &NativeDecoder)
        .unwrap_or_else(|e| panic!("{e}"));
    records.collect()
}

/// The record written in its own format and read again, and written as PGN and read again, and played as a
/// game and written back: whether every tag survives each (same value, same order), and whether the result
/// does (the game's outcome is the recorded result, or for a record without one an ending on the board).
fn round_trip(format: &str, r: &GameRecord) -> (bool, bool) {
    let again = |text: &str| {
        read(Input::Text(text), &ReadOptions::default(), &NativeDecoder)
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
    };
    let pgn = again(&write_pgn(
        r,
        &PgnOptions {
            notation: Notation::Chinese(Default::default()),
            line_width: 80,
        },
    ));
    assert_eq!(moves(&pgn), moves(r));
    let mut tags = keeps(&r.headers, &pgn.headers);
    let mut results = pgn.result() == r.result();
    if format == "dhtmlxq" {
        let d = again(&write_dhtmlxq(r));
        assert_eq!(moves(&d), moves(r));
        tags &= keeps(&r.headers, &d.headers);
        results &= d.result() == r.result();
    }
    let g = r.to_game().unwrap();
    let result = GameResult::parse(r.result());
    results &= match result {
        Some(res) => g.outcome().is_some_and(|o| o.result() == res),
        None => g.outcome().map_or(true, |o| {
            matches!(o.reason(), Reason::Checkmate | Reason::Stalemate)
        }),
    };
    // Written back from the game: every tag, except that a record without a result whose moves end on the
    // board now says how (`Result "*"` becomes the mate's result, with a Termination).
    let back = GameRecord::from_game(&g);
    let mut expected = r.headers.clone();
    if let Some(o) = g.outcome().filter(|_| result.is_none()) {
        for h in expected.iter_mut().filter(|h| h.0 == "Result") {
            h.1 = o.result().as_str().to_string();
        }
    }
    tags &= keeps(&expected, &back.headers);
    results &= back.result() == g.outcome().map_or(r.result(), |o| o.result().as_str());
    (tags, results)
}

fn kept(f: &mut Figures, (tags, results): (bool, bool)) {
    f.tags_kept += usize::from(tags);
    f.results_kept += usize::from(results);
}

fn pgn_folder(folder: &str) -> Figures {
    let mut f = Figures::default();
    let mut files: BTreeMap<String, Vec<Result<GameRecord, RecordError>>> = BTreeMap::new();
    for e in read_jsonl(&format!("records/{folder}/expected.jsonl")) {
        let file = e["file"].as_str().unwrap().to_string();
        let games = files.entry(file.clone()).or_insert_with(|| {
            let bytes = std::fs::read(data_path(&format!("records/{folder}/{file}"))).unwrap();
            let records = read(
                Input::Bytes(&bytes),
                &ReadOptions::default(),
                &NativeDecoder,
            )
            .unwrap_or_else(|e| panic!("{file}: {e}"));
            assert_eq!(
                records.encoding().map(|e| e.code()),
                e["encoding"].as_str(),
                "{file}"
            );
            records.collect()
        });
        let index = e["index"].as_u64().unwrap() as usize;
        f.count(&games[index]);
        let Ok(g) = &games[index] else {
            continue;
        };
        let who = format!("{file} #{index}");
        // Tags verbatim and in order; a result token alone becomes a Result header at the end.
        let tags = pairs(&e["tags"]);
        let mut headers = g.headers.clone();
        if e["result_tag"].is_null() && !e["result_token"].is_null() {
            assert_eq!(
                headers.pop().map(|h| h.0).as_deref(),
                Some("Result"),
                "{who}"
            );
        }
        assert_eq!(headers, tags, "{who}");
        let result = e["result_tag"]
            .as_str()
            .or(e["result_token"].as_str())
            .unwrap_or("*");
        assert_eq!(g.result(), result, "{who}");
        assert_eq!(moves(g), strs(&e["moves"]), "{who}");
        let fen = e["start_fen"].as_str().unwrap();
        assert_eq!(
            g.start.fen().split(' ').next(),
            fen.split(' ').next(),
            "{who}"
        );
        let black = e["start_side"].as_str() == Some("b");
        assert_eq!(g.start.turn() == xiangqi::Color::Black, black, "{who}");
        kept(&mut f, round_trip("pgn", g));
    }
    f
}

fn xqf_folder() -> Figures {
    let mut f = Figures::default();
    for e in read_jsonl("records/xqf/expected.jsonl") {
        let file = e["file"].as_str().unwrap();
        let bytes = std::fs::read(data_path(&format!("records/xqf/{file}"))).unwrap();
        let mut games = read_all(&bytes);
        assert_eq!(games.len(), 1, "{file}");
        f.count(&games[0]);
        let Ok(g) = games.remove(0) else {
            continue;
        };
        let fen = e["fen"].as_str().unwrap();
        let side = if g.start.turn() == xiangqi::Color::Red {
            "w"
        } else {
            "b"
        };
        assert_eq!(
            format!("{} {side}", g.start.fen().split(' ').next().unwrap()),
            fen,
            "{file}"
        );
        let expected_moves = strs(&e["moves"]);
        let cut = e["first_illegal_ply"]
            .as_u64()
            .map_or(expected_moves.len(), |p| p as usize);
        assert_eq!(moves(&g), expected_moves[..cut], "{file}");
        assert_eq!(g.result(), e["result"].as_str().unwrap(), "{file}");
        let names = [
            ("title", "Title"),
            ("event", "Event"),
            ("date", "Date"),
            ("site", "Site"),
            ("red", "Red"),
            ("black", "Black"),
            ("time_rule", "TimeControl"),
            ("red_time", "RedTime"),
            ("black_time", "BlackTime"),
            ("annotator", "Annotator"),
            ("author", "Author"),
        ];
        for (k, v) in e["tags"].as_object().unwrap() {
            let name = names.iter().find(|(j, _)| j == k).unwrap().1;
            let ours = g
                .header(name)
                .unwrap_or_else(|| panic!("{file}: no {name}"));
            assert_eq!(Some(ours), v.as_str(), "{file}: {name}");
        }
        let illegal = e["illegal_nodes"].as_u64().unwrap();
        if illegal == 0 {
            let t = tree(&g.mainline);
            assert_eq!(
                count_nodes(&g.mainline),
                e["nodes"].as_u64().unwrap() as usize,
                "{file}"
            );
            assert_eq!(
                sha1(t.as_bytes()),
                e["tree_sha1"].as_str().unwrap(),
                "{file}"
            );
            if let Some(exp) = e["tree"].as_str() {
                assert_eq!(t, exp, "{file}");
            }
        }
        for c in e["main_line_comments"].as_array().unwrap() {
            let ply = c[0].as_u64().unwrap() as usize;
            let text = c[1].as_str().unwrap();
            let ours = if ply == 0 {
                g.mainline.comment.as_deref()
            } else {
                g.mainline
                    .moves
                    .get(ply - 1)
                    .and_then(|n| n.comment.as_deref())
            };
            if ply <= cut {
                // The reader reflows comments (XQStudio's line breaks are CR LF, and its wraps inside a
                // sentence are joined: docs/xqf.md), so only line breaks and the spaces around them may differ.
                let bare = |t: &str| t.split_whitespace().collect::<String>();
                // A comment of blanks only is none.
                let want = Some(bare(text)).filter(|t| !t.is_empty());
                assert_eq!(ours.map(bare), want, "{file} ply {ply}");
                assert!(!ours.is_some_and(|t| t.contains('\r')), "{file} ply {ply}");
            }
        }
        kept(&mut f, round_trip("xqf", &g));
    }
    f
}

fn dhtmlxq_folder() -> Figures {
    let mut f = Figures::default();
    for e in read_jsonl("records/dhtmlxq/expected.jsonl") {
        let file = e["file"].as_str().unwrap();
        let bytes = std::fs::read(data_path(&format!("records/dhtmlxq/{file}"))).unwrap();
        let mut games = read_all(&bytes);
        assert_eq!(games.len(), 1, "{file}");
        f.count(&games[0]);
        let Ok(g) = games.remove(0) else {
            continue;
        };
        assert_eq!(g.result(), e["result"].as_str().unwrap(), "{file}");
        let fen = e["fen"].as_str().unwrap();
        let side = if g.start.turn() == xiangqi::Color::Red {
            "w"
        } else {
            "b"
        };
        assert_eq!(
            format!("{} {side}", g.start.fen().split(' ').next().unwrap()),
            fen,
            "{file}"
        );
        assert_eq!(moves(&g), strs(&e["moves"]), "{file}");
        let illegal = e["illegal_nodes"].as_u64().unwrap();
        if illegal == 0 {
            assert_eq!(
                count_nodes(&g.mainline),
                e["nodes"].as_u64().unwrap() as usize,
                "{file}"
            );
            assert_eq!(
                sha1(tree(&g.mainline).as_bytes()),
                e["tree_sha1"].as_str().unwrap(),
                "{file}"
            );
        } else {
            // The illegal node is left out with what grows from it.
            assert!(
                count_nodes(&g.mainline) < e["nodes"].as_u64().unwrap() as usize,
                "{file}"
            );
        }
        // Every tag but the move tree's, in order.
        let tags = pairs(&e["tags"]);
        assert_eq!(g.headers.len(), tags.len(), "{file}: {:?}", g.headers);
        let names = [
            ("title", "Title"),
            ("event", "Event"),
            ("date", "Date"),
            ("place", "Site"),
            ("round", "Round"),
            ("red", "Red"),
            ("redteam", "RedTeam"),
            ("redtime", "RedTime"),
            ("black", "Black"),
            ("blackteam", "BlackTeam"),
            ("blacktime", "BlackTime"),
            ("open", "Opening"),
            ("ecco", "ECCO"),
            ("timerule", "TimeControl"),
            ("remark", "Remark"),
            ("author", "Annotator"),
        ];
        for ((name, value), (k, v)) in tags.iter().zip(&g.headers) {
            if name == "result" {
                assert_eq!((k.as_str(), v.as_str()), ("Result", g.result()), "{file}");
                continue;
            }
            let ours = names
                .iter()
                .find(|(d, _)| d == name)
                .map_or(format!("DhtmlXQ_{name}"), |(_, p)| p.to_string());
            assert_eq!((k, v), (&ours, value), "{file}");
        }
        kept(&mut f, round_trip("dhtmlxq", &g));
    }
    f
}

/// The figures of every folder, as the table of docs/records.md between its `figures` markers.
#[test]
fn real_records_read_as_docs_records_md_says() {
    let mut rows = vec![
        "| set | games | read | read with warnings | warnings by code | refused by code | tags kept | results kept |".to_string(),
        "|---|---|---|---|---|---|---|---|".to_string(),
    ];
    for folder in ["big5", "gbk", "utf8"] {
        rows.push(pgn_folder(folder).row(&format!("`{folder}/` (PGN)")));
    }
    rows.push(dhtmlxq_folder().row("`dhtmlxq/`"));
    rows.push(xqf_folder().row("`xqf/`"));
    let table = rows.join("\n");
    let doc = std::fs::read_to_string(data_path("../../docs/records.md")).unwrap();
    let begin = "<!-- figures:begin (crates/rules/tests/notation/real_records.rs) -->\n";
    let end = "\n<!-- figures:end -->";
    let at = doc.find(begin).expect("docs/records.md: no figures marker") + begin.len();
    let to = doc[at..].find(end).expect("docs/records.md: no end marker") + at;
    assert_eq!(
        &doc[at..to],
        table,
        "docs/records.md's figures differ from the measurement; the table measured:\n{table}\n"
    );
}
