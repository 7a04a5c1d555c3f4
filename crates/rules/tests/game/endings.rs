//! Game endings other than repetition: move limit (with the check discount), dead and practically drawn
//! material, external endings (resignation, draw offers, time forfeit, illegal move), game-over behaviour,
//! undo and reset.

use std::collections::HashSet;
use xiangqi::adjudication::{ClaimableDraw, Mode, Options};
use xiangqi::{
    Color, EndingError, Game, GameError, IllegalReason, Language, Move, Position, Reason, Ruleset,
};

fn with(fen: &str, options: Options) -> Game {
    Game::with_options(Position::from_fen(fen).unwrap(), options).unwrap()
}

/// A long game without captures or repeated positions, found by depth-first search: moves in ICCS order,
/// Red trying checking moves first. Returns the moves.
fn wander(fen: &str, plies: usize) -> Vec<Move> {
    fn dfs(
        pos: &Position,
        seen: &mut HashSet<u64>,
        out: &mut Vec<Move>,
        left: usize,
        budget: &mut u32,
    ) -> bool {
        if left == 0 {
            return true;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut moves: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| !pos.is_capture(m))
            .collect();
        moves.sort_by_key(|m| {
            (
                pos.turn() == Color::Red && !pos.gives_check(*m),
                m.iccs_order(),
            )
        });
        for m in moves {
            let mut p = pos.clone();
            p.play_unchecked(m);
            if seen.contains(&p.hash()) || !p.has_legal_move() {
                continue;
            }
            seen.insert(p.hash());
            out.push(m);
            if dfs(&p, seen, out, left - 1, budget) {
                return true;
            }
            out.pop();
            seen.remove(&p.hash());
        }
        false
    }
    let pos = Position::from_fen(fen).unwrap();
    let mut seen = HashSet::new();
    seen.insert(pos.hash());
    let mut out = Vec::new();
    let mut budget = 100_000;
    assert!(
        dfs(&pos, &mut seen, &mut out, plies, &mut budget),
        "no walk found"
    );
    out
}

#[test]
fn move_limit_with_and_without_check_discount() {
    let fen = "4k4/9/9/2n6/9/9/9/9/9/R2K4R w - - 0 1";
    let moves = wander(fen, 60);
    // Independent count: Red's checks, ply by ply.
    let mut pos = Position::from_fen(fen).unwrap();
    let mut red_checks = Vec::new();
    let mut n = 0u32;
    for &m in &moves {
        let red = pos.turn() == Color::Red;
        pos.play(m).unwrap();
        if red && pos.is_check() {
            n += 1;
        }
        red_checks.push(n);
    }
    assert!(n > 12, "the walk gives enough checks ({n})");
    let limit = 30;
    // Without discount: ends at ply 30.
    let mut g = with(
        fen,
        Options {
            move_limit: limit,
            ..Options::default()
        },
    );
    for (i, &m) in moves.iter().enumerate() {
        if g.is_over() {
            assert_eq!(i, limit as usize);
            break;
        }
        g.play(m).unwrap();
    }
    let o = g.outcome().unwrap();
    assert_eq!((o.reason(), o.ply()), (Reason::MoveLimit, 30));
    assert_eq!(o.result().as_str(), "1/2-1/2");
    // With the discount: checks beyond Red's tenth do not count.
    let expected = (1..=moves.len())
        .find(|&p| p as u32 - red_checks[p - 1].saturating_sub(10) >= limit)
        .unwrap();
    assert!(expected > 30);
    let mut g = with(
        fen,
        Options {
            move_limit: limit,
            check_discount: true,
            ..Options::default()
        },
    );
    for &m in &moves {
        if g.is_over() {
            break;
        }
        g.play(m).unwrap();
    }
    let o = g.outcome().unwrap();
    assert_eq!((o.reason(), o.ply()), (Reason::MoveLimit, expected));
    // Limit 0 switches it off.
    let mut g = with(
        fen,
        Options {
            move_limit: 0,
            ..Options::default()
        },
    );
    for &m in &moves {
        g.play(m).unwrap();
    }
    assert!(g.outcome().is_none());
}

#[test]
fn default_move_limit_is_120_plies_and_explained() {
    let mut g = Game::from_fen("4k4/4a4/9/9/9/9/9/9/R8/3K5 w - - 119 1").unwrap();
    g.play_iccs("a1a2").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.reason().code(), "moveLimit");
    assert_eq!(
        o.explain(Language::English),
        "60 moves (120 plies) have been played without a capture; the game is drawn by the natural move limit."
    );
    assert_eq!(
        o.explain(Language::Chinese),
        "双方连续60回合未吃子（自然限着）；判和。"
    );
}

#[test]
fn dead_position_after_a_capture() {
    // The cannon takes the last black piece: general + cannon + elephant against a bare general (D2).
    let mut g = Game::from_fen("4k4/9/2n6/9/9/2B6/9/9/9/2C2K3 w - - 0 1").unwrap();
    assert!(g.outcome().is_none());
    g.play_iccs("c0c7").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason(), o.result().as_str(), o.ply()),
        (Reason::DeadPosition, "1/2-1/2", 1)
    );
    assert_eq!(g.claimable_draw(), None, "dead, not a claim");
}

#[test]
fn practically_drawn_material_is_only_a_claim() {
    let g = Game::from_fen("4k4/4a4/9/9/9/9/9/9/9/2C2K3 w - - 0 1").unwrap();
    assert!(g.outcome().is_none(), "never automatic");
    assert_eq!(
        g.claimable_draw(),
        Some(ClaimableDraw::LoneCannonAgainstDefenders)
    );
    assert_eq!(
        g.claimable_draw().unwrap().code(),
        "loneCannonAgainstDefenders"
    );
    assert_eq!(Game::default().claimable_draw(), None);
}

#[test]
fn resignation_and_game_over() {
    let mut g = Game::default();
    g.play_iccs("h2e2").unwrap();
    let o = g.resign(Color::Black).unwrap().clone();
    assert_eq!(o.result().as_str(), "1-0");
    assert_eq!(o.reason().code(), "resignation");
    assert_eq!(o.offender(), Some(Color::Black));
    assert_eq!(o.explain(Language::English), "Black resigned; Red wins.");
    assert_eq!(o.explain(Language::Chinese), "黑方认输，红方胜。");
    // No more moves or endings; the game is unchanged by the refusals.
    let fen = g.position().fen();
    let err = g.play_iccs("h9g7").unwrap_err();
    assert!(err.to_string().contains("the game is over"));
    assert_eq!(g.resign(Color::Red).unwrap_err(), EndingError::GameOver);
    assert_eq!(
        g.offer_draw(Color::Red).unwrap_err().code(),
        "ERR_GAME_OVER"
    );
    assert!(g.allowed_moves().is_empty());
    assert_eq!(g.position().fen(), fen);
    assert_eq!(g.history().len(), 1);
    // Undo lifts an ending recorded after the move taken back.
    g.undo().unwrap();
    assert!(g.outcome().is_none());
    assert_eq!(g.allowed_moves().len(), 44);
}

#[test]
fn draw_offers() {
    let mut g = Game::default();
    assert_eq!(
        g.accept_draw(Color::Black).unwrap_err(),
        EndingError::NoDrawOffer
    );
    g.offer_draw(Color::Red).unwrap();
    assert_eq!(g.draw_offer(), Some(Color::Red));
    assert_eq!(
        g.accept_draw(Color::Red).unwrap_err().code(),
        "ERR_NO_DRAW_OFFER",
        "not your own offer"
    );
    // The offer survives the offerer's move, and is declined by the opponent's move.
    g.play_iccs("h2e2").unwrap();
    assert_eq!(g.draw_offer(), Some(Color::Red));
    g.play_iccs("h9g7").unwrap();
    assert_eq!(g.draw_offer(), None);
    g.offer_draw(Color::Red).unwrap();
    g.decline_draw(Color::Black);
    assert_eq!(g.draw_offer(), None);
    g.offer_draw(Color::Black).unwrap();
    let o = g.accept_draw(Color::Red).unwrap();
    assert_eq!(
        (o.result().as_str(), o.reason().code(), o.offender()),
        ("1/2-1/2", "agreement", None)
    );
}

#[test]
fn time_forfeit_and_illegal_move() {
    let mut g = Game::default();
    let o = g.time_forfeit(Color::Red).unwrap();
    assert_eq!(
        (o.result().as_str(), o.reason(), o.ply()),
        ("0-1", Reason::TimeForfeit, 0)
    );
    let mut g = Game::default();
    let o = g.illegal_move_forfeit(Color::Black).unwrap();
    assert_eq!(
        (o.result().as_str(), o.reason().code()),
        ("1-0", "illegalMove")
    );
}

#[test]
fn board_endings_stop_the_game_until_undone() {
    let mut g = Game::from_fen("4k4/8R/9/9/9/9/9/9/9/R4K3 w - - 0 1").unwrap();
    g.play_iccs("a0a9").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason().code(), o.winner()),
        ("checkmate", Some(Color::Red))
    );
    assert_eq!(
        o.explain(Language::English),
        "Black is checkmated; Red wins."
    );
    let err = g.play("e9e8".parse().unwrap()).unwrap_err();
    assert_eq!(err.reason, IllegalReason::GameOver);
    g.undo();
    assert!(!g.is_over());
    g.play_iccs("a0a9").unwrap();
    g.reset();
    assert!(!g.is_over() && g.history().is_empty());
}

#[test]
fn stalemate_explained() {
    let mut g = Game::from_fen("3k5/9/9/9/8R/9/9/9/9/4K4 w - - 0 1").unwrap();
    g.play_iccs("i5i8").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.reason(), Reason::Stalemate);
    assert_eq!(o.result().as_str(), "1-0");
    assert!(o
        .explain(Language::English)
        .contains("stalemated side loses"));
    assert_eq!(
        o.explain(Language::Chinese),
        "黑方无子可动（困毙），判负；红方胜。"
    );
}

#[test]
fn illegal_input_changes_nothing() {
    let mut g = Game::default();
    assert!(g.classify_move("a0a5".parse().unwrap()).is_err());
    assert!(g.repetition_warning("a0a5".parse().unwrap()).is_none());
    assert!(!g.would_lose_by_repetition("a0a5".parse().unwrap()));
    assert!(g.play_iccs("zz").is_err());
    let bad = Options {
        mate_threat_depth: 9,
        ..Options::default()
    };
    let err = g.set_options(bad).unwrap_err();
    assert_eq!(
        (err.code(), err.option()),
        ("ERR_OPTIONS", "mateThreatDepth")
    );
    assert_eq!(*g.options(), Options::default());
    assert_eq!(g.history().len(), 0);
    assert_eq!(Ruleset::from_code("CXA"), Some(Ruleset::Cxa));
    assert_eq!(Ruleset::from_code("x"), None);
}

/// The game's fast "has a legal move" test agrees with tests/data/positions.jsonl (3 229 positions, 123 of
/// them mate or stalemate) for the checkmate / stalemate endings.
#[test]
fn mate_and_stalemate_agree_with_the_position_vectors() {
    let mut ended = 0;
    for case in crate::common::read_jsonl("positions.jsonl") {
        let fen = case["fen"].as_str().unwrap();
        let Ok(pos) = Position::from_fen(fen) else {
            continue;
        };
        let g = Game::new(pos);
        let reason = g.outcome().map(|o| o.reason().code());
        match case["status"].as_str().unwrap() {
            "checkmate" => assert_eq!(reason, Some("checkmate"), "{fen}"),
            "stalemate" => assert_eq!(reason, Some("stalemate"), "{fen}"),
            _ => assert!(
                !matches!(reason, Some("checkmate" | "stalemate")),
                "{fen}: {reason:?}"
            ),
        }
        if matches!(reason, Some("checkmate" | "stalemate")) {
            ended += 1;
        }
    }
    assert!(ended >= 100, "{ended}");
}

#[test]
fn analysis_mode_plays_on_after_an_ending_and_keeps_the_first() {
    // R05: Red's rook chases the unprotected cannon; the third occurrence ends the game (Red loses).
    let fen = "4k4/9/8c/9/9/7R1/9/9/9/3K5 w - - 0 1";
    let cycle = [
        "h4i4", "i7h7", "i4h4", "h7i7", "h4i4", "i7h7", "i4h4", "h7i7",
    ];
    let mut strict = Game::from_fen(fen).unwrap();
    let analysis = Options {
        mode: Mode::Analysis,
        ..Options::default()
    };
    let mut free = with(fen, analysis);
    for m in cycle {
        strict.play_iccs(m).unwrap();
        free.play_iccs(m).unwrap();
    }
    assert_eq!(strict.outcome().unwrap().reason(), Reason::PerpetualChase);
    assert_eq!(free.outcome(), strict.outcome());
    // Adjudicate mode stops the game; analysis mode lets the players go on and keeps the first ending.
    let err = strict.play_iccs("h4h5").unwrap_err();
    assert!(matches!(err, GameError::Illegal(e) if e.reason == IllegalReason::GameOver));
    free.play_iccs("h4h5").unwrap();
    free.play_iccs("e9e8").unwrap();
    assert_eq!(free.outcome().unwrap().ply(), 8);
    assert_eq!(free.history().len(), 10);
    // Undoing past the ending lifts it in both modes.
    for _ in 0..3 {
        free.undo();
    }
    assert!(free.outcome().is_none());
}

#[test]
fn repetition_draw_wording_follows_the_repetition_count() {
    // Idle shuffling (general steps against a far chariot): a plain repetition draw, ruled at the
    // `repetition_count`-th occurrence of the start position, and the sentence names that occurrence.
    let fen = "3k5/9/r8/9/9/9/9/9/8R/4K4 w - - 0 1";
    let shuffle = ["e0f0", "d9d8", "f0e0", "d8d9"];
    for (count, word) in [(2, "second"), (3, "third"), (4, "fourth")] {
        let options = Options {
            repetition_count: count,
            ..Options::default()
        };
        let mut g = with(fen, options);
        let mut plies = 0;
        while !g.is_over() {
            g.play_iccs(shuffle[plies % 4]).unwrap();
            plies += 1;
        }
        assert_eq!(plies, 4 * (count as usize - 1), "count {count}");
        let o = g.outcome().unwrap();
        assert_eq!(o.reason(), Reason::RepetitionDraw);
        assert_eq!(o.repetition_count(), count);
        assert_eq!(
            o.to_string(),
            format!("The position occurred for the {word} time and neither side made a forbidden perpetual attack; under AXF rules the game is drawn.")
        );
        assert_eq!(o.explain(Language::English), o.to_string());
        assert_eq!(
            o.explain(Language::Chinese),
            "局面循环重复，双方均未违反棋例（均为允许着法）；按亚洲棋规，判和。"
        );
        assert_eq!(
            o.explain(Language::TraditionalChinese),
            "局面循環重複，雙方均未違反棋例（均為允許著法）；按亞洲棋規，判和。"
        );
        assert_eq!(
            o.explain(Language::Vietnamese),
            format!("Thế cờ lặp lại lần thứ {count} và không bên nào tấn công mãi theo cách bị cấm; theo luật châu Á (AXF), ván cờ hòa.")
        );
    }
}

/// `allowed_moves` lists exactly the moves `check_play` accepts, `play` plays exactly those, and `validate`
/// agrees with both and carries the repetition warning.
fn assert_one_gate(g: &Game, label: &str) {
    let allowed: Vec<Move> = g.allowed_moves().iter().copied().collect();
    let legal = g.position().legal_moves();
    for &m in legal.iter() {
        let gate = g.check_play(m);
        assert_eq!(gate.is_ok(), allowed.contains(&m), "{label}: {m}");
        let validated = g.validate(m);
        assert_eq!(
            validated.as_ref().err(),
            gate.as_ref().err(),
            "{label}: {m}"
        );
        if let Ok(warning) = validated {
            assert_eq!(warning, g.repetition_warning(m), "{label}: {m}");
        }
        let mut copy = g.clone();
        assert_eq!(copy.play(m).err(), gate.err(), "{label}: {m}");
    }
    assert!(allowed.iter().all(|m| legal.contains(m)), "{label}");
    // The ending `play` reached (in enforce mode from the ruling made at the gate) is the one a replay of
    // the moves rules.
    let mut replayed = g.clone();
    replayed.set_options(*g.options()).unwrap();
    assert_eq!(replayed.outcome(), g.outcome(), "{label}");
}

#[test]
fn enforce_mode_ends_the_game_when_the_innocent_side_completes_the_repetition() {
    // R05 from Red's move: Black's eighth ply completes the third occurrence; Red, the chaser, loses.
    let fen = "4k4/9/8c/9/9/7R1/9/9/9/3K5 w - - 0 1";
    let options = Options {
        mode: Mode::Enforce,
        ..Options::default()
    };
    let mut g = with(fen, options);
    for m in ["h4i4", "i7h7", "i4h4", "h7i7", "h4i4", "i7h7", "i4h4"] {
        g.play_iccs(m).unwrap();
        assert_one_gate(&g, m);
    }
    let warning = g.validate("h7i7".parse().unwrap()).unwrap().unwrap();
    g.play_iccs("h7i7").unwrap();
    assert_one_gate(&g, "h7i7");
    let o = g.outcome().unwrap();
    assert_eq!(o, &warning);
    assert_eq!(
        (o.reason(), o.offender()),
        (Reason::PerpetualChase, Some(Color::Red))
    );
}

#[test]
fn one_gate_for_playing_a_move_in_every_mode() {
    // R05 from Black's move: Red's chariot chases the unprotected cannon, and Red's own eighth ply would
    // complete the repetition that condemns Red (refused in enforce mode, lost in adjudicate mode, played on
    // in analysis mode, where the ninth ply follows).
    let fen = "4k4/9/8c/9/9/8R/9/9/9/3K5 b - - 0 1";
    let cycle = [
        "i7h7", "i4h4", "h7i7", "h4i4", "i7h7", "i4h4", "h7i7", "h4i4", "i7h7",
    ];
    for mode in [Mode::Adjudicate, Mode::Enforce, Mode::Analysis] {
        let mut g = with(
            fen,
            Options {
                mode,
                ..Options::default()
            },
        );
        let mut forbidden_seen = false;
        for m in cycle {
            let label = format!("{mode:?} after {}", g.history().len());
            assert_one_gate(&g, &label);
            let m: Move = m.parse().unwrap();
            match g.play(m) {
                Ok(_) => {}
                Err(e) => {
                    // Enforce refuses the move that would complete Red's forbidden repetition; adjudicate
                    // refuses moves after the ending; analysis plays on.
                    match mode {
                        Mode::Enforce => assert_eq!(e.reason, IllegalReason::ForbiddenRepetition),
                        Mode::Adjudicate => assert_eq!(e.reason, IllegalReason::GameOver),
                        Mode::Analysis => panic!("analysis refused {m}: {e}"),
                    }
                    forbidden_seen = true;
                    break;
                }
            }
        }
        assert_one_gate(&g, &format!("{mode:?} at the end"));
        match mode {
            Mode::Analysis => {
                assert!(g.is_over() && !g.allowed_moves().is_empty());
                assert_eq!(g.history().len(), cycle.len());
            }
            Mode::Adjudicate => {
                assert!(g.is_over() && g.allowed_moves().is_empty() && forbidden_seen)
            }
            Mode::Enforce => assert!(!g.is_over() && forbidden_seen),
        }
    }
}

#[test]
fn a_ruling_explains_itself_as_the_game_outcome_does() {
    // R05: the repetition ruled directly on its span says what the game's outcome says, in both languages.
    use xiangqi::adjudication::rule_repetition;
    let fen = "4k4/9/8c/9/9/7R1/9/9/9/3K5 w - - 0 1";
    let span: Vec<Move> = [
        "h4i4", "i7h7", "i4h4", "h7i7", "h4i4", "i7h7", "i4h4", "h7i7",
    ]
    .iter()
    .map(|m| m.parse().unwrap())
    .collect();
    let mut g = Game::from_fen(fen).unwrap();
    for &m in &span {
        g.play(m).unwrap();
    }
    let outcome = g.outcome().unwrap();
    let ruling = rule_repetition(
        &Position::from_fen(fen).unwrap(),
        &span,
        1,
        &Options::default(),
    );
    assert_eq!(
        (ruling.reason, ruling.offender),
        (Reason::PerpetualChase, Some(Color::Red))
    );
    for language in Language::ALL {
        assert_eq!(ruling.explain(language), outcome.explain(language));
    }
    assert!(outcome
        .explain(Language::TraditionalChinese)
        .starts_with("紅方在循環中每著都用車捉黑i7位無根的炮"));
    assert!(outcome
        .explain(Language::Vietnamese)
        .starts_with("Bên đỏ đuổi bắt pháo đen ở i7 (không có quân bảo vệ) bằng xe"));
    assert_eq!(ruling.to_string(), outcome.to_string());
    assert!(outcome
        .to_string()
        .starts_with("Red chased the unprotected black cannon on i7"));
    assert!(outcome
        .explain(Language::Chinese)
        .starts_with("红方在循环中每着都用车捉黑i7位无根的炮"));
}

/// An ending by the rules that an external ending hides comes back when the external ending is taken back,
/// however it is taken back, and only while the moves left reach it: after `set_options` (the ending is
/// earlier than the resignation) and when play goes on after a resignation in analysis mode (the ending is
/// later).
#[test]
fn an_ending_hidden_by_an_external_one_comes_back_with_the_moves_that_reach_it() {
    let limit = |mode| Options {
        move_limit: 3,
        mode,
        ..Options::default()
    };
    let moves = ["e3e2", "d0e0", "c2c1", "e0d0"];
    let fen = "4k4/9/9/9/9/2p1p4/2p1p4/2p6/9/3K5 b - - 0 1";
    let resigned = || {
        let mut g = Game::from_fen(fen).unwrap();
        for m in moves {
            g.play_iccs(m).unwrap();
        }
        g.resign(Color::Red).unwrap();
        g.set_options(limit(Mode::Enforce)).unwrap();
        g
    };
    let ending = |g: &Game| g.outcome().map(|o| (o.reason(), o.ply()));
    // The resignation stays the game's ending after set_options; taking it back shows the move limit.
    let mut g = resigned();
    assert_eq!(ending(&g), Some((Reason::Resignation, 4)));
    assert_eq!(
        g.undo_ending().map(|o| o.reason()),
        Some(Reason::Resignation)
    );
    assert_eq!(ending(&g), Some((Reason::MoveLimit, 3)));
    g.undo();
    assert_eq!(ending(&g), Some((Reason::MoveLimit, 3)));
    g.undo();
    assert_eq!(ending(&g), None);
    // Undoing the move (the resignation goes with it) gives the same; so does take_back twice.
    let mut g = resigned();
    g.undo();
    assert_eq!(ending(&g), Some((Reason::MoveLimit, 3)));
    let mut g = resigned();
    g.take_back();
    g.take_back();
    assert_eq!(ending(&g), Some((Reason::MoveLimit, 3)));
    // Undoing past the hidden ending lifts it; replaying the moves rules it again, as a fresh replay does.
    let mut g = resigned();
    g.undo();
    g.undo();
    assert_eq!(ending(&g), None);
    g.play_iccs("c2c1").unwrap();
    assert_eq!(ending(&g), Some((Reason::MoveLimit, 3)));
    let mut fresh =
        Game::with_options(Position::from_fen(fen).unwrap(), limit(Mode::Enforce)).unwrap();
    for m in &moves[..3] {
        fresh.play_iccs(m).unwrap();
    }
    assert_eq!(ending(&fresh), Some((Reason::MoveLimit, 3)));

    // Analysis mode: Red resigns, play goes on to a mate; taking the resignation back shows the mate, and
    // taking a move back first drops it.
    let mate_in_one = "9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1";
    let analysis = Options {
        mode: Mode::Analysis,
        ..Options::default()
    };
    let played_on = || {
        let mut g = with(mate_in_one, analysis);
        g.resign(Color::Red).unwrap();
        g.play_iccs("b6d6").unwrap();
        g
    };
    let mut g = played_on();
    assert_eq!(ending(&g), Some((Reason::Resignation, 0)));
    g.undo_ending();
    assert_eq!(ending(&g), Some((Reason::Checkmate, 1)));
    let mut g = played_on();
    g.undo();
    assert_eq!(ending(&g), Some((Reason::Resignation, 0)));
    g.undo_ending();
    assert_eq!(ending(&g), None);
    g.play_iccs("b6d6").unwrap();
    assert_eq!(ending(&g), Some((Reason::Checkmate, 1)));
}

/// Every ending explained in every language (issue 37): a sentence in each, Vietnamese without a Chinese
/// character, Traditional Chinese without the simplified forms of the words the rulings use, both Chinese
/// sentences ending in 。.
#[test]
fn every_ending_is_explained_in_every_language() {
    let mut outcomes = Vec::new();
    let mut g = Game::default();
    outcomes.push(g.resign(Color::Black).unwrap().clone());
    let mut g = Game::default();
    g.offer_draw(Color::Red).unwrap();
    outcomes.push(g.accept_draw(Color::Black).unwrap().clone());
    let mate = Game::from_fen("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
    outcomes.push(mate.outcome().unwrap().clone());
    assert!(outcomes.len() == 3);
    for o in &outcomes {
        let en = o.explain(Language::English);
        let vi = o.explain(Language::Vietnamese);
        let hant = o.explain(Language::TraditionalChinese);
        let hans = o.explain(Language::Chinese);
        assert!(!vi.is_empty() && vi != en, "{en}");
        assert!(
            !vi.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{vi}"
        );
        assert!(
            hant.ends_with('。') && hans.ends_with('。'),
            "{hant} {hans}"
        );
        for simplified in ['红', '将', '认', '输', '胜', '双', '谱', '着', '规'] {
            assert!(!hant.contains(simplified), "{hant}");
        }
    }
}
