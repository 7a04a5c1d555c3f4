//! `Game`: the JS face of [`xiangqi::Game`]. Every method checks its JS arguments first and mutates only after
//! everything has been validated, so a throwing call leaves the game exactly as it was. Whether a move may be
//! played is asked of [`xiangqi::Game::check_play`] (the one gate), never decided here.

use super::cache::{self, iccs_array, square};
use super::dto::{
    to_js, ClassificationDto, OpeningDto, OptionsDto, OutcomeDto, UndoneEnding, Validation,
};
use super::errors::XqError;
use super::input::{bool_option, color_arg, fen_arg, is_absent, move_arg, options_arg, square_arg};
use super::move_info::{move_info, piece_info};
use super::notation::{list_notation, parse_move_text, write_text, ListNotation, MAX_MOVE_TEXT};
use super::options::game_options;
use js_sys::{Array, JsString, Map};
use wasm_bindgen::prelude::*;
use xiangqi::adjudication::Options;
use xiangqi::{IllegalMoveError, Move, Position};

/// `{ verbose, notation }` of `legalMoves` and `history`.
/// `{ verbose, notation, notationOptions }` of `history`.
fn list_options(v: &JsValue, what: &str) -> Result<(bool, Option<ListNotation>), XqError> {
    let [verbose, notation, notation_options] =
        options_arg(v, what, ["verbose", "notation", "notationOptions"])?;
    let verbose = bool_option(&verbose, what, "verbose", false)?;
    Ok((verbose, list_notation(&notation, &notation_options, what)?))
}

fn position_from_fen(fen: &JsValue, what: &str) -> Result<Position, XqError> {
    let text = fen_arg(fen, what)?;
    Ok(Position::from_fen(&text)?)
}

fn outcome_js(o: Option<&xiangqi::Outcome>) -> JsValue {
    o.map_or(JsValue::NULL, |o| to_js(&OutcomeDto::of(o)))
}

/// A game of xiangqi (象棋): a start position, the moves played since, the rules options and how it ended.
#[wasm_bindgen(skip_typescript)]
pub struct Game {
    inner: xiangqi::Game,
    /// What the reader of the record the game was read from warned about.
    #[cfg(feature = "wasm-notation")]
    pub(crate) warnings: Vec<xiangqi::notation::record::Warning>,
}

impl Game {
    /// Wraps a rules game.
    #[cfg_attr(not(feature = "wasm-notation"), allow(dead_code))]
    pub(crate) fn from_inner(inner: xiangqi::Game) -> Game {
        Game {
            inner,
            #[cfg(feature = "wasm-notation")]
            warnings: Vec::new(),
        }
    }

    fn build(start: Position, options: Options) -> Result<Game, XqError> {
        Ok(Game::from_inner(xiangqi::Game::with_options(
            start, options,
        )?))
    }

    pub(crate) fn pos(&self) -> &Position {
        self.inner.position()
    }

    /// The rules game (for the methods defined in other files of the binding).
    pub(crate) fn inner(&self) -> &xiangqi::Game {
        &self.inner
    }

    pub(crate) fn inner_mut(&mut self) -> &mut xiangqi::Game {
        &mut self.inner
    }

    /// The move a JS argument names: ICCS, WXF or Chinese text, or `{ from, to }`.
    pub(crate) fn move_of(&self, v: &JsValue) -> Result<Move, XqError> {
        if let Some(s) = v.dyn_ref::<JsString>() {
            if s.length() > MAX_MOVE_TEXT {
                return move_arg(v); // the ICCS reader reports the syntax error without copying it all
            }
            return parse_move_text(self.pos(), &String::from(s));
        }
        move_arg(v)
    }

    /// The legal moves of the side to move, sorted by ICCS.
    fn sorted_legal(&self) -> xiangqi::MoveList {
        let mut moves = self.pos().legal_moves();
        moves.sort_iccs();
        moves
    }

    /// The moves `play` accepts, sorted by ICCS.
    fn sorted_allowed(&self) -> xiangqi::MoveList {
        let mut moves = self.inner.allowed_moves();
        moves.sort_iccs();
        moves
    }
}

#[wasm_bindgen]
impl Game {
    /// `new Game(fen?, options?)`: the start position, or `fen`. Throws `ERR_FEN_*`, `ERR_ARGUMENT`,
    /// `ERR_OPTIONS`.
    #[wasm_bindgen(constructor, skip_typescript)]
    pub fn new(fen: JsValue, options: JsValue) -> Result<Game, XqError> {
        let options = game_options(&options, "new Game", Options::default())?;
        let start = if is_absent(&fen) {
            cache::start_position()
        } else {
            position_from_fen(&fen, "new Game")?
        };
        Game::build(start, options)
    }

    /// `Game.fromFen(fen, options?)`: like the constructor, but the FEN is required.
    #[wasm_bindgen(js_name = fromFen, skip_typescript)]
    pub fn from_fen(fen: JsValue, options: JsValue) -> Result<Game, XqError> {
        let options = game_options(&options, "Game.fromFen", Options::default())?;
        let start = position_from_fen(&fen, "Game.fromFen")?;
        Game::build(start, options)
    }

    /// The current position in FEN (six fields).
    #[wasm_bindgen(skip_typescript)]
    pub fn fen(&self) -> String {
        self.pos().fen()
    }

    /// The FEN of the position the game started from.
    #[wasm_bindgen(js_name = initialFen, skip_typescript)]
    pub fn initial_fen(&self) -> String {
        self.inner.start().fen()
    }

    /// `"red"` or `"black"`: the side to move.
    #[wasm_bindgen(skip_typescript)]
    pub fn turn(&self) -> String {
        self.pos().turn().name().into()
    }

    /// The pieces on the board, `{ square, color, kind }`, in square order (a0, b0, ... i9).
    #[wasm_bindgen(skip_typescript)]
    pub fn pieces(&self) -> Vec<JsValue> {
        self.pos()
            .board()
            .pieces()
            .map(|(sq, p)| piece_info(sq, p))
            .collect()
    }

    /// Whether the side to move is in check (将军, jiāngjūn).
    #[wasm_bindgen(js_name = isCheck, skip_typescript)]
    pub fn is_check(&self) -> bool {
        self.pos().is_check()
    }

    /// The moves that may be played now (those `play` accepts: none once the game is over, no forbidden
    /// repetition in enforce mode), or with `{ positionOnly: true }` every legal move of the position by the
    /// rules of movement; sorted by ICCS: strings, `MoveInfo` records with `{ verbose: true }`, or text in
    /// `{ notation }`.
    #[wasm_bindgen(js_name = legalMoves, skip_typescript)]
    pub fn legal_moves(&self, options: JsValue) -> Result<Vec<JsValue>, XqError> {
        let [verbose, notation, notation_options, position_only] = options_arg(
            &options,
            "legalMoves",
            ["verbose", "notation", "notationOptions", "positionOnly"],
        )?;
        let verbose = bool_option(&verbose, "legalMoves", "verbose", false)?;
        let notation = list_notation(&notation, &notation_options, "legalMoves")?;
        let position_only = bool_option(&position_only, "legalMoves", "positionOnly", false)?;
        let moves = if position_only {
            self.sorted_legal()
        } else {
            self.sorted_allowed()
        };
        let pos = self.pos();
        Ok(if verbose {
            moves
                .iter()
                .map(|&m| move_info(pos, m, pos.board().piece_at(m.to), pos.gives_check(m)))
                .collect()
        } else if let Some(n) = notation {
            moves.iter().map(|&m| write_text(pos, m, &n)).collect()
        } else {
            iccs_array(moves.iter().copied())
        })
    }

    /// The moves `play` accepts now: the legal moves, without those that would complete a forbidden
    /// repetition in enforce mode; `[]` once the game is over (except in analysis mode).
    #[wasm_bindgen(js_name = allowedMoves, skip_typescript)]
    pub fn allowed_moves(&self) -> Vec<JsValue> {
        iccs_array(self.sorted_allowed().iter().copied())
    }

    /// The moves of the piece on `square` that may be played now (ICCS strings, sorted); `[]` for an empty
    /// square or a piece of the side not to move. `{ positionOnly: true }`: its legal moves whatever the
    /// game's state; `{ anySide: true }`: also for a piece of the side not to move, as if its side were to move.
    #[wasm_bindgen(js_name = movesFrom, skip_typescript)]
    pub fn moves_from(&self, square: JsValue, options: JsValue) -> Result<Vec<JsValue>, XqError> {
        let sq = square_arg(&square)?;
        let [position_only, any_side] =
            options_arg(&options, "movesFrom", ["positionOnly", "anySide"])?;
        let position_only = bool_option(&position_only, "movesFrom", "positionOnly", false)?;
        let any_side = bool_option(&any_side, "movesFrom", "anySide", false)?;
        if any_side
            && self
                .pos()
                .board()
                .piece_at(sq)
                .is_some_and(|p| p.color != self.pos().turn())
        {
            let mut moves = self.pos().moves_of_piece_either_side(sq);
            moves.sort_iccs();
            return Ok(iccs_array(moves.iter().copied()));
        }
        let moves = if position_only || any_side {
            self.sorted_legal()
        } else {
            self.sorted_allowed()
        };
        Ok(iccs_array(moves.iter().copied().filter(|m| m.from == sq)))
    }

    /// A `Map` from each square with a movable piece to its destination squares: the moves `play` accepts
    /// (see `allowedMoves`), what a board widget needs.
    #[wasm_bindgen(skip_typescript)]
    pub fn dests(&self) -> Map {
        let moves = self.sorted_allowed();
        let map = Map::new();
        let mut i = 0;
        while i < moves.len() {
            let from = moves[i].from;
            let to = Array::new();
            while i < moves.len() && moves[i].from == from {
                to.push(&square(moves[i].to));
                i += 1;
            }
            map.set(&square(from), &to);
        }
        map
    }

    /// Whether `play(move)` would be accepted. Never throws.
    #[wasm_bindgen(js_name = isLegal, skip_typescript)]
    pub fn is_legal(&self, mv: JsValue) -> bool {
        self.move_of(&mv)
            .is_ok_and(|m| self.inner.check_play(m).is_ok())
    }

    /// `{ legal: true, warning? }`, or `{ legal: false, code, reason }` saying why not. Never throws.
    #[wasm_bindgen(skip_typescript)]
    pub fn validate(&self, mv: JsValue) -> JsValue {
        let v = match self.move_of(&mv) {
            Err(e) => Validation {
                legal: false,
                // A JS value that is not move text at all has no reason code of its own.
                code: Some(e.reason_code().unwrap_or("syntax")),
                reason: Some(e.message().to_string()),
                warning: None,
            },
            Ok(m) => match self.inner.validate(m) {
                Ok(warning) => Validation {
                    legal: true,
                    code: None,
                    reason: None,
                    warning: warning.as_ref().map(OutcomeDto::of),
                },
                Err(r) => Validation {
                    legal: false,
                    code: Some(r.reason.code()),
                    reason: Some(r.reason.to_string()),
                    warning: None,
                },
            },
        };
        to_js(&v)
    }

    /// Plays a move (ICCS, WXF or Chinese text, or `{ from, to }`) and returns its `MoveInfo`. Throws
    /// `ERR_ARGUMENT`, `ERR_MOVE_*` or `ERR_ILLEGAL_MOVE` and leaves the game unchanged.
    #[wasm_bindgen(skip_typescript)]
    pub fn play(&mut self, mv: JsValue) -> Result<JsValue, XqError> {
        let m = self.move_of(&mv)?;
        let before = self.pos().clone();
        let played = self.inner.play(m)?;
        Ok(move_info(&before, m, played.captured, played.check))
    }

    /// Takes back one step and says what: the resignation, agreed draw or time forfeit recorded last as
    /// `{ ending: Outcome }`, else the last move as its `MoveInfo`; `null` when there is nothing to take back.
    #[wasm_bindgen(skip_typescript)]
    pub fn undo(&mut self) -> JsValue {
        match self.inner.take_back() {
            Some(xiangqi::TakenBack::Move(p)) => {
                move_info(self.inner.position(), p.mv, p.captured, p.check)
            }
            Some(xiangqi::TakenBack::Ending(o)) => to_js(&UndoneEnding::of(&o)),
            None => JsValue::NULL,
        }
    }

    /// The moves played since the start: ICCS strings, `MoveInfo` records with `{ verbose: true }`, or text
    /// in `{ notation }`.
    #[wasm_bindgen(skip_typescript)]
    pub fn history(&self, options: JsValue) -> Result<Vec<JsValue>, XqError> {
        let (verbose, notation) = list_options(&options, "history")?;
        let h = self.inner.history();
        if !verbose && notation.is_none() {
            return Ok(iccs_array(h.iter().map(|p| p.mv)));
        }
        let mut pos = self.inner.start().clone();
        let mut out = Vec::with_capacity(h.len());
        for p in h {
            out.push(match &notation {
                Some(n) if !verbose => write_text(&pos, p.mv, n),
                _ => move_info(&pos, p.mv, p.captured, p.check),
            });
            pos.play_unchecked(p.mv);
        }
        Ok(out)
    }

    /// The game's opening: `{ code, ply, names: { zh, en } }` — its ECCO code (开局编号), the ply that decided
    /// it and its names — or `null` for a game not from the standard start or before the first move.
    #[wasm_bindgen(skip_typescript)]
    pub fn opening(&self) -> JsValue {
        self.inner
            .opening()
            .map_or(JsValue::NULL, |o| to_js(&OpeningDto::of(&o)))
    }

    /// Back to the position the game started from (its FEN, or the start position); the options stay.
    #[wasm_bindgen(skip_typescript)]
    pub fn reset(&mut self) {
        self.inner.reset();
    }

    /// An independent copy: same start, moves, options and ending.
    #[wasm_bindgen(js_name = clone, skip_typescript)]
    pub fn clone_game(&self) -> Game {
        Game {
            inner: self.inner.clone(),
            #[cfg(feature = "wasm-notation")]
            warnings: self.warnings.clone(),
        }
    }

    /// `null` while the game goes on, else the verdict.
    #[wasm_bindgen(skip_typescript)]
    pub fn outcome(&self) -> JsValue {
        outcome_js(self.inner.outcome())
    }

    /// The game's options, normalised.
    #[wasm_bindgen(skip_typescript)]
    pub fn options(&self) -> JsValue {
        to_js(&OptionsDto::of(self.inner.options()))
    }

    /// Changes some options; the game is ruled again under them. Throws `ERR_OPTIONS`.
    #[wasm_bindgen(js_name = setOptions, skip_typescript)]
    pub fn set_options(&mut self, options: JsValue) -> Result<(), XqError> {
        let o = game_options(&options, "setOptions", *self.inner.options())?;
        self.inner
            .set_options(o)
            .map_err(|e| XqError::from(e).in_call("setOptions"))
    }

    /// The classification of a legal move (docs/rules.md §6): check, mate threat, chase (with targets) or idle.
    #[wasm_bindgen(js_name = classifyMove, skip_typescript)]
    pub fn classify_move(&self, mv: JsValue) -> Result<JsValue, XqError> {
        let m = self.move_of(&mv)?;
        let c = self.inner.classify_move(m)?;
        Ok(to_js(&ClassificationDto::of(&c)))
    }

    /// The verdict a legal move would complete by repetition, or `null`.
    #[wasm_bindgen(js_name = repetitionWarning, skip_typescript)]
    pub fn repetition_warning(&self, mv: JsValue) -> Result<JsValue, XqError> {
        let m = self.move_of(&mv)?;
        self.pos()
            .check_move(m)
            .map_err(|reason| IllegalMoveError { mv: m, reason })?;
        Ok(outcome_js(self.inner.repetition_warning(m).as_ref()))
    }

    /// `color` resigns. Returns the outcome; throws `ERR_GAME_OVER`.
    #[wasm_bindgen(skip_typescript)]
    pub fn resign(&mut self, color: JsValue) -> Result<JsValue, XqError> {
        let c = color_arg(&color, "resign")?;
        let o = self.inner.resign(c)?;
        Ok(outcome_js(Some(o)))
    }

    /// `color` offers a draw. Throws `ERR_GAME_OVER`.
    #[wasm_bindgen(js_name = offerDraw, skip_typescript)]
    pub fn offer_draw(&mut self, color: JsValue) -> Result<(), XqError> {
        let c = color_arg(&color, "offerDraw")?;
        Ok(self.inner.offer_draw(c)?)
    }

    /// `color` accepts the other side's offer. Throws `ERR_GAME_OVER` or `ERR_NO_DRAW_OFFER`.
    #[wasm_bindgen(js_name = acceptDraw, skip_typescript)]
    pub fn accept_draw(&mut self, color: JsValue) -> Result<JsValue, XqError> {
        let c = color_arg(&color, "acceptDraw")?;
        let o = self.inner.accept_draw(c)?;
        Ok(outcome_js(Some(o)))
    }

    /// `color` declines the other side's offer (a no-op without one).
    #[wasm_bindgen(js_name = declineDraw, skip_typescript)]
    pub fn decline_draw(&mut self, color: JsValue) -> Result<(), XqError> {
        let c = color_arg(&color, "declineDraw")?;
        self.inner.decline_draw(c);
        Ok(())
    }

    /// The side whose draw offer stands, or `null`.
    #[wasm_bindgen(js_name = drawOffer, skip_typescript)]
    pub fn draw_offer(&self) -> JsValue {
        self.inner
            .draw_offer()
            .map_or(JsValue::NULL, |c| c.name().into())
    }

    /// `color`'s flag fell. Throws `ERR_GAME_OVER`.
    #[wasm_bindgen(js_name = timeForfeit, skip_typescript)]
    pub fn time_forfeit(&mut self, color: JsValue) -> Result<JsValue, XqError> {
        let c = color_arg(&color, "timeForfeit")?;
        let o = self.inner.time_forfeit(c)?;
        Ok(outcome_js(Some(o)))
    }
}

impl Game {
    /// The rules game (for the search and the records).
    #[cfg_attr(
        not(any(feature = "wasm-notation", feature = "wasm-search")),
        allow(dead_code)
    )]
    pub(crate) fn rules_game(&self) -> &xiangqi::Game {
        &self.inner
    }
}
