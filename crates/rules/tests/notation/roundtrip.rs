//! Property test over every position of `tests/data/positions.jsonl`: every legal move, written in every
//! notation and output style, parses back to the same move.

use xiangqi::notation::chinese::{BlackDigits, ChineseOptions, Script};
use xiangqi::notation::wxf::{Traverse, WxfOptions};
use xiangqi::notation::{
    parse_move, parse_move_styled, write_move, Notation, NotationError, TandemStyle,
};
use xiangqi::Position;

fn all_notations() -> Vec<Notation> {
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

/// WXF digit pairs that the two conventions read differently (`11`, `33`).
fn conflicting_pair(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 4 && b[0] == b[1] && (b[0] == b'1' || b[0] == b'3')
}

/// The default styles, then the ordinal tandem style (which differs from the classic one only for stacked
/// soldiers) and every other option value.
fn wxf_styles() -> Vec<Notation> {
    vec![
        Notation::Wxf(WxfOptions::default()),
        Notation::Wxf(WxfOptions {
            tandem: TandemStyle::Ordinal,
            ..Default::default()
        }),
    ]
}

fn chinese_styles() -> Vec<Notation> {
    vec![
        Notation::Chinese(ChineseOptions::default()),
        Notation::Chinese(ChineseOptions {
            tandem: TandemStyle::Ordinal,
            ..Default::default()
        }),
    ]
}

/// Writes every legal move of every `step`-th position in each notation and parses it back, styled and
/// auto-detected. Returns (texts checked, distinct texts). With `only_if_differs`, a text equal to the one the
/// first notation wrote for the same move is not parsed again (it was just checked).
fn round_trip(notations: &[Notation], step: usize, only_if_differs: bool) -> (usize, usize) {
    let fens: Vec<String> = crate::common::read_jsonl("positions.jsonl")
        .iter()
        .step_by(step)
        .map(|r| r["fen"].as_str().unwrap().to_string())
        .collect();
    round_trip_fens(&fens, notations, only_if_differs).0
}

/// Like [`round_trip`] over the given FENs; also returns every text written.
fn round_trip_fens(
    fens: &[String],
    notations: &[Notation],
    only_if_differs: bool,
) -> ((usize, usize), std::collections::HashSet<String>) {
    let mut checked = 0usize;
    let mut seen = std::collections::HashSet::new();
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap();
        for &m in pos.legal_moves().iter() {
            let mut first = String::new();
            for (i, n) in notations.iter().enumerate() {
                let text = write_move(&pos, m, n);
                if i == 0 {
                    first = text.clone();
                } else if only_if_differs && text == first {
                    continue;
                }
                // The tandem style only changes how WXF digit pairs (`33.4`) are read, so the styled parse
                // is needed (and checked) for those alone.
                if text.as_bytes().first().is_some_and(u8::is_ascii_digit) {
                    let styled = parse_move_styled(&pos, &text, tandem_of(n));
                    assert_eq!(styled, Ok(m), "{fen}: {m} written {text:?} with {n:?}");
                }
                match parse_move(&pos, &text) {
                    Ok(back) => assert_eq!(back, m, "{fen}: {m} written {text:?}"),
                    // Only the WXF pairs `11`/`33` may read both ways, and then the move is among them.
                    Err(NotationError::Ambiguous { candidates, .. })
                        if conflicting_pair(&text) && candidates.contains(&m) => {}
                    Err(e) => panic!("{fen}: {m} written {text:?} with {n:?}: {e}"),
                }
                checked += 1;
                seen.insert(text);
            }
        }
    }
    ((checked, seen.len()), seen)
}

#[test]
fn every_legal_move_of_every_position_round_trips() {
    // ICCS, WXF and Chinese in their default styles for every legal move of all 3229 positions; the ordinal
    // tandem style wherever it writes something else (stacked soldiers).
    let (iccs, _) = round_trip(&[Notation::Iccs], 1, false);
    let (wxf, wxf_distinct) = round_trip(&wxf_styles(), 1, true);
    let (chinese, chinese_distinct) = round_trip(&chinese_styles(), 1, true);
    // About 62 700 legal moves: make sure the file was really read and the ordinal forms occur.
    assert!(iccs > 60_000, "only {iccs} moves");
    assert!(wxf >= iccs && chinese >= iccs);
    assert!(
        wxf_distinct > 300 && chinese_distinct > 300,
        "{wxf_distinct} {chinese_distinct}"
    );
}

#[test]
fn every_output_style_round_trips_on_a_sample() {
    // Every combination of options (17 notations) on every 12th position.
    let (checked, _) = round_trip(&all_notations(), 12, false);
    assert!(checked > 80_000, "only {checked} texts checked");
}

/// A FEN from a list of (file 0..9, rank 0..10, FEN letter); Red to move unless `black`.
fn fen_of(pieces: &[(u8, u8, char)], black: bool) -> String {
    let mut grid = [[None::<char>; 9]; 10];
    for &(f, r, c) in pieces {
        grid[r as usize][f as usize] = Some(c);
    }
    let mut s = String::new();
    for r in (0..10).rev() {
        let mut empty = 0;
        for cell in grid[r] {
            match cell {
                Some(c) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    format!("{s} {} - - 0 1", if black { 'b' } else { 'w' })
}

/// Positions with stacked soldiers (two to five on one file, a second stack on another file, crossed and
/// uncrossed), tandem chariots / cannons / horses, for both sides: the cases the data file does not reach.
fn tandem_positions() -> Vec<String> {
    let mut out = Vec::new();
    for a in 0..9u8 {
        for b in [a, (a + 1) % 9, (a + 3) % 9, (a + 6) % 9] {
            for na in 2..=5u8 {
                for nb in 0..=(5 - na).min(3) {
                    if (b == a) != (nb == 0) {
                        continue;
                    }
                    for low in [false, true] {
                        // Red's pieces; Black's are the same rotated by 180 degrees, with Black to move.
                        let mut red: Vec<(u8, u8, char)> = vec![(3, 0, 'K')];
                        let base = |n: u8| if low { 5 } else { 10 - n };
                        red.extend((0..na).map(|i| (a, base(na) + i, 'P')));
                        red.extend((0..nb).map(|i| (b, base(nb) + i, 'P')));
                        // Tandem chariots and cannons on files the soldiers leave free.
                        // Tandem chariots and horses on files the soldiers leave free, in half the cases.
                        let mut free = (0..9u8).rev().filter(|f| *f != a && *f != b && *f != 3);
                        if let (true, Some(f), Some(g)) = (low, free.next(), free.next()) {
                            red.extend([(f, 1, 'R'), (f, 3, 'R'), (g, 0, 'H'), (g, 2, 'H')]);
                        }
                        for black_side in [false, true] {
                            let mut pieces: Vec<(u8, u8, char)> = if black_side {
                                red.iter()
                                    .map(|&(f, r, c)| (8 - f, 9 - r, c.to_ascii_lowercase()))
                                    .collect()
                            } else {
                                red.clone()
                            };
                            // The other general, off the first general's file.
                            pieces.push(if black_side { (3, 0, 'K') } else { (5, 9, 'k') });
                            let fen = fen_of(&pieces, black_side);
                            if Position::from_fen(&fen).is_ok() {
                                out.push(fen);
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

#[test]
fn tandem_soldiers_round_trip_in_every_style() {
    let fens = tandem_positions();
    eprintln!("{} tandem positions", fens.len());
    assert!(fens.len() > 250, "only {} positions", fens.len());
    let ((checked, _), texts) = round_trip_fens(&fens, &all_notations(), false);
    assert!(checked > 50_000, "only {checked} texts");
    // Every tandem form was produced somewhere.
    for form in [
        "P+.", "P-.", "++.", "--.", "R+", "R-", "H+", "前兵", "中兵", "后兵", "二兵", "五兵",
        "前车", "後俥", "一五", "二7", "前九",
    ] {
        assert!(
            texts.iter().any(|t| t.contains(form)),
            "no text with {form}"
        );
    }
    // 1997 digit-for-letter forms (`3+.4`, `33.4`) and 2018 ordinals (`15+1`).
    assert!(texts
        .iter()
        .any(|t| t.len() == 4 && t.as_bytes()[0].is_ascii_digit() && t.as_bytes()[1] == b'+'));
    assert!(texts.iter().any(|t| t.len() == 4
        && t.as_bytes()[0] == t.as_bytes()[1]
        && t.as_bytes()[0].is_ascii_digit()));
    assert!(texts.iter().any(|t| t.starts_with("15")));
}
