//! Randomised tests: classification never panics on positions reached by random play, and repetition
//! verdicts do not depend on where in the cycle the game starts.

use proptest::prelude::*;
use xiangqi::adjudication::{classify, Options};
use xiangqi::{Game, Move, Position, Reason, Role, Ruleset, Status, START_FEN};

const FENS: [&str; 4] = [
    START_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "5a2c/9/3k1a3/4N4/6b2/6B2/4R4/3A1K3/9/9 w - - 0 1",
];

/// Plays `choices` as indices into the legal moves (ICCS order) from `fen`; stops at the end of the game.
fn random_position(fen: &str, choices: &[u16]) -> Position {
    let mut pos = Position::from_fen(fen).unwrap();
    for &c in choices {
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        moves.sort_iccs();
        pos.play_unchecked(moves[c as usize % moves.len()]);
    }
    pos
}

/// A move whose reverse (to -> from) is a legal move shape for the same piece: not a capture and not a
/// soldier's forward step.
fn reversible(pos: &Position, m: Move) -> bool {
    !pos.is_capture(m)
        && pos
            .board()
            .piece_at(m.from)
            .is_some_and(|p| p.role != Role::Soldier || m.from.rank() == m.to.rank())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn classification_never_panics(
        fen_index in 0usize..FENS.len(),
        choices in proptest::collection::vec(any::<u16>(), 0..40),
        probe in proptest::collection::vec(any::<u16>(), 1..4),
    ) {
        let pos = random_position(FENS[fen_index], &choices);
        // The game's fast "has a legal move" test agrees with full generation.
        let reason = Game::new(pos.clone()).outcome().map(|o| o.reason());
        let mated = matches!(reason, Some(Reason::Checkmate | Reason::Stalemate));
        prop_assert_eq!(mated, pos.status() != Status::Ongoing);
        let mut moves = pos.legal_moves();
        moves.sort_iccs();
        for p in probe {
            if moves.is_empty() {
                break;
            }
            let m = moves[p as usize % moves.len()];
            for rs in [Ruleset::Axf, Ruleset::Cxa] {
                let c = classify(&pos, m, &Options { ruleset: rs, ..Options::default() });
                // Internal consistency of the result.
                prop_assert_eq!(c.check, pos.gives_check(m));
                if c.check {
                    prop_assert!(c.chases.is_empty());
                }
                for pair in &c.chases {
                    if !pair.via_check {
                        prop_assert_ne!(pair.attacker.role, Role::General);
                        prop_assert_ne!(pair.attacker.role, Role::Soldier);
                    }
                    prop_assert_ne!(pair.target.role, Role::General);
                    prop_assert_eq!(pair.attacker.color, pos.turn());
                }
                // Through the game API too.
                let g = Game::with_options(pos.clone(), Options { ruleset: rs, ..Options::default() }).unwrap();
                if !g.is_over() {
                    prop_assert_eq!(g.classify_move(m).unwrap(), c.clone());
                }
            }
        }
    }

    #[test]
    fn verdict_does_not_depend_on_the_cycle_start(
        fen_index in 0usize..FENS.len(),
        choices in proptest::collection::vec(any::<u16>(), 0..30),
        pick in any::<(u16, u16)>(),
    ) {
        let p0 = random_position(FENS[fen_index], &choices);
        // A shuttle: m1, r1, back, back — twice — returns to p0 for the third time.
        let mut moves = p0.legal_moves();
        moves.sort_iccs();
        let ours: Vec<Move> = moves.iter().copied().filter(|&m| reversible(&p0, m)).collect();
        prop_assume!(!ours.is_empty());
        let m1 = ours[pick.0 as usize % ours.len()];
        let mut p1 = p0.clone();
        p1.play_unchecked(m1);
        let mut replies = p1.legal_moves();
        replies.sort_iccs();
        let theirs: Vec<Move> = replies.iter().copied().filter(|&m| reversible(&p1, m)).collect();
        prop_assume!(!theirs.is_empty());
        let r1 = theirs[pick.1 as usize % theirs.len()];
        let back = |m: Move| Move::new(m.to, m.from);
        let cycle = [m1, r1, back(m1), back(r1)];
        // Check that the whole cycle is legal.
        let mut p = p0.clone();
        for &m in cycle.iter().chain(cycle.iter()) {
            prop_assume!(p.is_legal(m));
            p.play_unchecked(m);
        }
        prop_assume!(p.board() == p0.board());
        for rs in [Ruleset::Axf, Ruleset::Cxa] {
            let options = Options { ruleset: rs, ..Options::default() };
            let mut results = Vec::new();
            let mut start = p0.clone();
            for k in 0..4 {
                let fen = start.fen();
                let mut g = Game::with_options(Position::from_fen(&fen).unwrap(), options).unwrap();
                if g.is_over() {
                    break; // dead material or no move: nothing to compare
                }
                for j in 0..8 {
                    prop_assert!(!g.is_over(), "ended early at ply {} from rotation {}", j, k);
                    g.play(cycle[(k + j) % 4]).unwrap();
                }
                let o = g.outcome().expect("third occurrence");
                prop_assert!(o.reason().is_repetition(), "{:?}", o.reason());
                prop_assert_eq!(o.cycle().len(), 8);
                results.push((o.result(), o.reason(), o.offender()));
                start.play_unchecked(cycle[k]);
            }
            prop_assert!(results.windows(2).all(|w| w[0] == w[1]), "{:?}: {:?}", rs, results);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// The incremental bookkeeping (reversible span, repetition filter, check counts, ending) after any mix
    /// of moves and take-backs equals a fresh replay of the same moves. Moves are biased towards undoing the
    /// move of two plies ago so that repetitions actually happen.
    #[test]
    fn incremental_state_matches_a_replay(
        fen_index in 0usize..FENS.len(),
        ops in proptest::collection::vec((0u8..10, any::<u16>()), 1..80),
        ruleset in prop_oneof![Just(Ruleset::Axf), Just(Ruleset::Cxa)],
        count in 2u32..4,
    ) {
        let options = Options { ruleset, repetition_count: count, move_limit: 40, ..Options::default() };
        let start = Position::from_fen(FENS[fen_index]).unwrap();
        let mut g = Game::with_options(start.clone(), options).unwrap();
        for (kind, pick) in ops {
            if kind < 2 {
                g.undo();
            } else {
                let mut moves = g.allowed_moves();
                if moves.is_empty() {
                    g.undo();
                } else {
                    moves.sort_iccs();
                    let back = g.history().len().checked_sub(2).map(|i| {
                        let m = g.history()[i].mv;
                        Move::new(m.to, m.from)
                    });
                    let m = match back {
                        Some(b) if kind < 7 && moves.contains(&b) => b,
                        _ => moves[pick as usize % moves.len()],
                    };
                    g.play(m).unwrap();
                }
            }
            let mut fresh = Game::with_options(start.clone(), options).unwrap();
            for pm in g.history() {
                if fresh.is_over() {
                    break;
                }
                fresh.play(pm.mv).unwrap();
            }
            prop_assert_eq!(fresh.history().len(), g.history().len());
            prop_assert_eq!(fresh.outcome(), g.outcome());
        }
    }
}

fn repetition_cases() -> Vec<(String, Vec<Move>)> {
    crate::common::read_jsonl("rulings.jsonl")
        .into_iter()
        .filter(|c| c["kind"] == "rep")
        .map(|c| {
            let moves = crate::common::strings(&c["moves"])
                .iter()
                .map(|m| m.parse().unwrap())
                .collect();
            (c["fen"].as_str().unwrap().to_string(), moves)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Enforce mode, on the repetition cases of the catalogue with random deviations from their move
    /// sequences: the allowed moves are exactly the legal moves that would not lose by repetition, and a
    /// refused move leaves the game unchanged.
    #[test]
    fn enforce_mode_filters_exactly_the_losing_moves(
        case in 0usize..26,
        ops in proptest::collection::vec(any::<u16>(), 1..40),
        ruleset in prop_oneof![Just(Ruleset::Axf), Just(Ruleset::Cxa)],
    ) {
        let cases = repetition_cases();
        let (fen, script) = &cases[case % cases.len()];
        let options = Options { ruleset, mode: xiangqi::Mode::Enforce, ..Options::default() };
        let mut g = Game::with_options(Position::from_fen(fen).unwrap(), options).unwrap();
        let mut forbidden_seen = 0;
        for (j, pick) in ops.into_iter().enumerate() {
            if g.is_over() {
                break;
            }
            let legal = g.position().legal_moves();
            let allowed = g.allowed_moves();
            for &m in legal.iter() {
                let forbidden = g.would_lose_by_repetition(m);
                prop_assert_eq!(allowed.contains(&m), !forbidden);
                if forbidden {
                    forbidden_seen += 1;
                    let before = g.history().len();
                    let err = g.play(m).unwrap_err();
                    prop_assert_eq!(err.reason.code(), "forbiddenRepetition");
                    prop_assert_eq!(g.history().len(), before);
                }
            }
            if allowed.is_empty() {
                break;
            }
            // Mostly follow the catalogue's cycle (continued periodically), sometimes deviate.
            let scripted = script[j % script.len()];
            let m = if pick % 5 != 0 && allowed.contains(&scripted) {
                scripted
            } else {
                allowed[pick as usize % allowed.len()]
            };
            g.play(m).unwrap();
        }
        let _ = forbidden_seen;
    }
}
