//! Static exchange evaluation (SEE, 静态交换评估): what a capture wins or loses once both sides have
//! recaptured on its point with their least valuable attackers, each side free to stop when going on
//! would lose more. Pins, checks and the facing generals are ignored; the cannon's screens are not: every
//! step of the exchange is played on a copy of the board, so a cannon that gains or loses its screen as
//! pieces leave the line is seen.

use crate::rules::{Board, Color, Move, Piece, Position, Role, Square};

/// Exchange values by [`Role::index`]: the general is worth more than everything (taking it ends the
/// exchange), a soldier across the river more than one at home.
const SEE_VALUES: [i32; 7] = [20_000, 140, 140, 350, 900, 400, 60];
const CROSSED_SOLDIER: i32 = 120;

/// The exchange value of `piece` standing on `sq`.
#[inline]
fn value(piece: Piece, sq: Square) -> i32 {
    if piece.role == Role::Soldier && !sq.on_own_half(piece.color) {
        CROSSED_SOLDIER
    } else {
        SEE_VALUES[piece.role.index()]
    }
}

/// The order in which a side recaptures: the least valuable piece first.
const RECAPTURE_ORDER: [Role; 7] = [
    Role::Soldier,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Cannon,
    Role::Chariot,
    Role::General,
];

/// The least valuable piece of `by` attacking `sq` on `board`, with its point.
#[inline]
fn least_valuable_attacker(board: &Board, sq: Square, by: Color) -> Option<(Square, Piece)> {
    let attackers = board.attackers(sq, by);
    if attackers.is_empty() {
        return None;
    }
    RECAPTURE_ORDER.iter().find_map(|&role| {
        (attackers & board.by_role(role))
            .first()
            .map(|s| (s, Piece::new(by, role)))
    })
}

/// The material balance of the exchange that `m` (a legal move of `pos`) starts on its destination, from
/// the mover's view: the captured piece's value (0 for a quiet move) minus what the exchange then costs.
pub(super) fn see(pos: &Position, m: Move) -> i32 {
    let mut board = pos.board().clone();
    let Some(mut moving) = board.piece_at(m.from) else {
        return 0;
    };
    let to = m.to;
    let mut gain = [0i32; 34];
    gain[0] = board.piece_at(to).map_or(0, |v| value(v, to));
    board.set(m.from, None);
    board.set(to, Some(moving));
    let mut side = pos.turn().other();
    let mut d = 0;
    while d + 1 < gain.len() {
        let Some((from, attacker)) = least_valuable_attacker(&board, to, side) else {
            break;
        };
        d += 1;
        // Taking the piece that stands on `to` now, having lost gain[d - 1] so far.
        gain[d] = value(moving, to) - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 {
            break; // neither continuing nor stopping here changes who comes out ahead
        }
        board.set(from, None);
        board.set(to, Some(attacker));
        moving = attacker;
        side = side.other();
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

/// Whether the capture `m` can lose material in its exchange at all: a capture by a piece worth more than
/// its victim (only then is [`see`] worth computing). A general's capture is legal only on an unguarded
/// point, so it never loses.
#[inline]
pub(super) fn may_lose(pos: &Position, m: Move) -> bool {
    let b = pos.board();
    match (b.piece_at(m.from), b.piece_at(m.to)) {
        (Some(a), Some(v)) => a.role != Role::General && value(a, m.from) > value(v, m.to),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, mv: &str) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        let m: Move = mv.parse().unwrap();
        assert!(pos.is_legal(m), "{mv} is legal in {fen}");
        see(&pos, m)
    }

    #[test]
    fn undefended_piece_is_won_whole() {
        // The chariot takes an unguarded horse.
        assert_eq!(see_of("4k4/9/9/9/4n4/9/9/9/4R4/3K5 w - - 0 1", "e1e5"), 350);
    }

    #[test]
    fn defended_piece_taken_by_a_bigger_one_loses() {
        // The chariot takes a horse guarded by a black soldier: the chariot is retaken.
        assert_eq!(
            see_of("4k4/9/9/4p4/4n4/9/9/9/4R4/3K5 w - - 0 1", "e1e5"),
            350 - 900
        );
    }

    #[test]
    fn a_cannon_needs_exactly_one_screen_to_recapture() {
        // Black's cannon on e8 guards e5 only with a screen between: none here (e7 and e6 empty; the
        // chariot on e5 is the target, not a screen) ...
        assert_eq!(
            see_of("4k4/4c4/9/9/4n4/9/9/9/4R4/3K5 w - - 0 1", "e1e5"),
            350
        );
        // ... and with a red soldier on e7 as the screen, the cannon retakes.
        assert_eq!(
            see_of("4k4/4c4/4P4/9/4n4/9/9/9/4R4/3K5 w - - 0 1", "e1e5"),
            350 - 900
        );
    }

    #[test]
    fn a_cannon_behind_the_exchange_joins_when_it_has_a_screen() {
        // Red's chariot takes the horse from the side, the black chariot retakes; Red's cannon on e0 has
        // no screen: 350 - 900.
        assert_eq!(
            see_of("4rk3/9/9/9/R3n4/9/9/9/9/3KC4 w - - 0 1", "a5e5"),
            350 - 900
        );
        // With an advisor on e1 as its screen, the cannon retakes the black chariot: 350 - 900 + 900.
        assert_eq!(
            see_of("4rk3/9/9/9/R3n4/9/9/9/4A4/3KC4 w - - 0 1", "a5e5"),
            350
        );
    }

    #[test]
    fn each_side_recaptures_only_when_it_pays() {
        // A soldier takes a horse guarded by a chariot: the chariot retakes the (now crossed) soldier.
        assert_eq!(
            see_of("4k4/9/9/4r4/4n4/4P4/9/9/9/3K5 w - - 0 1", "e4e5"),
            350 - 120
        );
        // A chariot takes a crossed soldier guarded by a horse: the horse retakes, Red has no more
        // attackers: 120 - 900.
        assert_eq!(
            see_of("4k4/9/9/3n5/9/4p4/9/9/9/3KR4 w - - 0 1", "e0e4"),
            120 - 900
        );
    }

    #[test]
    fn may_lose_only_for_a_bigger_attacker() {
        let pos = Position::from_fen("4k4/9/9/4p4/4n4/9/9/9/4R4/3K5 w - - 0 1").unwrap();
        assert!(may_lose(&pos, "e1e5".parse().unwrap()));
        let pos = Position::from_fen("4k4/9/9/4r4/4n4/4P4/9/9/9/3K5 w - - 0 1").unwrap();
        assert!(!may_lose(&pos, "e4e5".parse().unwrap()));
    }
}
