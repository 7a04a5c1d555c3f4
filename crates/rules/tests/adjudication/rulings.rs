//! All 42 cases of the rulings catalogue (tests/data/rulings.jsonl), both columns (AXF and CXA), through
//! `rules::Game`: the result, the reason, the move at which the game ends, and — for the repetition cases —
//! the classification of every ply of the span against the tables of the rulings catalogue
//! (tests/data/rulings_cycles.jsonl, derived by scripts/rulings_cycles.py). The project's own cases in the
//! same file (`"source": "project"`) are run by crates/rules/tests/adjudication/rulings_project.rs.

use crate::common::{read_json, read_jsonl, strings};
use serde_json::Value;
use xiangqi::adjudication::{rule_repetition, CycleMove, Options, RepetitionRuling};
use xiangqi::{
    Color, Game, IllegalReason, Language, Mode, Move, Outcome, Position, Reason, Ruleset,
};

fn game(fen: &str, ruleset: Ruleset, mode: Mode) -> Game {
    game_with(fen, ruleset, mode, true)
}

/// `check_chases = false` is the reference classifier of the rulings catalogue (direct captures and exchanges only).
fn game_with(fen: &str, ruleset: Ruleset, mode: Mode, check_chases: bool) -> Game {
    let options = Options {
        ruleset,
        mode,
        cxa_check_chases: check_chases,
        ..Options::default()
    };
    Game::with_options(Position::from_fen(fen).unwrap(), options).unwrap()
}

/// The expected score string, or `None` for "game continues".
fn expected_result(word: &str) -> Option<&'static str> {
    match word {
        "red_wins" | "black_loses" => Some("1-0"),
        "black_wins" | "red_loses" => Some("0-1"),
        "draw" => Some("1/2-1/2"),
        "continue" => None,
        other => panic!("unknown expectation {other}"),
    }
}

/// The 42 cases of the rulings catalogue: the records of rulings.jsonl without a `source` (the project's own cases
/// carry `"source": "project"`).
fn catalogue() -> Vec<Value> {
    read_jsonl("rulings.jsonl")
        .into_iter()
        .filter(|c| c.get("source").is_none())
        .collect()
}

fn cycles() -> Vec<Value> {
    read_jsonl("rulings_cycles.jsonl")
}

fn check_cycle(
    id: &str,
    ruleset: Ruleset,
    outcome: &Outcome,
    moves: &[String],
    dev: &mut Vec<String>,
) {
    check_cycle_moves(id, ruleset, outcome.cycle(), moves, dev)
}

/// Compares the classified span with the table of the rulings catalogue; differences of category or targets are
/// collected in `dev` (the caller asserts the exact list), everything else is asserted.
fn check_cycle_moves(
    id: &str,
    ruleset: Ruleset,
    cycle: &[CycleMove],
    moves: &[String],
    dev: &mut Vec<String>,
) {
    let Some(table) = cycles().into_iter().find(|c| c["id"] == id) else {
        panic!("{id}: no classification table");
    };
    let start = table["span_start"].as_u64().unwrap() as usize;
    let rows = table["cycle"].as_array().unwrap();
    let col = ruleset.code();
    assert_eq!(cycle.len(), moves.len() - start, "{id}: span length");
    for (j, cm) in cycle.iter().enumerate() {
        let row = &rows[j % rows.len()];
        assert_eq!(
            cm.mv.to_string(),
            row["move"].as_str().unwrap(),
            "{id} ply {j}"
        );
        assert_eq!(cm.mv.to_string(), moves[start + j], "{id} ply {j}");
        assert_eq!(cm.ply, start + j + 1, "{id} ply {j}");
        assert_eq!(
            cm.color.name(),
            row["color"].as_str().unwrap(),
            "{id} ply {j}"
        );
        let expected_cat = row[col][0].as_str().unwrap();
        let mut got: Vec<String> = cm.chased.iter().map(|p| p.origin.to_string()).collect();
        got.sort();
        let mut want = strings(&row[col][1]);
        want.sort();
        if cm.category.code() != expected_cat || got != want {
            dev.push(format!(
                "{id}/{col}/{} {}: {} {:?}",
                cm.ply,
                cm.mv,
                cm.category.code(),
                got
            ));
        }
    }
}

#[test]
fn all_42_cases_both_columns_reference_classifier() {
    // Exactly the tables of the rulings catalogue.
    assert_eq!(run_catalogue(false), Vec::<String>::new());
}

#[test]
fn all_42_cases_both_columns_with_check_chases() {
    // With the CXA chases through a check (§6.6(4), the default), the verdicts are the same; two moves of
    // R08 gain a chase the reference classifier does not look for: c4b6 also threatens Nc8+ and Nxa9 (抽将),
    // and a5a4 threatens Rd9+ Ke0 Rxc4, the elephant e2 being pinned by the facing generals.
    assert_eq!(
        run_catalogue(true),
        [
            "R08/cxa/1 c4b6: chase [\"a4\", \"a9\"]",
            "R08/cxa/4 a5a4: chase [\"c4\"]",
            "R08/cxa/5 c4b6: chase [\"a4\", \"a9\"]",
            "R08/cxa/8 a5a4: chase [\"c4\"]",
        ]
    );
}

/// Plays every case in both columns; returns the classification differences from the tables.
fn run_catalogue(check_chases: bool) -> Vec<String> {
    let mut dev = Vec::new();
    let cases = catalogue();
    assert_eq!(cases.len(), 42);
    let mut checked = 0;
    let mut dead_starts = 0;
    let mut early_ids: Vec<String> = Vec::new();
    for case in &cases {
        let id = case["id"].as_str().unwrap();
        let fen = case["fen"].as_str().unwrap();
        let kind = case["kind"].as_str().unwrap();
        let moves = strings(&case["moves"]);
        for ruleset in [Ruleset::Axf, Ruleset::Cxa] {
            let mut g = game_with(fen, ruleset, Mode::Adjudicate, check_chases);
            if kind == "rep" && g.outcome().is_some() {
                // R11 (general + cannon against a bare general) is a dead position (docs/rules.md §4.5 D2): the game
                // is drawn before the first move, which agrees with the expected draw. Its span is ruled
                // directly.
                let o = g.outcome().unwrap();
                assert_eq!(o.reason(), Reason::DeadPosition, "{id}");
                assert_eq!(o.ply(), 0);
                assert_eq!(
                    expected_result(case[ruleset.code()].as_str().unwrap()),
                    Some("1/2-1/2")
                );
                let ruling = direct_ruling(fen, &moves, 0, ruleset, check_chases);
                assert_eq!(ruling.result.as_str(), "1/2-1/2", "{id}");
                check_cycle_moves(id, ruleset, &ruling.cycle, &moves, &mut dev);
                dead_starts += 1;
                checked += 1;
                continue;
            }
            let mut early = false;
            for (i, m) in moves.iter().enumerate() {
                if let Some(o) = g.outcome() {
                    // Another position of the sequence reached its third occurrence first (docs/rules.md §5.3);
                    // the game ends there. Allowed only for a repetition ruling with the expected result.
                    assert!(
                        o.reason().is_repetition(),
                        "{id}: ended early before ply {i}: {o:?}"
                    );
                    assert_eq!(
                        Some(o.result().as_str()),
                        expected_result(case[ruleset.code()].as_str().unwrap()),
                        "{id}: early ruling at ply {i}"
                    );
                    early_ids.push(format!("{id}/{}@{i}", ruleset.code()));
                    let ruling = direct_ruling(fen, &moves, span_start(id), ruleset, check_chases);
                    assert_eq!(
                        Some(ruling.result.as_str()),
                        expected_result(case[ruleset.code()].as_str().unwrap())
                    );
                    check_cycle_moves(id, ruleset, &ruling.cycle, &moves, &mut dev);
                    early = true;
                    break;
                }
                g.play_iccs(m).unwrap_or_else(|e| panic!("{id}: {m}: {e}"));
            }
            if early {
                checked += 1;
                continue;
            }
            if kind == "legal" {
                assert!(case[ruleset.code()].is_null());
                assert!(g.outcome().is_none(), "{id}");
                let legal = read_json("legality_cases.json");
                let count = legal
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|c| c["id"] == id)
                    .unwrap()["count"]
                    .as_u64()
                    .unwrap();
                assert_eq!(g.allowed_moves().len() as u64, count, "{id}");
                checked += 1;
                continue;
            }
            let want = expected_result(case[ruleset.code()].as_str().unwrap());
            let got = g.outcome();
            assert_eq!(
                got.map(|o| o.result().as_str()),
                want,
                "{id} {}: {:?}",
                ruleset.code(),
                got
            );
            if let Some(o) = got {
                assert_eq!(o.ply(), moves.len(), "{id}: ends on the last move");
                assert_eq!(o.ruleset(), ruleset);
                assert!(
                    !o.explain(Language::English).is_empty()
                        && !o.explain(Language::Chinese).is_empty()
                );
                match kind {
                    "end" => {
                        let stalemate = id == "T04" || id == "T05";
                        let reason = if stalemate {
                            Reason::Stalemate
                        } else {
                            Reason::Checkmate
                        };
                        assert_eq!(o.reason(), reason, "{id}");
                        assert_eq!(o.winner(), Some(Color::Red));
                    }
                    "limit" => {
                        let reason = if id == "T08" {
                            Reason::Checkmate
                        } else {
                            Reason::MoveLimit
                        };
                        assert_eq!(o.reason(), reason, "{id}");
                    }
                    "material" => {
                        let reason = if id == "T12" {
                            Reason::Checkmate
                        } else {
                            Reason::DeadPosition
                        };
                        assert_eq!(o.reason(), reason, "{id}");
                    }
                    "rep" => {
                        assert!(o.reason().is_repetition(), "{id}: {:?}", o.reason());
                        match o.winner() {
                            Some(w) => assert_eq!(o.offender(), Some(w.other()), "{id}"),
                            None => assert_eq!(o.offender(), None, "{id}"),
                        }
                        check_cycle(id, ruleset, o, &moves, &mut dev);
                    }
                    _ => panic!("{id}: kind {kind}"),
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 84);
    assert_eq!(dead_starts, 2, "only R11, in both columns");
    // R16's rook dance passes through the position after ply 1 again at plies 5 and 9: the game is ruled
    // (a draw, as expected) at ply 9, before the start position comes back a third time.
    assert_eq!(early_ids, ["R16/axf@9", "R16/cxa@9"]);
    dev
}

fn span_start(id: &str) -> usize {
    cycles()
        .into_iter()
        .find(|c| c["id"] == id)
        .map(|c| c["span_start"].as_u64().unwrap() as usize)
        .unwrap_or(0)
}

fn direct_ruling(
    fen: &str,
    moves: &[String],
    skip: usize,
    ruleset: Ruleset,
    check_chases: bool,
) -> RepetitionRuling {
    let mut pos = Position::from_fen(fen).unwrap();
    for m in &moves[..skip] {
        pos.play(m.parse().unwrap()).unwrap();
    }
    let span: Vec<Move> = moves[skip..].iter().map(|m| m.parse().unwrap()).collect();
    let options = Options {
        ruleset,
        cxa_check_chases: check_chases,
        ..Options::default()
    };
    rule_repetition(&pos, &span, skip + 1, &options)
}

/// Enforce mode: the move that completes a repetition condemning its mover is refused; the warning before it
/// says what adjudicate mode would rule.
#[test]
fn enforce_mode_and_warnings_on_the_catalogue() {
    let mut refused: Vec<String> = Vec::new();
    for case in catalogue() {
        if case["kind"] != "rep" {
            continue;
        }
        let id = case["id"].as_str().unwrap();
        let fen = case["fen"].as_str().unwrap();
        let moves = strings(&case["moves"]);
        for ruleset in [Ruleset::Axf, Ruleset::Cxa] {
            let mut adj = game(fen, ruleset, Mode::Adjudicate);
            let mut enf = game(fen, ruleset, Mode::Enforce);
            if adj.is_over() {
                continue; // R11: dead position from the start
            }
            let (last, prefix) = moves.split_last().unwrap();
            for m in prefix {
                if adj.is_over() {
                    break;
                }
                adj.play_iccs(m).unwrap();
                enf.play_iccs(m).unwrap();
            }
            if adj.is_over() {
                assert_eq!(id, "R16"); // ruled earlier (see above)
                continue;
            }
            let last: Move = last.parse().unwrap();
            let mover = adj.position().turn();
            let warning = adj
                .repetition_warning(last)
                .expect("warning before the third occurrence");
            let loses = adj.would_lose_by_repetition(last);
            adj.play(last).unwrap();
            let ruled = adj.outcome().unwrap();
            assert_eq!(&warning, ruled, "{id}: the warning is the ruling");
            assert_eq!(loses, ruled.offender() == Some(mover), "{id}");
            let allowed = enf.allowed_moves();
            if loses {
                let err = enf.play(last).unwrap_err();
                assert_eq!(err.reason, IllegalReason::ForbiddenRepetition, "{id}");
                assert_eq!(err.reason.code(), "forbiddenRepetition");
                assert!(!allowed.contains(&last), "{id}");
                assert!(enf.outcome().is_none());
                assert_eq!(enf.history().len(), prefix.len(), "{id}: unchanged");
                refused.push(format!("{id}/{}", ruleset.code()));
            } else {
                assert!(allowed.contains(&last), "{id}");
                enf.play(last).unwrap();
                assert_eq!(enf.outcome(), Some(ruled), "{id}");
            }
        }
    }
    // In most losing cases of the catalogue the innocent side completes the third occurrence (its move is
    // allowed and the ruling applies as in adjudicate mode); in R17 and R18 the offender does, and is refused.
    assert_eq!(refused, ["R17/axf", "R17/cxa", "R18/axf", "R18/cxa"]);
}

/// The verdict does not depend on where in the cycle the history starts: start the game at every ply of the
/// cycle (from the FEN of that position) and play two full cycles from there.
#[test]
fn verdict_independent_of_cycle_start() {
    for table in cycles() {
        let id = table["id"].as_str().unwrap();
        let case = catalogue().into_iter().find(|c| c["id"] == id).unwrap();
        let moves = strings(&case["moves"]);
        let start = table["span_start"].as_u64().unwrap() as usize;
        let period = table["cycle"].as_array().unwrap().len();
        for ruleset in [Ruleset::Axf, Ruleset::Cxa] {
            let want = expected_result(case[ruleset.code()].as_str().unwrap());
            for k in 0..period {
                let mut pos = Position::from_fen(case["fen"].as_str().unwrap()).unwrap();
                for m in &moves[..start + k] {
                    pos.play(m.parse().unwrap()).unwrap();
                }
                let mut g = game(&pos.fen(), ruleset, Mode::Adjudicate);
                if g.is_over() {
                    // R11, a dead position: rule the rotated span directly.
                    let span: Vec<String> = (0..2 * period)
                        .map(|j| moves[start + (k + j) % period].clone())
                        .collect();
                    let r = direct_ruling(&pos.fen(), &span, 0, ruleset, true);
                    assert_eq!(Some(r.result.as_str()), want, "{id} rotated by {k}");
                    continue;
                }
                for j in 0..2 * period {
                    if g.is_over() {
                        break; // R16: an inner position repeats first
                    }
                    let m = &moves[start + (k + j) % period];
                    g.play_iccs(m)
                        .unwrap_or_else(|e| panic!("{id} k={k} j={j}: {m}: {e}"));
                }
                let o = g
                    .outcome()
                    .unwrap_or_else(|| panic!("{id} k={k}: no ruling"));
                assert_eq!(
                    Some(o.result().as_str()),
                    want,
                    "{id} {} rotated by {k}",
                    ruleset.code()
                );
                assert!(o.reason().is_repetition());
                if id != "R16" {
                    assert_eq!(o.ply(), 2 * period);
                }
            }
        }
    }
}
