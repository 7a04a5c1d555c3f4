//! Legal positions: move generation, check, play and undo.

use super::attacks::{ADVISOR_STEPS, ELEPHANT_STEPS, GENERAL_STEPS, HORSE_STEPS, SOLDIER_STEPS};
use super::setup::placement_problems;
use super::{
    zobrist, Bitboard, Board, Color, IllegalMoveError, IllegalReason, Move, MoveList, Piece, Role,
};
use super::{PositionError, Setup, SetupProblem, Square};

/// The start position in FEN.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A legal xiangqi position (RULES.md §1.8): one general per side in its palace, every piece on a point it
/// can reach, the generals not facing, the side not to move not in check. Every method keeps it legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    turn: Color,
    halfmoves: u32,
    fullmoves: u32,
    generals: [Square; 2],
}

/// What [`Position::undo`] needs to take a move back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The piece the move captured.
    pub captured: Option<Piece>,
    halfmoves: u32,
}

/// Whether the game goes on, as far as the position alone tells (RULES.md §4 orders 1–2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is in check and has no legal move (将死, jiàngsǐ): it loses.
    Checkmate,
    /// The side to move is not in check and has no legal move (困毙, kùnbì): it loses — never a draw.
    Stalemate,
}

/// See [`Position::slider_lines`].
struct SliderLines {
    rank_quiet: u16,
    file_quiet: u16,
    rank_caps: u16,
    file_caps: u16,
}

/// The order in which moves are generated: the pieces with the most moves first.
const GEN_ORDER: [Role; 7] = [
    Role::Chariot,
    Role::Horse,
    Role::Cannon,
    Role::Soldier,
    Role::Elephant,
    Role::Advisor,
    Role::General,
];

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The start position.
    pub fn new() -> Position {
        let setup = START_FEN
            .parse::<Setup>()
            .unwrap_or_else(|_| unreachable!());
        Position::from_setup(setup).unwrap_or_else(|_| unreachable!())
    }

    /// Validates a setup (RULES.md §1.8). The error lists every problem found.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut problems = placement_problems(&setup.board);
        let red = setup.board.by_piece(Piece::new(Color::Red, Role::General));
        let black = setup
            .board
            .by_piece(Piece::new(Color::Black, Role::General));
        if red.count() == 1 && black.count() == 1 {
            let generals = [
                red.first().unwrap_or_else(|| unreachable!()),
                black.first().unwrap_or_else(|| unreachable!()),
            ];
            if setup.board.facing_generals() {
                problems.push(SetupProblem::GeneralsFacing);
            } else {
                let them = setup.turn.other();
                if setup
                    .board
                    .general_attacked(generals[them.index()], setup.turn)
                {
                    problems.push(SetupProblem::OppositeCheck);
                }
            }
            if problems.is_empty() {
                return Ok(Position {
                    board: setup.board,
                    turn: setup.turn,
                    halfmoves: setup.halfmoves,
                    fullmoves: setup.fullmoves.max(1),
                    generals,
                });
            }
        }
        Err(PositionError::new(problems))
    }

    /// The position as an unvalidated [`Setup`].
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The placement.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture (RULES.md §4.4).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (1 at the start, +1 after each Black move).
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The general of `color`.
    #[inline]
    pub fn general(&self, color: Color) -> Square {
        self.generals[color.index()]
    }

    /// The Zobrist key: placement and side to move. Kept incrementally by [`Position::play`].
    #[inline]
    pub fn hash(&self) -> u64 {
        self.board.placement_key() ^ zobrist::side_key(self.turn)
    }

    /// Whether the side to move is in check (将军, jiāngjūn).
    #[inline]
    pub fn is_check(&self) -> bool {
        self.board
            .general_attacked(self.general(self.turn), self.turn.other())
    }

    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        let g = self.general(self.turn);
        let them = self.turn.other();
        let mut out = self.board.attackers(g, them);
        let enemy_general = self.general(them);
        if enemy_general.file() == g.file() && self.board.facing_generals() {
            out = out.with(enemy_general);
        }
        out
    }

    /// A chariot's or cannon's empty points and capture candidates along its rank and file (as line bits):
    /// the nearest blockers for a chariot, the second ones (over a screen) for a cannon.
    #[inline(always)]
    fn slider_lines(&self, from: Square, role: Role) -> SliderLines {
        let rv = self.board.rank_view(from);
        let fv = self.board.file_view(from);
        let chariot = role == Role::Chariot;
        SliderLines {
            rank_quiet: rv.quiet,
            file_quiet: fv.quiet,
            rank_caps: if chariot { rv.first } else { rv.second },
            file_caps: if chariot { fv.first } else { fv.second },
        }
    }

    /// Calls `f(to)` for every pseudo-legal destination of the piece of the side to move on `from`, whose
    /// role is `role` (RULES.md §2).
    #[inline(always)]
    fn piece_moves<F: FnMut(Square)>(&self, from: Square, role: Role, mut f: F) {
        let b = &self.board;
        let us = self.turn;
        let not_own = !b.by_color(us);
        match role {
            Role::Chariot | Role::Cannon => {
                let s = self.slider_lines(from, role);
                let (rank_base, file) = (from.rank() * 9, from.file());
                for bit in bits(s.rank_quiet) {
                    f(Square::new_unchecked(rank_base + bit));
                }
                for bit in bits(s.file_quiet) {
                    f(Square::new_unchecked(bit * 9 + file));
                }
                for bit in bits(s.rank_caps) {
                    let to = Square::new_unchecked(rank_base + bit);
                    if not_own.contains(to) {
                        f(to);
                    }
                }
                for bit in bits(s.file_caps) {
                    let to = Square::new_unchecked(bit * 9 + file);
                    if not_own.contains(to) {
                        f(to);
                    }
                }
            }
            Role::Horse | Role::Elephant => {
                let steps = if role == Role::Horse {
                    &HORSE_STEPS[from.index()]
                } else {
                    &ELEPHANT_STEPS[from.index()]
                };
                for st in steps.as_slice() {
                    if b.is_empty_at(st.block) && not_own.contains(st.to) {
                        f(st.to);
                    }
                }
            }
            Role::Soldier => (SOLDIER_STEPS[us.index()][from.index()] & not_own).for_each(f),
            Role::Advisor => (ADVISOR_STEPS[from.index()] & not_own).for_each(f),
            Role::General => (GENERAL_STEPS[from.index()] & not_own).for_each(f),
        }
    }

    /// The number of pseudo-legal destinations of a piece, counted without listing them.
    #[inline(always)]
    fn count_piece_moves(&self, from: Square, role: Role) -> usize {
        let b = &self.board;
        let us = self.turn;
        let not_own = !b.by_color(us);
        match role {
            Role::Chariot | Role::Cannon => {
                let s = self.slider_lines(from, role);
                let mut n = (s.rank_quiet.count_ones() + s.file_quiet.count_ones()) as usize;
                let (rank_base, file) = (from.rank() * 9, from.file());
                for bit in bits(s.rank_caps) {
                    n += not_own.contains(Square::new_unchecked(rank_base + bit)) as usize;
                }
                for bit in bits(s.file_caps) {
                    n += not_own.contains(Square::new_unchecked(bit * 9 + file)) as usize;
                }
                n
            }
            Role::Soldier => (SOLDIER_STEPS[us.index()][from.index()] & not_own).count() as usize,
            Role::Advisor => (ADVISOR_STEPS[from.index()] & not_own).count() as usize,
            _ => {
                let mut n = 0;
                self.piece_moves(from, role, |_| n += 1);
                n
            }
        }
    }

    /// Calls `f(from, to)` for every pseudo-legal move of the side to move (RULES.md §2).
    #[inline]
    fn pseudo_moves<F: FnMut(Square, Square)>(&self, mut f: F) {
        let b = &self.board;
        let own = b.by_color(self.turn);
        for role in GEN_ORDER {
            for from in own & b.by_role(role) {
                self.piece_moves(from, role, |to| f(from, to));
            }
        }
    }

    /// Calls `f(move)` for every legal move (RULES.md §3.3), in generation order.
    #[inline]
    pub fn for_each_legal<F: FnMut(Move)>(&self, mut f: F) {
        let us = self.turn;
        let them = us.other();
        let g = self.general(us);
        let b = &self.board;
        let (sensitive, screens) = if self.is_check() {
            (Bitboard::FULL, Bitboard::FULL)
        } else {
            b.exposure(g, us)
        };
        self.pseudo_moves(|from, to| {
            let risky = sensitive.contains(from) || (screens.contains(to) && b.is_empty_at(to));
            if !risky {
                f(Move::new(from, to));
                return;
            }
            let king = if from == g { to } else { g };
            if !b.general_attacked_after(from, to, king, them) {
                f(Move::new(from, to));
            }
        });
    }

    /// The moves of the piece on `from` as if its side were to move (for "where can this piece go" lessons):
    /// for a piece of the side to move, its legal moves; for a piece of the other side, the moves that follow
    /// its rules of movement and leave its own general safe (a capture of the general is never a move).
    /// Empty for an empty square. In square order of the destination.
    pub fn moves_of_piece_either_side(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        let b = &self.board;
        let Some(piece) = b.piece_at(from) else {
            return list;
        };
        if piece.color == self.turn {
            self.for_each_legal(|m| {
                if m.from == from {
                    list.push(m);
                }
            });
            return list;
        }
        let us = piece.color;
        for to in Square::all() {
            if to == from
                || b.piece_at(to)
                    .is_some_and(|t| t.color == us || t.role == Role::General)
            {
                continue;
            }
            let m = Move::new(from, to);
            if super::illegal::check_geometry(b, piece, m).is_err() {
                continue;
            }
            let g = if piece.role == Role::General {
                to
            } else {
                self.general(us)
            };
            if !b.general_attacked_after(from, to, g, us.other()) {
                list.push(m);
            }
        }
        list
    }

    /// Every legal move, in generation order (use [`MoveList::sort_iccs`] for ICCS order).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_legal(|m| list.push(m));
        list
    }

    /// The number of legal moves. Faster than listing them: pieces that cannot expose their general are
    /// counted without enumerating their moves.
    pub fn count_legal(&self) -> usize {
        let us = self.turn;
        let g = self.general(us);
        let b = &self.board;
        if self.is_check() {
            let mut n = 0;
            self.for_each_legal(|_| n += 1);
            return n;
        }
        let (sensitive, screens) = b.exposure(g, us);
        let them = us.other();
        let own = b.by_color(us);
        let mut n = 0;
        for role in GEN_ORDER {
            for from in own & b.by_role(role) {
                if !sensitive.contains(from) && screens.is_empty() {
                    n += self.count_piece_moves(from, role);
                } else {
                    let risky_from = sensitive.contains(from);
                    let king = |to| if from == g { to } else { g };
                    self.piece_moves(from, role, |to| {
                        let risky = risky_from || (screens.contains(to) && b.is_empty_at(to));
                        if !risky || !b.general_attacked_after(from, to, king(to), them) {
                            n += 1;
                        }
                    });
                }
            }
        }
        n
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        // A scan that could stop early would save little: positions without moves are rare.
        self.count_legal() > 0
    }

    /// Whether the game is over on the board (checkmate or stalemate), RULES.md §4 orders 1–2.
    pub fn status(&self) -> Status {
        if self.has_legal_move() {
            Status::Ongoing
        } else if self.is_check() {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }

    /// Whether `m` is legal here. Agrees with [`Position::legal_moves`].
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// Why `m` is not legal here, or `Ok` if it is.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalReason> {
        let b = &self.board;
        let Some(piece) = b.piece_at(m.from) else {
            return Err(IllegalReason::EmptySquare(m.from));
        };
        if piece.color != self.turn {
            return Err(IllegalReason::NotYourPiece(m.from, piece.color));
        }
        if m.from == m.to {
            return Err(IllegalReason::NullMove);
        }
        if let Some(t) = b.piece_at(m.to) {
            if t.color == self.turn {
                return Err(IllegalReason::OwnPieceOnTarget(m.to, t.role));
            }
        }
        super::illegal::check_geometry(b, piece, m)?;
        if b.piece_at(m.to).is_some_and(|c| c.role == Role::General) {
            // Cannot happen in a legal position: the side not to move is never in check.
            return Err(IllegalReason::CapturesGeneral);
        }
        let g = if piece.role == Role::General {
            m.to
        } else {
            self.general(self.turn)
        };
        let them = self.turn.other();
        if b.general_attacked_after(m.from, m.to, g, them) {
            // Attacked by a piece (facing aside) or only by the facing rule? Only an illegal move pays for
            // the copy this question needs.
            let mut after = b.clone();
            after.move_piece(m.from, m.to);
            return Err(if after.attackers(g, them).is_empty() {
                IllegalReason::GeneralsWouldFace
            } else {
                IllegalReason::LeavesGeneralInCheck
            });
        }
        Ok(())
    }

    /// Plays `m` if it is legal; otherwise returns why not and leaves the position unchanged.
    pub fn play(&mut self, m: Move) -> Result<Undo, IllegalMoveError> {
        match self.check_move(m) {
            Ok(()) => Ok(self.play_unchecked(m)),
            Err(reason) => Err(IllegalMoveError { mv: m, reason }),
        }
    }

    /// Plays `m`, which the caller guarantees to be legal (for example, taken from
    /// [`Position::legal_moves`]). Playing an illegal move through this method leaves an unspecified but
    /// memory-safe position; use [`Position::play`] for untrusted input.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) -> Undo {
        let undo = Undo {
            captured: self.board.piece_at(m.to),
            halfmoves: self.halfmoves,
        };
        let captured = self.board.move_piece(m.from, m.to);
        if self.generals[self.turn.index()] == m.from {
            self.generals[self.turn.index()] = m.to;
        }
        self.halfmoves = if captured.is_some() {
            0
        } else {
            self.halfmoves + 1
        };
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = self.turn.other();
        undo
    }

    /// Takes back `m`, which must be the last move played, with the [`Undo`] its play returned.
    #[inline]
    pub fn undo(&mut self, m: Move, undo: Undo) {
        self.turn = self.turn.other();
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        self.halfmoves = undo.halfmoves;
        self.board.unmove_piece(m.from, m.to, undo.captured);
        if self.generals[self.turn.index()] == m.to {
            self.generals[self.turn.index()] = m.from;
        }
    }

    /// Passes the move to the other side without moving (a "null move" for search and for threat
    /// detection). Only valid when the side to move is not in check.
    pub fn pass(&mut self) {
        self.turn = self.turn.other();
    }

    /// Whether `m` captures.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        !self.board.is_empty_at(m.to)
    }

    /// Whether the legal move `m` gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        let mut p = self.clone();
        p.play_unchecked(m);
        p.is_check()
    }
}

/// Iterates over the set bits of a line mask as bit indices.
#[inline]
fn bits(mut m: u16) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let b = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(b)
        }
    })
}
