//! `Game`: the JS face of [`rules::Game`]. Every method checks its JS arguments first and mutates only after
//! everything has been validated, so a throwing call leaves the game exactly as it was.

use super::cache::{self, iccs_array, move_info, piece_info};
use super::dto::{to_js, OptionsDto, Outcome, Validation};
use super::errors::XqError;
use super::input::{bool_option, fen_arg, is_absent, move_arg, options_arg, square_arg, type_name};
use crate::rules::{self, PlayedMove, Position};
use js_sys::{Array, Map};
use wasm_bindgen::prelude::*;

/// The rule set for the adjudication of repetitions (RULES.md §5–7): AXF (Asian Xiangqi Federation, 亚洲象棋规则)
/// or CXA (Chinese Xiangqi Association, 中国象棋规则). Sections 1–4 (moves, mate, stalemate) are common to both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Ruleset {
    #[default]
    Axf,
    Cxa,
}

impl Ruleset {
    fn name(self) -> &'static str {
        match self {
            Ruleset::Axf => "axf",
            Ruleset::Cxa => "cxa",
        }
    }
}

/// Validated `GameOptions`.
#[derive(Clone, Copy, Debug, Default)]
struct GameOptions {
    rules: Ruleset,
}

fn game_options(v: &JsValue, what: &str) -> Result<GameOptions, XqError> {
    let [rules] = options_arg(v, what, ["rules"])?;
    let rules = if rules.is_undefined() {
        Ruleset::default()
    } else {
        // Look at short strings only: a huge string is not copied into wasm memory.
        let text = rules
            .dyn_ref::<js_sys::JsString>()
            .filter(|s| s.length() <= 8)
            .map(String::from);
        match text.as_deref() {
            Some("axf") => Ruleset::Axf,
            Some("cxa") => Ruleset::Cxa,
            _ => {
                return Err(XqError::options(format!(
                    "{what}: option rules must be \"axf\" or \"cxa\", got {}",
                    if rules.is_string() {
                        "another string"
                    } else {
                        type_name(&rules)
                    }
                )))
            }
        }
    };
    Ok(GameOptions { rules })
}

/// `{ verbose }` of `legalMoves` and `history`.
fn verbose_option(v: &JsValue, what: &str) -> Result<bool, XqError> {
    let [verbose] = options_arg(v, what, ["verbose"])?;
    bool_option(&verbose, what, "verbose", false)
}

fn position_from_fen(fen: &JsValue, what: &str) -> Result<Position, XqError> {
    let text = fen_arg(fen, what)?;
    Position::from_fen(&text).map_err(|e| XqError::fen(&e))
}

fn record(p: &PlayedMove) -> JsValue {
    move_info(p.mv, p.piece, p.captured, p.check)
}

/// A game of xiangqi (象棋): a start position, the moves played since, and the rules options.
#[wasm_bindgen(skip_typescript)]
pub struct Game {
    inner: rules::Game,
    options: GameOptions,
}

#[wasm_bindgen]
impl Game {
    /// `new Game(fen?, options?)`: the start position, or `fen`. Throws `ERR_FEN_*`, `ERR_ARGUMENT`,
    /// `ERR_OPTIONS`.
    #[wasm_bindgen(constructor, skip_typescript)]
    pub fn new(fen: JsValue, options: JsValue) -> Result<Game, XqError> {
        let options = game_options(&options, "new Game")?;
        let start = if is_absent(&fen) {
            cache::start_position()
        } else {
            position_from_fen(&fen, "new Game")?
        };
        Ok(Game {
            inner: rules::Game::new(start),
            options,
        })
    }

    /// `Game.fromFen(fen, options?)`: like the constructor, but the FEN is required.
    #[wasm_bindgen(js_name = fromFen, skip_typescript)]
    pub fn from_fen(fen: JsValue, options: JsValue) -> Result<Game, XqError> {
        let options = game_options(&options, "Game.fromFen")?;
        let start = position_from_fen(&fen, "Game.fromFen")?;
        Ok(Game {
            inner: rules::Game::new(start),
            options,
        })
    }

    fn pos(&self) -> &Position {
        self.inner.position()
    }

    /// The current position in FEN (six fields).
    #[wasm_bindgen(skip_typescript)]
    pub fn fen(&self) -> String {
        self.pos().fen()
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

    /// The legal moves, sorted by ICCS: strings, or `MoveInfo` records with `{ verbose: true }`.
    #[wasm_bindgen(js_name = legalMoves, skip_typescript)]
    pub fn legal_moves(&self, options: JsValue) -> Result<Vec<JsValue>, XqError> {
        let verbose = verbose_option(&options, "legalMoves")?;
        let mut moves = self.pos().legal_moves();
        moves.sort_iccs();
        let pos = self.pos();
        Ok(if verbose {
            moves
                .iter()
                .filter_map(|&m| {
                    let piece = pos.board().piece_at(m.from)?;
                    let captured = pos.board().piece_at(m.to);
                    Some(move_info(m, piece, captured, pos.gives_check(m)))
                })
                .collect()
        } else {
            iccs_array(moves.iter().copied())
        })
    }

    /// The legal moves of the piece on `square` (ICCS strings, sorted); `[]` for an empty square or a piece of
    /// the side not to move.
    #[wasm_bindgen(js_name = movesFrom, skip_typescript)]
    pub fn moves_from(&self, square: JsValue) -> Result<Vec<JsValue>, XqError> {
        let sq = square_arg(&square)?;
        let mut moves = self.pos().legal_moves();
        moves.sort_iccs();
        Ok(iccs_array(moves.iter().copied().filter(|m| m.from == sq)))
    }

    /// A `Map` from each square with a movable piece to its destination squares: what a board widget needs.
    #[wasm_bindgen(skip_typescript)]
    pub fn dests(&self) -> Map {
        let mut moves = self.pos().legal_moves();
        moves.sort_iccs();
        let map = Map::new();
        let mut i = 0;
        while i < moves.len() {
            let from = moves[i].from;
            let to = Array::new();
            while i < moves.len() && moves[i].from == from {
                to.push(&cache::square(moves[i].to));
                i += 1;
            }
            map.set(&cache::square(from), &to);
        }
        map
    }

    /// Whether `move` is legal here. Never throws: anything that is not a legal move gives `false`.
    #[wasm_bindgen(js_name = isLegal, skip_typescript)]
    pub fn is_legal(&self, mv: JsValue) -> bool {
        move_arg(&mv).is_ok_and(|m| self.pos().is_legal(m))
    }

    /// `{ legal: true }`, or `{ legal: false, code, reason }` saying why not. Never throws.
    #[wasm_bindgen(skip_typescript)]
    pub fn validate(&self, mv: JsValue) -> JsValue {
        let v = match move_arg(&mv) {
            Err(e) => Validation {
                legal: false,
                code: Some("syntax"),
                reason: Some(e.message().to_string()),
            },
            Ok(m) => match self.pos().check_move(m) {
                Ok(()) => Validation {
                    legal: true,
                    code: None,
                    reason: None,
                },
                Err(r) => Validation {
                    legal: false,
                    code: Some(r.code()),
                    reason: Some(r.to_string()),
                },
            },
        };
        to_js(&v)
    }

    /// Plays a move and returns its `MoveInfo`. Throws `ERR_ARGUMENT`, `ERR_MOVE_SYNTAX` or `ERR_ILLEGAL_MOVE`
    /// and leaves the game unchanged.
    #[wasm_bindgen(skip_typescript)]
    pub fn play(&mut self, mv: JsValue) -> Result<JsValue, XqError> {
        let m = move_arg(&mv)?;
        let played = self.inner.play(m).map_err(|e| XqError::illegal(&e))?;
        Ok(record(&played))
    }

    /// Takes back the last move and returns its `MoveInfo`; `null` at the start.
    #[wasm_bindgen(skip_typescript)]
    pub fn undo(&mut self) -> JsValue {
        match self.inner.undo() {
            Some(p) => record(&p),
            None => JsValue::NULL,
        }
    }

    /// The moves played since the start: ICCS strings, or `MoveInfo` records with `{ verbose: true }`.
    #[wasm_bindgen(skip_typescript)]
    pub fn history(&self, options: JsValue) -> Result<Vec<JsValue>, XqError> {
        let verbose = verbose_option(&options, "history")?;
        let h = self.inner.history();
        Ok(if verbose {
            h.iter().map(record).collect()
        } else {
            iccs_array(h.iter().map(|p| p.mv))
        })
    }

    /// Back to the position the game started from (its FEN, or the start position); the options stay.
    #[wasm_bindgen(skip_typescript)]
    pub fn reset(&mut self) {
        self.inner.reset();
    }

    /// An independent copy: same start, moves and options.
    #[wasm_bindgen(js_name = clone, skip_typescript)]
    pub fn clone_game(&self) -> Game {
        Game {
            inner: self.inner.clone(),
            options: self.options,
        }
    }

    /// `null` while the game goes on, else `{ result, winner, reason, explanation }`.
    #[wasm_bindgen(skip_typescript)]
    pub fn outcome(&self) -> JsValue {
        match Outcome::of(self.pos()) {
            Some(o) => to_js(&o),
            None => JsValue::NULL,
        }
    }

    /// The game's options, normalised: `{ rules: "axf" | "cxa" }`.
    #[wasm_bindgen(skip_typescript)]
    pub fn options(&self) -> JsValue {
        to_js(&OptionsDto {
            rules: self.options.rules.name(),
        })
    }
}
