//! A game kept whole: taking back an external ending before the moves, comments and NAGs held by the game,
//! records that restore the outcome and the options (Termination and XiangqiRules tags), header escaping,
//! line wrapping, short error messages, the FEN `10` mistake, and a piece's moves for either side.

use xiangqi::adjudication::{Mode, Options};
use xiangqi::notation::pgn::{parse_pgn, write_pgn, PgnOptions};
use xiangqi::notation::record::{GameRecord, RULES_TAG};
use xiangqi::notation::Notation;
use xiangqi::{
    Color, FenError, Game, GameResult, ParseFenError, Position, Reason, Ruleset, TakenBack,
};

fn game_of(moves: &[&str]) -> Game {
    let mut g = Game::default();
    for m in moves {
        g.play_iccs(m).unwrap();
    }
    g
}

#[test]
fn take_back_lifts_an_external_ending_first_then_moves_one_step_per_call() {
    let mut g = game_of(&["h2e2", "h9g7"]);
    g.resign(Color::Red).unwrap();
    match g.take_back() {
        Some(TakenBack::Ending(o)) => assert_eq!(o.reason(), Reason::Resignation),
        other => panic!("expected the ending, got {other:?}"),
    }
    assert!(!g.is_over());
    assert_eq!(g.history().len(), 2, "the moves stay");
    match g.take_back() {
        Some(TakenBack::Move(p)) => assert_eq!(p.mv.to_string(), "h9g7"),
        other => panic!("expected a move, got {other:?}"),
    }
    assert!(matches!(g.take_back(), Some(TakenBack::Move(_))));
    assert_eq!(g.take_back(), None);

    // An agreed draw at ply 0, and a time forfeit.
    let mut g = Game::default();
    g.offer_draw(Color::Red).unwrap();
    g.accept_draw(Color::Black).unwrap();
    assert!(matches!(g.take_back(), Some(TakenBack::Ending(_))));
    assert!(!g.is_over());
    assert_eq!(g.take_back(), None);
    g.time_forfeit(Color::Black).unwrap();
    assert_eq!(g.undo_ending().unwrap().reason(), Reason::TimeForfeit);
    assert!(g.undo_ending().is_none());

    // An ending on the board goes with the move that reached it (and is no external ending).
    let mut g = Game::from_fen("4k4/8R/9/9/9/9/9/9/9/R4K3 w - - 0 1").unwrap();
    g.play_iccs("a0a9").unwrap();
    assert_eq!(g.outcome().unwrap().reason(), Reason::Checkmate);
    assert!(g.undo_ending().is_none());
    assert!(matches!(g.take_back(), Some(TakenBack::Move(_))));
    assert!(!g.is_over());
}

#[test]
fn lifting_an_external_ending_restores_an_ending_by_the_rules_it_hid() {
    // Red resigns; then the options change so that the moves end the game by the move limit (kept behind the
    // resignation). Taking the resignation back shows the move-limit draw.
    let mut g = game_of(&["h2e2", "h9g7", "e2h2", "g7h9"]);
    g.resign(Color::Red).unwrap();
    g.set_options(Options {
        move_limit: 2,
        ..Options::default()
    })
    .unwrap();
    assert_eq!(g.outcome().unwrap().reason(), Reason::Resignation);
    g.undo_ending().unwrap();
    assert_eq!(g.outcome().unwrap().reason(), Reason::MoveLimit);
}

#[test]
fn comments_and_nags_live_in_the_game_and_go_with_their_move() {
    let mut g = game_of(&["h2e2", "h9g7"]);
    assert!(g.set_comment(0, Some("start".into())));
    assert!(g.set_comment(1, Some("central cannon".into())));
    assert!(g.set_nags(2, vec![1, 5]));
    assert!(!g.set_comment(3, Some("no such ply".into())));
    assert!(!g.set_nags(0, vec![1]), "no NAGs before the first move");
    assert_eq!(g.comment(1), Some("central cannon"));
    assert_eq!(g.nags(2), [1, 5]);
    let plies: Vec<usize> = g.annotations().map(|(p, _)| p).collect();
    assert_eq!(plies, [0, 1, 2]);
    // Re-ruling under other options keeps them; undo drops the taken-back move's.
    g.set_options(Options {
        ruleset: Ruleset::Cxa,
        ..Options::default()
    })
    .unwrap();
    assert_eq!(g.comment(1), Some("central cannon"));
    g.undo();
    assert!(g.nags(2).is_empty());
    g.play_iccs("h9g7").unwrap();
    assert!(g.nags(2).is_empty(), "a move played again starts bare");
    g.reset();
    assert_eq!(
        g.comment(0),
        Some("start"),
        "reset keeps the comment before the first move"
    );
    assert_eq!(g.comment(1), None);
}

fn pgn_round_trip(g: &Game) -> Game {
    let text = write_pgn(&GameRecord::from_game(g), &PgnOptions::default());
    GameRecord::from_pgn(&text).unwrap().to_game().unwrap()
}

#[test]
fn records_restore_external_endings_and_options() {
    for (end, reason, result) in [
        ("resign-red", Reason::Resignation, GameResult::BlackWins),
        ("resign-black", Reason::Resignation, GameResult::RedWins),
        ("draw", Reason::Agreement, GameResult::Draw),
        ("flag-black", Reason::TimeForfeit, GameResult::RedWins),
        ("illegal-red", Reason::IllegalMove, GameResult::BlackWins),
    ] {
        let mut g = game_of(&["h2e2", "h9g7", "h0g2"]);
        match end {
            "resign-red" => {
                g.resign(Color::Red).unwrap();
            }
            "resign-black" => {
                g.resign(Color::Black).unwrap();
            }
            "draw" => {
                g.offer_draw(Color::Black).unwrap();
                g.accept_draw(Color::Red).unwrap();
            }
            "flag-black" => {
                g.time_forfeit(Color::Black).unwrap();
            }
            _ => {
                g.illegal_move_forfeit(Color::Red).unwrap();
            }
        }
        let back = pgn_round_trip(&g);
        let o = back
            .outcome()
            .unwrap_or_else(|| panic!("{end}: no outcome"));
        assert_eq!(
            (o.reason(), o.result(), o.ply()),
            (reason, result, 3),
            "{end}"
        );
        assert_eq!(back.history().len(), 3);
    }
    // An ending on the board is found again from the moves, whatever the Termination says.
    let mut g = Game::from_fen("4k4/8R/9/9/9/9/9/9/9/R4K3 w - - 0 1").unwrap();
    g.play_iccs("a0a9").unwrap();
    let rec = GameRecord::from_game(&g);
    assert_eq!(rec.header("Termination"), Some("normal"));
    assert_eq!(
        pgn_round_trip(&g).outcome().unwrap().reason(),
        Reason::Checkmate
    );
    // A game going on has no Termination; a result without one (a database game) stands as recorded.
    assert_eq!(
        GameRecord::from_game(&game_of(&["h2e2"])).header("Termination"),
        None
    );
    let rec = GameRecord::from_pgn("[Result \"1-0\"]\n\n1. 炮二平五 1-0\n").unwrap();
    let g = rec.to_game().unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason(), o.result(), o.ply()),
        (Reason::Recorded, GameResult::RedWins, 1)
    );
    assert!(g.ruling().is_none());
}

#[test]
fn the_rules_tag_carries_the_options() {
    let options = Options {
        ruleset: Ruleset::Cxa,
        move_limit: 100,
        repetition_count: 4,
        mode: Mode::Enforce,
        check_discount: true,
        mate_threat_depth: 3,
        cxa_check_chases: false,
    };
    let mut g = Game::with_options(Position::new(), options).unwrap();
    g.play_iccs("h2e2").unwrap();
    let rec = GameRecord::from_game(&g);
    assert_eq!(
        rec.header(RULES_TAG),
        Some("cxa moveLimit=50 repetitionCount=4 mode=enforce checkDiscount=true mateThreatDepth=3 cxaCheckChases=false")
    );
    assert_eq!(*pgn_round_trip(&g).options(), options);
    // Default options write no tag; a CXA game only its rule set.
    assert_eq!(
        GameRecord::from_game(&Game::default()).header(RULES_TAG),
        None
    );
    let cxa = Game::with_options(
        Position::new(),
        Options {
            ruleset: Ruleset::Cxa,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(GameRecord::from_game(&cxa).header(RULES_TAG), Some("cxa"));
    // Words the reader does not understand are skipped.
    let rec =
        GameRecord::from_pgn("[XiangqiRules \"cxa moveLimit=x frobnicate=1 mode=enforce\"]\n\n*\n")
            .unwrap();
    let o = rec.options();
    assert_eq!(
        (o.ruleset, o.move_limit, o.mode),
        (Ruleset::Cxa, 120, Mode::Enforce)
    );
}

#[test]
fn annotated_games_survive_pgn() {
    let text = "[Game \"Chinese Chess\"]\n\n{Before the first move} 1. 炮二平五 $1 {central cannon} 马8进7 $2 2. 马二进三 *\n";
    let g = GameRecord::from_pgn(text).unwrap().to_game().unwrap();
    assert_eq!(g.comment(0), Some("Before the first move"));
    assert_eq!(g.comment(1), Some("central cannon"));
    assert_eq!((g.nags(1), g.nags(2)), (&[1u8][..], &[2u8][..]));
    let again = pgn_round_trip(&g);
    let a: Vec<_> = again.annotations().map(|(p, a)| (p, a.clone())).collect();
    let b: Vec<_> = g.annotations().map(|(p, a)| (p, a.clone())).collect();
    assert_eq!(a, b);
}

#[test]
fn header_values_are_escaped_and_read_back() {
    let mut rec = GameRecord::from_game(&game_of(&["h2e2"]));
    rec.set_header("Event", r#"The "Big" \ Cup"#);
    let text = write_pgn(&rec, &PgnOptions::default());
    assert!(text.contains(r#"[Event "The \"Big\" \\ Cup"]"#), "{text}");
    assert_eq!(
        parse_pgn(&text).unwrap()[0].header("Event"),
        Some(r#"The "Big" \ Cup"#)
    );
}

#[test]
fn line_wrapping_never_leaves_a_move_number_at_the_end_of_a_line() {
    let moves = [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "b7b3", "c3c4", "g6g5", "b2a2",
        "a9b9", "a0b0", "b3b7", "h0h6", "c6c5", "h6g6", "h7h3",
    ];
    let g = game_of(&moves);
    for width in 8..60 {
        for notation in [Notation::Iccs, Notation::Chinese(Default::default())] {
            let text = write_pgn(
                &GameRecord::from_game(&g),
                &PgnOptions {
                    notation,
                    line_width: width,
                },
            );
            let body = text.split("\n\n").nth(1).unwrap();
            for line in body.lines() {
                let last = line.split(' ').next_back().unwrap();
                assert!(
                    !last.ends_with('.'),
                    "width {width}: line ends with {last:?}:\n{body}"
                );
            }
            let back = parse_pgn(&text).unwrap();
            assert_eq!(back[0].moves().count(), moves.len());
        }
    }
}

#[test]
fn error_messages_stay_short_whatever_the_input() {
    let long = "x".repeat(1_000_000);
    let e = parse_pgn(&long).unwrap_err();
    let msg = e.to_string();
    assert!(msg.chars().count() < 200, "{} chars", msg.chars().count());
    assert!(msg.contains("\"xxxxxxxxxxxxxxxxxxxxxxxx…\""), "{msg}");
    let e = parse_pgn(&format!("[{long} v]")).unwrap_err();
    assert!(e.to_string().chars().count() < 200);
    let e = parse_pgn(&format!("1. 炮二平五{} *", "!".repeat(100_000))).unwrap_err();
    assert!(e.to_string().chars().count() < 200);
}

#[test]
fn a_rank_written_as_10_names_the_real_problem() {
    let fen = "rnbakabnr/10/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let e = Position::from_fen(fen).unwrap_err();
    assert_eq!(
        e,
        FenError::Parse(ParseFenError::EmptyCountTooLarge {
            rank: 8,
            number: 10
        })
    );
    assert_eq!(
        e.to_string(),
        "invalid FEN: rank 8 has 10 empty points in a row, but a rank has 9 points: write each run of empty points as one digit from 1 to 9"
    );
    match Position::from_fen(&fen.replace("/10/", "/12/")).unwrap_err() {
        FenError::Parse(p) => assert_eq!(p.code(), "ERR_FEN_BOARD"),
        other => panic!("{other:?}"),
    }
    // Digits in a row that stay within the rank are read as before.
    assert!(Position::from_fen(&fen.replace("/10/", "/45/")).is_ok());
    assert!(Position::from_fen(&fen.replace("/10/", "/01/")).is_err());
}

#[test]
fn a_piece_of_the_side_not_to_move_gets_its_moves_as_if_its_side_were_to_move() {
    let pos = Position::new();
    let list = |sq: &str| {
        let mut l = pos.moves_of_piece_either_side(sq.parse().unwrap());
        l.sort_iccs();
        l.iter().map(|m| m.to_string()).collect::<Vec<_>>()
    };
    assert_eq!(list("b9"), ["b9a7", "b9c7"]);
    assert_eq!(list("h7").len(), 12);
    assert_eq!(list("e5"), Vec::<String>::new());
    // For the side to move, exactly its legal moves.
    let red: Vec<String> = {
        let mut l = pos.legal_moves();
        l.sort_iccs();
        l.iter()
            .filter(|m| m.from.to_string() == "h2")
            .map(|m| m.to_string())
            .collect()
    };
    assert_eq!(list("h2"), red);
    // The side to move in check: the other side's pieces never "capture" the general, and a pinned piece stays.
    // The black chariot on e2 checks the red general on e0 and screens the generals from each other: it may
    // only move along the file, and not onto e0.
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/4r4/9/4K4 w - - 0 1").unwrap();
    assert!(pos.is_check());
    let mut l = pos.moves_of_piece_either_side("e2".parse().unwrap());
    l.sort_iccs();
    let l: Vec<String> = l.iter().map(|m| m.to_string()).collect();
    assert_eq!(l, ["e2e1", "e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8"]);
    let pinned = Position::from_fen("4k4/9/9/9/4n4/9/9/4R4/9/3K5 w - - 0 1").unwrap();
    let sideways = pinned.moves_of_piece_either_side("e5".parse().unwrap());
    assert!(
        sideways.is_empty(),
        "the horse on e5 shields its general from the chariot"
    );
}
