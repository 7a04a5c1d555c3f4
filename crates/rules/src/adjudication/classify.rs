//! Classifying one move as check, mate threat, chase or idle (docs/rules.md §6).
//!
//! Everything here works on [`Board`]s and [`Position`]s without touching the game: it is used both for the
//! moves of a repetition span and for [`Game::classify_move`](crate::Game::classify_move).

use super::{Options, Ruleset};
use crate::{Board, Color, Move, Piece, Position, Role, Setup, Square};

/// The character of a move (docs/rules.md §6). When a move has several characters the heavier one is taken
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

/// One (attacker, target) pair of a chase (docs/rules.md §6.3), as it stands after the move.
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

/// The classification of one move (docs/rules.md §6).
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
    /// itself forbidden, docs/rules.md §6.4).
    pub soldier_chases: Vec<ChasePair>,
}

/// Value of a piece for the CXA chase condition (docs/rules.md §6.6(5)): chariot 4, horse 2, cannon 2, advisor 1,
/// elephant 1, crossed soldier 1, uncrossed soldier 0, general "infinite" (100).
pub(crate) fn cxa_value(piece: Piece, on: Square) -> i32 {
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

/// The material the side of the piece on `a` wins by capturing the piece on `t` and playing the exchange
/// on that point out (docs/rules.md §6.6(2)): a capture sequence with legal captures, least valuable or not,
/// each side free to stop at every turn, scored by the CXA values of the pieces taken and lost.
///
/// CXA 棋例 释义 3: "过河兵（卒）价值浮动，一兵换取数子或一子换取数兵均不算得子" — a crossed soldier's value floats;
/// giving one soldier for several pieces, or one piece for several soldiers, is no gain (docs/rules.md §6.6(5)).
/// With `soldier_rule`, a sequence that ends in such a trade scores 0 for the capturer whatever the values
/// say, and the defender may choose it: recapturing to turn "a soldier won for nothing" into "one piece for
/// two soldiers" saves it the piece. (The plain static exchange evaluation is `soldier_rule = false`.)
pub(crate) fn exchange_gain(b: &Board, a: Square, t: Square, soldier_rule: bool) -> i32 {
    let (Some(ap), Some(tp)) = (b.piece_at(a), b.piece_at(t)) else {
        return 0;
    };
    let mut after = b.clone();
    after.move_piece(a, t);
    let mut line = vec![tp];
    exchange(
        &after,
        t,
        ap.color.other(),
        ap.color,
        &mut line,
        soldier_rule,
    )
}

/// The score for `x` of the exchange on `sq` with `side` to capture next; `line` holds the pieces taken so
/// far (even places by `x`, odd places from `x`). Max for `x`, min for the other side; stopping is always
/// allowed.
fn exchange(
    b: &Board,
    sq: Square,
    side: Color,
    x: Color,
    line: &mut Vec<Piece>,
    soldier_rule: bool,
) -> i32 {
    let stop = exchange_score(line, sq, soldier_rule);
    if line.len() > 32 {
        return stop;
    }
    let Some(victim) = b.piece_at(sq) else {
        return stop;
    };
    let mut best = stop;
    for p in b.attackers(sq, side) {
        if !capture_is_legal(b, p, sq) {
            continue;
        }
        let mut c = b.clone();
        c.move_piece(p, sq);
        line.push(victim);
        let v = exchange(&c, sq, side.other(), x, line, soldier_rule);
        line.pop();
        best = if side == x { best.max(v) } else { best.min(v) };
    }
    best
}

/// Net material of an exchange line for the side that captured first (see [`exchange_gain`]).
fn exchange_score(line: &[Piece], sq: Square, soldier_rule: bool) -> i32 {
    let value = |p: &Piece| cxa_value(*p, sq);
    let won: Vec<Piece> = line.iter().step_by(2).copied().collect();
    let lost: Vec<Piece> = line.iter().skip(1).step_by(2).copied().collect();
    let net = won.iter().map(value).sum::<i32>() - lost.iter().map(value).sum::<i32>();
    if !soldier_rule || net <= 0 {
        return net;
    }
    // Only pieces with a value count (an uncrossed soldier is no 子力, CXA 棋例 释义 3).
    let soldier = |p: &Piece| p.role == Role::Soldier;
    let counted =
        |v: &[Piece]| -> Vec<Piece> { v.iter().filter(|p| value(p) > 0).copied().collect() };
    let (won, lost) = (counted(&won), counted(&lost));
    let one_for_several = |one_is_soldier: bool| {
        lost.len() == 1
            && soldier(&lost[0]) == one_is_soldier
            && won.len() >= 2
            && won.iter().all(|p| soldier(p) != one_is_soldier)
    };
    if one_for_several(true) || one_for_several(false) {
        0 // 一兵换取数子 / 一子换取数兵
    } else {
        net
    }
}

/// [`exchange_gain`] with the soldier rule: what the CXA chase condition counts.
pub(crate) fn cxa_gain(b: &Board, a: Square, t: Square) -> i32 {
    exchange_gain(b, a, t, true)
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

/// The chase condition of a pair (docs/rules.md §6.3 condition 1 / §6.5 / §6.6) on board `b`, where the attacker's
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
    // An uncrossed soldier is never a target (AXF 4.3.3; CXA 棋例 释义 3).
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
            if cxa_gain(b, a, t) <= 0 || has_mate_in_one(&after, tp.color) {
                None
            } else {
                Some(protected)
            }
        }
    }
}

/// Whether the side to move has a forced mate using only checking moves within `depth` of its moves.
pub(crate) fn mate_by_checks(pos: &Position, depth: u32) -> bool {
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

/// A set of chase targets, by their index in the target list (at most 16 pieces a side).
type TargetSet = u32;

/// Whether `x` (to move on `b`) can take the piece on `t` at once and win material by it (docs/rules.md §6.6(2),
/// soldier rule included) without being mated in one (CXA 棋例 捉 4), with a piece other than its general or a
/// soldier (their own attacks are idle, §6.4).
fn wins_now(b: &Board, t: Square, x: Color) -> bool {
    b.attackers(t, x).into_iter().any(|a| {
        let capturer = b.piece_at(a).map(|p| p.role);
        if matches!(capturer, Some(Role::General | Role::Soldier)) || !capture_is_legal(b, a, t) {
            return false;
        }
        if cxa_gain(b, a, t) <= 0 {
            return false;
        }
        let mut after = b.clone();
        after.move_piece(a, t);
        !has_mate_in_one(&after, x.other())
    })
}

/// The targets that the side to move in `pos` wins here: by a capture now, or (`depth` > 0) through a
/// checking move followed by more play of the same kind ([`check_wins`]). `targets` holds where each
/// target stands (`None` once it is gone).
fn node_wins(pos: &Position, targets: &[Option<Square>], depth: u32) -> TargetSet {
    let x = pos.turn();
    let all = present(targets);
    let b = pos.board();
    let mut won: TargetSet = 0;
    for (i, t) in targets.iter().enumerate() {
        if t.is_some_and(|t| wins_now(b, t, x)) {
            won |= 1 << i;
        }
    }
    if depth == 0 || won == all {
        return won;
    }
    for &c in pos.legal_moves().iter() {
        won |= check_wins(pos, c, targets, depth, true);
        if won == all {
            break;
        }
    }
    won
}

fn present(targets: &[Option<Square>]) -> TargetSet {
    targets
        .iter()
        .enumerate()
        .filter(|(_, t)| t.is_some())
        .fold(0, |s, (i, _)| s | 1 << i)
}

/// The targets won by playing `c` in `pos` when `c` gives check (empty otherwise): those that, whatever the
/// checked side replies, the checking side then wins ([`node_wins`] with one check fewer). A check that
/// mates wins every target when `mates_win` (a mate is more than any capture), none otherwise (at the first
/// move of a chase it is a mate threat, not a chase).
fn check_wins(
    pos: &Position,
    c: Move,
    targets: &[Option<Square>],
    depth: u32,
    mates_win: bool,
) -> TargetSet {
    let mut p = pos.clone();
    p.play_unchecked(c);
    if !p.is_check() {
        return 0;
    }
    // A target taken by the check itself is a direct capture, not one through the check.
    let after_check: Vec<Option<Square>> =
        targets.iter().map(|t| t.filter(|&t| t != c.to)).collect();
    let replies = p.legal_moves();
    if replies.is_empty() {
        return if mates_win { present(&after_check) } else { 0 };
    }
    let mut won = present(&after_check);
    for &r in replies.iter() {
        let moved: Vec<Option<Square>> = after_check
            .iter()
            .map(|t| t.map(|t| if t == r.from { r.to } else { t }))
            .collect();
        let mut q = p.clone();
        q.play_unchecked(r);
        won &= node_wins(&q, &moved, depth - 1);
        if won == 0 {
            break;
        }
    }
    won
}

/// The enemy pieces with a value (docs/rules.md §6.6(1)) that could be chased: the targets of [`check_wins`].
fn valuable_targets(b: &Board, y: Color) -> Vec<Option<Square>> {
    b.by_color(y)
        .into_iter()
        .filter(|&t| {
            b.piece_at(t)
                .is_some_and(|p| p.role != Role::General && cxa_value(p, t) > 0)
        })
        .map(Some)
        .collect()
}

/// CXA chases through checks (抽将, chōu jiàng; CXA 棋例 捉 1 "能够通过连续照将吃子", 术语3 "包括从下一着开始运用
/// 连续照将…的手段", docs/rules.md §6.6(4)): for the move `m` played from `before` to `after`, the pieces `t` of the
/// other side that the mover, were it to move again, wins by a check after which every reply leaves either
/// a winning capture of `t` (wherever it went) or, up to `depth` checks in all, another check of the same
/// kind (or a mate). Returns (checking piece, its square, target square) for the targets won, with the
/// first checking move that wins each.
///
/// Newness (CXA 棋例 捉 2, "“捉”产生于刚走的这着棋，上一着尚不存在"): a target is left out when the threat to take
/// it already stood before `m` — some piece already attacked it with a winning capture (the chase condition
/// without the legality requirement, as for direct chases, §6.3.4), or a check sequence of the same depth
/// already won it, a check that already mated counting as winning everything. A move that only turns an
/// existing mate into the win of a piece, or adds a second way to take a piece already en prise, creates no
/// new threat.
fn check_chases(before: &Position, after: &Position, depth: u32) -> Vec<(Piece, Square, Square)> {
    let x = before.turn();
    let y = x.other();
    let ab = after.board();
    let targets = valuable_targets(ab, y);
    if targets.is_empty() {
        return Vec::new();
    }
    let mut passed = after.clone();
    passed.pass_unchecked();
    let mut first: Vec<(Move, TargetSet)> = Vec::new();
    let mut now: TargetSet = 0;
    for &c in passed.legal_moves().iter() {
        let won = check_wins(&passed, c, &targets, depth, false) & !now;
        if won != 0 {
            now |= won;
            first.push((c, won));
        }
    }
    if now == 0 {
        return Vec::new();
    }
    // What already stood before the move (targets keep their squares: the mover moved only its own piece).
    let bb = before.board();
    let mut stood: TargetSet = 0;
    for (i, t) in targets.iter().enumerate() {
        let Some(t) = *t else { continue };
        // (A soldier's standing attack counts here too: the threat stood, whoever made it.)
        let attacked = bb
            .attackers(t, x)
            .into_iter()
            .any(|a| chase_condition(bb, a, t, Ruleset::Cxa, false).is_some());
        if attacked {
            stood |= 1 << i;
        }
    }
    let pending = now & !stood;
    if pending != 0 {
        for &c in before.legal_moves().iter() {
            stood |= check_wins(before, c, &targets, depth, true);
            if pending & !stood == 0 {
                break;
            }
        }
    }
    let mut out = Vec::new();
    for (c, won) in first {
        // `c` is a move of the mover in `after`, whose board `ab` is: its origin holds the checking piece; a
        // target that was won is one of `targets` (all `Some` here).
        let Some(checker) = ab.piece_at(c.from) else {
            continue;
        };
        for (i, t) in targets.iter().enumerate() {
            if let (true, Some(t)) = (won & !stood & (1 << i) != 0, *t) {
                out.push((checker, c.from, t));
            }
        }
    }
    out
}

/// Classifies the legal move `m` of the side to move in `before` (docs/rules.md §6) under `options.ruleset`.
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
        // Chases through checks (抽将), new since the move, not already a direct chase.
        for (checker, from, t) in check_chases(before, &after, mate_threat_depth) {
            if chases.iter().any(|p| p.target_square == t) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Position::from_fen(fen).unwrap().board().clone()
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn soldier_rule_one_piece_for_two_soldiers() {
        // Bxc4 pxc4 Nxc4: by the values +1 (1 + 1 - 1); by CXA 棋例 释义 3 no gain, and Black, recapturing, picks
        // that line over "a soldier lost for nothing".
        let b = board("5k3/9/9/9/2p6/2p6/9/1N2B4/9/3K5 w - - 0 1");
        assert_eq!(exchange_gain(&b, sq("e2"), sq("c4"), false), 1);
        assert_eq!(exchange_gain(&b, sq("e2"), sq("c4"), true), 0);
        // Unprotected, the soldier is simply won.
        let mut bare = b.clone();
        bare.set(sq("c5"), None);
        assert_eq!(exchange_gain(&bare, sq("e2"), sq("c4"), true), 1);
    }

    #[test]
    fn soldier_rule_one_soldier_for_two_pieces() {
        // Pxd7 Axd7 Rxd7: a soldier for two advisors, +1 by the values, no gain by the soldier rule.
        let b = board("4k4/4a4/3a5/3P5/9/9/9/3R5/9/5K3 w - - 0 1");
        assert_eq!(exchange_gain(&b, sq("d6"), sq("d7"), false), 1);
        assert_eq!(exchange_gain(&b, sq("d6"), sq("d7"), true), 0);
        // A chariot for two advisors is an ordinary trade by the values (4 - 2 < 0): no gain either way.
        assert!(exchange_gain(&b, sq("d2"), sq("d7"), true) <= 0);
    }

    #[test]
    fn exchange_without_soldiers_is_the_static_exchange() {
        // A horse takes a chariot protected by a horse: 4 - 2.
        let b = board("4k4/9/n8/9/1r7/9/2N6/9/9/3K5 w - - 0 1");
        assert_eq!(exchange_gain(&b, sq("c3"), sq("b5"), true), 2);
        assert_eq!(exchange_gain(&b, sq("c3"), sq("b5"), false), 2);
    }
}
