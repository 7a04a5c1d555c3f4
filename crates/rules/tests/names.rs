//! The lists of names (`xiangqi::names`): each value read back from its name and its aliases in any case,
//! no name or alias standing for two values, and every list as the binding and the CLI show it.

use xiangqi::adjudication::{Mode, Ruleset};
use xiangqi::names::{Named, UnknownName};
use xiangqi::notation::chinese::{BlackDigits, Script};
use xiangqi::notation::encoding::Encoding;
use xiangqi::notation::record::RecordFormat;
use xiangqi::notation::wxf::Traverse;
use xiangqi::notation::{NotationKind, TandemStyle};

/// Every value of `T` is read back from its name and its aliases (as written, upper case, lower case), and no
/// text names two values.
fn round_trips<T: Named + PartialEq + std::fmt::Debug + std::str::FromStr<Err = UnknownName>>(
) -> Vec<String> {
    let mut seen = Vec::new();
    for &v in T::ALL {
        let n = v.names();
        assert!(!n.en.is_empty() && !n.zh.is_empty(), "{n:?}");
        for text in std::iter::once(n.name).chain(n.aliases.iter().copied()) {
            let lower = text.to_ascii_lowercase();
            assert!(
                !seen.contains(&lower),
                "{} names two values of {}",
                text,
                T::KIND
            );
            seen.push(lower);
            for t in [
                text.to_string(),
                text.to_ascii_uppercase(),
                text.to_ascii_lowercase(),
            ] {
                assert_eq!(t.parse::<T>(), Ok(v), "{t}");
            }
        }
        assert_eq!(v.as_str(), n.name);
    }
    let e = "nonsense".parse::<T>().unwrap_err();
    assert_eq!((e.kind, e.text.as_str()), (T::KIND, "nonsense"));
    T::ALL.iter().map(|v| v.as_str().to_string()).collect()
}

#[test]
fn every_list_reads_back_its_names() {
    assert_eq!(round_trips::<Ruleset>(), ["axf", "cxa"]);
    assert_eq!(round_trips::<Mode>(), ["adjudicate", "enforce", "analysis"]);
    assert_eq!(
        round_trips::<NotationKind>(),
        ["iccs", "wxf", "chinese", "vietnamese"]
    );
    assert_eq!(
        round_trips::<RecordFormat>(),
        ["pgn", "dhtmlxq", "xqf", "fen", "cbr", "cbl"]
    );
    assert_eq!(round_trips::<Encoding>(), ["utf-8", "gbk", "big5"]);
    assert_eq!(round_trips::<TandemStyle>(), ["classic", "ordinal"]);
    assert_eq!(round_trips::<Script>(), ["simplified", "traditional"]);
    assert_eq!(round_trips::<BlackDigits>(), ["ascii", "fullwidth"]);
    assert_eq!(round_trips::<Traverse>(), [".", "="]);
}

#[test]
fn the_rule_sets_aliases_and_one_chinese_name() {
    for (text, r) in [
        ("AXF", Ruleset::Axf),
        ("wxf", Ruleset::Axf),
        ("Asian", Ruleset::Axf),
        ("chinese", Ruleset::Cxa),
    ] {
        assert_eq!(text.parse::<Ruleset>(), Ok(r));
        assert_eq!(Ruleset::from_code(text), Some(r));
    }
    assert_eq!(
        [Ruleset::Axf.names().zh, Ruleset::Cxa.names().zh],
        ["亚洲棋规", "中国棋规"]
    );
    assert_eq!(Ruleset::expected(), "\"axf\" or \"cxa\"");
    assert_eq!(
        Mode::expected(),
        "\"adjudicate\" or \"enforce\" or \"analysis\""
    );
    assert_eq!(
        "wxf1".parse::<Ruleset>().unwrap_err().to_string(),
        "unknown rules \"wxf1\": expected \"axf\" or \"cxa\""
    );
}

#[test]
fn the_older_readers_keep_their_rules() {
    // RecordFormat::from_code is exact; Encoding::from_label trims.
    assert_eq!(RecordFormat::from_code("pgn"), Some(RecordFormat::Pgn));
    assert_eq!(RecordFormat::from_code("PGN"), None);
    assert_eq!(RecordFormat::Xqf.name(), "XQF");
    assert_eq!(Encoding::from_label(" GB18030 "), Some(Encoding::Gbk));
    assert_eq!(Encoding::Big5.name(), "Big5");
    assert_eq!(Mode::from_code("ENFORCE"), Some(Mode::Enforce));
}
