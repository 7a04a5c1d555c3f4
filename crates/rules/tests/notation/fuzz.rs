//! Hostile input never panics: arbitrary and mutated move texts, PGN and DhtmlXQ records give a value or a
//! typed error.

use proptest::prelude::*;
use xiangqi::notation::dhtmlxq::{parse_dhtmlxq, write_dhtmlxq};
use xiangqi::notation::encoding::decode;
use xiangqi::notation::pgn::{parse_pgn, parse_pgn_bytes, write_pgn, PgnOptions};
use xiangqi::notation::record::RecordError;
use xiangqi::notation::{parse_move, write_move, Notation};
use xiangqi::Position;

const PGN: &str = "[Game \"Chinese Chess\"]\n[Red \"甲\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n\n1. 炮二平五 {中炮} 马8进7 (1... 炮8平5 $2 (1... C2.5) 2. h0g2) 2. 马二进三 车9平8!? 3. 车一平二 1-0\n";
const DHTML: &str = "[DhtmlXQ][DhtmlXQ_red]甲[/DhtmlXQ_red][DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit][DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist][DhtmlXQ_move_0_2_1]72427967[/DhtmlXQ_move_0_2_1][DhtmlXQ_move_1_3_2]1927[/DhtmlXQ_move_1_3_2][DhtmlXQ_comment0]说明[/DhtmlXQ_comment0][DhtmlXQ_comment1_3]变[/DhtmlXQ_comment1_3][/DhtmlXQ]";

/// 1000 cases per property; `NOTATION_FUZZ_CASES=100000 cargo test --release --test notation_fuzz` for a
/// longer run.
fn fuzz_cases() -> u32 {
    std::env::var("NOTATION_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
}

fn notation_char() -> impl Strategy<Value = char> {
    prop::sample::select(
        "KAEHRCPBNkaehrcp0123456789+-.=abcdefghi 前中后後一二三四五六七八九十进進退平帅将车車马馬炮砲兵卒士象１２５８．[]\"{}()$;!?*/_\n"
            .chars()
            .collect::<Vec<_>>(),
    )
}

/// Deletes, inserts or replaces characters of `base` at the given places.
fn mutate(base: &str, edits: &[(usize, u8, char)]) -> String {
    let mut chars: Vec<char> = base.chars().collect();
    for &(at, kind, c) in edits {
        if chars.is_empty() {
            chars.push(c);
            continue;
        }
        let i = at % chars.len();
        match kind % 3 {
            0 => {
                chars.remove(i);
            }
            1 => chars.insert(i, c),
            _ => chars[i] = c,
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: fuzz_cases(), ..ProptestConfig::default() })]

    #[test]
    fn move_texts_never_panic(text in prop::collection::vec(notation_char(), 0..8)) {
        let text: String = text.into_iter().collect();
        let pos = Position::new();
        if let Ok(m) = parse_move(&pos, &text) {
            prop_assert!(pos.is_legal(m));
            // Whatever was read is a legal move and writes back to a text that reads the same.
            let again = write_move(&pos, m, &Notation::default());
            prop_assert_eq!(parse_move(&pos, &again), Ok(m));
        } else if let Err(e) = parse_move(&pos, &text) {
            prop_assert!(e.code().starts_with("ERR_"));
        }
    }

    #[test]
    fn mutated_pgn_never_panics(edits in prop::collection::vec((0usize..400, 0u8..3, notation_char()), 1..6)) {
        let text = mutate(PGN, &edits);
        match parse_pgn(&text) {
            Ok(games) => {
                for g in &games {
                    // What was read writes back and reads again to the same moves.
                    let out = write_pgn(g, &PgnOptions { notation: Notation::Iccs, line_width: 80 });
                    let back = parse_pgn(&out).unwrap();
                    prop_assert_eq!(&back[0].mainline, &g.mainline);
                }
            }
            Err(e) => {
                prop_assert!(e.code().starts_with("ERR_RECORD_"));
                if !matches!(e, RecordError::NoGame | RecordError::Encoding(_)) {
                    let (line, column) = e.location().unwrap();
                    prop_assert!(line >= 1 && column >= 1 && line <= text.lines().count().max(1) + 1);
                }
            }
        }
    }

    #[test]
    fn mutated_dhtmlxq_never_panics(edits in prop::collection::vec((0usize..400, 0u8..3, notation_char()), 1..6)) {
        let text = mutate(DHTML, &edits);
        match parse_dhtmlxq(&text) {
            Ok(g) => {
                let back = parse_dhtmlxq(&write_dhtmlxq(&g)).unwrap();
                prop_assert_eq!(back.mainline, g.mainline);
            }
            Err(e) => prop_assert!(e.code().starts_with("ERR_RECORD_")),
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let _ = decode(&bytes);
        let _ = parse_pgn_bytes(&bytes);
    }
}

#[test]
fn deeply_nested_variations_are_refused() {
    let mut pgn = String::from("1. h2e2");
    for _ in 0..10_000 {
        pgn.push_str(" (1. b2e2");
    }
    let e = parse_pgn(&pgn).unwrap_err();
    assert_eq!(e.code(), "ERR_RECORD_SYNTAX");
    let mut dx = String::from("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]");
    for i in 1..200 {
        dx.push_str(&format!(
            "[DhtmlXQ_move_{}_1_{i}]1747[/DhtmlXQ_move_{}_1_{i}]",
            i - 1,
            i - 1
        ));
    }
    assert_eq!(parse_dhtmlxq(&dx).unwrap_err().code(), "ERR_RECORD_SYNTAX");
}
