//! Classifying one move as check, mate threat, chase or idle (RULES.md §6).
//!
//! Everything here works on [`Board`]s and [`Position`]s without touching the game: it is used both for the
//! moves of a repetition span and for [`Game::classify_move`](crate::rules::Game::classify_move).

use super::{Options, Ruleset};
use crate::rules::{Board, Color, Move, Piece, Position, Role, Setup, Square};

/// The character of a move (RULES.md §6). When a move has several characters the heavier one is taken
/// (从重, cóng zhòng): CXA CHECK > MATE-THREAT > CHASE > IDLE, AXF CHECK > CHASE > MATE-THREAT > IDLE.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// 将 / 照 (jiāng / zhào): the move gives check.
    Check,
    /// 杀 (shā): the move creates a forced mate by checks within `mate_threat_depth` moves.
    MateThreat,
    /// 捉 (zhuō): the move creates a threat to win a specific enemy piece.
    Chase,
    /// 闲 (xián): none of the above.
    Idle,
}

impl Category {
    /// Stable code: `check`, `mateThreat`, `chase`, `idle`.
    pub const fn code(self) -> &'static str {
        match self {
            Category::Check => "check",
            Category::MateThreat => "mateThreat",
            Category::Chase => "chase",
            Category::Idle => "idle",
        }
    }

    /// Chinese name: 将, 杀, 捉, 闲.
    pub const fn chinese(self) -> &'static str {
        match self {
            Category::Check => "将",
            Category::MateThreat => "杀",
            Category::Chase => "捉",
            Category::Idle => "闲",
        }
    }
}

/// One (attacker, target) pair of a chase (RULES.md §6.3), as it stands after the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChasePair {
    /// The chasing piece.
    pub attacker: Piece,
    /// Where the chasing piece stands after the move.
    pub attacker_square: Square,
    /// The chased piece.
    pub target: Piece,
    /// Where the chased piece stands.
    pub target_square: Square,
    /// Whether the target is truly protected (真根, zhēn gēn): after the capture some enemy piece can legally
    /// recapture. (A chase of a protected piece happens when a horse or cannon attacks a chariot, or, under
    /// CXA, when the capture wins material all the same.)
    pub protected: bool,
    /// CXA only: the threat goes through a check (抽将): `attacker` is the piece that gives the check, after
    /// which every reply leaves a winning capture of the target by a piece other than a general or soldier.
    pub via_check: bool,
}

/// The classification of one move (RULES.md §6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classification {
    /// The category under the rule set asked for (heavier character first).
    pub category: Category,
    /// The move gives check.
    pub check: bool,
    /// The move creates a mate threat (only computed when it can matter; `false` when not computed).
    pub mate_threat: bool,
    /// The chase pairs created by the move (empty for a check).
    pub chases: Vec<ChasePair>,
    /// Chase pairs whose attacker is a soldier (idle on their own; CXA counts them when the other side is
    /// itself forbidden, RULES.md §6.4).
    pub soldier_chases: Vec<ChasePair>,
}

/// Value of a piece for the CXA chase condition (RULES.md §6.6(5)): chariot 4, horse 2, cannon 2, advisor 1,
/// elephant 1, crossed soldier 1, uncrossed soldier 0, general "infinite" (100).
pub(in crate::rules) fn cxa_value(piece: Piece, on: Square) -> i32 {
    match piece.role {
        Role::General => 100,
        Role::Chariot => 4,
        Role::Horse | Role::Cannon => 2,
        Role::Advisor | Role::Elephant => 1,
        Role::Soldier => i32::from(!on.on_own_half(piece.color)),
    }
}

/// Whether the piece on `from` can capture on `to` by its movement rule (pins ignored).
fn can_capture(b: &Board, from: Square, to: Square) -> bool {
    match b.piece_at(from) {
        Some(p) => b.attackers(to, p.color).contains(from),
        None => false,
    }
}

/// Whether the capture `from`×`to` leaves the capturer's general safe (not attacked, generals not facing).
fn capture_is_legal(b: &Board, from: Square, to: Square) -> bool {
    let Some(p) = b.piece_at(from) else {
        return false;
    };
    if b.piece_at(to).is_some_and(|t| t.role == Role::General) {
        return false;
    }
    let mut c = b.clone();
    c.move_piece(from, to);
    match c.general(p.color) {
        Some(g) => !c.general_attacked(g, p.color.other()),
        None => false,
    }
}

/// Whether some piece of `defender` can legally capture on `sq` (a true root, 真根).
fn truly_protected(b: &Board, sq: Square, defender: Color) -> bool {
    b.attackers(sq, defender)
        .into_iter()
        .any(|p| capture_is_legal(b, p, sq))
}

/// Static exchange evaluation with legal captures: the best net gain (≥ 0) for `side` of starting or
/// continuing a capture sequence on `sq`, each side free to stop.
fn see(b: &Board, sq: Square, side: Color, depth: u32) -> i32 {
    let Some(victim) = b.piece_at(sq) else {
        return 0;
    };
    if depth > 32 {
        return 0;
    }
    let value = cxa_value(victim, sq);
    let mut best = 0;
    for p in b.attackers(sq, side) {
        if !capture_is_legal(b, p, sq) {
            continue;
        }
        let mut c = b.clone();
        c.move_piece(p, sq);
        best = best.max(value - see(&c, sq, side.other(), depth + 1));
    }
    best
}

/// Whether `side` (to move on `b`) has a mate in one.
fn has_mate_in_one(b: &Board, side: Color) -> bool {
    let setup = Setup {
        board: b.clone(),
        turn: side,
        halfmoves: 0,
        fullmoves: 1,
    };
    let Ok(pos) = Position::from_setup(setup) else {
        return false;
    };
    let mut found = false;
    pos.for_each_legal(|m| {
        if !found {
            let mut p = pos.clone();
            p.play_unchecked(m);
            if p.is_check() && !p.has_legal_move() {
                found = true;
            }
        }
    });
    found
}

/// The chase condition of a pair (RULES.md §6.3 condition 1 / §6.5 / §6.6) on board `b`, where the attacker's
/// side is the side that would capture. Returns `Some(protected)` when it holds. `need_legal`: whether the
/// capture must be legal (true after the move, false for the newness test before it).
fn chase_condition(
    b: &Board,
    a: Square,
    t: Square,
    ruleset: Ruleset,
    need_legal: bool,
) -> Option<bool> {
    let ap = b.piece_at(a)?;
    let tp = b.piece_at(t)?;
    if ap.color == tp.color || tp.role == Role::General || ap.role == Role::General {
        return None;
    }
    // An uncrossed soldier is never a target (S0 4.3.3; S2-C 释义3).
    if tp.role == Role::Soldier && t.on_own_half(tp.color) {
        return None;
    }
    if !can_capture(b, a, t) {
        return None;
    }
    if need_legal && !capture_is_legal(b, a, t) {
        return None;
    }
    // Same-kind mutual attack (兑 / 献): idle when the target can legally capture back (§6.4).
    if ap.role == tp.role && can_capture(b, t, a) && capture_is_legal(b, t, a) {
        return None;
    }
    let mut after = b.clone();
    after.move_piece(a, t);
    let protected = truly_protected(&after, t, tp.color);
    match ruleset {
        Ruleset::Axf => {
            let weaker_on_stronger = matches!(ap.role, Role::Horse | Role::Cannon)
                && tp.role == Role::Chariot
                || matches!(ap.role, Role::Advisor | Role::Elephant)
                    && matches!(tp.role, Role::Chariot | Role::Horse | Role::Cannon);
            (weaker_on_stronger || !protected).then_some(protected)
        }
        Ruleset::Cxa => {
            let gain = cxa_value(tp, t) - see(&after, t, tp.color, 0);
            if gain <= 0 || has_mate_in_one(&after, tp.color) {
                None
            } else {
                Some(protected)
            }
        }
    }
}

/// Whether the side to move has a forced mate using only checking moves within `depth` of its moves.
pub(in crate::rules) fn mate_by_checks(pos: &Position, depth: u32) -> bool {
    if depth == 0 {
        return false;
    }
    let moves = pos.legal_moves();
    for &m in moves.iter() {
        let mut p = pos.clone();
        p.play_unchecked(m);
        if !p.is_check() {
            continue;
        }
        let replies = p.legal_moves();
        if replies.is_empty() {
            return true;
        }
        if depth > 1
            && replies.iter().all(|&r| {
                let mut q = p.clone();
                q.play_unchecked(r);
                mate_by_checks(&q, depth - 1)
            })
        {
            return true;
        }
    }
    false
}

/// CXA chases through a check (抽将, chōu jiàng; S2-C 捉1, RULES.md §6.6(4)), one check deep: the enemy
/// pieces `t` for which the side to move in `pos` has a checking move after which **every** reply leaves a
/// legal capture of `t` (wherever it went) that wins material by the CXA values. Returns (checking piece,
/// its square, target square) triples; direct captures of `t` by the check itself are left out (they are
/// direct attacks).
fn check_capture_targets(pos: &Position) -> Vec<(Piece, Square, Square)> {
    let x = pos.turn();
    let y = x.other();
    let mut out: Vec<(Piece, Square, Square)> = Vec::new();
    let b = pos.board();
    let valuable: Vec<Square> = b
        .by_color(y)
        .into_iter()
        .filter(|&t| {
            b.piece_at(t)
                .is_some_and(|p| p.role != Role::General && cxa_value(p, t) > 0)
        })
        .collect();
    if valuable.is_empty() {
        return out;
    }
    let moves = pos.legal_moves();
    for &c in moves.iter() {
        if valuable.contains(&c.to) {
            continue;
        }
        let mut p = pos.clone();
        p.play_unchecked(c);
        if !p.is_check() {
            continue;
        }
        let replies = p.legal_moves();
        if replies.is_empty() {
            continue; // a mate, not a capture
        }
        for &t in &valuable {
            if out.iter().any(|o| o.2 == t) {
                continue;
            }
            let wins_everywhere = replies.iter().all(|&r| {
                let t_now = if r.from == t { r.to } else { t };
                let mut q = p.clone();
                q.play_unchecked(r);
                let qb = q.board();
                let Some(tp) = qb.piece_at(t_now) else {
                    return false;
                };
                qb.attackers(t_now, x).into_iter().any(|a| {
                    // Captures by a general or a soldier are their own attacks: idle (§6.4).
                    let capturer = qb.piece_at(a).map(|p| p.role);
                    if matches!(capturer, Some(Role::General | Role::Soldier))
                        || !capture_is_legal(qb, a, t_now)
                    {
                        return false;
                    }
                    let mut after = qb.clone();
                    after.move_piece(a, t_now);
                    cxa_value(tp, t_now) - see(&after, t_now, y, 0) > 0
                })
            });
            if wins_everywhere {
                let checker = b.piece_at(c.from).unwrap_or_else(|| unreachable!());
                out.push((checker, c.from, t));
            }
        }
    }
    out
}

/// Classifies the legal move `m` of the side to move in `before` (RULES.md §6) under `options.ruleset`.
///
/// `options.mate_threat_depth` bounds the check sequences of the mate-threat test (§6.2; default 2);
/// `options.cxa_check_chases` switches the CXA chases through a check (§6.6(4)). The caller guarantees that
/// `m` is legal in `before`.
pub fn classify(before: &Position, m: Move, options: &Options) -> Classification {
    let ruleset = options.ruleset;
    let mate_threat_depth = options.mate_threat_depth;
    let x = before.turn();
    let y = x.other();
    let mut after = before.clone();
    after.play_unchecked(m);
    let check = after.is_check();
    let mut chases = Vec::new();
    let mut soldier_chases = Vec::new();
    if check {
        return Classification {
            category: Category::Check,
            check,
            mate_threat: false,
            chases,
            soldier_chases,
        };
    }
    let ab = after.board();
    let bb = before.board();
    for t in ab.by_color(y) {
        let Some(tp) = ab.piece_at(t) else { continue };
        if tp.role == Role::General || (tp.role == Role::Soldier && t.on_own_half(y)) {
            continue;
        }
        for a in ab.attackers(t, x) {
            let Some(ap) = ab.piece_at(a) else { continue };
            if ap.role == Role::General {
                continue;
            }
            let Some(protected) = chase_condition(ab, a, t, ruleset, true) else {
                continue;
            };
            // Newness (§6.3.4): the same pair, identities carried back across the move, without the
            // legality requirement.
            let a_before = if a == m.to { m.from } else { a };
            if chase_condition(bb, a_before, t, ruleset, false).is_some() {
                continue;
            }
            let pair = ChasePair {
                attacker: ap,
                attacker_square: a,
                target: tp,
                target_square: t,
                protected,
                via_check: false,
            };
            if ap.role == Role::Soldier {
                soldier_chases.push(pair);
            } else {
                chases.push(pair);
            }
        }
    }
    if ruleset == Ruleset::Cxa && options.cxa_check_chases {
        // Chases through a check (抽将): new since the move, not already a direct chase.
        let mut passed = after.clone();
        passed.pass_unchecked();
        let now = check_capture_targets(&passed);
        if !now.is_empty() {
            let before_targets = check_capture_targets(before);
            for (checker, from, t) in now {
                if before_targets.iter().any(|o| o.2 == t)
                    || chases.iter().any(|p| p.target_square == t)
                {
                    continue;
                }
                let Some(tp) = ab.piece_at(t) else { continue };
                chases.push(ChasePair {
                    attacker: checker,
                    attacker_square: from,
                    target: tp,
                    target_square: t,
                    protected: !ab.attackers(t, y).is_empty(),
                    via_check: true,
                });
            }
        }
    }
    let need_threat = ruleset == Ruleset::Cxa || chases.is_empty();
    let mate_threat = need_threat && {
        let mut passed = after.clone();
        passed.pass_unchecked();
        mate_by_checks(&passed, mate_threat_depth) && !mate_by_checks(before, mate_threat_depth)
    };
    let category = match ruleset {
        Ruleset::Cxa if mate_threat => Category::MateThreat,
        _ if !chases.is_empty() => Category::Chase,
        _ if mate_threat => Category::MateThreat,
        _ => Category::Idle,
    };
    Classification {
        category,
        check,
        mate_threat,
        chases,
        soldier_chases,
    }
}
