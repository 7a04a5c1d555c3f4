//! Legal positions: move generation, check, play and undo.

use super::setup::placement_problems;
use super::{zobrist, Bitboard, Board, Color, IllegalMoveError, IllegalReason, Move, Piece, Role};
use super::{MoveList, PositionError, Setup, SetupProblem, Square};

/// The start position in FEN.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A legal xiangqi position (docs/rules.md §1.8): one general per side in its palace, every piece on a point it
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

/// Whether the game goes on, as far as the position alone tells (docs/rules.md §4 orders 1–2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is in check and has no legal move (将死, jiàngsǐ): it loses.
    Checkmate,
    /// The side to move is not in check and has no legal move (困毙, kùnbì): it loses — never a draw.
    Stalemate,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The start position.
    pub fn new() -> Position {
        let start = START_FEN.parse::<Setup>().ok();
        let start = start.and_then(|setup| Position::from_setup(setup).ok());
        // START_FEN is a constant, legal FEN (the unit tests below parse and validate it).
        start.unwrap_or_else(|| unreachable!("START_FEN is legal"))
    }

    /// Validates a setup (docs/rules.md §1.8). The error lists every problem found.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut problems = placement_problems(&setup.board);
        let red = setup.board.by_piece(Piece::new(Color::Red, Role::General));
        let black = setup
            .board
            .by_piece(Piece::new(Color::Black, Role::General));
        if let (Some(red_general), Some(black_general), 1, 1) =
            (red.first(), black.first(), red.count(), black.count())
        {
            let generals = [red_general, black_general];
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

    /// Plies since the last capture (docs/rules.md §4.4).
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

    /// Whether the game is over on the board (checkmate or stalemate), docs/rules.md §4 orders 1–2.
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

    /// Plays `m`, which the caller guarantees to be legal (taken from the generator, for example
    /// [`Position::legal_moves`]); nothing is checked. Use [`Position::play`] for any other move.
    ///
    /// # Panics
    ///
    /// If no piece stands on `m.from` (in debug builds also if `m.from == m.to`). Any other illegal move is
    /// carried out as given and leaves a position that breaks this type's guarantees (a general left in
    /// check, a captured general, ...); [`Position::undo`] is then not guaranteed to restore it either.
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

    /// Passes the move to the other side without moving (a "null move", for search and for threat
    /// detection); passing again gives the position back. Refused, leaving the position unchanged, when the
    /// side to move is in check: the pass would leave its general attacked
    /// ([`IllegalReason::LeavesGeneralInCheck`]). Move counters and the move number are not changed.
    ///
    /// ```
    /// use xiangqi::{IllegalReason, Position};
    ///
    /// let mut pos = Position::new();
    /// pos.pass().unwrap();
    /// assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    /// let mut checked = Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1").unwrap();
    /// assert_eq!(checked.pass(), Err(IllegalReason::LeavesGeneralInCheck));
    /// ```
    pub fn pass(&mut self) -> Result<(), IllegalReason> {
        if self.is_check() {
            return Err(IllegalReason::LeavesGeneralInCheck);
        }
        self.pass_unchecked();
        Ok(())
    }

    /// [`Position::pass`] even in check (the adjudicator asks "what could the mover do next" after a
    /// checking move). The position may then have the side not to move in check.
    #[inline]
    pub(crate) fn pass_unchecked(&mut self) {
        self.turn = self.turn.other();
    }

    /// The moves of the piece on `from` as if its side were to move (for "where can this piece go" lessons):
    /// for a piece of the side to move, its legal moves; for a piece of the other side, the moves that follow
    /// its rules of movement and leave its own general safe (a capture of the general is never a move).
    /// Empty for an empty square. In square order of the destination.
    pub fn moves_of_piece_either_side(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        let Some(piece) = self.board.piece_at(from) else {
            return list;
        };
        // The generator moves the side to move: for the other side's piece, hand it the move. Its side is
        // never in check (the position is legal), whatever the side to move's state.
        let mut pos = self.clone();
        if piece.color != self.turn {
            pos.pass_unchecked();
        }
        let enemy_general = pos.general(piece.color.other());
        let mut dests = Bitboard::EMPTY;
        // Through the generator's list (not its inlined callback form: one copy of the generator in the wasm).
        for &m in pos.legal_moves().iter() {
            if m.from == from && m.to != enemy_general {
                dests = dests.with(m.to);
            }
        }
        // A bitboard iterates in square order: no sort (and no sort code in the wasm) needed.
        for to in dests {
            list.push(Move::new(from, to));
        }
        list
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
