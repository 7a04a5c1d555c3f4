//! A game: a start position, the moves played, play and undo — and how the game ends (docs/rules.md §4–§7):
//! checkmate, stalemate, repetition rulings under AXF or CXA rules, the natural move limit, dead positions,
//! and the external endings (resignation, agreed draw, time forfeit, illegal move).
//!
//! ```
//! use xiangqi::{Game, Reason, Ruleset, adjudication::Options};
//!
//! // A chariot chases an unprotected cannon (rulings case R05): Red must vary and loses.
//! let options = Options { ruleset: Ruleset::Axf, ..Options::default() };
//! let mut game = Game::with_options("4k4/9/8c/9/9/7R1/9/9/9/3K5 w - - 0 1".parse().unwrap(), options).unwrap();
//! for m in ["h4i4", "i7h7", "i4h4", "h7i7", "h4i4", "i7h7", "i4h4", "h7i7"] {
//!     game.play_iccs(m).unwrap();
//! }
//! let outcome = game.outcome().unwrap();
//! assert_eq!(outcome.result().as_str(), "0-1");
//! assert_eq!(outcome.reason(), Reason::PerpetualChase);
//! assert!(outcome.to_string().starts_with("Red chased the unprotected black cannon on i7 with the chariot"));
//! ```

use super::adjudication::{
    self, classify, dead_position, rule_repetition_with_overrides, Classification, GameResult,
    Mode, Options, OptionsError, Outcome, Reason,
};
use super::headers;
use super::{
    Color, FenError, IllegalMoveError, IllegalReason, Move, MoveList, ParseMoveError, Piece,
    Position, Role, Undo,
};
use core::fmt;

/// A move as it was played, with what is needed to take it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// The piece that moved.
    pub piece: Piece,
    /// The piece it captured.
    pub captured: Option<Piece>,
    /// Whether it gave check.
    pub check: bool,
    /// The Zobrist key of the position before the move.
    pub hash_before: u64,
    undo: Undo,
}

/// What is written about a point of the game (in a record, by a teacher): a comment and numeric annotation
/// glyphs (NAGs, `$1` = good move, `$2` = mistake, ...). See [`Game::comment`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotation {
    /// The comment.
    pub comment: Option<String>,
    /// The NAGs, in the order given (only after a move: ply 0 has none).
    pub nags: Vec<u8>,
}

impl Annotation {
    fn is_empty(&self) -> bool {
        self.comment.is_none() && self.nags.is_empty()
    }
}

/// What [`Game::take_back`] took back: the external ending recorded last, or a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TakenBack {
    /// A resignation, agreed draw, time forfeit or illegal-move forfeit, now lifted.
    Ending(Outcome),
    /// A move.
    Move(PlayedMove),
}

/// Why a move given as text could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The text is not a move (ICCS `h2e2` / `H2-E2`).
    Syntax(ParseMoveError),
    /// The move is well-formed but not legal here (or the game is over, or enforce mode forbids it).
    Illegal(IllegalMoveError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Syntax(e) => e.fmt(f),
            GameError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GameError {}

/// Why an external ending (resignation, draw, time forfeit) could not be recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndingError {
    /// The game has already ended.
    GameOver,
    /// There is no draw offer from the other side to accept.
    NoDrawOffer,
}

impl EndingError {
    /// Stable code: `ERR_GAME_OVER`, `ERR_NO_DRAW_OFFER` (the codes the JS binding throws).
    pub const fn code(self) -> &'static str {
        match self {
            EndingError::GameOver => "ERR_GAME_OVER",
            EndingError::NoDrawOffer => "ERR_NO_DRAW_OFFER",
        }
    }
}

impl fmt::Display for EndingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndingError::GameOver => "the game is already over",
            EndingError::NoDrawOffer => "there is no draw offer from the opponent to accept",
        })
    }
}

impl std::error::Error for EndingError {}

/// Per-position bookkeeping, kept incrementally (one entry per position of the game).
#[derive(Clone, Copy, Debug)]
struct Track {
    /// Zobrist key (placement + side to move).
    hash: u64,
    /// Index of the first position of the reversible span (docs/rules.md §5.2).
    span_start: usize,
    /// Checks given by Red / Black since the last capture (for the check discount of §4.4).
    checks: [u32; 2],
    /// The index of the previous position whose key falls in the same bucket of [`KeyChains`], or
    /// [`NO_POSITION`].
    prev: u32,
}

const NO_POSITION: u32 = u32::MAX;

/// The positions of the game chained by their key's bucket (see [`Game`]'s repetition test): `heads[b]` is the
/// latest position whose key falls in bucket `b`, and each position's `prev` the one before it in that bucket. The
/// repetition test walks the chain of the position's bucket, newest first, down to the start of the reversible
/// span, instead of scanning the span: with at least as many buckets as positions (the table doubles when the
/// game outgrows it), a chain holds one position on average, so a move costs the same however long the span is
/// (a 10,000-ply game without a capture plays its last move as fast as its first). Empty until the first move, so
/// that creating a game (for example to validate a FEN) allocates nothing: the game is then the start position
/// alone.
#[derive(Clone, Default)]
struct KeyChains {
    heads: Vec<u32>,
}

impl fmt::Debug for KeyChains {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KeyChains({} buckets)", self.heads.len())
    }
}

/// Buckets of a new table (it grows with the game).
const FIRST_BUCKETS: usize = 256;

impl KeyChains {
    fn bucket(&self, hash: u64) -> usize {
        (hash as usize) & (self.heads.len() - 1)
    }

    /// The latest position of `track` whose key is in `hash`'s bucket.
    fn head(&self, hash: u64, track: &[Track]) -> u32 {
        if self.heads.is_empty() {
            // Only the start position, before the table exists: the chain is the start position or nothing.
            return if track[0].hash == hash {
                0
            } else {
                NO_POSITION
            };
        }
        self.heads[self.bucket(hash)]
    }

    /// Links the position about to be pushed at the end of `track` (growing the table first if the game would
    /// have more positions than buckets); returns its `prev`.
    fn link(&mut self, hash: u64, track: &mut [Track]) -> u32 {
        let len = track.len() + 1;
        if self.heads.len() < len {
            // (Re)builds the table for the positions there are, at least doubling it.
            let size = (len.next_power_of_two())
                .max(FIRST_BUCKETS)
                .max(self.heads.len() * 2);
            self.heads = vec![NO_POSITION; size];
            for (i, t) in track.iter_mut().enumerate() {
                let b = (t.hash as usize) & (size - 1);
                t.prev = self.heads[b];
                self.heads[b] = i as u32;
            }
        }
        let b = self.bucket(hash);
        core::mem::replace(&mut self.heads[b], (len - 1) as u32)
    }

    /// Unlinks the last position of the game, `t`, just popped.
    fn unlink(&mut self, t: &Track) {
        if !self.heads.is_empty() {
            let b = self.bucket(t.hash);
            self.heads[b] = t.prev;
        }
    }
}

/// A game from a start position: the current position, the moves that led to it, and its ending.
///
/// After every move the game evaluates, in the order of docs/rules.md §4: checkmate and stalemate (both lose),
/// repetition (§5–§7, only when a position actually repeats), the natural move limit and dead material. The
/// first ending reached is kept in [`Game::outcome`]; once the game is over, [`Game::play`] refuses moves
/// (with [`IllegalReason::GameOver`]) until a move is taken back with [`Game::undo`].
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    pos: Position,
    history: Vec<PlayedMove>,
    options: Options,
    track: Vec<Track>,
    /// The positions chained by key bucket: the repetition test looks only at the earlier positions whose key
    /// falls in the same bucket.
    chains: KeyChains,
    ending: Option<Outcome>,
    /// While `ending` is an external ending (resignation, agreed draw, time forfeit, illegal-move forfeit):
    /// the first ending by the rules that the moves played reach under the options in force, which the
    /// external one hides. It can only exist after [`Game::set_options`] (or an idle override) re-ruled the
    /// moves with options that end the game earlier; taking the external ending back (by [`Game::undo`] of a
    /// move before it, or [`Game::undo_ending`]) brings it back when it was reached within the moves left.
    hidden: Option<Outcome>,
    draw_offer: Option<Color>,
    /// Plies (1-based) that the arbiter ruled idle (CXA 棋例 通则 3).
    idle_overrides: Vec<usize>,
    /// While [`Game::play`] plays a move whose repetition the gate has already ruled (enforce mode): that
    /// ruling, `Some(None)` when the move completes no repetition, so the ending after the move is not ruled
    /// a second time. Empty at every other moment.
    ruled_ahead: Option<Option<Outcome>>,
    /// Annotations by ply (index 0: before the first move); at most `history.len() + 1` long, often empty.
    notes: Vec<Annotation>,
    /// The tag pairs of the game (棋谱信息, qípǔ xìnxī: event, players, date, result, ...), verbatim and in order.
    headers: Vec<(String, String)>,
    /// For a game read from a record ([`Game::for_record`], [`Game::play_recorded`]): how many of the first
    /// moves were read from it. For the start position and those moves the record, not the rules, says how the
    /// game ends (only mate and stalemate end it; see [`Game::ruling`]). `None` for a game played.
    record_plies: Option<usize>,
    /// The result a record gives and the ply it was given at ([`Game::record_result`]), while it stands.
    recorded: Option<(GameResult, usize)>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Position::new())
    }
}

fn is_external(reason: Reason) -> bool {
    matches!(
        reason,
        Reason::Resignation
            | Reason::Agreement
            | Reason::TimeForfeit
            | Reason::IllegalMove
            | Reason::Recorded
    )
}

/// Whether an ending is on the board by the rules of movement alone (no legal move: mate or stalemate), the
/// only endings a record's moves can reach whatever the record says.
fn is_board_ending(reason: Reason) -> bool {
    matches!(reason, Reason::Checkmate | Reason::Stalemate)
}

impl Game {
    /// A game starting from `start`, with the default options (AXF, 120 plies, third occurrence,
    /// adjudicate).
    pub fn new(start: Position) -> Game {
        let track = Track {
            hash: start.hash(),
            span_start: 0,
            checks: [0, 0],
            prev: NO_POSITION,
        };
        let mut game = Game {
            pos: start.clone(),
            start,
            history: Vec::new(),
            options: Options::default(),
            track: vec![track],
            chains: KeyChains::default(),
            ending: None,
            hidden: None,
            draw_offer: None,
            idle_overrides: Vec::new(),
            ruled_ahead: None,
            notes: Vec::new(),
            headers: Vec::new(),
            record_plies: None,
            recorded: None,
        };
        game.ending = game.evaluate(false);
        game
    }

    fn push_track(&mut self, mut t: Track) {
        t.prev = self.chains.link(t.hash, &mut self.track);
        self.track.push(t);
    }

    fn pop_track(&mut self) {
        if self.track.len() > 1 {
            if let Some(t) = self.track.pop() {
                self.chains.unlink(&t);
            }
        }
    }

    fn truncate_track(&mut self) {
        self.track.truncate(1);
        self.track[0].prev = NO_POSITION;
        self.chains = KeyChains::default();
    }

    /// A game starting from `start` with `options`.
    pub fn with_options(start: Position, options: Options) -> Result<Game, OptionsError> {
        options.validate()?;
        let mut game = Game::new(start);
        game.set_options(options)?;
        Ok(game)
    }

    /// A game starting from a FEN.
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        Ok(Game::new(Position::from_fen(fen)?))
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Changes the options and re-evaluates how the game stands (the moves played are kept; an ending that
    /// the new options no longer give is lifted, an external ending is kept: an ending by the rules that it
    /// now hides comes back when it is taken back). On error nothing changes.
    pub fn set_options(&mut self, options: Options) -> Result<(), OptionsError> {
        options.validate()?;
        self.rerule(options);
        Ok(())
    }

    /// Replays the game under `options` (already validated): the endings by the rules are ruled again, an
    /// external ending stays.
    fn rerule(&mut self, options: Options) {
        let external = self.ending.take().filter(|e| is_external(e.reason()));
        self.options = options;
        let moves: Vec<Move> = self.history.iter().map(|p| p.mv).collect();
        let offer = self.draw_offer;
        self.pos = self.start.clone();
        self.history.clear();
        self.truncate_track();
        self.ending = self.start_ending();
        for m in moves {
            self.play_unchecked(m);
        }
        self.hidden = None;
        if external.is_some() {
            // The external ending stays the game's ending; the ending by the rules it hides (if the new
            // options give one) is kept for when it is taken back.
            self.hidden = core::mem::replace(&mut self.ending, external);
        } else if let Some((result, _)) = self.recorded {
            // A record's result the rules had confirmed: confirmed again under the new options, or recorded.
            self.apply_recorded(result);
        }
        self.draw_offer = offer;
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played so far.
    pub fn history(&self) -> &[PlayedMove] {
        &self.history
    }

    /// How the game ended, or `None` while it goes on. Cheap: the ending is computed when the move is
    /// played.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.ending.as_ref()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// Plays a move that [`Game::check_play`] accepts; any other leaves the game unchanged and says why:
    /// an illegal move, the game being over ([`IllegalReason::GameOver`], except in [`Mode::Analysis`]) or,
    /// in [`Mode::Enforce`], a move that would complete a repetition condemning its mover
    /// ([`IllegalReason::ForbiddenRepetition`]). In enforce mode the repetition the gate rules before the
    /// move is the game's ending after it: a move is ruled once.
    pub fn play(&mut self, m: Move) -> Result<PlayedMove, IllegalMoveError> {
        self.ruled_ahead = self.gate(m, false)?;
        Ok(self.play_unchecked(m))
    }

    /// The one gate for "may this move be played now": the rules of movement, then the game's state under
    /// its [`Mode`] — refused once the game is over (except in analysis mode) and, in enforce mode, when the
    /// move would complete a repetition that condemns its mover. [`Game::play`] plays exactly the moves this
    /// accepts, and [`Game::allowed_moves`] lists them.
    pub fn check_play(&self, m: Move) -> Result<(), IllegalMoveError> {
        self.gate(m, false).map(|_| ())
    }

    /// [`Game::check_play`], and what the accepted move would complete by repetition (the warning of
    /// [`Game::repetition_warning`]), ruled once.
    pub fn validate(&self, m: Move) -> Result<Option<Outcome>, IllegalMoveError> {
        self.gate(m, true).map(Option::flatten)
    }

    /// The gate. `Some(ruling)` when it ruled the repetition the move would complete (`ruling` is `None` if it
    /// completes none): always in enforce mode, and with `warn` — unless the game is over (analysis mode).
    fn gate(&self, m: Move, warn: bool) -> Result<Option<Option<Outcome>>, IllegalMoveError> {
        let refuse = |reason| IllegalMoveError { mv: m, reason };
        if self.ending.is_some() && self.options.mode != Mode::Analysis {
            return Err(refuse(IllegalReason::GameOver));
        }
        self.pos.check_move(m).map_err(refuse)?;
        let enforce = self.options.mode == Mode::Enforce;
        if self.ending.is_some() || !(enforce || warn) {
            return Ok(None);
        }
        let ruling = self.repetition_if_played(m);
        if enforce
            && ruling
                .as_ref()
                .is_some_and(|o| o.offender() == Some(self.pos.turn()))
        {
            return Err(refuse(IllegalReason::ForbiddenRepetition));
        }
        Ok(Some(ruling))
    }

    /// Parses an ICCS move and plays it.
    pub fn play_iccs(&mut self, text: &str) -> Result<PlayedMove, GameError> {
        let m: Move = text.parse().map_err(GameError::Syntax)?;
        self.play(m).map_err(GameError::Illegal)
    }

    fn play_unchecked(&mut self, m: Move) -> PlayedMove {
        // Every caller passes a move the position allows (checked by `check_play`, or replayed from a history
        // that was): a piece of the side to move stands on its origin.
        let piece = self.pos.board().piece_at(m.from);
        // Checked by the callers (above): the origin holds the mover's piece.
        let piece = piece.unwrap_or_else(|| unreachable!("no piece on {}", m.from));
        let mover = self.pos.turn();
        let hash_before = self.pos.hash();
        let undo = self.pos.play_unchecked(m);
        let check = self.pos.is_check();
        let rec = PlayedMove {
            mv: m,
            piece,
            captured: undo.captured,
            check,
            hash_before,
            undo,
        };
        self.history.push(rec);
        let prev = self.track.last();
        // The track holds the start position's entry from construction on and is never emptied below it.
        let prev = *prev.unwrap_or_else(|| unreachable!("empty track"));
        let irreversible = undo.captured.is_some()
            || (piece.role == Role::Soldier && m.from.file() == m.to.file());
        let mut checks = if undo.captured.is_some() {
            [0, 0]
        } else {
            prev.checks
        };
        if check {
            checks[mover.index()] += 1;
        }
        self.push_track(Track {
            hash: self.pos.hash(),
            span_start: if irreversible {
                self.history.len()
            } else {
                prev.span_start
            },
            checks,
            prev: NO_POSITION,
        });
        if self.draw_offer == Some(mover.other()) {
            self.draw_offer = None; // a move by the side offered a draw declines it
        }
        if self.ending.is_none() {
            self.ending = self.rules_ending(undo.captured.is_some());
        } else if self.hidden.is_none()
            && self
                .ending
                .as_ref()
                .is_some_and(|e| is_external(e.reason()))
        {
            // Play on after an external ending (analysis mode): the ending by the rules is still ruled, for
            // when the external one is taken back.
            self.hidden = self.rules_ending(undo.captured.is_some());
        }
        self.ruled_ahead = None;
        rec
    }

    /// The ending by the rules after the move just played: every ending of [`Game::evaluate`], except that for
    /// a move read from a record only mate and stalemate end the game (the record says the rest).
    fn rules_ending(&mut self, material_changed: bool) -> Option<Outcome> {
        let ending = self.evaluate(material_changed);
        if self.record_plies.is_some_and(|n| self.history.len() <= n) {
            ending.filter(|e| is_board_ending(e.reason()))
        } else {
            ending
        }
    }

    /// The ending of the start position ([`Game::rules_ending`] before any move).
    fn start_ending(&mut self) -> Option<Outcome> {
        let ending = self.evaluate(false);
        if self.record_plies.is_some() {
            ending.filter(|e| is_board_ending(e.reason()))
        } else {
            ending
        }
    }

    /// Takes back the last move; `None` at the start. An ending reached at or after that move is lifted
    /// (including a resignation, draw agreement or time forfeit recorded after it); an ending by the rules
    /// that such an external ending hid (see [`Game::set_options`]) and that the moves left still reach
    /// becomes the game's ending again.
    pub fn undo(&mut self) -> Option<PlayedMove> {
        let rec = self.history.pop()?;
        self.pos.undo(rec.mv, rec.undo);
        self.pop_track();
        let len = self.history.len();
        self.idle_overrides.retain(|&p| p <= len);
        self.notes.truncate(len + 1);
        self.record_plies = self.record_plies.map(|n| n.min(len));
        if self.recorded.is_some_and(|(_, ply)| ply > len) {
            self.recorded = None;
        }
        if self.hidden.as_ref().is_some_and(|h| h.ply() > len) {
            self.hidden = None;
        }
        if self.ending.as_ref().is_some_and(|e| e.ply() > len) {
            // The first ending of the moves left is the hidden one if they reach it, else there is none: the
            // ending lifted was the first the game reached, apart from what it hid.
            self.ending = self.hidden.take();
        }
        self.draw_offer = None;
        Some(rec)
    }

    /// Back to the start position.
    pub fn reset(&mut self) {
        self.pos = self.start.clone();
        self.history.clear();
        self.truncate_track();
        self.draw_offer = None;
        self.idle_overrides.clear();
        self.notes.truncate(1);
        self.hidden = None;
        self.record_plies = self.record_plies.map(|_| 0);
        self.recorded = None;
        self.ending = self.start_ending();
    }

    /// Takes back one step: the external ending (resignation, agreed draw, time forfeit, illegal-move
    /// forfeit) if one was recorded after the last move, else the last move (as [`Game::undo`]). `None` when
    /// there is nothing to take back. Call it repeatedly to step back through a finished game.
    pub fn take_back(&mut self) -> Option<TakenBack> {
        if let Some(o) = self.undo_ending() {
            return Some(TakenBack::Ending(o));
        }
        self.undo().map(TakenBack::Move)
    }

    /// Lifts the external ending recorded after the last move (the moves stay), and returns it; `None` if the
    /// game has no such ending (it goes on, or ended by the rules on the board).
    pub fn undo_ending(&mut self) -> Option<Outcome> {
        if !self
            .ending
            .as_ref()
            .is_some_and(|e| is_external(e.reason()))
        {
            return None;
        }
        // The ending by the rules that it hid (options that changed after it may give one) takes its place.
        let hidden = self.hidden.take();
        self.recorded = None;
        core::mem::replace(&mut self.ending, hidden)
    }

    // ----- annotations -----------------------------------------------------------------------------------

    /// The comment at `ply`: after the move of that ply and before the next one; ply 0 is the comment before
    /// the first move. `None` if there is none (or no such ply).
    pub fn comment(&self, ply: usize) -> Option<&str> {
        self.notes.get(ply).and_then(|n| n.comment.as_deref())
    }

    /// The NAGs of the move of `ply` (from 1); empty if there are none.
    pub fn nags(&self, ply: usize) -> &[u8] {
        self.notes.get(ply).map_or(&[], |n| n.nags.as_slice())
    }

    /// The annotation at each ply that has one, as `(ply, annotation)`, in order.
    pub fn annotations(&self) -> impl Iterator<Item = (usize, &Annotation)> + '_ {
        self.notes.iter().enumerate().filter(|(_, n)| !n.is_empty())
    }

    fn note_mut(&mut self, ply: usize) -> &mut Annotation {
        if self.notes.len() <= ply {
            self.notes.resize_with(ply + 1, Annotation::default);
        }
        &mut self.notes[ply]
    }

    /// Sets (or with `None` removes) the comment at `ply` (0 to the number of moves played; see
    /// [`Game::comment`]). Returns `false`, changing nothing, if no such ply exists. Taking the move back
    /// drops its annotation.
    pub fn set_comment(&mut self, ply: usize, comment: Option<String>) -> bool {
        if ply > self.history.len() {
            return false;
        }
        self.note_mut(ply).comment = comment;
        true
    }

    /// Sets the NAGs of the move of `ply` (1 to the number of moves played). Returns `false`, changing
    /// nothing, if no move was played at that ply.
    pub fn set_nags(&mut self, ply: usize, nags: Vec<u8>) -> bool {
        if ply == 0 || ply > self.history.len() {
            return false;
        }
        self.note_mut(ply).nags = nags;
        true
    }

    // ----- endings -------------------------------------------------------------------------------------

    /// The ending of the current position, in the order of docs/rules.md §4 (called after each move).
    fn evaluate(&mut self, material_changed: bool) -> Option<Outcome> {
        let in_check = self
            .history
            .last()
            .map_or_else(|| self.pos.is_check(), |r| r.check);
        if self.pos.has_legal_move_in(in_check) {
            self.evaluate_with_moves(material_changed)
        } else {
            let ply = self.history.len();
            let o = &self.options;
            let loser = self.pos.turn();
            let reason = if self.pos.is_check() {
                Reason::Checkmate
            } else {
                Reason::Stalemate
            };
            Some(Outcome::simple(
                GameResult::win_for(loser.other()),
                reason,
                None,
                ply,
                o,
            ))
        }
    }

    /// The endings of §4 orders 3–5, when the side to move has a legal move.
    fn evaluate_with_moves(&self, material_changed: bool) -> Option<Outcome> {
        let ply = self.history.len();
        let o = &self.options;
        if let Some(out) = self.repetition_now() {
            return Some(out);
        }
        if o.move_limit > 0 {
            let t = self.track[ply];
            let discount = if o.check_discount {
                t.checks.iter().map(|c| c.saturating_sub(10)).sum::<u32>()
            } else {
                0
            };
            if self.pos.halfmoves().saturating_sub(discount) >= o.move_limit {
                return Some(Outcome::simple(
                    GameResult::Draw,
                    Reason::MoveLimit,
                    None,
                    ply,
                    o,
                ));
            }
        }
        if (ply == 0 || material_changed) && dead_position(self.pos.board()) {
            return Some(Outcome::simple(
                GameResult::Draw,
                Reason::DeadPosition,
                None,
                ply,
                o,
            ));
        }
        None
    }

    /// Index of the first of the `repetition_count` occurrences of the position with key `hash` reached
    /// after `ply` plies, looking back through positions `ply - 2, ply - 4, …` of the reversible span that
    /// starts at `span_start` (only those whose key shares the bucket: see [`KeyChains`]). `in_track`: the
    /// position is the last of the track (after the move), not a move's result looked at before it is played.
    fn first_occurrence(
        &self,
        hash: u64,
        ply: usize,
        span_start: usize,
        in_track: bool,
    ) -> Option<usize> {
        let need = self.options.repetition_count.saturating_sub(1) as usize;
        // The positions whose key shares the bucket, newest first: the position's own entry's chain when it is
        // the last of the track, else the bucket's chain.
        let mut k = if in_track {
            self.track[ply].prev
        } else {
            self.chains.head(hash, &self.track)
        };
        let mut count = 0;
        while k != NO_POSITION {
            let i = k as usize;
            if i < span_start {
                break; // the chain has left the reversible span
            }
            if i + 2 <= ply && (ply - i) % 2 == 0 && self.track[i].hash == hash {
                count += 1;
                if count >= need {
                    return Some(i);
                }
            }
            k = self.track[i].prev;
        }
        None
    }

    /// The position after `ply` plies (rebuilt by taking moves back from the current position).
    fn position_at(&self, ply: usize) -> Position {
        let mut p = self.pos.clone();
        for rec in self.history[ply..].iter().rev() {
            p.undo(rec.mv, rec.undo);
        }
        p
    }

    /// Rules a repetition if the current position completes one.
    fn repetition_now(&self) -> Option<Outcome> {
        if let Some(ruled) = &self.ruled_ahead {
            return ruled.clone(); // the gate ruled this move before it was played
        }
        let ply = self.history.len();
        let t = self.track[ply];
        let first = self.first_occurrence(t.hash, ply, t.span_start, true)?;
        let start = self.position_at(first);
        if start.board() != self.pos.board() {
            return None; // a Zobrist collision, not a repetition
        }
        let moves: Vec<Move> = self.history[first..].iter().map(|r| r.mv).collect();
        Some(self.repetition_outcome(&start, &moves, first + 1, ply))
    }

    fn repetition_outcome(
        &self,
        start: &Position,
        moves: &[Move],
        first_ply: usize,
        ply: usize,
    ) -> Outcome {
        let o = &self.options;
        let r = rule_repetition_with_overrides(start, moves, first_ply, o, &self.idle_overrides);
        Outcome::repetition(r, ply, o)
    }

    /// What playing the legal move `m` would end in by repetition, if it completes one (the verdict may be a
    /// draw or a loss for either side). `None` if the move is illegal, the game is over, or the move does
    /// not complete a repetition. Use it to warn a player before the move.
    pub fn repetition_warning(&self, m: Move) -> Option<Outcome> {
        if self.ending.is_some() || self.pos.check_move(m).is_err() {
            return None;
        }
        self.repetition_if_played(m)
    }

    fn repetition_if_played(&self, m: Move) -> Option<Outcome> {
        let piece = self.pos.board().piece_at(m.from)?;
        let irreversible =
            self.pos.is_capture(m) || (piece.role == Role::Soldier && m.from.file() == m.to.file());
        if irreversible {
            return None;
        }
        let mut after = self.pos.clone();
        after.play_unchecked(m);
        let ply = self.history.len() + 1;
        let span_start = self.track[ply - 1].span_start;
        let first = self.first_occurrence(after.hash(), ply, span_start, false)?;
        let start = self.position_at(first);
        if start.board() != after.board() {
            return None;
        }
        let mut moves: Vec<Move> = self.history[first..].iter().map(|r| r.mv).collect();
        moves.push(m);
        Some(self.repetition_outcome(&start, &moves, first + 1, ply))
    }

    fn is_forbidden_legal(&self, m: Move) -> bool {
        let mover = self.pos.turn();
        self.repetition_if_played(m)
            .is_some_and(|o| o.offender() == Some(mover))
    }

    /// Whether the legal move `m` would complete a repetition that condemns its mover (the move loses in
    /// adjudicate mode and is refused in enforce mode).
    pub fn would_lose_by_repetition(&self, m: Move) -> bool {
        self.ending.is_none() && self.pos.check_move(m).is_ok() && self.is_forbidden_legal(m)
    }

    /// The moves the side to move may play — exactly those [`Game::check_play`] accepts: the legal moves,
    /// without (in [`Mode::Enforce`]) those that would complete a forbidden repetition; empty when the game
    /// is over, except in [`Mode::Analysis`], where play goes on.
    pub fn allowed_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.ending.is_some() && self.options.mode != Mode::Analysis {
            return list;
        }
        let enforce = self.options.mode == Mode::Enforce;
        self.pos.for_each_legal(|m| {
            if !enforce || !self.is_forbidden_legal(m) {
                list.push(m);
            }
        });
        list
    }

    /// Classifies the legal move `m` of the side to move (docs/rules.md §6) under the game's rule set: check,
    /// mate threat, chase (with the chased pieces) or idle. Works in any position, not only in a repetition.
    pub fn classify_move(&self, m: Move) -> Result<Classification, IllegalMoveError> {
        self.pos
            .check_move(m)
            .map_err(|reason| IllegalMoveError { mv: m, reason })?;
        Ok(classify(&self.pos, m, &self.options))
    }

    /// Whether the material on the board is practically drawn and a draw may be claimed before an arbiter
    /// (never automatic), docs/rules.md §4.5.
    pub fn claimable_draw(&self) -> Option<adjudication::ClaimableDraw> {
        adjudication::claimable_draw(self.pos.board())
    }

    /// Arbiter override (docs/rules.md §6.6(6), CXA 棋例 通则 3): the move at game ply `ply` (1 = the first move) —
    /// for example one that occupies a defensive key point with an incidental attack on an advisor or
    /// elephant — is ruled IDLE in repetition rulings, whatever it threatens (a check stays a check). The game
    /// is re-ruled at once. Returns `false` (and changes nothing) if no move was played at that ply.
    pub fn override_idle(&mut self, ply: usize) -> bool {
        if ply == 0 || ply > self.history.len() {
            return false;
        }
        if !self.idle_overrides.contains(&ply) {
            self.idle_overrides.push(ply);
        }
        self.rerule(self.options);
        true
    }

    /// The plies ruled idle by [`Game::override_idle`].
    pub fn idle_overrides(&self) -> &[usize] {
        &self.idle_overrides
    }

    fn external(&mut self, result: GameResult, reason: Reason, loser: Option<Color>) -> &Outcome {
        let ply = self.history.len();
        let o = Outcome::simple(result, reason, loser, ply, &self.options);
        self.draw_offer = None;
        // Recorded only while the game goes on: nothing by the rules is hidden.
        self.hidden = None;
        self.ending.insert(o)
    }

    /// `color` resigns (认输): the other side wins, reason `resignation`.
    pub fn resign(&mut self, color: Color) -> Result<&Outcome, EndingError> {
        if self.ending.is_some() {
            return Err(EndingError::GameOver);
        }
        Ok(self.external(
            GameResult::win_for(color.other()),
            Reason::Resignation,
            Some(color),
        ))
    }

    /// `color` offers a draw (提和). The offer stands until the other side accepts it, declines it or plays a
    /// move.
    pub fn offer_draw(&mut self, color: Color) -> Result<(), EndingError> {
        if self.ending.is_some() {
            return Err(EndingError::GameOver);
        }
        self.draw_offer = Some(color);
        Ok(())
    }

    /// The side whose draw offer stands, if any.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// `color` declines the other side's draw offer (a no-op without one).
    pub fn decline_draw(&mut self, color: Color) {
        if self.draw_offer == Some(color.other()) {
            self.draw_offer = None;
        }
    }

    /// `color` accepts the other side's draw offer: draw, reason `agreement`.
    pub fn accept_draw(&mut self, color: Color) -> Result<&Outcome, EndingError> {
        if self.ending.is_some() {
            return Err(EndingError::GameOver);
        }
        if self.draw_offer != Some(color.other()) {
            return Err(EndingError::NoDrawOffer);
        }
        Ok(self.external(GameResult::Draw, Reason::Agreement, None))
    }

    /// `color`'s flag fell (see [`super::clock`]): the other side wins, reason `timeForfeit`.
    pub fn time_forfeit(&mut self, color: Color) -> Result<&Outcome, EndingError> {
        if self.ending.is_some() {
            return Err(EndingError::GameOver);
        }
        Ok(self.external(
            GameResult::win_for(color.other()),
            Reason::TimeForfeit,
            Some(color),
        ))
    }

    /// `color` made an illegal move over the board (a game recorded without a legality filter, docs/rules.md
    /// §3.4): the other side wins, reason `illegalMove`.
    pub fn illegal_move_forfeit(&mut self, color: Color) -> Result<&Outcome, EndingError> {
        if self.ending.is_some() {
            return Err(EndingError::GameOver);
        }
        Ok(self.external(
            GameResult::win_for(color.other()),
            Reason::IllegalMove,
            Some(color),
        ))
    }
}

impl Game {
    // ----- records ---------------------------------------------------------------------------------------

    /// Plays a move read from a game record (棋谱, qípǔ): it must be legal by the rules of movement, but it is
    /// not adjudicated. Playing a game, the library rules how it ends (repetition, move limit, dead
    /// position); reading a record, the record speaks: of the endings by the rules only mate and stalemate
    /// (no legal move left) end a game read from a record. [`Game::ruling`] tells what the rules would have
    /// said. Refused, leaving the game unchanged, for an illegal move or once the game is over (except in
    /// [`Mode::Analysis`]). Moves played with [`Game::play`] after the record's are ruled as usual.
    ///
    /// ```
    /// use xiangqi::{Game, Reason};
    ///
    /// // Red repeats a horse move three times: played, the repetition ends the game at ply 8 ...
    /// let moves = ["h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0", "g7h9"];
    /// let mut played = Game::default();
    /// let mut read = Game::default();
    /// for m in moves {
    ///     played.play_iccs(m).unwrap();
    ///     read.play_recorded(m.parse().unwrap()).unwrap();
    /// }
    /// assert_eq!(played.outcome().unwrap().reason(), Reason::RepetitionDraw);
    /// // ... read from a record, the game goes on: the rules' verdict is information.
    /// assert!(read.outcome().is_none());
    /// assert_eq!(read.ruling().unwrap().ply(), 8);
    /// ```
    pub fn play_recorded(&mut self, m: Move) -> Result<PlayedMove, IllegalMoveError> {
        let refuse = |reason| IllegalMoveError { mv: m, reason };
        if self.history.is_empty() && self.record_plies.is_none() {
            self.mark_start_read();
        }
        if self.ending.is_some() && self.options.mode != Mode::Analysis {
            return Err(refuse(IllegalReason::GameOver));
        }
        self.pos.check_move(m).map_err(refuse)?;
        self.record_plies = Some(self.history.len() + 1);
        Ok(self.play_unchecked(m))
    }

    /// A game read from a record, at its start position: as [`Game::with_options`], except that the start
    /// position is the record's (a position of dead material, for example, ends nothing: the record speaks;
    /// only mate and stalemate do). Continue with [`Game::play_recorded`] and [`Game::record_result`].
    pub fn for_record(start: Position, options: Options) -> Result<Game, OptionsError> {
        let mut g = Game::with_options(start, options)?;
        g.mark_start_read();
        Ok(g)
    }

    /// Makes the start position the record's (before any move): an ending by the rules there, other than
    /// mate or stalemate, is lifted.
    fn mark_start_read(&mut self) {
        self.record_plies = Some(0);
        if self.ending.as_ref().is_some_and(|e| {
            e.ply() == 0 && !is_board_ending(e.reason()) && !is_external(e.reason())
        }) {
            self.ending = None;
        }
    }

    /// For a game read from a record: how many of its first moves were read from the record (`Some(0)` for a
    /// record without moves); `None` for a game played.
    pub fn record_plies(&self) -> Option<usize> {
        self.record_plies
    }

    /// Records the result a game record gives, after its last move: the record's result stands (棋谱记载).
    /// The game's outcome becomes, in this order: the ending on the board if the moves end in mate or stalemate
    /// with this result; else the first ending by the rules ([`Game::ruling`]) if it falls on this very ply with
    /// this result (the record ends where the rules end it: a perpetual chase ruled at the last move); else the
    /// external ending [`Reason::Recorded`] with this result (a mate on the board that says otherwise is
    /// hidden behind it, as behind a resignation). Taking it back ([`Game::take_back`], or undoing a move) lifts
    /// it. Fails with [`EndingError::GameOver`] when a resignation, agreed draw, time forfeit, illegal-move
    /// forfeit or recorded result is already there.
    pub fn record_result(&mut self, result: GameResult) -> Result<&Outcome, EndingError> {
        if self
            .ending
            .as_ref()
            .is_some_and(|e| is_external(e.reason()))
        {
            return Err(EndingError::GameOver);
        }
        self.draw_offer = None;
        self.apply_recorded(result);
        // `apply_recorded` always leaves an ending.
        self.ending.as_ref().ok_or(EndingError::GameOver)
    }

    fn apply_recorded(&mut self, result: GameResult) {
        let ply = self.history.len();
        self.recorded = Some((result, ply));
        if self.ending.as_ref().is_some_and(|e| e.result() == result) {
            return; // the board agrees
        }
        if self.ending.is_none() {
            if let Some(r) = self
                .ruling()
                .filter(|r| r.ply() == ply && r.result() == result)
            {
                self.hidden = None;
                self.ending = Some(r);
                return;
            }
        }
        let o = Outcome::simple(result, Reason::Recorded, None, ply, &self.options);
        self.hidden = self.ending.replace(o);
    }

    /// The library's own ruling of the moves played: the first ending the rules give (mate, stalemate, a
    /// repetition ruling, the move limit, a dead position), at the ply it falls on, under the game's options
    /// (as if every move had been played with [`Game::play`] in [`Mode::Analysis`]); `None` if the rules end
    /// nothing. Information, for a game read from a record: "under AXF rules this game would have ended at
    /// ply 62 by perpetual chase" — the record's own result stays the game's [`Game::outcome`].
    pub fn ruling(&self) -> Option<Outcome> {
        let options = Options {
            mode: Mode::Analysis,
            ..self.options
        };
        let mut g = Game::new(self.start.clone());
        g.options = options;
        g.ending = g.evaluate(false);
        g.idle_overrides = self.idle_overrides.clone();
        for p in &self.history {
            g.play_unchecked(p.mv);
        }
        g.ending
    }

    // ----- headers ---------------------------------------------------------------------------------------

    /// The tag pairs of the game (event, players, date, ...: 棋谱信息), verbatim and in the order read or set.
    /// A game read from a record has the record's; [`GameRecord::from_game`](crate::notation::record::GameRecord::from_game)
    /// writes them back.
    pub fn headers(&self) -> &[(String, String)] {
        &self.headers
    }

    /// The value of the first header named `name` (case-sensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        headers::header(&self.headers, name)
    }

    /// Sets a header: the first of that name gets the value in place, or it is appended.
    pub fn set_header(&mut self, name: &str, value: &str) {
        headers::set_header(&mut self.headers, name, value);
    }

    /// Removes every header named `name`; `false` if there was none.
    pub fn remove_header(&mut self, name: &str) -> bool {
        headers::remove_header(&mut self.headers, name)
    }

    /// Replaces all headers.
    pub fn set_headers(&mut self, headers: Vec<(String, String)>) {
        self.headers = headers;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `first_occurrence` by scanning the whole span, as it was before the key chains.
    fn scan(g: &Game, hash: u64, ply: usize, span_start: usize) -> Option<usize> {
        let need = g.options.repetition_count.saturating_sub(1) as usize;
        let mut count = 0;
        let mut k = ply;
        while k >= span_start + 2 {
            k -= 2;
            if g.track[k].hash == hash {
                count += 1;
                if count >= need {
                    return Some(k);
                }
            }
        }
        None
    }

    /// The key chains find exactly what a scan of the span finds, at every ply of long random games full of
    /// repetitions (few pieces, analysis mode so that play goes on), for the position reached and for every
    /// legal move before it is played, while the table grows (256, 512, ... buckets), and again on the way back
    /// with undo and after `set_options` rebuilt everything.
    #[test]
    fn key_chains_find_what_a_scan_of_the_span_finds() {
        let mut seed = 7u64;
        let mut found = 0;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        for (fen, count) in [
            ("4k4/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1", 3),
            ("3k1n3/4a4/4b4/9/9/9/9/4B4/4A4/4KN3 w - - 0 1", 2),
            ("4ka3/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1", 4),
        ] {
            let options = Options {
                mode: Mode::Analysis,
                move_limit: 0,
                repetition_count: count,
                ..Options::default()
            };
            let mut g = Game::with_options(Position::from_fen(fen).unwrap(), options).unwrap();
            let check = |g: &Game| {
                let ply = g.history.len();
                let t = g.track[ply];
                assert_eq!(
                    g.first_occurrence(t.hash, ply, t.span_start, true),
                    scan(g, t.hash, ply, t.span_start),
                    "ply {ply}"
                );
                for &m in g.pos.legal_moves().iter() {
                    let mut after = g.pos.clone();
                    after.play_unchecked(m);
                    let span_start = t.span_start;
                    assert_eq!(
                        g.first_occurrence(after.hash(), ply + 1, span_start, false),
                        scan(g, after.hash(), ply + 1, span_start),
                        "ply {ply} {m}"
                    );
                }
            };
            for _ in 0..1500 {
                let moves = g.pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Mostly quiet moves: captures end the span (and the pieces) too soon.
                let quiet: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| !g.pos.is_capture(m))
                    .collect();
                let pick = if quiet.is_empty() || next() % 50 == 0 {
                    &moves[..]
                } else {
                    &quiet[..]
                };
                g.play(pick[next() % pick.len()]).unwrap();
                check(&g);
                let t = g.track[g.history.len()];
                found += usize::from(scan(&g, t.hash, g.history.len(), t.span_start).is_some());
            }
            assert!(
                found > 10,
                "{fen}: only {found} repetitions in {} plies",
                g.history.len()
            );
            assert!(g.chains.heads.len() >= g.track.len());
            let moves: Vec<Move> = g.history.iter().map(|p| p.mv).collect();
            while g.undo().is_some() {
                check(&g);
            }
            for &m in &moves {
                g.play(m).unwrap();
            }
            g.set_options(options).unwrap();
            check(&g);
            while g.history.len() > moves.len() / 2 {
                g.undo();
                check(&g);
            }
        }
        assert!(found > 20, "only {found} repetitions");
    }
}
