//! An exhaustive forced-mate prover, independent of the alpha-beta search: full width for both sides, no
//! pruning, no evaluation. Used to verify mate puzzles (the search's mate scores are checked against it in the
//! tests) and usable by an adjudicator for mate threats (杀着, docs/rules.md §6.2).
//!
//! "Mate" here is any position where the side to move has no legal move: checkmate (将死) and stalemate
//! (困毙) both lose in xiangqi. Repetition and the move limit are ignored (they cannot arise in the short
//! sequences this is meant for).

use xiangqi::{Bitboard, Move, Position, Role};

/// What the memo knows of one position (the attacker to move): bounds on its mate, in the attacker's moves.
/// A mate within `k` is one within every `n >= k`, and no mate within `k` means none within any `n <= k`, so one
/// entry answers every question the iterative loops ([`MateProver::shortest_mate`], [`MateProver::defend`]) ask.
#[derive(Debug, Clone, Copy, Default)]
struct Known {
    /// The fewest moves a forced mate was proved within (0: none proved).
    mate_within: u16,
    /// The most moves no forced mate was proved within (0: nothing refuted).
    no_mate_within: u16,
    /// The move that proved `mate_within`: tried first when the position is asked again.
    best: Option<Move>,
}

/// The memo: what is known of each position met, by Zobrist key, in an open-addressing table (linear probing, at
/// most half full, doubled as it fills). Small and quick: the keys are uniform already, and an entry is never
/// removed. A slot whose [`Known`] says nothing is empty (every entry stored says something).
#[derive(Debug, Default)]
struct Memo {
    slots: Vec<(u64, Known)>,
    len: usize,
}

impl Known {
    fn is_empty(&self) -> bool {
        self.mate_within == 0 && self.no_mate_within == 0
    }
}

impl Memo {
    /// The slot of `key`: its entry, or the empty slot where it would go.
    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        while !self.slots[i].1.is_empty() && self.slots[i].0 != key {
            i = (i + 1) & mask;
        }
        i
    }

    fn get(&self, key: u64) -> Known {
        if self.slots.is_empty() {
            return Known::default();
        }
        let (k, known) = self.slots[self.slot(key)];
        if k == key {
            known
        } else {
            Known::default()
        }
    }

    /// The entry of `key`, made if missing and `room` allows.
    fn entry(&mut self, key: u64, room: bool) -> Option<&mut Known> {
        if room && (self.len + 1) * 2 > self.slots.len() {
            let old = std::mem::take(&mut self.slots);
            self.slots = vec![(0, Known::default()); (old.len() * 2).max(1024)];
            for (k, known) in old {
                if !known.is_empty() {
                    let i = self.slot(k);
                    self.slots[i] = (k, known);
                }
            }
        }
        if self.slots.is_empty() {
            return None;
        }
        let i = self.slot(key);
        if self.slots[i].1.is_empty() {
            if !room {
                return None;
            }
            self.slots[i].0 = key;
            self.len += 1;
        }
        Some(&mut self.slots[i].1)
    }

    fn len(&self) -> usize {
        self.len
    }
}

/// The killer replies are kept per number of the attacker's moves left, up to this many (longer share the last).
const KILLER_SLOTS: usize = 16;

/// Proves or refutes forced mates; remembers solved positions between calls.
///
/// The search is exhaustive (both sides full width, no pruning): the attacker's node is proved by one move after
/// which every reply loses, refuted only when every move has a reply that escapes. What speeds it up is exact:
/// - the memo keeps bounds per position (mate within `k`, none within `k`, and the proving move), so a question
///   at one length answers others, and the iterative loops reuse each other's work;
/// - move order: for the attacker the memo's move, the move that last proved a mate at the same distance (its
///   killer), checks, captures; for the defender, a reply the memo already knows to escape answers at once, else
///   the reply that escaped last at the same distance goes first;
/// - at the attacker's last move only whether the defender is left without a legal move matters
///   ([`Position::has_legal_move`], no list), and a move that provably cannot give check nor take the defender's
///   last sure move is not even played (see `Quiet` in the source).
#[derive(Debug, Default)]
pub struct MateProver {
    memo: Memo,
    killers: [Option<Move>; KILLER_SLOTS],
    mate_killers: [Option<Move>; KILLER_SLOTS],
    /// Nodes visited so far.
    pub nodes: u64,
    /// Give up after this many nodes (0 = never); see [`MateProver::gave_up`].
    pub node_limit: u64,
    /// Remember at most this many solved positions (0 = no cap): the memo stops growing there, the answers stay
    /// right.
    pub memo_limit: usize,
    gave_up: bool,
    /// Where the last [`MateProver::mating_moves`] stopped when it gave up.
    unfinished: Option<Unfinished>,
}

/// How far a [`MateProver::mating_moves`] that gave up went: its position and moves, the number of legal moves
/// it decided (in generation order) and the mating ones among them.
#[derive(Debug)]
struct Unfinished {
    key: u64,
    moves: u32,
    done: usize,
    found: Vec<Move>,
}

/// What the defender (the side to move) can do against a forced mate: see [`MateProver::defend`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Defence {
    /// The defender has no legal move: mated (or stalemated, which loses too).
    Mated,
    /// This reply escapes: after it the attacker has no forced mate within the limit.
    Escape(xiangqi::Move),
    /// Every reply loses; this one holds out longest: the attacker then needs `mate_in` moves.
    Stubborn {
        /// The most stubborn reply (the first in generation order among the longest).
        reply: xiangqi::Move,
        /// The attacker's moves to mate after it.
        mate_in: u32,
    },
}

impl MateProver {
    /// A prover with an empty memo.
    pub fn new() -> MateProver {
        MateProver::default()
    }

    /// A prover that gives up after `node_limit` nodes (0 = never) and remembers at most `memo_limit` solved
    /// positions (0 = no cap).
    pub fn with_limits(node_limit: u64, memo_limit: usize) -> MateProver {
        MateProver {
            node_limit,
            memo_limit,
            ..MateProver::default()
        }
    }

    /// Whether the node limit was hit: answers given since are not proofs.
    pub fn gave_up(&self) -> bool {
        self.gave_up
    }

    /// Starts counting nodes afresh (`nodes` = 0, not given up) for the next question; the memo is kept.
    pub fn reset_count(&mut self) {
        self.nodes = 0;
        self.gave_up = false;
    }

    /// Whether the side to move in `pos` can force mate within `moves` of its own moves (mate in 1 = the next
    /// move leaves the opponent without a legal move).
    pub fn mates_within(&mut self, pos: &Position, moves: u32) -> bool {
        let mut p = pos.clone();
        self.attack(&mut p, moves)
    }

    /// The moves that force mate within `moves`, in generation order.
    ///
    /// A call that gives up (the node limit, see [`MateProver::gave_up`]) keeps what it decided: asked again
    /// about the same position and `moves` (after [`MateProver::reset_count`]), the prover goes on from the
    /// first move it had not decided, and the memo keeps what it proved below that one. So a long question
    /// can be answered in slices of a few thousand nodes, with other questions between them. (One such question
    /// is kept: if another `mating_moves` gives up in between, the first starts again, with what the memo
    /// kept.)
    pub fn mating_moves(&mut self, pos: &Position, moves: u32) -> Vec<Move> {
        let mut p = pos.clone();
        let key = (p.hash(), moves);
        // Another question's progress stays for when it is asked again.
        let (mut done, mut out) = match self.unfinished.take() {
            Some(u) if (u.key, u.moves) == key => (u.done, u.found),
            other => {
                self.unfinished = other;
                (0, Vec::new())
            }
        };
        let legal = p.legal_moves();
        for &m in &legal[done..] {
            let u = p.play_unchecked(m);
            let mates = self.all_replies_lose(&mut p, moves);
            p.undo(m, u);
            if self.gave_up {
                self.unfinished = Some(Unfinished {
                    key: key.0,
                    moves,
                    done,
                    found: out.clone(),
                });
                break;
            }
            if mates {
                out.push(m);
            }
            done += 1;
        }
        out
    }

    /// Whether the legal move `m` of the side to move in `pos` forces mate within `moves` of its moves (`m`
    /// included): the check of one move of [`MateProver::mating_moves`].
    pub fn move_mates_within(&mut self, pos: &Position, m: Move, moves: u32) -> bool {
        let mut p = pos.clone();
        p.play_unchecked(m);
        self.all_replies_lose(&mut p, moves)
    }

    /// The fewest of its own moves, at most `max`, in which the side to move in `pos` forces mate; `None` when
    /// it cannot within `max`.
    pub fn shortest_mate(&mut self, pos: &Position, max: u32) -> Option<u32> {
        (1..=max).find(|&n| self.mates_within(pos, n))
    }

    /// The defender's (side to move's) best answer when the attacker has `moves` moves left after it: no move
    /// ([`Defence::Mated`]), a reply that escapes the mate ([`Defence::Escape`], the first in generation
    /// order), or, when every reply loses, the one after which the mate takes longest ([`Defence::Stubborn`]).
    pub fn defend(&mut self, pos: &Position, moves: u32) -> Defence {
        let mut p = pos.clone();
        let replies = p.legal_moves();
        if replies.is_empty() {
            return Defence::Mated;
        }
        let mut best: Option<(Move, u32)> = None;
        for &r in replies.iter() {
            let u = p.play_unchecked(r);
            // Only a reply that holds out longer than the best so far needs its exact length.
            let floor = best.map_or(0, |(_, b)| b);
            let length = if floor > 0 && self.attack(&mut p, floor) {
                Some(floor)
            } else {
                (floor + 1..=moves).find(|&k| self.attack(&mut p, k))
            };
            p.undo(r, u);
            match length {
                None => return Defence::Escape(r),
                Some(k) if k <= floor => {}
                Some(k) => best = Some((r, k)),
            }
        }
        let (reply, mate_in) = best.expect("a position with replies has a best one");
        Defence::Stubborn { reply, mate_in }
    }

    /// Whether the side to move forces mate within `n` of its moves.
    fn attack(&mut self, p: &mut Position, n: u32) -> bool {
        if n == 0 {
            return false;
        }
        let key = p.hash();
        let known = self.memo.get(key);
        if known.mate_within != 0 && n >= u32::from(known.mate_within) {
            return true;
        }
        if n <= u32::from(known.no_mate_within) {
            return false;
        }
        self.nodes += 1;
        if self.node_limit > 0 && self.nodes > self.node_limit {
            self.gave_up = true;
            return false;
        }
        let slot = (n as usize).min(KILLER_SLOTS - 1);
        let found = if n == 1 {
            self.mate_in_one(p, known.best, self.mate_killers[slot])
        } else {
            self.mate_in(p, n, known.best, self.mate_killers[slot])
        };
        if found.is_some() {
            self.mate_killers[slot] = found;
        }
        if !self.gave_up {
            self.remember(key, n, found);
        }
        found.is_some()
    }

    /// The attacker's last move: one after which the defender has no legal move, trying `hint` first.
    ///
    /// Only two kinds of move can leave the defender without a move: one that gives check, and one that takes
    /// away every move the defender has (stalemate). [`Quiet`] says which moves cannot give check, and which of
    /// those leave the defender a move it certainly still has; only the others are played and tested.
    fn mate_in_one(
        &mut self,
        p: &mut Position,
        hint: Option<Move>,
        killer: Option<Move>,
    ) -> Option<Move> {
        let mut moves = p.legal_moves();
        to_front(&mut moves, killer);
        to_front(&mut moves, hint);
        let quiet = Quiet::new(p);
        for &m in moves.iter() {
            if quiet.keeps_a_reply(p, m) {
                #[cfg(debug_assertions)]
                {
                    let u = p.play_unchecked(m);
                    assert!(p.has_legal_move(), "{m} mates, said to keep a reply");
                    p.undo(m, u);
                }
                continue;
            }
            let u = p.play_unchecked(m);
            let mated = !p.has_legal_move();
            p.undo(m, u);
            if mated {
                return Some(m);
            }
        }
        None
    }

    /// A move after which every reply lets the attacker mate within `n - 1` (`n >= 2`): the memo's move
    /// (`hint`) first, then checks, captures, the rest.
    fn mate_in(
        &mut self,
        p: &mut Position,
        n: u32,
        hint: Option<Move>,
        killer: Option<Move>,
    ) -> Option<Move> {
        let moves = p.legal_moves();
        let zone = Quiet::around(p);
        // Each move's rank in the order: the memo's move, the killer, checks that capture, checks, captures, the
        // rest; generation order within a rank.
        let mut ranks = [0u8; xiangqi::MAX_MOVES];
        for (rank, &m) in ranks.iter_mut().zip(moves.iter()) {
            *rank = if Some(m) == hint {
                0
            } else if Some(m) == killer {
                1
            } else {
                let capture = p.is_capture(m);
                let check = zone.may_check(p, m) && {
                    let u = p.play_unchecked(m);
                    let check = p.is_check();
                    p.undo(m, u);
                    check
                };
                2 + u8::from(!check) * 2 + u8::from(!capture)
            };
        }
        for rank in 0..6 {
            for (&r, &m) in ranks.iter().zip(moves.iter()) {
                if r != rank {
                    continue;
                }
                let u = p.play_unchecked(m);
                let ok = self.all_replies_lose(p, n);
                p.undo(m, u);
                if ok {
                    return Some(m);
                }
                if self.gave_up {
                    return None;
                }
            }
        }
        None
    }

    /// Records what `attack` found at `n` for the position of `key`.
    fn remember(&mut self, key: u64, n: u32, found: Option<Move>) {
        let Ok(n) = u16::try_from(n) else { return };
        let room = self.memo_limit == 0 || self.memo.len() < self.memo_limit;
        let Some(entry) = self.memo.entry(key, room) else {
            return;
        };
        match found {
            Some(m) => {
                if entry.mate_within == 0 || n < entry.mate_within {
                    entry.mate_within = n;
                    entry.best = Some(m);
                }
            }
            None => entry.no_mate_within = entry.no_mate_within.max(n),
        }
    }

    /// The side to move (the defender) is mated now, or every reply lets the attacker mate within `n - 1`.
    fn all_replies_lose(&mut self, p: &mut Position, n: u32) -> bool {
        self.nodes += 1;
        if n <= 1 {
            return !p.has_legal_move();
        }
        let replies = p.legal_moves();
        let slot = (n as usize).min(KILLER_SLOTS - 1);
        // A reply the memo already knows to escape answers at once (enhanced transposition cutoff).
        for &r in replies.iter() {
            let escapes = n - 1 <= u32::from(self.memo.get(key_after(p, r)).no_mate_within);
            if escapes {
                self.killers[slot] = Some(r);
                return false;
            }
        }
        let mut replies = replies;
        to_front(&mut replies, self.killers[slot]);
        for &r in replies.iter() {
            let u = p.play_unchecked(r);
            let ok = self.attack(p, n - 1);
            p.undo(r, u);
            if !ok {
                self.killers[slot] = Some(r);
                return false;
            }
        }
        true
    }
}

/// The Zobrist key of the position after the legal move `m` ([`Position::hash`] after it), without playing it.
fn key_after(p: &Position, m: Move) -> u64 {
    use xiangqi::zobrist::{piece_key, BLACK_TO_MOVE};
    let board = p.board();
    let mover = board.piece_at(m.from).expect("a legal move's piece");
    let captured = board.piece_at(m.to).map_or(0, |c| piece_key(c, m.to));
    p.hash() ^ piece_key(mover, m.from) ^ piece_key(mover, m.to) ^ captured ^ BLACK_TO_MOVE
}

/// Moves `m` (if in `list`) to the front, the others keeping their order.
fn to_front(list: &mut xiangqi::MoveList, m: Option<Move>) {
    if let Some(i) = m.and_then(|m| list.iter().position(|&x| x == m)) {
        let moves = list.as_mut_slice();
        for j in (1..=i).rev() {
            moves[j] = moves[j - 1];
        }
        moves[0] = m.expect("found");
    }
}

/// What the attacker's moves cannot do to the defender's general `g` and the defender's moves, in one position
/// with the attacker to move (see [`MateProver::mate_in_one`]).
///
/// A move gives check only by what it changes: the piece it brings to its arrival point, and the point it leaves
/// and the one it fills. So a move can give check only if it leaves or fills a point of `g`'s rank or file (a
/// chariot's, cannon's or general's line, a cannon's screen), leaves a point diagonally next to `g` (a horse's
/// leg), or brings a horse to a point a horse's move from `g` or a soldier next to `g`.
///
/// And a move that does not give check cannot make illegal a defender's move by a piece (not the general) that
/// leaves no point of `g`'s rank, file or diagonal neighbours and arrives off `g`'s rank and file: such a move
/// can expose `g` to nothing (the rules crate's "legal by geometry" moves). It can only stop being a move at all:
/// when the attacker takes the piece, or puts a piece on its path (a horse's leg, an elephant's eye, a chariot's
/// or cannon's points between, a cannon's arrival point). `spared` is the set of arrival points after which one
/// such defender's move certainly remains: the complement of the intersection of their `affect` sets.
struct Quiet {
    /// The points a checking move must leave (`g`'s rank and file and diagonal neighbours).
    from: Bitboard,
    /// `g`'s rank and file.
    lines: Bitboard,
    /// The points a horse checks `g` from (ignoring legs).
    horse: Bitboard,
    /// The points orthogonally next to `g` (a soldier's check).
    soldier: Bitboard,
    /// Arrival points of a non-checking move that leave the defender a sure move; empty when unknown.
    spared: Bitboard,
}

impl Quiet {
    /// The points around the defender's general (`spared` left empty).
    fn around(p: &Position) -> Quiet {
        let g = p.general(p.turn().other());
        // The rank's points are 9 bits in a row; the file's, one bit every 9.
        const FILE_A: u128 = {
            let mut bits = 0;
            let mut r = 0;
            while r < 10 {
                bits |= 1 << (9 * r);
                r += 1;
            }
            bits
        };
        let lines = Bitboard((0x1FF << (9 * g.rank())) | (FILE_A << g.file()));
        let (mut from, mut horse, mut soldier) = (lines, Bitboard::EMPTY, Bitboard::EMPTY);
        for df in -2..=2i32 {
            for dr in -2..=2i32 {
                let Some(sq) = g.offset(df, dr) else { continue };
                match df.abs() * 3 + dr.abs() {
                    4 => from = from.with(sq),           // a diagonal neighbour: a horse's leg
                    5 | 7 => horse = horse.with(sq),     // (1, 2) or (2, 1) away
                    1 | 3 => soldier = soldier.with(sq), // next to it
                    _ => {}
                }
            }
        }
        Quiet {
            from,
            lines,
            horse,
            soldier,
            spared: Bitboard::EMPTY,
        }
    }

    /// [`Quiet::around`] and the arrival points that spare one of the defender's sure moves.
    fn new(p: &mut Position) -> Quiet {
        let mut q = Quiet::around(p);
        q.spared = q.sure_replies(p);
        q
    }

    /// The defender's moves as if it were to move now: the arrival points of a non-checking attacker's move
    /// after which one of its sure moves remains (see [`Quiet`]).
    fn sure_replies(&self, p: &mut Position) -> Bitboard {
        // The attacker in check (the defender's last reply gave it) cannot pass: nothing is known then.
        if p.pass().is_err() {
            return Bitboard::EMPTY;
        }
        let replies = p.legal_moves();
        let mut common = Bitboard::FULL;
        let mut any = false;
        for &d in replies.iter() {
            if let Some(affect) = self.affect(p.board(), d) {
                common &= affect;
                any = true;
                if common.is_empty() {
                    break;
                }
            }
        }
        p.pass().expect("the defender was not in check");
        if any {
            !common & Bitboard::FULL
        } else {
            Bitboard::EMPTY
        }
    }

    /// For a defender's move `d` that no non-checking attacker's move can make illegal: the points where an
    /// attacker's arrival would stop it being a move (see [`Quiet`]); `None` for any other move.
    fn affect(&self, board: &xiangqi::Board, d: Move) -> Option<Bitboard> {
        if self.from.contains(d.from) || self.lines.contains(d.to) {
            return None;
        }
        let role = board.piece_at(d.from)?.role;
        let (df, dr) = (
            i32::from(d.to.file()) - i32::from(d.from.file()),
            i32::from(d.to.rank()) - i32::from(d.from.rank()),
        );
        let mut affect = Bitboard::from_square(d.from);
        match role {
            Role::Soldier | Role::Advisor => {}
            // The leg: one step along the longer side.
            Role::Horse => {
                let leg = if dr.abs() == 2 {
                    d.from.offset(0, dr.signum())
                } else {
                    d.from.offset(df.signum(), 0)
                };
                affect = affect.with(leg?);
            }
            Role::Elephant => affect = affect.with(d.from.offset(df / 2, dr / 2)?),
            Role::Chariot | Role::Cannon => {
                if role == Role::Cannon {
                    if !board.is_empty_at(d.to) {
                        return None; // a capture over a screen: the attacker's move may move the screen
                    }
                    affect = affect.with(d.to);
                }
                let steps = df.abs().max(dr.abs());
                for k in 1..steps {
                    affect = affect.with(d.from.offset(df.signum() * k, dr.signum() * k)?);
                }
            }
            Role::General => return None,
        }
        Some(affect)
    }

    /// Whether the attacker's move `m` certainly leaves the defender a legal move: it cannot give check and
    /// spares one of the defender's sure moves.
    fn keeps_a_reply(&self, p: &Position, m: Move) -> bool {
        self.spared.contains(m.to) && !self.may_check(p, m)
    }

    /// Whether the attacker's legal move `m` may give check (false: it certainly does not).
    fn may_check(&self, p: &Position, m: Move) -> bool {
        if self.from.contains(m.from) || self.lines.contains(m.to) {
            return true;
        }
        match p.board().piece_at(m.from).map(|piece| piece.role) {
            Some(Role::Horse) => self.horse.contains(m.to),
            Some(Role::Soldier) => self.soldier.contains(m.to),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Quiet` is sound: a move it says cannot give check does not, and a move it says leaves the defender a
    /// move does. Over the positions of the mates suite and the app's puzzles and the positions of random games
    /// from them (sparse boards, where stalemates happen).
    #[test]
    fn quiet_moves_never_check_and_leave_a_reply() {
        let mut starts: Vec<Position> = Vec::new();
        for line in include_str!("../../../tests/data/mates.jsonl").lines() {
            if let Some(fen) = line
                .split("\"fen\":\"")
                .nth(1)
                .and_then(|t| t.split('"').next())
            {
                starts.push(Position::from_fen(fen).unwrap());
            }
        }
        for part in include_str!("../../../www/public/puzzles.json")
            .split("\"fen\": \"")
            .skip(1)
        {
            starts.push(Position::from_fen(part.split('"').next().unwrap()).unwrap());
        }
        assert!(starts.len() > 70, "{} positions", starts.len());
        let games = if cfg!(debug_assertions) { 10 } else { 200 };
        let mut rng = 20_260_401u64;
        let (mut quiet_moves, mut kept) = (0, 0);
        for start in &starts {
            for _ in 0..games {
                let mut pos = start.clone();
                for _ in 0..16 {
                    let q = Quiet::new(&mut pos);
                    let moves = pos.legal_moves();
                    for &m in moves.iter() {
                        let mut after = pos.clone();
                        after.play_unchecked(m);
                        if !q.may_check(&pos, m) {
                            quiet_moves += 1;
                            assert!(!after.is_check(), "{}: {m} gives check", pos.fen());
                        }
                        if q.keeps_a_reply(&pos, m) {
                            kept += 1;
                            assert!(after.has_legal_move(), "{}: {m} leaves no reply", pos.fen());
                        }
                    }
                    if moves.is_empty() {
                        break;
                    }
                    let (next, r) = xiangqi::zobrist::splitmix64(rng);
                    rng = next;
                    pos.play_unchecked(moves[(r % moves.len() as u64) as usize]);
                }
            }
        }
        assert!(
            quiet_moves > 100_000 && kept > 10_000,
            "{quiet_moves} quiet, {kept} kept"
        );
    }

    #[test]
    fn proves_a_mate_in_one_and_refutes_a_non_mate() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
        let mut p = MateProver::new();
        assert!(p.mates_within(&pos, 1));
        // a1d1 checkmates; a1a8 stalemates (the general's only points are d8, covered, and the e-file, which
        // faces Red's general), and stalemate loses too.
        assert_eq!(
            p.mating_moves(&pos, 1)
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>(),
            ["a1d1", "a1a8"]
        );
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert!(!p.mates_within(&pos, 2));
    }

    #[test]
    fn finds_the_shortest_mate_and_the_defences() {
        let mut p = MateProver::new();
        // mate2-chariot-1 of tests/data/mates.jsonl: 1. f0e0 d7d8 2. h4d4#.
        let pos = Position::from_fen("8N/9/3k5/9/9/7R1/9/9/1p4N2/5K3 w - - 0 1").unwrap();
        assert_eq!(p.shortest_mate(&pos, 4), Some(2));
        let mut after = pos.clone();
        after.play("f0e0".parse().unwrap()).unwrap();
        // Every reply is mated at once: the first in generation order (the soldier's capture) is given.
        assert_eq!(
            p.defend(&after, 1),
            Defence::Stubborn {
                reply: "b1b0".parse().unwrap(),
                mate_in: 1
            }
        );
        // mate4-horse-1, after its first move: the longest defence leaves a mate in 3.
        let pos4 = Position::from_fen("9/9/5k3/9/9/9/7C1/9/9/2N1K4 w - - 0 1").unwrap();
        let mut after4 = pos4.clone();
        after4.play("h3f3".parse().unwrap()).unwrap();
        assert!(matches!(
            p.defend(&after4, 3),
            Defence::Stubborn { mate_in: 3, .. }
        ));
        // The same position with no move left: any reply escapes.
        assert!(matches!(p.defend(&after, 0), Defence::Escape(_)));
        // A wrong first move: Black escapes.
        let mut wrong = pos.clone();
        wrong.play("h4h7".parse().unwrap()).unwrap();
        assert!(matches!(p.defend(&wrong, 1), Defence::Escape(_)));
        // Mated: no reply at all.
        let mut mated = Position::from_fen("9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1").unwrap();
        mated.play("b6d6".parse().unwrap()).unwrap();
        assert_eq!(p.defend(&mated, 1), Defence::Mated);
    }

    #[test]
    fn a_capped_memo_gives_the_same_answers() {
        let pos = Position::from_fen("9/9/5k3/9/9/9/7C1/9/9/2N1K4 w - - 0 1").unwrap();
        let mut full = MateProver::new();
        let mut capped = MateProver::with_limits(0, 10);
        assert_eq!(full.shortest_mate(&pos, 5), Some(4));
        assert_eq!(capped.shortest_mate(&pos, 5), Some(4));
        assert!(capped.memo.len() <= 10);
        assert_eq!(full.mating_moves(&pos, 4), capped.mating_moves(&pos, 4));
    }
}
