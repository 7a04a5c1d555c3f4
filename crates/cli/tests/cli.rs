//! The native command line: `xiangqi perft`, `moves`, `match`, `openings`, and its errors (exit status 2).

use std::process::{Command, Output};

fn xiangqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("run xiangqi")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn perft_prints_the_count_on_its_last_line() {
    let o = xiangqi(&["perft", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("79666"));
    let o = xiangqi(&[
        "perft",
        "2",
        "--fen",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    ]);
    assert_eq!(stdout(&o).trim(), "281");
}

#[test]
fn perft_divide_lists_root_moves_and_the_total() {
    let o = xiangqi(&["perft", "2", "--divide"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 45);
    assert_eq!(lines[0], "a0a1: 44");
    assert_eq!(lines[44], "1920");
    let sum: u64 = lines[..44]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 1920);
}

#[test]
fn moves_prints_sorted_iccs_on_one_line() {
    let o = xiangqi(&["moves"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let moves: Vec<&str> = out.trim().split(' ').collect();
    assert_eq!(moves.len(), 44);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert!(moves.contains(&"h2e2"));
    let o = xiangqi(&["moves", "--fen", "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"]);
    assert_eq!(stdout(&o), "e0d0 e0f0\n");
}

#[test]
fn bad_arguments_exit_with_status_2_and_one_line() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["perft"],
        &["perft", "x"],
        &["perft", "99"],
        &["perft", "2", "--fen"],
        &["perft", "2", "--fen", "not a fen"],
        &["perft", "2", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w"],
        &["moves", "extra"],
        &["moves", "--bogus"],
    ] {
        let o = xiangqi(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("xiangqi: "), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

/// `xiangqi match` between two in-process engines at a tiny depth, and against a UCI engine (this binary's own
/// `uci`): every game is reported, the tally adds up, and the summary carries the Elo interval and the SPRT.
#[test]
fn match_plays_refereed_games_and_reports_the_score() {
    let me = env!("CARGO_BIN_EXE_xiangqi");
    let uci = format!("{me} uci");
    for extra in [vec![], vec!["--b-uci", uci.as_str()]] {
        let mut args = vec![
            "match",
            "--a-depth",
            "2",
            "--b-depth",
            "1",
            "--openings",
            "1",
            "--games",
            "2",
            "--max-plies",
            "40",
            "--sprt",
            "0,50",
            "--jobs",
            "2",
        ];
        args.extend(extra.iter().copied());
        let o = xiangqi(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = stdout(&o);
        let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
        assert_eq!(games.len(), 2, "{out}");
        assert!(
            games.iter().any(|l| l.contains("A=red"))
                && games.iter().any(|l| l.contains("A=black"))
        );
        let summary = out
            .lines()
            .find(|l| l.starts_with("A: +"))
            .expect("a summary line");
        let nums: Vec<u32> = summary
            .trim_start_matches("A: ")
            .split_whitespace()
            .take(3)
            .map(|t| t.trim_start_matches(['+', '=', '-']).parse().unwrap())
            .collect();
        assert_eq!(nums.iter().sum::<u32>(), 2, "{summary}");
        assert!(summary.contains("SPRT(+0, +50) LLR"), "{summary}");
        assert!(out.contains("SPRT: "), "{out}");
    }
    let o = xiangqi(&["match", "--sprt", "10,0"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `xiangqi openings` writes distinct legal openings, one a line, that `match --openings FILE` reads.
#[test]
fn openings_are_legal_and_readable_by_match() {
    let o = xiangqi(&[
        "openings", "--count", "3", "--plies", "2", "--depth", "2", "--max-cp", "300",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 3, "{out}");
    for l in &lines {
        assert_eq!(l.split_whitespace().count(), 2, "{l}");
    }
    let file = std::env::temp_dir().join(format!("xiangqi-openings-{}.txt", std::process::id()));
    std::fs::write(&file, &out).unwrap();
    let o = xiangqi(&[
        "match",
        "--a-depth",
        "1",
        "--b-depth",
        "1",
        "--openings",
        file.to_str().unwrap(),
        "--games",
        "1",
        "--max-plies",
        "10",
    ]);
    std::fs::remove_file(&file).ok();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("opening   1"));
}

/// A scratch file under the target directory, removed first.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let p = dir.join(name);
    std::fs::remove_file(&p).ok();
    p
}

fn datagen(out: &std::path::Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "datagen",
        "--out",
        out.to_str().unwrap(),
        "--seed",
        "3",
        "--depth",
        "2",
        "--nodes",
        "300",
        "--max-plies",
        "60",
    ];
    args.extend_from_slice(extra);
    xiangqi(&args)
}

#[test]
fn datagen_writes_the_same_file_whatever_the_jobs_and_resumes() {
    let one = scratch("datagen-1.bin");
    let o = datagen(&one, &["--games", "6", "--jobs", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("6 games"), "{}", stdout(&o));
    let a = std::fs::read(&one).unwrap();
    // Header, then whole records, some of them.
    assert_eq!(&a[0..8], b"XQNNDATA");
    assert_eq!((a.len() - 64) % 36, 0);
    let n = (a.len() - 64) / 36;
    assert!(n > 50, "{n} positions from 6 games");
    // Two threads: the same bytes (games are written in game order).
    let two = scratch("datagen-2.bin");
    assert!(datagen(&two, &["--games", "6", "--jobs", "2"])
        .status
        .success());
    assert_eq!(std::fs::read(&two).unwrap(), a);
    // Four games, then on to six: the same file.
    let resumed = scratch("datagen-3.bin");
    assert!(datagen(&resumed, &["--games", "4"]).status.success());
    let four = std::fs::read(&resumed).unwrap();
    assert!(four.len() < a.len() && a.starts_with(&four));
    // Cut in the middle of a record, as a generator stopped by a signal leaves it.
    std::fs::write(&resumed, &four[..four.len() - 10]).unwrap();
    assert!(datagen(&resumed, &["--games", "6"]).status.success());
    assert_eq!(std::fs::read(&resumed).unwrap(), a);
    // Another seed is refused on that file, and leaves it as it was.
    let o = xiangqi(&[
        "datagen",
        "--out",
        resumed.to_str().unwrap(),
        "--seed",
        "4",
        "--depth",
        "2",
        "--nodes",
        "300",
        "--max-plies",
        "60",
        "--games",
        "8",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("ERR_DATA_MISMATCH"));
    assert_eq!(std::fs::read(&resumed).unwrap(), a);
    // A --positions target stops at the end of the game that reaches it.
    let capped = scratch("datagen-4.bin");
    assert!(datagen(&capped, &["--positions", "20"]).status.success());
    let c = std::fs::read(&capped).unwrap();
    assert!(
        (c.len() - 64) / 36 >= 20 && a.starts_with(&c),
        "the first games of the same seed"
    );
    // Every record is a quiet position: not in check.
    for rec in a[64..].chunks_exact(36) {
        let s = xiangqi_engine::nnue::data::Sample::from_bytes(rec).unwrap();
        assert!(!s.position.is_check(), "{}", s.position.fen());
    }
}

#[test]
fn datagen_with_a_net_records_it_and_refuses_to_mix() {
    let net = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/nnue/psq64-set1-2162k.nnue"
    );
    let bytes = std::fs::read(net).unwrap();
    let with = scratch("datagen-net.bin");
    let o = datagen(&with, &["--games", "2", "--net", net]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let a = std::fs::read(&with).unwrap();
    let h = xiangqi_engine::nnue::data::DataHeader::from_bytes(&a).unwrap();
    assert_eq!(h.eval_net, xiangqi_engine::nnue::data::fnv1a64(&bytes));
    // The hand-tuned evaluation plays other games (other labels) from the same seed.
    let without = scratch("datagen-nonet.bin");
    assert!(datagen(&without, &["--games", "2"]).status.success());
    let b = std::fs::read(&without).unwrap();
    assert_eq!(
        xiangqi_engine::nnue::data::DataHeader::from_bytes(&b)
            .unwrap()
            .eval_net,
        0
    );
    assert_ne!(a[64..], b[64..]);
    // Resuming the net's file without the net is refused and leaves the file as it was.
    let o = datagen(&with, &["--games", "3"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(
        err.contains("ERR_DATA_MISMATCH") && err.contains("--net"),
        "{err}"
    );
    assert_eq!(std::fs::read(&with).unwrap(), a);
    // A file that is no net is refused before anything is written.
    let bad = scratch("datagen-bad-net.nnue");
    std::fs::write(&bad, b"XQNNUE\0\0\x01\0").unwrap();
    let fresh = scratch("datagen-bad-net.bin");
    let o = datagen(&fresh, &["--games", "1", "--net", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!fresh.exists());
}

#[test]
fn datagen_refuses_what_is_not_a_data_file() {
    let p = scratch("datagen-bad.bin");
    std::fs::write(
        &p,
        b"some other file, not training data at all, long enough to hold a header....",
    )
    .unwrap();
    let o = datagen(&p, &["--games", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("ERR_DATA_MAGIC"));
    let o = xiangqi(&["datagen", "--games", "1"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn match_with_a_bad_net_plays_with_the_hand_tuned_evaluation() {
    let bad = scratch("truncated.nnue");
    std::fs::write(&bad, b"XQNNUE\0\0\x01\0").unwrap();
    // Two depth-2 games; the same with A given `net`.
    let base = [
        "match",
        "--a-depth",
        "2",
        "--b-depth",
        "2",
        "--openings",
        "1",
        "--games",
        "2",
        "--max-plies",
        "40",
    ];
    let run = |net: &str| xiangqi(&[&base[..], &["--a-net", net]].concat());
    let o = run(bad.to_str().unwrap());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("ERR_NET_MAGIC") && err.contains("hand-tuned"),
        "{err}"
    );
    // The same games as with no net at all.
    let plain = xiangqi(&base);
    assert_eq!(stdout(&o), stdout(&plain));
    let missing = run("/nonexistent/net.nnue");
    assert!(missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("hand-tuned"));
}
