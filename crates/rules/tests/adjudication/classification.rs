//! Focused tests, one or more per clause of docs/rules.md §6 (classification) and §7 (verdicts), on positions
//! built for this file (a few reuse a catalogue position for a different question). Each test has a control that differs in one detail.

use xiangqi::adjudication::{Classification, Options};
use xiangqi::{Category, Color, Game, Language, Position, Reason, Role, Ruleset, Status};

const BOTH: [Ruleset; 2] = [Ruleset::Axf, Ruleset::Cxa];

fn game(fen: &str, ruleset: Ruleset, depth: u32) -> Game {
    let options = Options {
        ruleset,
        mate_threat_depth: depth,
        ..Options::default()
    };
    Game::with_options(Position::from_fen(fen).unwrap(), options).unwrap()
}

fn class(fen: &str, mv: &str, ruleset: Ruleset) -> Classification {
    class_depth(fen, mv, ruleset, 2)
}

fn class_depth(fen: &str, mv: &str, ruleset: Ruleset, depth: u32) -> Classification {
    game(fen, ruleset, depth)
        .classify_move(mv.parse().unwrap())
        .unwrap()
}

/// The chase pairs as "attacker-role@square>target@square".
fn pairs(c: &Classification) -> Vec<String> {
    let mut v: Vec<String> = c
        .chases
        .iter()
        .map(|p| {
            format!(
                "{}@{}>{}@{}",
                p.attacker.role, p.attacker_square, p.target.role, p.target_square
            )
        })
        .collect();
    v.sort();
    v
}

// ----- §6.1 CHECK ---------------------------------------------------------------------------------------

#[test]
fn s6_1_check_outranks_everything() {
    // h5d5 checks along the d-file and also newly attacks the unprotected cannon a5: it is a CHECK.
    let fen = "3k5/9/9/9/c6R1/9/9/9/9/4K4 w - - 0 1";
    for rs in BOTH {
        let c = class(fen, "h5d5", rs);
        assert_eq!(c.category, Category::Check);
        assert!(c.check);
    }
}

#[test]
fn s6_1_soldier_check_is_a_check() {
    let fen = "4k4/3P5/9/9/9/9/9/9/9/3K5 w - - 0 1";
    for rs in BOTH {
        assert_eq!(class(fen, "d8e8", rs).category, Category::Check);
        assert_eq!(class(fen, "d8c8", rs).category, Category::Idle);
    }
}

#[test]
fn s6_1_parrying_a_check_with_a_check_is_a_check() {
    // The cannon checks through the rook e5; the rook steps aside to f5, which parries the check (no more
    // screen) and checks the general f2 along the f-file (解将还将).
    let fen = "5a3/9/3ak4/9/4r4/5C3/4R4/5K3/7c1/5A3 w - - 0 1";
    let mut g = game(fen, Ruleset::Axf, 2);
    g.play_iccs("f4e4").unwrap(); // cannon checks through the rook e5
    assert!(g.position().is_check());
    let c = g.classify_move("e5f5".parse().unwrap()).unwrap();
    assert_eq!(c.category, Category::Check);
}

// ----- §6.2 MATE-THREAT ---------------------------------------------------------------------------------

#[test]
fn s6_2_mate_threat_and_depth() {
    // The horse leaves a5: Ra1-a9 would mate (depth 1).
    let fen = "4k4/8R/9/9/N8/9/9/9/R8/5K3 w - - 0 1";
    for rs in BOTH {
        for d in [1, 2] {
            let c = class_depth(fen, "a5b3", rs, d);
            assert_eq!(c.category, Category::MateThreat, "{rs:?} depth {d}");
        }
    }
    // Ra4-d4 threatens a mate that needs a check, any reply, then mate: a threat at depth 2 only.
    let fen = "3k5/9/9/9/3N5/R8/9/9/9/3K5 w - - 0 1";
    for rs in BOTH {
        assert_eq!(class_depth(fen, "a4d4", rs, 1).category, Category::Idle);
        assert_eq!(
            class_depth(fen, "a4d4", rs, 2).category,
            Category::MateThreat
        );
        assert_eq!(class_depth(fen, "a4a3", rs, 2).category, Category::Idle);
    }
}

#[test]
fn s6_2_newness_a_mate_already_available_is_no_threat() {
    // a0a9 mates already (T01); a quiet general move keeps the mate but creates nothing.
    let fen = "4k4/8R/9/9/9/9/9/9/9/R4K3 w - - 0 1";
    for rs in BOTH {
        assert_eq!(class(fen, "f0f1", rs).category, Category::Idle);
    }
    // ... although after f0f1 the mate is still there:
    let mut p = Position::from_fen(fen).unwrap();
    p.play("f0f1".parse().unwrap()).unwrap();
    p.pass().unwrap();
    p.play("a0a9".parse().unwrap()).unwrap();
    assert_eq!(p.status(), Status::Checkmate);
}

#[test]
fn s6_heavier_character_order_differs() {
    // a5c4 threatens Ra1-a9 mate and attacks the unprotected cannon e5: CXA takes the mate threat (杀兼捉按杀),
    // AXF the chase (the forbidden reading).
    let fen = "4k4/8R/9/9/N3c4/9/9/9/R8/5K3 w - - 0 1";
    let axf = class(fen, "a5c4", Ruleset::Axf);
    let cxa = class(fen, "a5c4", Ruleset::Cxa);
    assert_eq!(axf.category, Category::Chase);
    assert_eq!(cxa.category, Category::MateThreat);
    assert_eq!(pairs(&axf), ["horse@c4>cannon@e5"]);
    assert_eq!(pairs(&cxa), ["horse@c4>cannon@e5"]);
    assert!(cxa.mate_threat);
}

// ----- §6.3 CHASE: legal capture, newness ----------------------------------------------------------------

#[test]
fn s6_3_1_a_pinned_attacker_does_not_chase() {
    // The horse unmasks the rook e3 onto the unprotected cannon a3, but the rook is pinned by the black rook
    // e7 against the general e0.
    let pinned = "3k5/9/4r4/9/9/9/c1N1R4/9/9/4K4 w - - 0 1";
    let free = "3k5/9/5r3/9/9/9/c1N1R4/9/9/4K4 w - - 0 1";
    for rs in BOTH {
        assert_eq!(class(pinned, "c3a2", rs).category, Category::Idle, "{rs:?}");
        assert!(pairs(&class(free, "c3a2", rs)).contains(&"chariot@e3>cannon@a3".to_string()));
    }
    assert_eq!(
        pairs(&class(free, "c3a2", Ruleset::Axf)),
        ["chariot@e3>cannon@a3"]
    );
    // CXA also sees Rd3+ forcing Rf7-d7 and Rxd7 (抽将), which the cannon a3 could parry while the horse stood
    // on c3 as its screen.
    assert_eq!(
        pairs(&class(free, "c3a2", Ruleset::Cxa)),
        ["chariot@e3>cannon@a3", "chariot@e3>chariot@f7"]
    );
    assert_eq!(class(free, "c3a2", Ruleset::Axf).category, Category::Chase);
}

#[test]
fn s6_3_4_newness_a_standing_attack_is_not_a_chase() {
    let fen = "3k5/c8/9/9/R8/9/9/9/9/4K4 w - - 0 1";
    for rs in BOTH {
        assert_eq!(class(fen, "e0f0", rs).category, Category::Idle); // elsewhere
        assert_eq!(class(fen, "a5a6", rs).category, Category::Idle); // following (跟)
    }
}

#[test]
fn s6_3_4_newness_is_judged_without_legality_before_the_move() {
    // Red is in check from the rook e7; the rook a5 already "attacks" the cannon a8 although the capture is
    // illegal while in check. Escaping with the general makes the capture legal, but the attack is not new.
    let fen = "3k5/c8/4r4/9/R8/9/9/9/9/4K4 w - - 0 1";
    for rs in BOTH {
        assert_eq!(class(fen, "e0f0", rs).category, Category::Idle, "{rs:?}");
    }
}

#[test]
fn s6_3_4_newness_removing_the_protection_is_a_chase() {
    // The rook a5 attacks the cannon a8, protected by the rook e8. The horse steps in between (d6c8): the
    // protection is cut, the standing attack becomes a chase.
    let fen = "3k5/c3r4/9/3N5/R8/9/9/9/9/5K3 w - - 0 1";
    for rs in BOTH {
        let c = class(fen, "d6c8", rs);
        assert_eq!(c.category, Category::Chase, "{rs:?}");
        assert_eq!(pairs(&c), ["chariot@a5>cannon@a8"]);
        assert!(!c.chases[0].protected);
        assert_eq!(class(fen, "d6b5", rs).category, Category::Idle, "{rs:?}");
    }
}

// ----- §6.4 exceptions ------------------------------------------------------------------------------------

#[test]
fn s6_4_general_attacks_are_idle() {
    let fen = "3k5/9/9/9/9/9/9/3c5/4K4/9 w - - 0 1";
    for rs in BOTH {
        let c = class(fen, "e1e2", rs);
        assert_eq!(c.category, Category::Idle);
        assert!(c.chases.is_empty());
    }
}

#[test]
fn s6_4_soldier_attacks_are_idle_but_recorded() {
    let fen = "4k4/9/3n5/9/3P5/9/9/9/9/3K5 w - - 0 1";
    for rs in BOTH {
        let c = class(fen, "d5d6", rs);
        assert_eq!(c.category, Category::Idle);
        assert_eq!(c.soldier_chases.len(), 1);
        assert_eq!(c.soldier_chases[0].target.role, Role::Horse);
    }
}

#[test]
fn s6_4_uncrossed_soldiers_are_never_targets() {
    let uncrossed = "4k4/9/9/2p6/9/9/9/9/9/R2K5 w - - 0 1";
    let crossed = "4k4/9/9/9/9/2p6/9/9/9/R2K5 w - - 0 1";
    for rs in BOTH {
        assert_eq!(class(uncrossed, "a0a6", rs).category, Category::Idle);
        let c = class(crossed, "a0a4", rs);
        assert_eq!(c.category, Category::Chase);
        assert_eq!(pairs(&c), ["chariot@a4>soldier@c4"]);
    }
}

#[test]
fn s6_4_same_kind_hobbled_horse_is_chased() {
    // The horse d5 attacks the horse c7; with its leg c6 blocked the black horse cannot capture back.
    let hobbled = "4k4/9/2n6/2p6/9/9/4N4/9/9/3K5 w - - 0 1";
    let free = "4k4/9/2n6/9/9/9/4N4/9/9/3K5 w - - 0 1";
    for rs in BOTH {
        assert_eq!(pairs(&class(hobbled, "e3d5", rs)), ["horse@d5>horse@c7"]);
        assert_eq!(
            class(free, "e3d5", rs).category,
            Category::Idle,
            "exchange offer"
        );
    }
}

#[test]
fn s6_4_cxa_soldier_recount_when_the_other_side_is_forbidden() {
    // Black's cannon chases the horse h2 and the elephant i2 by turns (CXA: forbidden); Red's soldier attacks
    // the cannon on every move (idle on its own). CXA re-counts the soldier: both forbidden -> draw. Without
    // the re-count Black alone would be forbidden and lose. AXF: Black chases two different pieces -> draw.
    let fen = "4k4/9/9/8c/7P1/9/7pP/7NB/9/3K5 w - - 0 1";
    let moves = [
        "h5i5", "i6h6", "i5h5", "h6i6", "h5i5", "i6h6", "i5h5", "h6i6",
    ];
    for (rs, reason) in [
        (Ruleset::Axf, Reason::RepetitionDraw),
        (Ruleset::Cxa, Reason::MutualPerpetual),
    ] {
        let mut g = game(fen, rs, 2);
        for m in moves {
            g.play_iccs(m).unwrap();
        }
        let o = g.outcome().unwrap();
        assert_eq!(
            (o.result().as_str(), o.reason()),
            ("1/2-1/2", reason),
            "{rs:?}"
        );
        for c in o.cycle() {
            match c.color {
                Color::Red => {
                    assert_eq!(c.category, Category::Idle);
                    assert!(c.soldier_chase);
                }
                Color::Black => assert_eq!(c.category, Category::Chase),
            }
        }
    }
}

// ----- §6.5 AXF / §6.6 CXA chase conditions ----------------------------------------------------------------

#[test]
fn s6_5_elephant_on_a_protected_horse_is_a_chase() {
    let fen = "2r1k4/9/9/9/9/2n6/9/9/9/2B2K3 w - - 0 1";
    for rs in BOTH {
        let c = class(fen, "c0a2", rs);
        assert_eq!(pairs(&c), ["elephant@a2>horse@c4"], "{rs:?}");
        assert!(c.chases[0].protected);
    }
    // A chariot on the same protected horse is not a chase (AXF: protected; CXA: 2 - 4 < 0).
    let fen = "2r1k4/9/9/9/9/2n6/9/9/9/R4K3 w - - 0 1";
    for rs in BOTH {
        assert_eq!(class(fen, "a0a4", rs).category, Category::Idle, "{rs:?}");
    }
}

#[test]
fn s6_5_false_root_the_general_cannot_recapture() {
    // The cannon d8 is protected only by its general e8. With the red horse c6 also on d8, the general
    // cannot recapture (假根): the rook's attack is a chase, and it makes the horse's standing attack one too.
    let false_root = "9/3ck4/R8/2N6/9/9/9/9/9/5K3 w - - 0 1";
    let true_root = "9/3ck4/R8/9/9/9/9/9/9/5K3 w - - 0 1";
    for rs in BOTH {
        let c = class(false_root, "a7a8", rs);
        assert_eq!(c.category, Category::Chase, "{rs:?}");
        assert_eq!(pairs(&c), ["chariot@a8>cannon@d8", "horse@c6>cannon@d8"]);
        assert_eq!(
            class(true_root, "a7a8", rs).category,
            Category::Idle,
            "{rs:?}"
        );
    }
}

#[test]
fn s6_6_cxa_counts_material_insufficient_protection() {
    // The horse joins the rook c1 against the cannon c6, protected once by the horse a7 (少根). AXF: the
    // cannon is truly protected, no chase. CXA: N×C, N×N, R×N wins a piece: chase.
    let fen = "4k4/9/n8/2c6/9/9/5N3/9/2R6/3K5 w - - 0 1";
    assert_eq!(class(fen, "f3d4", Ruleset::Axf).category, Category::Idle);
    let c = class(fen, "f3d4", Ruleset::Cxa);
    assert_eq!(c.category, Category::Chase);
    assert_eq!(pairs(&c), ["horse@d4>cannon@c6"]);
    assert!(c.chases[0].protected);
}

#[test]
fn s6_6_cxa_capture_met_by_mate_in_one_is_no_chase() {
    // After Rxi8 Black mates with a7d7 (the e-file is covered by the facing generals).
    let mate = "4k4/8c/r8/9/9/7R1/9/9/9/3K5 w - - 0 1";
    let no_mate = "4k4/8c/9/9/9/7R1/9/9/9/3K5 w - - 0 1";
    assert_eq!(class(mate, "h4h8", Ruleset::Axf).category, Category::Chase);
    assert_eq!(class(mate, "h4h8", Ruleset::Cxa).category, Category::Idle);
    assert_eq!(
        class(no_mate, "h4h8", Ruleset::Cxa).category,
        Category::Chase
    );
}

// ----- §5 / §7 through the game ------------------------------------------------------------------------------

fn play_all(g: &mut Game, moves: &[&str]) {
    for m in moves {
        g.play_iccs(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

const R05: &str = "4k4/9/8c/9/9/7R1/9/9/9/3K5 w - - 0 1";
const R05_CYCLE: [&str; 4] = ["h4i4", "i7h7", "i4h4", "h7i7"];

#[test]
fn s5_3_repetition_count_is_configurable() {
    for (count, plies) in [(2u32, 4usize), (3, 8), (4, 12)] {
        let options = Options {
            repetition_count: count,
            ..Options::default()
        };
        let mut g = Game::with_options(Position::from_fen(R05).unwrap(), options).unwrap();
        for i in 0..plies {
            assert!(g.outcome().is_none(), "count {count}: ended at ply {i}");
            g.play_iccs(R05_CYCLE[i % 4]).unwrap();
        }
        let o = g.outcome().unwrap();
        assert_eq!(o.reason(), Reason::PerpetualChase);
        assert_eq!(o.offender(), Some(Color::Red));
        // The span runs from the first to the last of the `count` occurrences.
        assert_eq!(o.cycle().len(), plies);
    }
    let bad = Options {
        repetition_count: 1,
        ..Options::default()
    };
    let err = Game::with_options(Position::new(), bad).unwrap_err();
    assert_eq!(
        (err.code(), err.option()),
        ("ERR_OPTIONS", "repetitionCount")
    );
}

#[test]
fn s5_explanation_names_the_chased_piece() {
    let mut g = game(R05, Ruleset::Axf, 2);
    play_all(&mut g, &R05_CYCLE);
    play_all(&mut g, &R05_CYCLE);
    let o = g.outcome().unwrap();
    assert_eq!(
        o.explain(Language::English),
        "Red chased the unprotected black cannon on i7 with the chariot on every move of the cycle; under AXF rules the chaser must vary and loses."
    );
    assert_eq!(
        o.explain(Language::Chinese),
        "红方在循环中每着都用车捉黑i7位无根的炮（长捉）；按亚洲棋规，长捉一方必须变着，不变判负。"
    );
    assert_eq!(o.result().as_str(), "0-1");
    assert_eq!(o.winner(), Some(Color::Black));
    assert_eq!(o.cycle().len(), 8);
    assert_eq!(o.cycle()[0].ply, 1);
    assert_eq!(o.cycle()[0].chased[0].square.to_string(), "i7");
    assert_eq!(
        o.cycle()[2].chased[0].square.to_string(),
        "h7",
        "where it stood"
    );
    assert_eq!(
        o.cycle()[2].chased[0].origin.to_string(),
        "i7",
        "its identity"
    );
}

#[test]
fn s7_2_cxa_perpetual_mate_threat_reason() {
    let fen = "5a2c/9/3k1a3/4N4/6b2/6B2/4R4/3A1K3/9/9 w - - 0 1";
    let cycle = ["e3c3", "d7e7", "c3e3", "e7d7"];
    let mut g = game(fen, Ruleset::Cxa, 2);
    play_all(&mut g, &cycle);
    play_all(&mut g, &cycle);
    let o = g.outcome().unwrap();
    assert_eq!(o.reason(), Reason::PerpetualMateThreat);
    assert_eq!(o.offender(), Some(Color::Red));
}

#[test]
fn s7_2_cxa_mixed_attacks_reason() {
    // R20's check + chase under CXA: perpetualAttack; under AXF a draw.
    let fen = "4k4/9/c8/9/R8/9/9/9/9/3K5 w - - 0 1";
    let cycle = ["a5e5", "e9f9", "e5a5", "f9e9"];
    let mut g = game(fen, Ruleset::Cxa, 2);
    play_all(&mut g, &cycle);
    play_all(&mut g, &cycle);
    assert_eq!(g.outcome().unwrap().reason(), Reason::PerpetualAttack);
    assert!(g
        .outcome()
        .unwrap()
        .explain(Language::English)
        .contains("checked or chased"));
    let mut g = game(fen, Ruleset::Axf, 2);
    play_all(&mut g, &cycle);
    play_all(&mut g, &cycle);
    assert_eq!(g.outcome().unwrap().reason(), Reason::RepetitionDraw);
}

#[test]
fn switching_the_ruleset_re_rules_the_game() {
    // R12: one rook chasing two cannons. AXF draw, CXA Red loses.
    let fen = "4k4/9/c6c1/9/9/8R/9/9/9/3K5 w - - 0 1";
    let moves = [
        "i4a4", "a7b7", "a4h4", "h7i7", "h4b4", "b7a7", "b4i4", "i7h7", "i4a4", "a7b7", "a4h4",
        "h7i7", "h4b4", "b7a7", "b4i4", "i7h7",
    ];
    let mut g = game(fen, Ruleset::Axf, 2);
    play_all(&mut g, &moves);
    assert_eq!(g.outcome().unwrap().result().as_str(), "1/2-1/2");
    let mut o = *g.options();
    o.ruleset = Ruleset::Cxa;
    g.set_options(o).unwrap();
    assert_eq!(g.outcome().unwrap().result().as_str(), "0-1");
    assert_eq!(g.outcome().unwrap().ruleset(), Ruleset::Cxa);
    assert_eq!(g.history().len(), 16);
}

#[test]
fn s6_6_4_cxa_chase_through_a_check() {
    // Ra2-e2 lines the rook up behind the horse e5: next, Ne5-f7 discovers check and the horse then takes the
    // horse h8 whatever Black replies (抽将). CXA: a chase; AXF: allowed (要抽吃, AXF 4.3.10); with the option
    // off (the reference classifier of the rulings catalogue): idle. The elephant c9 shuts the rank-9 skewer of the
    // control below.
    let fen = "2b1k4/7n1/9/9/4N4/9/9/R8/9/3K5 w - - 0 1";
    let c = class(fen, "a2e2", Ruleset::Cxa);
    assert_eq!(c.category, Category::Chase);
    assert!(pairs(&c).contains(&"horse@e5>horse@h8".to_string()));
    assert!(c.chases.iter().all(|p| p.via_check));
    assert_eq!(class(fen, "a2e2", Ruleset::Axf).category, Category::Idle);
    assert_eq!(class(fen, "a2b2", Ruleset::Cxa).category, Category::Idle);
    let off = Options {
        ruleset: Ruleset::Cxa,
        cxa_check_chases: false,
        ..Options::default()
    };
    let g = Game::with_options(Position::from_fen(fen).unwrap(), off).unwrap();
    let c = g.classify_move("a2e2".parse().unwrap()).unwrap();
    assert_eq!(c.category, Category::Idle);
}

#[test]
fn s6_6_4_cxa_chase_through_a_check_must_be_new() {
    // Without the elephant c9, the rook a2 already wins the horse h8 before Ra2-e2 by two checks: Ra9+ (only
    // Ke8) Ra8+ and Rxh8. The threat on h8 stands before the move, so Ra2-e2 creates no chase (CXA 棋例 捉 2,
    // "上一着尚不存在"). Searched one check deep (mate_threat_depth 1) the standing threat is not seen and the
    // move looks like a chase.
    let fen = "4k4/7n1/9/9/4N4/9/9/R8/9/3K5 w - - 0 1";
    assert_eq!(class(fen, "a2e2", Ruleset::Cxa).category, Category::Idle);
    let shallow = class_depth(fen, "a2e2", Ruleset::Cxa, 1);
    assert_eq!(shallow.category, Category::Chase);
    assert_eq!(pairs(&shallow), ["horse@e5>horse@h8"]);
}

#[test]
fn s6_6_4_cxa_chase_through_two_checks() {
    // The elephant a2 leaves the a-file: Ra0-a9+ Ke8 Ra8+ (Ke7 or Ke9) and Rxh8 wins the unprotected horse
    // through two checks (连续照将, CXA 棋例 捉 1, 术语3). Found at the default depth (2), not one check deep.
    let fen = "4k4/7n1/9/9/9/9/9/B8/9/R2K5 w - - 0 1";
    let c = class(fen, "a2c4", Ruleset::Cxa);
    assert_eq!(c.category, Category::Chase);
    assert_eq!(pairs(&c), ["chariot@a0>horse@h8"]);
    assert!(c.chases[0].via_check && !c.chases[0].protected);
    assert_eq!(
        class_depth(fen, "a2c4", Ruleset::Cxa, 1).category,
        Category::Idle
    );
    assert_eq!(class(fen, "a2c4", Ruleset::Axf).category, Category::Idle);
    // Control: with a black advisor on d9 the rank-9 check is blocked and nothing is won.
    let blocked = "3ak4/7n1/9/9/9/9/9/B8/9/R2K5 w - - 0 1";
    for rs in BOTH {
        assert_eq!(
            class(blocked, "a2c4", rs).category,
            Category::Idle,
            "{rs:?}"
        );
    }
}

#[test]
fn s6_6_5_cxa_one_piece_for_two_soldiers_is_no_gain() {
    // g0e2: the elephant attacks the crossed soldier c4, protected by the soldier c5, with the horse b2
    // behind: Bxc4 pxc4 Nxc4 is an elephant for two soldiers — no gain (一子换取数兵不算得子, CXA 棋例 释义 3),
    // and AXF sees a truly protected soldier. Without the protecting soldier c5 both rule sets see a chase.
    let protected = "5k3/9/9/9/2p6/2p6/9/1N7/9/3K2B2 w - - 0 1";
    let bare = "5k3/9/9/9/9/2p6/9/1N7/9/3K2B2 w - - 0 1";
    for rs in BOTH {
        assert_eq!(
            class(protected, "g0e2", rs).category,
            Category::Idle,
            "{rs:?}"
        );
        let c = class(bare, "g0e2", rs);
        assert_eq!(c.category, Category::Chase, "{rs:?}");
        assert_eq!(pairs(&c), ["elephant@e2>soldier@c4"], "{rs:?}");
    }
}

#[test]
fn s6_6_6_arbiter_override_idle() {
    // R05: Red chases on every move and loses; the arbiter rules Red's second move idle: a draw.
    for rs in BOTH {
        let mut g = game(R05, rs, 2);
        play_all(&mut g, &R05_CYCLE);
        play_all(&mut g, &R05_CYCLE);
        assert_eq!(g.outcome().unwrap().reason(), Reason::PerpetualChase);
        assert!(!g.override_idle(9), "no such ply");
        assert!(g.override_idle(3));
        assert_eq!(g.idle_overrides(), [3]);
        let o = g.outcome().unwrap();
        assert_eq!(
            (o.reason(), o.result().as_str()),
            (Reason::RepetitionDraw, "1/2-1/2")
        );
        assert_eq!(o.cycle()[2].category, Category::Idle);
        assert_eq!(
            o.cycle()[6].category,
            Category::Chase,
            "only the overridden ply"
        );
        g.undo();
        g.undo();
        g.undo();
        g.undo();
        g.undo();
        g.undo();
        assert!(g.idle_overrides().is_empty(), "dropped with the move");
    }
}

#[test]
fn cxa_perpetual_chase_of_two_pieces_is_explained() {
    let fen = "4k4/9/c6c1/9/9/8R/9/9/9/3K5 w - - 0 1";
    let mut g = game(fen, Ruleset::Cxa, 2);
    for m in
        "i4a4 a7b7 a4h4 h7i7 h4b4 b7a7 b4i4 i7h7 i4a4 a7b7 a4h4 h7i7 h4b4 b7a7 b4i4 i7h7".split(' ')
    {
        g.play_iccs(m).unwrap();
    }
    let o = g.outcome().unwrap();
    assert_eq!(o.offender(), Some(Color::Red));
    assert_eq!(
        o.explain(Language::English),
        "Red chased the unprotected black cannon on a7 with the chariot and the unprotected black cannon on h7 with the chariot on every move of the cycle; under CXA rules the chaser must vary and loses."
    );
    assert_eq!(
        o.explain(Language::Chinese),
        "红方在循环中每着都用车捉黑a7位无根的炮，用车捉黑h7位无根的炮（长捉）；按中国棋规，长捉一方必须变着，不变判负。"
    );
}
