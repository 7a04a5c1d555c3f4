//! What every chess library has, on `Game`: how it stands (`isCheckmate`, `isStalemate`, `isDraw`,
//! `isGameOver`), the board as rows (`board`, `get`, `ascii`), a position editor (`put`, `remove`, `load`: the
//! result must be a legal position), a readable `toString` / `toJSON`, and the comments and NAGs of the moves.
//! Every method checks all its arguments before it changes anything, so a throwing call leaves the game as it
//! was.

use super::cache::set_property;
use super::dto::{to_js, OptionsDto, OutcomeDto};
use super::errors::XqError;
use super::game::Game;
#[cfg(feature = "wasm-notation")]
use super::input::int_arg;
use super::input::{fen_arg, shown, square_arg, type_name};
use super::move_info::piece_info;
use super::options::game_options;
use js_sys::{Array, JsString, Object, Reflect};
use wasm_bindgen::prelude::*;
use xiangqi::{self, Color, FenError, GameResult, Piece, Position, Role, Setup, Square, Status};

/// The longest comment accepted, in UTF-16 units (64 KiB).
#[cfg(feature = "wasm-notation")]
const MAX_COMMENT_LEN: u32 = 64 * 1024;
/// The most NAGs a move may carry.
#[cfg(feature = "wasm-notation")]
const MAX_NAGS: u32 = 16;

/// A piece argument: `{ color, kind }` (other properties, such as a `PieceInfo`'s `square`, are ignored) or a
/// FEN letter (`"R"` a red chariot, `"n"` a black horse; `E`/`H` accepted).
fn piece_arg(v: &JsValue, what: &str) -> Result<Piece, XqError> {
    const EXPECTED: &str =
        "expected a piece such as { color: \"red\", kind: \"chariot\" } or a FEN letter such as \"R\"";
    if let Some(s) = v.dyn_ref::<JsString>() {
        let text = (s.length() == 1).then(|| String::from(s));
        return text
            .and_then(|t| t.chars().next())
            .and_then(Piece::from_fen_char)
            .ok_or_else(|| XqError::argument(format!("{what}: {EXPECTED}, got {}", shown(v))));
    }
    if !v.is_object() || v.is_function() || Array::is_array(v) {
        return Err(XqError::argument(format!(
            "{what}: {EXPECTED}, got {}",
            type_name(v)
        )));
    }
    let prop = |key: &str| {
        Reflect::get(v, &JsValue::from_str(key))
            .map_err(|_| XqError::argument(format!("{what}: reading the piece's {key} threw")))
    };
    let color = prop("color")?;
    let kind = prop("kind")?;
    let color_name = color.as_string().filter(|s| s.len() <= 8);
    let kind_name = kind.as_string().filter(|s| s.len() <= 12);
    let c = Color::ALL
        .into_iter()
        .find(|c| color_name.as_deref() == Some(c.name()))
        .ok_or_else(|| {
            XqError::argument(format!(
                "{what}: the piece's color must be \"red\" or \"black\", got {}",
                shown(&color)
            ))
        })?;
    let r = Role::ALL
        .into_iter()
        .find(|r| kind_name.as_deref() == Some(r.name()))
        .ok_or_else(|| {
            XqError::argument(format!(
                "{what}: the piece's kind must be general, advisor, elephant, horse, chariot, cannon or \
                 soldier, got {}",
                shown(&kind)
            ))
        })?;
    Ok(Piece::new(c, r))
}

/// `{ color, kind }` of a piece, or `null`.
fn piece_or_null(sq: Square, p: Option<Piece>) -> JsValue {
    p.map_or(JsValue::NULL, |p| piece_info(sq, p))
}

#[cfg(feature = "wasm-notation")]
/// A `ply` argument: `undefined` for the current ply (the number of moves played), else an integer from `min`
/// to the number of moves played.
fn ply_arg(v: &JsValue, what: &str, game: &xiangqi::Game, min: usize) -> Result<usize, XqError> {
    let len = game.history().len();
    if v.is_undefined() {
        return Ok(len);
    }
    Ok(int_arg(v, what, "ply", min as u64..=len as u64)? as usize)
}

/// The game restarted from `start` with the same options (history, ending, offers and annotations go).
fn restarted(game: &xiangqi::Game, start: Position) -> Result<xiangqi::Game, XqError> {
    let mut g = xiangqi::Game::with_options(start, *game.options())?;
    // The same game, edited: its headers stay.
    g.set_headers(game.headers().to_vec());
    Ok(g)
}

impl Game {
    /// The current position with `sq` set to `piece`, if that is a legal position.
    fn edited(&self, sq: Square, piece: Option<Piece>) -> Result<Position, XqError> {
        let mut setup: Setup = self.pos().to_setup();
        setup.board.set(sq, piece);
        Ok(Position::from_setup(setup).map_err(FenError::Position)?)
    }
}

#[wasm_bindgen]
impl Game {
    /// Whether the side to move is checkmated (将死, jiāngsǐ): in check without a legal move.
    #[wasm_bindgen(js_name = isCheckmate, skip_typescript)]
    pub fn is_checkmate(&self) -> bool {
        self.pos().status() == Status::Checkmate
    }

    /// Whether the side to move is stalemated (困毙, kùnbì: no legal move, not in check — it loses).
    #[wasm_bindgen(js_name = isStalemate, skip_typescript)]
    pub fn is_stalemate(&self) -> bool {
        self.pos().status() == Status::Stalemate
    }

    /// Whether the game ended in a draw (by repetition, the move limit, dead material or agreement).
    #[wasm_bindgen(js_name = isDraw, skip_typescript)]
    pub fn is_draw(&self) -> bool {
        self.rules_game()
            .outcome()
            .is_some_and(|o| o.result() == GameResult::Draw)
    }

    /// Whether the game has ended (`outcome() !== null`).
    #[wasm_bindgen(js_name = isGameOver, skip_typescript)]
    pub fn is_game_over(&self) -> bool {
        self.rules_game().is_over()
    }

    /// The board as 10 rows of 9 points, rank 9 (Black's back rank) first, files a to i: `PieceInfo` or `null`.
    #[wasm_bindgen(skip_typescript)]
    pub fn board(&self) -> Array {
        let b = self.pos().board();
        let rows = Array::new();
        for rank in (0..10).rev() {
            let row = Array::new();
            for sq in Square::rank_squares(rank) {
                row.push(&piece_or_null(sq, b.piece_at(sq)));
            }
            rows.push(&row);
        }
        rows
    }

    /// The piece on `square` as `{ square, color, kind }`, or `null`.
    #[wasm_bindgen(skip_typescript)]
    pub fn get(&self, square: JsValue) -> Result<JsValue, XqError> {
        let sq = square_arg(&square)?;
        Ok(piece_or_null(sq, self.pos().board().piece_at(sq)))
    }

    /// Puts `piece` on `square` (replacing what stands there). The result must be a legal position; the game
    /// then starts from it (the moves played and the ending go; side to move, counters and options stay).
    #[wasm_bindgen(skip_typescript)]
    pub fn put(&mut self, piece: JsValue, square: JsValue) -> Result<(), XqError> {
        let p = piece_arg(&piece, "put")?;
        let sq = square_arg(&square)?;
        let pos = self.edited(sq, Some(p))?;
        let g = restarted(self.rules_game(), pos)?;
        *self.inner_mut() = g;
        Ok(())
    }

    /// Removes the piece on `square` and returns it (`null` for an empty square, which changes nothing). The
    /// result must be a legal position, as for `put`.
    #[wasm_bindgen(skip_typescript)]
    pub fn remove(&mut self, square: JsValue) -> Result<JsValue, XqError> {
        let sq = square_arg(&square)?;
        let Some(p) = self.pos().board().piece_at(sq) else {
            return Ok(JsValue::NULL);
        };
        let pos = self.edited(sq, None)?;
        let g = restarted(self.rules_game(), pos)?;
        *self.inner_mut() = g;
        Ok(piece_info(sq, p))
    }

    /// Starts the game again from `fen`, keeping the options (changed by `options`, if given).
    #[wasm_bindgen(skip_typescript)]
    pub fn load(&mut self, fen: JsValue, options: JsValue) -> Result<(), XqError> {
        let o = game_options(&options, "load", *self.rules_game().options())?;
        let text = fen_arg(&fen, "load")?;
        let start = Position::from_fen(&text)?;
        *self.inner_mut() = xiangqi::Game::with_options(start, o)?;
        // Another game: no headers, nothing read.
        #[cfg(feature = "wasm-notation")]
        self.warnings.clear();
        Ok(())
    }

    /// The board as text: rank 9 at the top, FEN letters (upper case Red), `.` for an empty point, the river
    /// between ranks 5 and 4, file letters below.
    #[wasm_bindgen(skip_typescript)]
    pub fn ascii(&self) -> String {
        let b = self.pos().board();
        let mut s = String::from("   +-------------------+\n");
        for rank in (0..10).rev() {
            s.push_str(&format!(" {rank} |"));
            for sq in Square::rank_squares(rank) {
                s.push(' ');
                s.push(b.piece_at(sq).map_or('.', Piece::fen_char));
            }
            s.push_str(" |\n");
            if rank == 5 {
                s.push_str("   |~~~~~~~~~~~~~~~~~~~|\n");
            }
        }
        s.push_str("   +-------------------+\n     a b c d e f g h i\n");
        s
    }

    /// `Game(<fen>, N moves, <how it stands>)`: what `String(game)` and the console show.
    #[wasm_bindgen(js_name = toString, skip_typescript)]
    pub fn to_string_js(&self) -> String {
        let g = self.rules_game();
        let n = g.history().len();
        let state = match g.outcome() {
            None => format!("{} to move", self.pos().turn().name()),
            Some(o) => format!("{} {}", o.result().as_str(), o.reason().code()),
        };
        format!(
            "Game({}, {n} move{}, {state})",
            self.pos().fen(),
            if n == 1 { "" } else { "s" }
        )
    }

    /// `{ fen, initialFen, turn, history, outcome, options }`: what `JSON.stringify(game)` writes.
    #[wasm_bindgen(js_name = toJSON, skip_typescript)]
    pub fn to_json(&self) -> JsValue {
        let g = self.rules_game();
        let obj = Object::new();
        let history: Array = g
            .history()
            .iter()
            .map(|p| JsValue::from(p.mv.to_string()))
            .collect();
        let outcome = g
            .outcome()
            .map_or(JsValue::NULL, |o| to_js(&OutcomeDto::of(o)));
        for (k, v) in [
            ("fen", JsValue::from(self.pos().fen())),
            ("initialFen", JsValue::from(g.start().fen())),
            ("turn", JsValue::from(self.pos().turn().name())),
            ("history", history.into()),
            ("outcome", outcome),
            ("options", to_js(&OptionsDto::of(g.options()))),
        ] {
            set_property(&obj, k, &v);
        }
        obj.into()
    }
}

/// Comments and NAGs: part of the record API (the `wasm-notation` feature, which the package always has), since
/// records are what carries them.
#[cfg(feature = "wasm-notation")]
#[wasm_bindgen]
impl Game {
    /// The comment at `ply` (default: the current one): after the move of that ply, before the next; ply 0
    /// is the comment before the first move. `null` if there is none.
    #[wasm_bindgen(js_name = getComment, skip_typescript)]
    pub fn get_comment(&self, ply: JsValue) -> Result<JsValue, XqError> {
        let g = self.rules_game();
        let p = ply_arg(&ply, "getComment", g, 0)?;
        Ok(g.comment(p).map_or(JsValue::NULL, JsValue::from))
    }

    /// Sets the comment at `ply` (default: the current one); `null` or `""` removes it.
    #[wasm_bindgen(js_name = setComment, skip_typescript)]
    pub fn set_comment(&mut self, comment: JsValue, ply: JsValue) -> Result<(), XqError> {
        let text = if super::input::is_absent(&comment) {
            None
        } else {
            match comment.dyn_ref::<JsString>() {
                Some(s) if s.length() <= MAX_COMMENT_LEN => {
                    Some(String::from(s)).filter(|t| !t.is_empty())
                }
                Some(_) => {
                    return Err(XqError::argument(format!(
                        "setComment: a comment has at most {MAX_COMMENT_LEN} characters"
                    )))
                }
                None => {
                    return Err(XqError::argument(format!(
                        "setComment: expected a string or null, got {}",
                        type_name(&comment)
                    )))
                }
            }
        };
        let p = ply_arg(&ply, "setComment", self.rules_game(), 0)?;
        self.inner_mut().set_comment(p, text);
        Ok(())
    }

    /// The NAGs of the move of `ply` (default: the last move), `[]` if it has none.
    #[wasm_bindgen(js_name = getNags, skip_typescript)]
    pub fn get_nags(&self, ply: JsValue) -> Result<Array, XqError> {
        let g = self.rules_game();
        let p = ply_arg(&ply, "getNags", g, 0)?;
        Ok(g.nags(p).iter().map(|&n| JsValue::from(n)).collect())
    }

    /// Sets the NAGs (integers 0–255: `1` good move, `2` mistake, ...) of the move of `ply` (default: the
    /// last move).
    #[wasm_bindgen(js_name = setNags, skip_typescript)]
    pub fn set_nags(&mut self, nags: JsValue, ply: JsValue) -> Result<(), XqError> {
        let expected = || {
            XqError::argument(format!(
                "setNags: expected an array of at most {MAX_NAGS} integers from 0 to 255, got {}",
                if Array::is_array(&nags) {
                    "another array".to_string()
                } else {
                    type_name(&nags).to_string()
                }
            ))
        };
        if !Array::is_array(&nags) {
            return Err(expected());
        }
        let arr: &Array = nags.unchecked_ref();
        if arr.length() > MAX_NAGS {
            return Err(expected());
        }
        let mut list = Vec::with_capacity(arr.length() as usize);
        for v in arr.iter() {
            match v.as_f64() {
                Some(n) if n.fract() == 0.0 && (0.0..=255.0).contains(&n) => list.push(n as u8),
                _ => return Err(expected()),
            }
        }
        let g = self.rules_game();
        if g.history().is_empty() {
            return Err(XqError::argument(
                "setNags: NAGs follow a move, and none was played",
            ));
        }
        let p = ply_arg(&ply, "setNags", g, 1)?;
        self.inner_mut().set_nags(p, list);
        Ok(())
    }

    /// Every ply with a comment or NAGs, in order: `{ ply, comment, nags }`.
    #[wasm_bindgen(js_name = getComments, skip_typescript)]
    pub fn get_comments(&self) -> Array {
        let out = Array::new();
        for (ply, a) in self.rules_game().annotations() {
            let obj = Object::new();
            let nags: Array = a.nags.iter().map(|&n| JsValue::from(n)).collect();
            set_property(&obj, "ply", &JsValue::from(ply as f64));
            set_property(
                &obj,
                "comment",
                &a.comment.as_deref().map_or(JsValue::NULL, JsValue::from),
            );
            set_property(&obj, "nags", &nags);
            out.push(&obj);
        }
        out
    }
}

/// The longest header name and value accepted by `setHeader`, in UTF-16 units.
#[cfg(feature = "wasm-notation")]
const MAX_HEADER_NAME: u32 = 64;
#[cfg(feature = "wasm-notation")]
const MAX_HEADER_VALUE: u32 = 64 * 1024;

/// The headers of a game: a record's (so with the records, feature `wasm-notation`).
#[cfg(feature = "wasm-notation")]
#[wasm_bindgen]
impl Game {
    /// The game's tag pairs as an object, in order (a record's, verbatim; the first value of a name that occurs
    /// twice: `headerList()` has them all).
    #[wasm_bindgen(skip_typescript)]
    pub fn headers(&self) -> Object {
        let obj = Object::new();
        for (k, v) in self.rules_game().headers() {
            if !Reflect::has(&obj, &JsValue::from_str(k)).unwrap_or(true) {
                set_property(&obj, k, &v.into());
            }
        }
        obj
    }

    /// Every tag pair as `[name, value]`, in order, duplicates included.
    #[wasm_bindgen(js_name = headerList, skip_typescript)]
    pub fn header_list(&self) -> Array {
        self.rules_game()
            .headers()
            .iter()
            .map(|(k, v)| Array::of2(&k.into(), &v.into()))
            .collect()
    }

    /// Sets a header (the first of that name in place, or appended). Names are letters, digits and `_` (at most
    /// 64); values strings of at most 65536 characters.
    #[wasm_bindgen(js_name = setHeader, skip_typescript)]
    pub fn set_header(&mut self, name: JsValue, value: JsValue) -> Result<(), XqError> {
        let name = header_name(&name, "setHeader")?;
        let value = match value.dyn_ref::<JsString>() {
            Some(s) if s.length() <= MAX_HEADER_VALUE => String::from(s),
            Some(_) => {
                return Err(XqError::argument(format!(
                    "setHeader: a value has at most {MAX_HEADER_VALUE} characters"
                )))
            }
            None => {
                return Err(XqError::argument(format!(
                    "setHeader: expected a string value, got {}",
                    type_name(&value)
                )))
            }
        };
        self.inner_mut().set_header(&name, &value);
        Ok(())
    }

    /// Removes every header of that name; `false` if there was none.
    #[wasm_bindgen(js_name = removeHeader, skip_typescript)]
    pub fn remove_header(&mut self, name: JsValue) -> Result<bool, XqError> {
        let name = header_name(&name, "removeHeader")?;
        Ok(self.inner_mut().remove_header(&name))
    }
}

/// A header name argument: letters, digits and `_`, 1 to 64 characters.
#[cfg(feature = "wasm-notation")]
fn header_name(v: &JsValue, what: &str) -> Result<String, XqError> {
    let name = v
        .dyn_ref::<JsString>()
        .filter(|s| s.length() <= MAX_HEADER_NAME)
        .map(String::from)
        .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_alphanumeric() || c == '_'));
    name.ok_or_else(|| {
        XqError::argument(format!(
            "{what}: a header name is 1 to {MAX_HEADER_NAME} letters, digits or _, got {}",
            shown(v)
        ))
    })
}
