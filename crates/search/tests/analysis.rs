//! Game analysis ([`Engine::analyse`], [`Analysis`]): what each move cost, the classes, the summaries, the
//! range and side options, finished and empty games, cancelling, determinism.

use std::sync::atomic::AtomicBool;
use xiangqi::{Color, Game};
use xiangqi_engine::analysis::{Analysis, AnalysisOptions, AnalysisStep, Class, Value};
use xiangqi_engine::{Engine, Limits, NoClock, Score};

fn game(moves: &str) -> Game {
    let mut g = Game::default();
    for m in moves.split_whitespace() {
        g.play_iccs(m).unwrap();
    }
    g
}

fn quick() -> AnalysisOptions {
    AnalysisOptions {
        limits: Limits::nodes(8_000),
        ..AnalysisOptions::default()
    }
}

fn analyse(g: &Game, options: &AnalysisOptions) -> xiangqi_engine::analysis::GameAnalysis {
    Engine::new(2).analyse(g, options, &NoClock, &AtomicBool::new(false), &mut |_| {})
}

#[test]
fn a_game_without_moves_has_nothing_to_analyse() {
    let a = analyse(&Game::default(), &quick());
    assert!(a.moves.is_empty());
    assert!(!a.cancelled);
    assert_eq!((a.red.moves, a.red.accuracy), (0, None));
}

#[test]
fn a_hanging_chariot_is_a_blunder_and_the_scores_are_reds() {
    // Every move loses material: a0a1 leaves the b0 horse to the b7 cannon, a9a8 the b9 horse to the b2
    // cannon, a1d1 walks into the chariot's file, and a8d8 offers Black's chariot to Red's on d1.
    let g = game("a0a1 a9a8 a1d1 a8d8");
    let a = analyse(&g, &quick());
    assert_eq!(a.moves.len(), 4);
    let last = &a.moves[3];
    assert_eq!(
        (last.ply, last.color, last.mv.to_string()),
        (4, Color::Black, "a8d8".to_string())
    );
    assert_eq!(last.class, Class::Blunder, "{last:?}");
    assert!(last.loss >= 0.2);
    // Red's view: after the blunder Red is winning.
    match last.after {
        Value::Score(Score::Cp(c)) => assert!(c > 300, "{last:?}"),
        Value::Score(Score::Mate(n)) => assert!(n > 0),
        v => panic!("{v:?}"),
    }
    assert_eq!(a.black.count(Class::Blunder), 2);
    assert!(a.black.accuracy.unwrap() < 30.0);
    // Each move's "after" is the next move's "before".
    for w in a.moves.windows(2) {
        assert_eq!(w[0].after, w[1].before);
    }
    for m in &a.moves {
        assert_eq!(m.best, m.pv.first().copied());
        assert_eq!(m.class == Class::Best, m.best == Some(m.mv));
        assert!((0.0..=100.0).contains(&m.accuracy));
    }
}

#[test]
fn the_same_options_give_the_same_analysis() {
    let g = game("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 a9b9");
    let mut e = Engine::new(2);
    // Whatever the engine searched before: the analysis forgets the table first.
    e.search(
        &g,
        &Limits::depth(5),
        &NoClock,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    let a = e.analyse(&g, &quick(), &NoClock, &AtomicBool::new(false), &mut |_| {});
    assert_eq!(a, analyse(&g, &quick()));
}

#[test]
fn a_finished_game_is_analysed_to_its_end() {
    // Red mates: the last position is over, won by Red.
    let mut g = Game::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
    g.play_iccs("a1d1").unwrap();
    assert!(g.is_over());
    let a = analyse(&g, &quick());
    assert_eq!(a.moves.len(), 1);
    let m = &a.moves[0];
    assert_eq!(m.after, Value::Over(Some(Color::Red)));
    assert_eq!(m.before, Value::Score(Score::Mate(1)));
    assert_eq!(m.class, Class::Best);
    assert_eq!(m.after.expected(), 1.0);
}

#[test]
fn range_and_side_choose_the_moves() {
    let g = game("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 a9b9");
    let options = AnalysisOptions {
        from: 3,
        to: Some(6),
        ..quick()
    };
    let a = analyse(&g, &options);
    let plies: Vec<usize> = a.moves.iter().map(|m| m.ply).collect();
    assert_eq!(plies, [3, 4, 5, 6]);
    let black = AnalysisOptions {
        side: Some(Color::Black),
        ..quick()
    };
    let a = analyse(&g, &black);
    assert!(a.moves.iter().all(|m| m.color == Color::Black));
    assert_eq!(a.moves.len(), 4);
    assert_eq!(a.red.moves, 0);
    // A range past the end analyses nothing.
    let past = AnalysisOptions {
        from: 20,
        ..quick()
    };
    assert!(analyse(&g, &past).moves.is_empty());
}

#[test]
fn an_analysis_runs_a_position_a_step_and_cancels_with_what_it_has() {
    let g = game("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7");
    let mut e = Engine::new(2);
    let mut a = Analysis::new(&g, quick());
    assert_eq!(a.len(), 6);
    let stop = AtomicBool::new(false);
    let mut searched = 0;
    let mut moves = 0;
    while moves < 3 {
        match a.step(&mut e, &NoClock, &stop) {
            AnalysisStep::Searched => searched += 1,
            AnalysisStep::Move(_) => moves += 1,
            AnalysisStep::Done => panic!("too early"),
        }
    }
    // The first position completes nothing; each further one completes a move.
    assert_eq!(searched, 1);
    a.cancel();
    assert_eq!(a.step(&mut e, &NoClock, &stop), AnalysisStep::Done);
    let r = a.report();
    assert!(r.cancelled);
    assert_eq!(r.moves.len(), 3);
    // A stop flag raised cancels it too.
    let raised = AtomicBool::new(true);
    let r = e.analyse(&g, &quick(), &NoClock, &raised, &mut |_| {});
    assert!(r.cancelled && r.moves.is_empty());
}
