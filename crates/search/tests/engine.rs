//! Search behaviour: determinism, legal moves only, limits and stop, repetition rulings, UCI protocol.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use xiangqi::adjudication::Options;
use xiangqi::{Color, Game, Position, Ruleset};
use xiangqi_engine::uci::{Action, UciSession};
use xiangqi_engine::{Engine, Limits, NoClock, Score, SearchOptions, TimeSource};

const MIDDLE: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

fn search(engine: &mut Engine, game: &Game, limits: &Limits) -> xiangqi_engine::SearchResult {
    engine.search(game, limits, &NoClock, &AtomicBool::new(false), &mut |_| {})
}

#[test]
fn same_position_and_depth_give_same_move_and_nodes() {
    for fen in [xiangqi::START_FEN, MIDDLE] {
        let game = Game::from_fen(fen).unwrap();
        let mut a = Engine::new(4);
        let ra = search(&mut a, &game, &Limits::depth(6));
        let mut b = Engine::new(4);
        let rb = search(&mut b, &game, &Limits::depth(6));
        assert_eq!(
            (ra.best_move, ra.nodes, &ra.pv),
            (rb.best_move, rb.nodes, &rb.pv)
        );
        // The same engine after new_game() repeats itself too.
        a.new_game();
        let rc = search(&mut a, &game, &Limits::depth(6));
        assert_eq!((ra.best_move, ra.nodes), (rc.best_move, rc.nodes));
        assert!(ra.nodes > 1000);
        assert_eq!(ra.depth, 6);
    }
}

#[test]
fn node_limit_is_deterministic_and_respected() {
    let game = Game::from_fen(MIDDLE).unwrap();
    let r1 = search(&mut Engine::new(4), &game, &Limits::nodes(20_000));
    let r2 = search(&mut Engine::new(4), &game, &Limits::nodes(20_000));
    assert_eq!((r1.best_move, r1.nodes), (r2.best_move, r2.nodes));
    assert!(r1.nodes <= 20_000 + 1000, "{}", r1.nodes);
}

#[test]
fn never_returns_an_illegal_move() {
    let recs = crate::common::read_jsonl("positions.jsonl");
    let mut engine = Engine::new(2);
    let stop = AtomicBool::new(false);
    for r in recs.iter().step_by(10) {
        let pos = Position::from_fen(r["fen"].as_str().unwrap()).unwrap();
        engine.new_game();
        let mut limits = Limits::depth(4);
        limits.nodes = Some(5_000);
        let res = engine.search_position(&pos, &limits, &NoClock, &stop, &mut |_| {});
        match res.best_move {
            Some(m) => {
                assert!(pos.is_legal(m), "{}: {m}", pos.fen());
                let mut p = pos.clone();
                for mv in &res.pv {
                    p.play(*mv)
                        .unwrap_or_else(|e| panic!("{}: PV {:?}: {e}", pos.fen(), res.pv));
                }
            }
            None => assert!(pos.legal_moves().is_empty(), "{}", pos.fen()),
        }
    }
}

#[test]
fn multipv_reports_distinct_best_lines() {
    let game = Game::default();
    let mut e = Engine::new(4);
    e.set_options(SearchOptions {
        multi_pv: 3,
        ..SearchOptions::default()
    });
    let mut seen = Vec::new();
    let r = e.search(
        &game,
        &Limits::depth(4),
        &NoClock,
        &AtomicBool::new(false),
        &mut |i| seen.push((i.depth, i.multipv)),
    );
    assert_eq!(r.lines.len(), 3);
    let firsts: std::collections::BTreeSet<_> = r.lines.iter().map(|l| l.pv[0]).collect();
    assert_eq!(firsts.len(), 3);
    assert!(seen.contains(&(4, 3)));
    assert_eq!(r.best_move, Some(r.lines[0].pv[0]));
}

#[test]
fn stop_flag_raised_before_the_search_still_gives_a_legal_move() {
    let game = Game::from_fen(MIDDLE).unwrap();
    let stop = AtomicBool::new(true);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let r = Engine::new(4).search(&game, &limits, &NoClock, &stop, &mut |_| {});
    assert_eq!(r.depth, 1);
    assert!(game.position().is_legal(r.best_move.unwrap()));
}

#[test]
fn stop_from_another_thread_ends_an_infinite_search() {
    let game = Game::from_fen(MIDDLE).unwrap();
    let stop = AtomicBool::new(false);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let r = std::thread::scope(|s| {
        let h = s.spawn(|| Engine::new(4).search(&game, &limits, &NoClock, &stop, &mut |_| {}));
        std::thread::sleep(std::time::Duration::from_millis(200));
        stop.store(true, Ordering::Relaxed);
        h.join().unwrap()
    });
    assert!(r.depth >= 1 && r.depth < 90);
    assert!(game.position().is_legal(r.best_move.unwrap()));
}

/// A clock that advances one millisecond each time it is read.
struct TickClock(AtomicU64);

impl TimeSource for TickClock {
    fn elapsed_ms(&self) -> u64 {
        self.0.fetch_add(1, Ordering::Relaxed)
    }
}

#[test]
fn time_limit_uses_the_injected_clock() {
    let game = Game::from_fen(MIDDLE).unwrap();
    let clock = TickClock(AtomicU64::new(0));
    let r = Engine::new(4).search(
        &game,
        &Limits::movetime(40),
        &clock,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    // The clock is read every 1024 nodes, so 40 ticks end the search after roughly 40 000 nodes.
    assert!(r.nodes < 200_000, "{}", r.nodes);
    assert!(game.position().is_legal(r.best_move.unwrap()));
}

/// Red is 600 points behind and has been checking with its chariot (e5 ↔ f5) while Black's general steps
/// e9 ↔ f9. Checking again on e5 would repeat the position a third time with Red checking on every move:
/// perpetual check (长将), which loses. The engine must play something else.
#[test]
fn avoids_completing_a_losing_perpetual_check() {
    let mut game = Game::from_fen("3ak4/9/9/p1p3p1p/4R4/9/9/9/1r7/3K5 b - - 0 1").unwrap();
    for m in ["e9f9", "e5f5", "f9e9", "f5e5", "e9f9", "e5f5", "f9e9"] {
        game.play_iccs(m).unwrap();
    }
    assert_eq!(game.position().turn(), Color::Red);
    let mut e = Engine::new(4);
    // Without history the check is one of the two best moves (within a few centipawns of the best): only
    // the repetition makes it a loss.
    e.set_options(SearchOptions {
        multi_pv: 2,
        ..SearchOptions::default()
    });
    let fresh = e.search_position(
        game.position(),
        &Limits::depth(6),
        &NoClock,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(
        fresh.lines.iter().any(|l| l.pv[0].to_string() == "f5e5"),
        "{fresh:?}"
    );
    e.set_options(SearchOptions::default());
    e.new_game();
    let r = search(&mut e, &game, &Limits::depth(6));
    assert_ne!(r.best_move.unwrap().to_string(), "f5e5", "{r:?}");
    assert!(!matches!(r.score, Score::Mate(n) if n <= 0), "{r:?}");
}

/// Rulings case R05: Red's chariot has chased the unprotected cannon (h4 ↔ i4) while it fled (i7 ↔ h7). Under both
/// rule sets perpetual chase (长捉) loses: Red must not chase again, and Black, when Red does, completes the
/// repetition and wins by rule.
#[test]
fn avoids_a_losing_perpetual_chase_and_exploits_it() {
    let fen = "4k4/9/8c/9/9/7R1/9/9/9/3K5 w - - 0 1";
    for rules in ["axf", "cxa"] {
        let options = Options {
            ruleset: Ruleset::from_code(rules).unwrap(),
            ..Options::default()
        };
        let mut game = Game::with_options(Position::from_fen(fen).unwrap(), options).unwrap();
        for m in ["h4i4", "i7h7", "i4h4", "h7i7", "h4i4", "i7h7"] {
            game.play_iccs(m).unwrap();
        }
        // Red to move: i4h4 chases the cannon a third time; Black's h7i7 would then complete the repetition.
        let r = search(&mut Engine::new(4), &game, &Limits::depth(5));
        assert_ne!(r.best_move.unwrap().to_string(), "i4h4", "{rules}: {r:?}");
        assert!(
            !matches!(r.score, Score::Mate(n) if n <= 0),
            "{rules}: {r:?}"
        );
        // If Red chases anyway, Black takes the win by repetition.
        game.play_iccs("i4h4").unwrap();
        let r = search(&mut Engine::new(4), &game, &Limits::depth(3));
        assert_eq!(r.best_move.unwrap().to_string(), "h7i7", "{rules}: {r:?}");
        assert_eq!(r.score, Score::Mate(1), "{rules}: {r:?}");
    }
}

/// Rulings case R12 before its last cycle: one chariot chasing two cannons by turns is allowed under AXF but
/// loses under CXA, so the engine's choice of the chasing move depends on the rule set of the game.
#[test]
fn rule_set_of_the_game_decides_what_the_engine_may_repeat() {
    let fen = "4k4/9/c6c1/9/9/8R/9/9/9/3K5 w - - 0 1";
    let moves = "i4a4 a7b7 a4h4 h7i7 h4b4 b7a7 b4i4 i7h7 i4a4 a7b7 a4h4 h7i7 h4b4 b7a7 b4i4";
    let mut verdicts = Vec::new();
    for rules in [Ruleset::Axf, Ruleset::Cxa] {
        let options = Options {
            ruleset: rules,
            ..Options::default()
        };
        let mut game = Game::with_options(Position::from_fen(fen).unwrap(), options).unwrap();
        for m in moves.split(' ') {
            game.play_iccs(m).unwrap();
        }
        // Black to move: i7h7 completes the third occurrence. AXF: a draw; CXA: Red loses.
        let r = search(&mut Engine::new(4), &game, &Limits::depth(1));
        verdicts.push((r.best_move.unwrap().to_string(), r.score));
    }
    assert_ne!(
        verdicts[0],
        ("i7h7".to_string(), Score::Mate(1)),
        "AXF: no win by rule"
    );
    assert_eq!(
        verdicts[1],
        ("i7h7".to_string(), Score::Mate(1)),
        "CXA: Black wins by rule"
    );
}

/// Red (a bare general against a chariot) can repeat the position for the third time with a quiet move:
/// a draw, which it takes.
#[test]
fn claims_a_draw_by_repetition_when_behind() {
    let mut game = Game::from_fen("4k4/r8/9/9/9/9/8P/9/9/3K5 b - - 0 1").unwrap();
    for m in ["e9e8", "d0d1", "e8e9", "d1d0", "e9e8", "d0d1", "e8e9"] {
        game.play_iccs(m).unwrap();
    }
    let r = search(&mut Engine::new(4), &game, &Limits::depth(6));
    assert_eq!(r.best_move.unwrap().to_string(), "d1d0");
    assert_eq!(r.score, Score::Cp(0));
}

/// Red is a chariot up, but 119 plies have passed without a capture: whatever Red plays (no mate in one
/// exists) reaches the 120-ply limit of the 60-move rule, a draw. With the counter at 0 Red is winning.
#[test]
fn sixty_move_limit_is_a_draw() {
    let game = Game::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 119 80").unwrap();
    let r = search(&mut Engine::new(4), &game, &Limits::depth(4));
    assert_eq!(r.score, Score::Cp(0), "{r:?}");
    // The game's own limit is the search's: with a limit of 100 moves the chariot is winning again.
    let options = Options {
        move_limit: 200,
        ..Options::default()
    };
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 119 80").unwrap();
    let longer = Game::with_options(pos, options).unwrap();
    let r = search(&mut Engine::new(4), &longer, &Limits::depth(4));
    assert!(
        matches!(r.score, Score::Cp(c) if c > 500) || matches!(r.score, Score::Mate(n) if n > 0),
        "{r:?}"
    );
    let game = Game::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 80").unwrap();
    let r = search(&mut Engine::new(4), &game, &Limits::depth(4));
    assert!(
        matches!(r.score, Score::Cp(c) if c > 500) || matches!(r.score, Score::Mate(n) if n > 0),
        "{r:?}"
    );
}

#[test]
fn skill_levels_are_reproducible_and_weaker() {
    let game = Game::from_fen(MIDDLE).unwrap();
    let run = |level: i8, seed: u64| {
        let mut e = Engine::new(4);
        e.set_options(SearchOptions {
            skill_level: level,
            seed,
            ..SearchOptions::default()
        });
        search(&mut e, &game, &Limits::depth(8))
    };
    let a = run(3, 7);
    let b = run(3, 7);
    assert_eq!((a.best_move, a.nodes), (b.best_move, b.nodes));
    assert!(
        a.depth <= 2,
        "level 3 searches at most depth 2, got {}",
        a.depth
    );
    let full = run(20, 7);
    assert_eq!(full.depth, 8);
    assert!(full.lines.len() == 1);
    // A novice weighs every move at one ply and picks one that does not lose much more than the best:
    // reproducible, varied with the seed, never a move that hangs a chariot.
    let novice = run(-3, 7);
    assert_eq!(novice.depth, 1);
    assert_eq!(novice.lines.len(), game.position().legal_moves().len());
    assert_eq!(novice.best_move, run(-3, 7).best_move);
    let mut chosen = std::collections::BTreeSet::new();
    for seed in 0..30 {
        let r = run(-3, seed);
        let best = match r.lines[0].score {
            Score::Cp(c) => c,
            other => panic!("{other:?}"),
        };
        let line = r
            .lines
            .iter()
            .find(|l| Some(l.pv[0]) == r.best_move)
            .unwrap();
        assert!(
            matches!(line.score, Score::Cp(c) if c >= best - 220),
            "{r:?}"
        );
        chosen.insert(r.best_move);
    }
    assert!(chosen.len() >= 5, "{chosen:?}");
}

fn uci(session: &mut UciSession, line: &str) -> (Vec<String>, Action) {
    let mut out = Vec::new();
    let a = session.handle(line, &mut |l| out.push(l.to_string()));
    (out, a)
}

/// Sends a `go` command and runs the search it asks for; returns every line written.
fn uci_go(session: &mut UciSession, line: &str) -> Vec<String> {
    let Action::Go(limits) = uci(session, line).1 else {
        panic!("{line}: not accepted");
    };
    let mut lines = Vec::new();
    session.go(&limits, &NoClock, &AtomicBool::new(false), &mut |l| {
        lines.push(l.to_string())
    });
    lines
}

#[test]
fn uci_session_speaks_the_protocol() {
    let mut s = UciSession::new();
    let (out, _) = uci(&mut s, "uci");
    assert_eq!(out.last().unwrap(), "uciok");
    assert!(out.iter().any(|l| l.starts_with("option name Hash")));
    assert_eq!(uci(&mut s, "isready").0, ["readyok"]);
    uci(&mut s, "setoption name Hash value 2");
    uci(&mut s, "setoption name Skill Level value 20");
    uci(&mut s, "position startpos moves h2e2 h9g7");
    assert_eq!(
        s.game().unwrap().position().fen(),
        "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
    );
    let (_, a) = uci(&mut s, "go depth 3");
    let Action::Go(limits) = a else {
        panic!("{a:?}")
    };
    let mut out = Vec::new();
    s.go(&limits, &NoClock, &AtomicBool::new(false), &mut |l| {
        out.push(l.to_string())
    });
    assert!(out[0].starts_with("info depth 1 "), "{out:?}");
    assert!(out
        .iter()
        .any(|l| l.starts_with("info depth 3 ") && l.contains(" score cp ") && l.contains(" pv ")));
    let best = out.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(s.game().unwrap().position().is_legal(best.parse().unwrap()));
    assert_eq!(uci(&mut s, "stop").1, Action::Stop);
    assert_eq!(uci(&mut s, "quit").1, Action::Quit);
}

#[test]
fn uci_errors_leave_the_state_unchanged() {
    let mut s = UciSession::new();
    uci(&mut s, "position startpos moves h2e2");
    let before = s.game().unwrap().position().fen();
    for bad in [
        "setoption name Hash value lots",
        "setoption name Nonsense value 1",
        "go depth",
        "frobnicate",
    ] {
        let (out, a) = uci(&mut s, bad);
        assert_eq!(a, Action::None, "{bad}");
        assert!(
            out.len() == 1 && out[0].starts_with("info string error"),
            "{bad}: {out:?}"
        );
        assert_eq!(s.game().unwrap().position().fen(), before, "{bad}");
    }
}

/// A refused `position` command leaves no position: `go` must not search the previous one (whose best move
/// would be illegal in the game the GUI is playing) and answers `bestmove (none)`.
#[test]
fn uci_never_searches_a_position_it_was_not_given() {
    for bad in [
        "position fen not/a/fen w",
        "position startpos moves h2e2 h2e2",
        "position startpos moves zz99",
        "position",
    ] {
        let mut s = UciSession::new();
        uci(&mut s, "position startpos moves h2e2");
        let (out, a) = uci(&mut s, bad);
        assert_eq!(a, Action::None, "{bad}");
        assert!(
            out.len() == 1 && out[0].starts_with("info string error"),
            "{bad}: {out:?}"
        );
        assert!(s.game().is_none(), "{bad}");
        let lines = uci_go(&mut s, "go depth 2");
        assert_eq!(
            lines.last().map(String::as_str),
            Some("bestmove (none)"),
            "{bad}: {lines:?}"
        );
        // The next good position is followed again.
        uci(&mut s, "position startpos");
        assert!(s.game().is_some());
    }
}

/// The GUI is the referee: a game it continues past this library's own ending (here the 60-move limit,
/// reached by the first move below) is followed, and the move searched is legal in the position it gave.
#[test]
fn uci_follows_a_game_past_the_library_ending() {
    let fen = "rnbakabnr/9/7c1/p1p1p1pcp/9/9/P1P1P1P1P/4C2CB/9/RNBAKA1NR w - - 119 3";
    let mut s = UciSession::new();
    let (out, _) = uci(&mut s, &format!("position fen {fen} moves a0a1 a9a8 a1a0"));
    assert!(out.is_empty(), "{out:?}");
    let game = s.game().expect("the position was followed");
    assert_eq!(game.history().len(), 3);
    assert!(game.outcome().is_some(), "the move limit was passed");
    let lines = uci_go(&mut s, "go depth 3");
    let best = lines
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap()
        .to_string();
    let pos = s.game().unwrap().position();
    assert_eq!(pos.turn(), Color::Black);
    assert!(
        pos.is_legal(best.parse().unwrap()),
        "{best} in {}",
        pos.fen()
    );
}

#[test]
fn uci_reports_mate_scores() {
    let mut s = UciSession::new();
    uci(&mut s, "position fen 3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1");
    let Action::Go(l) = uci(&mut s, "go depth 4").1 else {
        panic!()
    };
    let mut out = Vec::new();
    s.go(&l, &NoClock, &AtomicBool::new(false), &mut |x| {
        out.push(x.to_string())
    });
    assert!(out.iter().any(|l| l.contains("score mate 1")), "{out:?}");
    // A mated side answers bestmove (none).
    uci(&mut s, "position fen 3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1");
    let Action::Go(l) = uci(&mut s, "go depth 2").1 else {
        panic!()
    };
    let mut out = Vec::new();
    s.go(&l, &NoClock, &AtomicBool::new(false), &mut |x| {
        out.push(x.to_string())
    });
    assert_eq!(out.last().unwrap(), "bestmove (none)");
}

/// A game's `move_limit: 0` means no move limit, not "every node is the limit's draw"; the search reads the
/// limit from the game.
#[test]
fn a_zero_move_limit_is_no_limit() {
    let run = |move_limit: u32| {
        let options = Options {
            move_limit,
            ..Options::default()
        };
        let game = Game::with_options(Position::new(), options).unwrap();
        search(&mut Engine::new(4), &game, &Limits::depth(5))
    };
    let off = run(0);
    let far = run(10_000);
    assert_eq!(off.best_move, far.best_move);
    assert_eq!(off.score, far.score);
    assert_eq!(off.nodes, far.nodes);
    assert_ne!(off.score, Score::Cp(0), "{off:?}");
}
