//! The project's own rulings (tests/data/rulings.jsonl, records with `"source": "project"`): cases the
//! shared catalogue of the rulings catalogue does not cover — the CXA chase through several checks, the newness of such
//! a chase, the soldier rule of the CXA values — each in both columns (AXF and CXA), through `rules::Game`.
//! The reasoning from the rule texts is in each record's `note`.

use crate::common::{read_jsonl, strings};
use serde_json::Value;
use xiangqi::adjudication::Options;
use xiangqi::{Category, Color, Game, IllegalReason, Mode, Outcome, Position, Reason, Ruleset};

const BOTH: [Ruleset; 2] = [Ruleset::Axf, Ruleset::Cxa];

fn project_cases() -> Vec<Value> {
    read_jsonl("rulings.jsonl")
        .into_iter()
        .filter(|c| c.get("source").is_some())
        .collect()
}

fn case(id: &str) -> Value {
    project_cases()
        .into_iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no project case {id}"))
}

fn expected(word: &str) -> &'static str {
    match word {
        "red_wins" | "black_loses" => "1-0",
        "black_wins" | "red_loses" => "0-1",
        "draw" => "1/2-1/2",
        other => panic!("unknown expectation {other}"),
    }
}

/// Plays the case to its end under `options`; returns the game.
fn played(c: &Value, mut options: Options) -> Game {
    if let Some(mode) = c.get("mode") {
        options.mode = Mode::from_code(mode.as_str().unwrap()).unwrap();
    }
    let mut g = Game::with_options(
        Position::from_fen(c["fen"].as_str().unwrap()).unwrap(),
        options,
    )
    .unwrap();
    for m in strings(&c["moves"]) {
        let plays_on = g.options().mode == Mode::Analysis;
        assert!(plays_on || !g.is_over(), "{}: over before {m}", c["id"]);
        g.play_iccs(&m)
            .unwrap_or_else(|e| panic!("{}: {m}: {e}", c["id"]));
    }
    g
}

fn options(ruleset: Ruleset) -> Options {
    Options {
        ruleset,
        ..Options::default()
    }
}

fn outcome(id: &str, ruleset: Ruleset) -> Outcome {
    played(&case(id), options(ruleset))
        .outcome()
        .unwrap()
        .clone()
}

/// The categories of one side's moves in the ruled cycle.
fn categories(o: &Outcome, color: Color) -> Vec<Category> {
    o.cycle()
        .iter()
        .filter(|c| c.color == color)
        .map(|c| c.category)
        .collect()
}

#[test]
fn every_project_case_in_both_columns() {
    let cases = project_cases();
    assert!(cases.len() >= 4);
    for c in &cases {
        let id = c["id"].as_str().unwrap();
        assert_eq!(c["source"], "project", "{id}");
        assert!(id.starts_with('P'), "{id}: project ids start with P");
        assert!(
            c["note"].as_str().unwrap().starts_with("Project case"),
            "{id}: says it is the project's own"
        );
        assert!(
            !c["rule"].as_str().unwrap().is_empty(),
            "{id}: cites its rule"
        );
        let moves = strings(&c["moves"]);
        for rs in BOTH {
            let mut g = played(c, options(rs));
            if c["kind"] == "claim" {
                // Practically drawn material: the game goes on, the claim is reported.
                assert_eq!(c[rs.code()], "continue", "{id}");
                assert!(g.outcome().is_none(), "{id} {rs:?}: {:?}", g.outcome());
                assert_eq!(
                    g.claimable_draw().map(|d| d.code()),
                    c["claimable"].as_str(),
                    "{id}"
                );
                continue;
            }
            if c["kind"] == "violations" {
                violations_case(c, rs);
                continue;
            }
            assert_eq!(c["kind"], "rep", "{id}");
            assert!(g.claimable_draw().is_none(), "{id}");
            if let Some(plies) = c.get("idle_overrides") {
                // The verdict without the arbiter's overrides, then with them (CXA 棋例 通则 3).
                let without = &c["without_overrides"][rs.code()];
                assert_eq!(
                    g.outcome().unwrap().result().as_str(),
                    expected(without.as_str().unwrap()),
                    "{id} {rs:?} without overrides"
                );
                for p in plies.as_array().unwrap() {
                    assert!(
                        g.override_idle(p.as_u64().unwrap() as usize),
                        "{id}: ply {p}"
                    );
                }
                for m in g.outcome().unwrap().cycle() {
                    if g.idle_overrides().contains(&m.ply) && m.category != Category::Check {
                        assert_eq!(m.category, Category::Idle, "{id} ply {}", m.ply);
                    }
                }
            }
            let o = g
                .outcome()
                .unwrap_or_else(|| panic!("{id} {rs:?}: no ruling"));
            assert_eq!(
                o.result().as_str(),
                expected(c[rs.code()].as_str().unwrap()),
                "{id} {rs:?}: {}",
                o
            );
            assert!(o.reason().is_repetition(), "{id} {rs:?}");
            assert_eq!(o.ply(), moves.len(), "{id}: ruled on the last move");
            assert_eq!(o.ruleset(), rs);
            match o.winner() {
                Some(w) => assert_eq!(o.offender(), Some(w.other()), "{id}"),
                None => assert_eq!(o.offender(), None, "{id}"),
            }
            assert_eq!(
                o.cycle().len(),
                moves.len(),
                "{id}: the span is the whole sequence"
            );
        }
    }
}

/// A game played on past its violations (analysis mode): the outcome is the first ending, the violations
/// are listed, and the third of a side is flagged (Basic Rules 三.1(八)).
fn violations_case(c: &Value, rs: Ruleset) {
    let id = c["id"].as_str().unwrap();
    let g = played(c, options(rs));
    assert_eq!(g.options().mode, Mode::Analysis, "{id}");
    let want: Vec<(usize, String, String)> = c["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["ply"].as_u64().unwrap() as usize,
                v["offender"].as_str().unwrap().to_string(),
                v["reason"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let got = g.repetition_violations();
    assert_eq!(
        got.iter()
            .map(|v| (
                v.ply,
                v.offender.name().to_string(),
                v.reason.code().to_string()
            ))
            .collect::<Vec<_>>(),
        want,
        "{id} {rs:?}"
    );
    let mut counts = [0; 2];
    for v in &got {
        counts[v.offender.index()] += 1;
        assert_eq!(
            v.number,
            counts[v.offender.index()],
            "{id}: numbered per side"
        );
    }
    let third = g.third_violation();
    assert_eq!(
        third.map(|v| v.ply as u64),
        c["third_violation"].as_u64(),
        "{id} {rs:?}"
    );
    // The outcome stays the first ending, and its result is what the case expects.
    let o = g.outcome().unwrap();
    assert_eq!(o.ply(), want[0].0, "{id}");
    assert_eq!(
        o.result().as_str(),
        expected(c[rs.code()].as_str().unwrap()),
        "{id}"
    );
    if let Some(t) = third {
        assert_eq!(o.winner(), Some(t.offender.other()), "{id}");
    }
}

#[test]
fn p07_a_violation_is_counted_once_and_only_after_varying() {
    let c = case("P07");
    let moves = strings(&c["moves"]);
    for rs in BOTH {
        // Before the third cycle completes, two violations and no third.
        let mut g = Game::with_options(
            Position::from_fen(c["fen"].as_str().unwrap()).unwrap(),
            Options {
                mode: Mode::Analysis,
                ..options(rs)
            },
        )
        .unwrap();
        for m in &moves[..27] {
            g.play_iccs(m).unwrap();
        }
        assert_eq!(g.repetition_violations().len(), 2);
        assert_eq!(g.third_violation(), None);
        g.play_iccs(&moves[27]).unwrap();
        assert_eq!(g.third_violation().map(|v| v.number), Some(3));
        // Playing on in the same cycle (4th, 5th occurrences) is the same violation, not a new one.
        for m in &moves[20..28] {
            g.play_iccs(m).unwrap();
        }
        assert_eq!(g.repetition_violations().len(), 3, "{rs:?}");
        // Undo takes violations back with their moves.
        for _ in 0..9 {
            g.undo();
        }
        assert_eq!(g.repetition_violations().len(), 2);
    }
    // A game without repetitions has none; a draw by repetition is no violation.
    let mut g = Game::default();
    for m in "h2e2 h9g7 e2h2 g7h9 h2e2 h9g7 e2h2 g7h9".split(' ') {
        g.play_iccs(m).unwrap();
    }
    assert_eq!(g.outcome().unwrap().reason(), Reason::RepetitionDraw);
    assert!(g.repetition_violations().is_empty());
}

#[test]
fn p01_a_chase_through_a_check_must_be_new() {
    // e1d1 turns the standing mate Rf6# into Rf6+ Ke7 Rxb8 — but the cannon b8 was already en prise to the
    // rook h8: no new threat (CXA 棋例 捉 2). The move is idle in both columns.
    for rs in BOTH {
        let o = outcome("P01", rs);
        assert_eq!(
            categories(&o, Color::Red),
            [
                Category::MateThreat,
                Category::Idle,
                Category::MateThreat,
                Category::Idle
            ],
            "{rs:?}"
        );
        assert_eq!(
            categories(&o, Color::Black),
            [Category::Chase; 4],
            "{rs:?}: the horse attacks a rook on every move"
        );
    }
    let cxa = outcome("P01", Ruleset::Cxa);
    assert_eq!(cxa.reason(), Reason::PerpetualChase);
    assert_eq!(cxa.offender(), Some(Color::Black));
    assert_eq!(
        outcome("P01", Ruleset::Axf).reason(),
        Reason::RepetitionDraw
    );
    // The move on its own: after d1e1 i6h4, e1d1 creates no chase pair at all.
    let c = case("P01");
    let mut g = Game::with_options(
        Position::from_fen(c["fen"].as_str().unwrap()).unwrap(),
        options(Ruleset::Cxa),
    )
    .unwrap();
    g.play_iccs("d1e1").unwrap();
    g.play_iccs("i6h4").unwrap();
    let k = g.classify_move("e1d1".parse().unwrap()).unwrap();
    assert_eq!(k.category, Category::Idle);
    assert!(k.chases.is_empty(), "{:?}", k.chases);
}

#[test]
fn p02_the_chase_through_two_checks_needs_the_depth() {
    let cxa = outcome("P02", Ruleset::Cxa);
    assert_eq!(cxa.reason(), Reason::PerpetualChase);
    assert_eq!(cxa.offender(), Some(Color::Red));
    assert_eq!(categories(&cxa, Color::Red), [Category::Chase; 4]);
    assert_eq!(categories(&cxa, Color::Black), [Category::Idle; 4]);
    for m in cxa.cycle().iter().filter(|m| m.color == Color::Red) {
        assert_eq!(m.chased.len(), 1);
        let chased = &m.chased[0];
        assert_eq!(chased.piece.role.name(), "chariot");
        // The checking piece is the red rook, where it stands after the move.
        assert_eq!(chased.attackers.len(), 1);
        assert_eq!(chased.attackers[0].1, m.mv.to);
    }
    // One check deep (mate_threat_depth 1) the threat is not seen: a draw.
    let shallow = Options {
        mate_threat_depth: 1,
        ..options(Ruleset::Cxa)
    };
    let g = played(&case("P02"), shallow);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason(), o.result().as_str()),
        (Reason::RepetitionDraw, "1/2-1/2")
    );
    assert_eq!(categories(o, Color::Red), [Category::Idle; 4]);
    // Nor without the CXA chases through checks.
    let off = Options {
        cxa_check_chases: false,
        ..options(Ruleset::Cxa)
    };
    assert_eq!(
        played(&case("P02"), off).outcome().unwrap().reason(),
        Reason::RepetitionDraw
    );
    // AXF: a threat to win material by checks is allowed (AXF 4.3.10).
    let axf = outcome("P02", Ruleset::Axf);
    assert_eq!(categories(&axf, Color::Red), [Category::Idle; 4]);
}

#[test]
fn p03_one_piece_for_two_soldiers_is_no_gain() {
    for rs in BOTH {
        let o = outcome("P03", rs);
        assert_eq!(o.reason(), Reason::RepetitionDraw, "{rs:?}");
        assert_eq!(categories(&o, Color::Red), [Category::Idle; 4], "{rs:?}");
        // P04, the same without the protecting soldiers: chases in both columns.
        let control = outcome("P04", rs);
        assert_eq!(
            categories(&control, Color::Red),
            [Category::Chase; 4],
            "{rs:?}"
        );
        for m in control.cycle().iter().filter(|m| m.color == Color::Red) {
            assert_eq!(m.chased.len(), 1);
            assert_eq!(m.chased[0].piece.role.name(), "soldier");
            assert_eq!(m.chased[0].attackers[0].0.role.name(), "elephant");
        }
    }
    assert_eq!(
        outcome("P04", Ruleset::Cxa).reason(),
        Reason::PerpetualChase
    );
    assert_eq!(
        outcome("P04", Ruleset::Axf).reason(),
        Reason::RepetitionDraw
    );
}

/// Enforce mode on the project cases: the move completing a repetition that condemns its mover is refused.
#[test]
fn project_cases_in_enforce_mode() {
    let mut refused = Vec::new();
    for c in project_cases() {
        if c["kind"] != "rep" {
            continue;
        }
        let id = c["id"].as_str().unwrap().to_string();
        let moves = strings(&c["moves"]);
        let (last, prefix) = moves.split_last().unwrap();
        for rs in BOTH {
            let o = Options {
                mode: Mode::Enforce,
                ..options(rs)
            };
            let mut g =
                Game::with_options(Position::from_fen(c["fen"].as_str().unwrap()).unwrap(), o)
                    .unwrap();
            for m in prefix {
                g.play_iccs(m).unwrap();
            }
            let last = last.parse().unwrap();
            let adjudicated = outcome(&id, rs);
            if adjudicated.offender() == Some(g.position().turn()) {
                assert_eq!(
                    g.play(last).unwrap_err().reason,
                    IllegalReason::ForbiddenRepetition
                );
                assert_eq!(g.history().len(), prefix.len());
                refused.push(format!("{id}/{}", rs.code()));
            } else {
                g.play(last).unwrap();
                assert_eq!(g.outcome(), Some(&adjudicated), "{id}");
            }
        }
    }
    // In P01 Black, the offender, completes the third occurrence; in P02, P04 and P05 Black, innocent, does.
    assert_eq!(refused, ["P01/cxa"]);
}
