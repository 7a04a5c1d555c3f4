//! Material that can never mate (automatic draw) and material that is practically drawn (a claim for an
//! arbiter, never automatic) — docs/rules.md §4.5.

use crate::{Board, Color, Piece, Role};

fn count(b: &Board, c: Color, r: Role) -> u32 {
    b.by_piece(Piece::new(c, r)).count()
}

fn attackers(b: &Board, c: Color) -> u32 {
    count(b, c, Role::Chariot)
        + count(b, c, Role::Horse)
        + count(b, c, Role::Cannon)
        + count(b, c, Role::Soldier)
}

fn defenders(b: &Board, c: Color) -> u32 {
    count(b, c, Role::Advisor) + count(b, c, Role::Elephant)
}

/// Whether no sequence of legal moves can end in mate or stalemate (docs/rules.md §4.5), for the two material
/// tables proven exhaustively in the spec:
///
/// * **D1**: neither side has a chariot, horse, cannon or soldier (only generals, advisors, elephants);
/// * **D2**: one side has general + exactly one cannon + at most one elephant, the other a bare general.
///
/// Everything else is played on (for example general + cannon + advisor against a bare general can mate).
pub fn dead_position(b: &Board) -> bool {
    let (r, k) = (Color::Red, Color::Black);
    if attackers(b, r) == 0 && attackers(b, k) == 0 {
        return true; // D1
    }
    for c in [r, k] {
        let o = c.other();
        let lone_cannon = count(b, c, Role::Cannon) == 1
            && attackers(b, c) == 1
            && count(b, c, Role::Advisor) == 0
            && count(b, c, Role::Elephant) <= 1;
        let bare = attackers(b, o) == 0 && defenders(b, o) == 0;
        if lone_cannon && bare {
            return true; // D2
        }
    }
    false
}

/// A practically drawn material balance that a player may claim before an arbiter (docs/rules.md §4.5). The
/// engine never ends a game for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClaimableDraw {
    /// No chariot, horse or soldier on the board, at most one cannon, and the side without it keeps at least
    /// one advisor or elephant (a lone cannon cannot force mate against defenders, 单炮不胜士象).
    LoneCannonAgainstDefenders,
}

impl ClaimableDraw {
    /// Stable code.
    pub const fn code(self) -> &'static str {
        match self {
            ClaimableDraw::LoneCannonAgainstDefenders => "loneCannonAgainstDefenders",
        }
    }
}

/// Whether the material is practically drawn (a claim, not an automatic draw). **\[interpretation\]**: the
/// texts leave this to the arbiter; only one conservative table is listed. Dead positions are not claims.
pub fn claimable_draw(b: &Board) -> Option<ClaimableDraw> {
    if dead_position(b) {
        return None;
    }
    let no_big = |c: Color| {
        count(b, c, Role::Chariot) == 0
            && count(b, c, Role::Horse) == 0
            && count(b, c, Role::Soldier) == 0
    };
    if !(no_big(Color::Red) && no_big(Color::Black)) {
        return None;
    }
    let cannons = [
        count(b, Color::Red, Role::Cannon),
        count(b, Color::Black, Role::Cannon),
    ];
    if cannons[0] + cannons[1] != 1 {
        return None;
    }
    let holder = if cannons[0] == 1 {
        Color::Red
    } else {
        Color::Black
    };
    (defenders(b, holder.other()) > 0).then_some(ClaimableDraw::LoneCannonAgainstDefenders)
}
