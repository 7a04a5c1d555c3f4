//! Ruling a repetition span (docs/rules.md §5.4–§5.6, §7).

use super::{classify, Category, GameResult, Options, Reason, Ruleset};
use crate::{Color, Move, Piece, Position, Square};

/// A chased piece in one move of a cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChasedPiece {
    /// The chased piece.
    pub piece: Piece,
    /// Its identity: the point it stood on at the start of the span (§5.6). The same piece keeps the same
    /// origin through the whole span however it moves.
    pub origin: Square,
    /// Where it stood when it was chased.
    pub square: Square,
    /// The chasing pieces and where they stood.
    pub attackers: Vec<(Piece, Square)>,
    /// Whether it was truly protected (真根).
    pub protected: bool,
}

/// One move of a repetition span with its classification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleMove {
    /// Ply number of the move in the game (1 = the first move played from the start position).
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// Who played it.
    pub color: Color,
    /// Its category under the rule set of the ruling.
    pub category: Category,
    /// The pieces it chased (CHASE moves; empty otherwise).
    pub chased: Vec<ChasedPiece>,
    /// Whether the move created a soldier's chase (counted only by the CXA re-count, §6.4).
    pub soldier_chase: bool,
}

/// What a repetition span decides (§7): data only; [`RepetitionRuling::explain`] renders it as a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepetitionRuling {
    /// The score: a draw, or a loss for the side that must vary.
    pub result: GameResult,
    /// The reason code.
    pub reason: Reason,
    /// The side that must vary (and loses in adjudicate mode).
    pub offender: Option<Color>,
    /// The classified moves of the span.
    pub cycle: Vec<CycleMove>,
    /// The rule set that ruled.
    pub ruleset: Ruleset,
    /// The occurrence of the position that triggered the ruling (`Options::repetition_count`).
    pub repetition_count: u32,
}

/// Per-side summary of a span.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SideSummary {
    pub all_check: bool,
    pub all_chase: bool,
    pub all_threat: bool,
    pub bad: bool,
    /// The pieces chased on every move (AXF perpetual chase), as origins.
    pub common_targets: Option<crate::Bitboard>,
}

/// Rules the span `moves`, played from `start` (the first of the repeated positions): classifies every
/// move (§6) and applies the verdict table of `options.ruleset` (§7). `first_ply` is the game ply number of
/// the first move of the span. The moves must be legal from `start`.
pub fn rule_repetition(
    start: &Position,
    moves: &[Move],
    first_ply: usize,
    options: &Options,
) -> RepetitionRuling {
    rule_repetition_with_overrides(start, moves, first_ply, options, &[])
}

/// [`rule_repetition`] with arbiter overrides: the moves whose game ply number is in `idle_plies` are ruled
/// IDLE whatever they threaten (CXA 棋例 通则 3, a move occupying a defensive key point; docs/rules.md §6.6(6)).
pub fn rule_repetition_with_overrides(
    start: &Position,
    moves: &[Move],
    first_ply: usize,
    options: &Options,
    idle_plies: &[usize],
) -> RepetitionRuling {
    let ruleset = options.ruleset;
    let mut pos = start.clone();
    // identity of the piece on each point: its square at the start of the span.
    let mut origin: [Option<Square>; 90] = [None; 90];
    for (sq, _) in pos.board().pieces() {
        origin[sq.index()] = Some(sq);
    }
    let mut cycle = Vec::with_capacity(moves.len());
    for (i, &m) in moves.iter().enumerate() {
        let color = pos.turn();
        let mut c = classify(&pos, m, options);
        if idle_plies.contains(&(first_ply + i)) && !c.check {
            c.category = Category::Idle;
            c.chases.clear();
            c.soldier_chases.clear();
        }
        // identities after the move
        origin[m.to.index()] = origin[m.from.index()].take();
        let mut chased: Vec<ChasedPiece> = Vec::new();
        for pair in &c.chases {
            let id = origin[pair.target_square.index()].unwrap_or(pair.target_square);
            match chased.iter_mut().find(|p| p.origin == id) {
                Some(p) => {
                    p.attackers.push((pair.attacker, pair.attacker_square));
                    p.protected |= pair.protected;
                }
                None => chased.push(ChasedPiece {
                    piece: pair.target,
                    origin: id,
                    square: pair.target_square,
                    attackers: vec![(pair.attacker, pair.attacker_square)],
                    protected: pair.protected,
                }),
            }
        }
        if c.category != Category::Chase {
            chased.clear();
        }
        cycle.push(CycleMove {
            ply: first_ply + i,
            mv: m,
            color,
            category: c.category,
            chased,
            soldier_chase: !c.soldier_chases.is_empty(),
        });
        pos.play_unchecked(m);
    }
    let (result, reason, offender) = verdict(&cycle, ruleset);
    RepetitionRuling {
        result,
        reason,
        offender,
        cycle,
        ruleset,
        repetition_count: options.repetition_count,
    }
}

pub(crate) fn summarize(cycle: &[CycleMove], color: Color, ruleset: Ruleset) -> SideSummary {
    let mine: Vec<&CycleMove> = cycle.iter().filter(|c| c.color == color).collect();
    if mine.is_empty() {
        return SideSummary::default();
    }
    let all = |f: &dyn Fn(&CycleMove) -> bool| mine.iter().all(|c| f(c));
    let all_check = all(&|c| c.category == Category::Check);
    let all_chase = all(&|c| c.category == Category::Chase);
    let all_threat = all(&|c| c.category == Category::MateThreat);
    let mut common = crate::Bitboard::FULL;
    for c in &mine {
        let mut s = crate::Bitboard::EMPTY;
        for p in &c.chased {
            s = s.with(p.origin);
        }
        common &= s;
    }
    let bad = match ruleset {
        Ruleset::Axf => !all_check && all_chase && !common.is_empty(),
        Ruleset::Cxa => all(&|c| c.category != Category::Idle),
    };
    SideSummary {
        all_check,
        all_chase,
        all_threat,
        bad,
        common_targets: Some(common),
    }
}

type Verdict = (GameResult, Reason, Option<Color>);

/// The verdict tables of §7.1 / §7.2 (pseudo-code §7.3).
fn verdict(cycle: &[CycleMove], ruleset: Ruleset) -> Verdict {
    let mut s = [
        summarize(cycle, Color::Red, ruleset),
        summarize(cycle, Color::Black, ruleset),
    ];
    if ruleset == Ruleset::Cxa {
        // Soldier re-count (CXA 棋例 通则 2): if the other side is forbidden, a side's soldier chases count.
        let orig = [s[0].bad, s[1].bad];
        for color in Color::ALL {
            let (me, them) = (color.index(), color.other().index());
            if orig[them] && !orig[me] {
                s[me].bad = cycle
                    .iter()
                    .filter(|c| c.color == color)
                    .all(|c| c.category != Category::Idle || c.soldier_chase);
            }
        }
    }
    let pc = [s[0].all_check, s[1].all_check];
    let loses = |c: Color, reason: Reason| (GameResult::win_for(c.other()), reason, Some(c));
    if pc[0] && pc[1] {
        return (GameResult::Draw, Reason::MutualPerpetual, None);
    }
    for color in Color::ALL {
        if pc[color.index()] {
            return loses(color, Reason::PerpetualCheck);
        }
    }
    let bad = [s[0].bad, s[1].bad];
    if bad[0] && bad[1] {
        return (GameResult::Draw, Reason::MutualPerpetual, None);
    }
    for color in Color::ALL {
        let me = &s[color.index()];
        if bad[color.index()] {
            let reason = if me.all_chase {
                Reason::PerpetualChase
            } else if me.all_threat {
                Reason::PerpetualMateThreat
            } else {
                Reason::PerpetualAttack
            };
            return loses(color, reason);
        }
    }
    (GameResult::Draw, Reason::RepetitionDraw, None)
}
