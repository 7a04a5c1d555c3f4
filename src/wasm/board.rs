//! The canvas painter: [`crate::view`]'s drawing operations turned into `CanvasRenderingContext2d` calls
//! through `web-sys`, and the `BoardView` class the package's `xiangqi-wasm/board` module drives. The only
//! place that paints; the view decides what, the JS layer owns the DOM events.

use super::errors::XqError;
use crate::rules::{Color, FenError, Piece, Square};
use crate::view::draw::{Font, Op, Ops};
use crate::view::render::Renderer;
use crate::view::shapes::{Brush, Shape};
use crate::view::state::{Board, Button, Coordinates, Effect, Key, Movable, PieceSet, SquareSet};
use crate::view::theme::ThemeName;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/**
 * The low-level board painter behind `xiangqi-wasm/board`: headless board state (no rules) painted into three
 * stacked canvases. Use `createBoard` or `<xiangqi-board>` from `xiangqi-wasm/board` instead; this class is
 * exported for them. Lengths are canvas (device) pixels. Methods returning a number return effect flags
 * (1 pieces repainted, 2 overlay, 4 background, 8 animating: call `frame`, 16 a move was made: `takeIntent()`,
 * 32 the cursor moved, 64 the selection changed, 128 the user's shapes changed).
 * @example
 * const view = new BoardView(bgCanvas, piecesCanvas, overlayCanvas);
 * view.resize(360, 396, devicePixelRatio);
 * view.setFen(startFen(), false);
 * view.render();
 */
export class BoardView {
  constructor(background: HTMLCanvasElement, pieces: HTMLCanvasElement, overlay: HTMLCanvasElement);
  /** Sizes the canvases to `cssWidth` × `cssHeight` CSS pixels at `dpr` device pixels per CSS pixel, and paints. */
  resize(cssWidth: number, cssHeight: number, dpr: number): number;
  /** The width / height ratio of the board with the current coordinates. */
  aspectRatio(): number;
  /** Sets the placement (the FEN's first field is read). @throws {XiangqiError} `ERR_FEN_*`. */
  setFen(fen: string, animate: boolean): number;
  /** The placement as a FEN board field. */
  placement(): string;
  setOrientation(color: Color): number;
  setMovable(movable: "red" | "black" | "both" | "none"): number;
  setPieceSet(set: "traditional" | "simplified" | "letters"): number;
  setCoordinates(coordinates: "iccs" | "chinese" | "none"): number;
  setTheme(theme: "light" | "dark" | "high-contrast"): number;
  /** Move animation length in ms (0: none). */
  setAnimation(ms: number): void;
  /** Destinations by origin (a `Map` or a plain object of square → squares), or `null` for free moves. */
  setDests(dests: Map<string, readonly string[]> | Record<string, readonly string[]> | null): number;
  setLastMove(move: string | null): number;
  setCheck(square: string | null): number;
  setShapes(shapes: readonly { from: string; to?: string | null; brush?: string }[]): number;
  userShapes(): { from: Square; to: Square | null; brush: "green" | "red" | "blue" | "yellow" }[];
  clearUserShapes(): number;
  /** A press: `button` 0 primary, 2 secondary (draws with brush from `shift` / `alt`). */
  pointerDown(x: number, y: number, button: number, shift: boolean, alt: boolean): number;
  pointerMove(x: number, y: number): number;
  pointerUp(x: number, y: number): number;
  cancel(): number;
  /** `"left" | "right" | "up" | "down" | "activate" | "escape"`. */
  key(key: string): number;
  setFocus(visible: boolean): number;
  setCursor(square: string | null): number;
  /** Advances the animation to `now` (ms) and repaints. */
  frame(now: number): number;
  /** Paints the layers whose state changed. */
  render(): void;
  /** The move the user made, `"h2e2"`, once. */
  takeIntent(): string | null;
  /** The centre of `square` in canvas pixels, `[x, y]`. */
  pointOf(square: string): Float64Array | undefined;
  squareAt(x: number, y: number): Square | null;
  cursor(): Square | null;
  selected(): Square | null;
  /** The FEN letter of the piece on `square`, or `null`. */
  pieceAt(square: string): string | null;
  /** The destinations the board shows for the piece on `square`. */
  destsOf(square: string): Square[];
  free(): void;
}
"#;

const FONT_PIECE: &str = "\"KaiTi\",\"STKaiti\",\"Kaiti SC\",\"AR PL UKai CN\",\"Noto Serif CJK SC\",\"Source Han Serif SC\",\"Songti SC\",\"WenQuanYi Zen Hei\",\"Microsoft YaHei\",serif";
const FONT_LABEL: &str =
    "system-ui,-apple-system,\"Segoe UI\",Roboto,\"Helvetica Neue\",Arial,sans-serif";

/// One canvas and its context.
struct Layer {
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    /// (size, font, bold) last set, so that `font` is parsed only when it changes.
    font: Option<(u32, Font, bool)>,
    font_text: String,
}

impl Layer {
    fn new(canvas: HtmlCanvasElement) -> Result<Layer, XqError> {
        let ctx = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
            .ok_or_else(|| XqError::argument("BoardView: no 2d context for a canvas"))?;
        Ok(Layer {
            canvas,
            ctx,
            font: None,
            font_text: String::new(),
        })
    }

    fn paint(&mut self, ops: &Ops) {
        let ctx = &self.ctx;
        ctx.set_text_align("center");
        ctx.set_text_baseline("middle");
        ctx.set_line_cap("butt");
        ctx.set_line_join("miter");
        for op in &ops.ops {
            match *op {
                Op::Clear { x, y, w, h } => ctx.clear_rect(x, y, w, h),
                Op::Rect { x, y, w, h, color } => {
                    ctx.set_fill_style_str(color);
                    ctx.fill_rect(x, y, w, h);
                }
                Op::Begin => ctx.begin_path(),
                Op::MoveTo(x, y) => ctx.move_to(x, y),
                Op::LineTo(x, y) => ctx.line_to(x, y),
                Op::Circle { x, y, r } => {
                    ctx.move_to(x + r, y);
                    let _ignored = ctx.arc(x, y, r.max(0.0), 0.0, std::f64::consts::TAU);
                }
                Op::Close => ctx.close_path(),
                Op::Stroke { color, width } => {
                    ctx.set_stroke_style_str(color);
                    ctx.set_line_width(width);
                    ctx.stroke();
                }
                Op::Fill { color } => {
                    ctx.set_fill_style_str(color);
                    ctx.fill();
                }
                Op::Text {
                    x,
                    y,
                    text,
                    size,
                    font,
                    bold,
                    color,
                } => {
                    let key = ((size * 4.0).round() as u32, font, bold);
                    if self.font != Some(key) {
                        self.font = Some(key);
                        self.font_text.clear();
                        use std::fmt::Write;
                        let _infallible = write!(
                            self.font_text,
                            "{}{:.2}px {}",
                            if bold { "bold " } else { "" },
                            key.0 as f64 / 4.0,
                            match font {
                                Font::Piece => FONT_PIECE,
                                Font::Label => FONT_LABEL,
                            }
                        );
                        ctx.set_font(&self.font_text);
                    }
                    ctx.set_fill_style_str(color);
                    let _ignored = ctx.fill_text(text, x, y);
                }
                Op::Alpha(a) => ctx.set_global_alpha(a),
            }
        }
        ctx.set_global_alpha(1.0);
    }
}

/// The board painter (see the TypeScript declaration above).
#[wasm_bindgen(skip_typescript)]
pub struct BoardView {
    board: Board,
    renderer: Renderer,
    layers: [Layer; 3],
    dirty: u32,
}

fn opt_str(v: &JsValue) -> Option<String> {
    v.as_string()
}

fn str_arg(v: &JsValue, what: &str) -> Result<String, XqError> {
    v.as_string()
        .filter(|s| s.len() <= 256)
        .ok_or_else(|| XqError::argument(format!("BoardView.{what}: expected a string")))
}

fn square(v: &JsValue, what: &str) -> Result<Square, XqError> {
    str_arg(v, what)?
        .parse::<Square>()
        .map_err(|_| XqError::new("ERR_SQUARE", format!("BoardView.{what}: not a square")))
}

fn parse_with<T>(
    v: &JsValue,
    what: &str,
    f: fn(&str) -> Option<T>,
    allowed: &str,
) -> Result<T, XqError> {
    let s = str_arg(v, what)?;
    f(&s).ok_or_else(|| XqError::options(format!("{what}: expected one of {allowed}, got {s:?}")))
}

fn square_list(v: &JsValue) -> Result<SquareSet, XqError> {
    let mut set = SquareSet::default();
    if !Array::is_array(v) {
        return Err(XqError::argument(
            "dests: each value must be an array of squares",
        ));
    }
    for to in Array::from(v).iter().take(90) {
        set.insert(square(&to, "setDests")?);
    }
    Ok(set)
}

fn sq_js(s: Option<Square>) -> Option<String> {
    s.map(|s| s.to_string())
}

#[wasm_bindgen]
impl BoardView {
    /// A board painting into three stacked canvases.
    #[wasm_bindgen(constructor)]
    pub fn new(
        background: HtmlCanvasElement,
        pieces: HtmlCanvasElement,
        overlay: HtmlCanvasElement,
    ) -> Result<BoardView, XqError> {
        Ok(BoardView {
            board: Board::new(),
            renderer: Renderer::default(),
            layers: [
                Layer::new(background)?,
                Layer::new(pieces)?,
                Layer::new(overlay)?,
            ],
            dirty: Effect::BACKGROUND | Effect::PIECES | Effect::OVERLAY,
        })
    }

    fn apply(&mut self, e: Effect) -> u32 {
        self.dirty |= e.0 & (Effect::BACKGROUND | Effect::PIECES | Effect::OVERLAY);
        e.0
    }

    fn apply_now(&mut self, e: Effect) -> u32 {
        let flags = self.apply(e);
        self.render();
        flags
    }

    /// Sizes the canvases and paints.
    pub fn resize(&mut self, css_width: f64, css_height: f64, dpr: f64) -> u32 {
        let dpr = if dpr.is_finite() && dpr > 0.0 {
            dpr.min(8.0)
        } else {
            1.0
        };
        let w = (css_width.clamp(1.0, 8192.0) * dpr).round();
        let h = (css_height.clamp(1.0, 8192.0) * dpr).round();
        for l in &mut self.layers {
            l.canvas.set_width(w as u32);
            l.canvas.set_height(h as u32);
            l.font = None; // resizing resets the context state
        }
        self.renderer.overlay_cleared();
        let e = self.board.resize(w, h, dpr);
        self.apply_now(e)
    }

    /// The width / height ratio of the board.
    #[wasm_bindgen(js_name = aspectRatio)]
    pub fn aspect_ratio(&self) -> f64 {
        crate::view::geometry::aspect_ratio(self.board.margin())
    }

    /// Sets the placement.
    #[wasm_bindgen(js_name = setFen)]
    pub fn set_fen(&mut self, fen: JsValue, animate: bool) -> Result<u32, XqError> {
        let text = fen
            .as_string()
            .ok_or_else(|| XqError::argument("setFen: the FEN must be a string"))?;
        let e = self
            .board
            .set_fen(&text, animate)
            .map_err(|e| XqError::fen(&FenError::Parse(e)))?;
        Ok(self.apply(e))
    }

    /// The placement as a FEN board field.
    pub fn placement(&self) -> String {
        self.board.placement()
    }

    /// Puts `color` at the bottom.
    #[wasm_bindgen(js_name = setOrientation)]
    pub fn set_orientation(&mut self, color: JsValue) -> Result<u32, XqError> {
        let c = parse_with(
            &color,
            "orientation",
            |s| match s {
                "red" => Some(Color::Red),
                "black" => Some(Color::Black),
                _ => None,
            },
            "\"red\", \"black\"",
        )?;
        let e = self.board.set_orientation(c);
        Ok(self.apply(e))
    }

    /// Which pieces the user may pick up.
    #[wasm_bindgen(js_name = setMovable)]
    pub fn set_movable(&mut self, movable: JsValue) -> Result<u32, XqError> {
        let m = parse_with(
            &movable,
            "movable",
            Movable::parse,
            "\"red\", \"black\", \"both\", \"none\"",
        )?;
        let e = self.board.set_movable(m);
        Ok(self.apply(e))
    }

    /// The piece labels.
    #[wasm_bindgen(js_name = setPieceSet)]
    pub fn set_piece_set(&mut self, set: JsValue) -> Result<u32, XqError> {
        let s = parse_with(
            &set,
            "pieceSet",
            PieceSet::parse,
            "\"traditional\", \"simplified\", \"letters\"",
        )?;
        self.board.piece_set = s;
        Ok(self.apply(Effect(
            Effect::BACKGROUND | Effect::PIECES | Effect::OVERLAY,
        )))
    }

    /// The coordinates.
    #[wasm_bindgen(js_name = setCoordinates)]
    pub fn set_coordinates(&mut self, coordinates: JsValue) -> Result<u32, XqError> {
        let c = parse_with(
            &coordinates,
            "coordinates",
            Coordinates::parse,
            "\"iccs\", \"chinese\", \"none\"",
        )?;
        if c == self.board.coordinates {
            return Ok(0);
        }
        let e = self.board.set_coordinates(c);
        Ok(self.apply(e))
    }

    /// The theme.
    #[wasm_bindgen(js_name = setTheme)]
    pub fn set_theme(&mut self, theme: JsValue) -> Result<u32, XqError> {
        let t = parse_with(
            &theme,
            "theme",
            ThemeName::parse,
            "\"light\", \"dark\", \"high-contrast\"",
        )?;
        self.board.theme = t;
        Ok(self.apply(Effect(
            Effect::BACKGROUND | Effect::PIECES | Effect::OVERLAY,
        )))
    }

    /// Move animation length in ms.
    #[wasm_bindgen(js_name = setAnimation)]
    pub fn set_animation(&mut self, ms: f64) {
        self.board.animation_ms = if ms.is_finite() {
            ms.clamp(0.0, 5000.0)
        } else {
            0.0
        };
    }

    /// Destinations by origin, or `null` for free moves.
    #[wasm_bindgen(js_name = setDests)]
    pub fn set_dests(&mut self, dests: JsValue) -> Result<u32, XqError> {
        if dests.is_null() || dests.is_undefined() {
            let e = self.board.set_dests(None);
            return Ok(self.apply(e));
        }
        let mut map = Box::new([SquareSet::default(); 90]);
        if let Some(m) = dests.dyn_ref::<js_sys::Map>() {
            let mut err = None;
            m.for_each(&mut |value, key| {
                if err.is_some() {
                    return;
                }
                match square(&key, "setDests").and_then(|from| Ok((from, square_list(&value)?))) {
                    Ok((from, set)) => map[from.index()].0 |= set.0,
                    Err(e) => err = Some(e),
                }
            });
            if let Some(e) = err {
                return Err(e);
            }
        } else if dests.is_object() {
            let obj: &Object = dests.unchecked_ref();
            for entry in Object::entries(obj).iter().take(90) {
                let pair = Array::from(&entry);
                let from = square(&pair.get(0), "setDests")?;
                map[from.index()].0 |= square_list(&pair.get(1))?.0;
            }
        } else {
            return Err(XqError::argument(
                "dests: expected a Map, an object of square -> squares, or null",
            ));
        }
        let e = self.board.set_dests(Some(map));
        Ok(self.apply(e))
    }

    /// The last move (`"h2e2"`), or `null`.
    #[wasm_bindgen(js_name = setLastMove)]
    pub fn set_last_move(&mut self, mv: JsValue) -> Result<u32, XqError> {
        self.board.last_move = match opt_str(&mv) {
            None if mv.is_null() || mv.is_undefined() => None,
            Some(s) if s.len() == 4 && s.is_ascii() => {
                let from = s[..2].parse::<Square>();
                let to = s[2..].parse::<Square>();
                match (from, to) {
                    (Ok(f), Ok(t)) => Some((f, t)),
                    _ => {
                        return Err(XqError::new(
                            "ERR_MOVE_SYNTAX",
                            format!("lastMove: {s:?} is not an ICCS move"),
                        ))
                    }
                }
            }
            _ => {
                return Err(XqError::new(
                    "ERR_MOVE_SYNTAX",
                    "lastMove: expected an ICCS move such as \"h2e2\", or null",
                ))
            }
        };
        Ok(self.apply(Effect(Effect::PIECES)))
    }

    /// The general in check, or `null`.
    #[wasm_bindgen(js_name = setCheck)]
    pub fn set_check(&mut self, sq: JsValue) -> Result<u32, XqError> {
        self.board.check = if sq.is_null() || sq.is_undefined() {
            None
        } else {
            Some(square(&sq, "setCheck")?)
        };
        Ok(self.apply(Effect(Effect::PIECES)))
    }

    /// The host's arrows and circles.
    #[wasm_bindgen(js_name = setShapes)]
    pub fn set_shapes(&mut self, shapes: JsValue) -> Result<u32, XqError> {
        let mut list = Vec::new();
        if !(shapes.is_null() || shapes.is_undefined()) {
            if !Array::is_array(&shapes) {
                return Err(XqError::argument("shapes: expected an array"));
            }
            for s in Array::from(&shapes).iter().take(256) {
                let get =
                    |k: &str| Reflect::get(&s, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED);
                let from = square(&get("from"), "setShapes")?;
                let to_v = get("to");
                let to = if to_v.is_null() || to_v.is_undefined() {
                    None
                } else {
                    Some(square(&to_v, "setShapes")?)
                };
                let brush_v = get("brush");
                let brush = if brush_v.is_undefined() {
                    Brush::Green
                } else {
                    parse_with(
                        &brush_v,
                        "brush",
                        Brush::parse,
                        "\"green\", \"red\", \"blue\", \"yellow\"",
                    )?
                };
                list.push(Shape { from, to, brush });
            }
        }
        self.board.host_shapes = list;
        Ok(self.apply(Effect(Effect::PIECES)))
    }

    /// The user's arrows and circles.
    #[wasm_bindgen(js_name = userShapes)]
    pub fn user_shapes(&self) -> Array {
        self.board
            .user_shapes
            .iter()
            .map(|s| {
                let o = Object::new();
                let set = |k: &str, v: JsValue| {
                    let _ignored = Reflect::set(&o, &JsValue::from_str(k), &v);
                };
                set("from", s.from.to_string().into());
                set("to", s.to.map_or(JsValue::NULL, |t| t.to_string().into()));
                set("brush", s.brush.name().into());
                JsValue::from(o)
            })
            .collect()
    }

    /// Removes the user's shapes.
    #[wasm_bindgen(js_name = clearUserShapes)]
    pub fn clear_user_shapes(&mut self) -> u32 {
        self.board.user_shapes.clear();
        self.apply_now(Effect(Effect::PIECES | Effect::SHAPES))
    }

    /// A press.
    #[wasm_bindgen(js_name = pointerDown)]
    pub fn pointer_down(&mut self, x: f64, y: f64, button: u32, shift: bool, alt: bool) -> u32 {
        let b = if button == 2 {
            Button::Secondary(Brush::from_modifiers(shift, alt))
        } else {
            Button::Primary
        };
        let e = self.board.pointer_down(x, y, b);
        self.apply_now(e)
    }

    /// A pointer move.
    #[wasm_bindgen(js_name = pointerMove)]
    pub fn pointer_move(&mut self, x: f64, y: f64) -> u32 {
        let e = self.board.pointer_move(x, y);
        self.apply_now(e)
    }

    /// A release.
    #[wasm_bindgen(js_name = pointerUp)]
    pub fn pointer_up(&mut self, x: f64, y: f64) -> u32 {
        let e = self.board.pointer_up(x, y);
        self.apply_now(e)
    }

    /// A cancelled gesture.
    pub fn cancel(&mut self) -> u32 {
        let e = self.board.cancel();
        self.apply_now(e)
    }

    /// A key.
    pub fn key(&mut self, key: &str) -> u32 {
        let k = match key {
            "left" => Key::Left,
            "right" => Key::Right,
            "up" => Key::Up,
            "down" => Key::Down,
            "activate" => Key::Activate,
            "escape" => Key::Escape,
            _ => return 0,
        };
        let e = self.board.key(k);
        self.apply_now(e)
    }

    /// Shows or hides the focus ring.
    #[wasm_bindgen(js_name = setFocus)]
    pub fn set_focus(&mut self, visible: bool) -> u32 {
        let e = self.board.set_focus(visible);
        self.apply_now(e)
    }

    /// Moves the keyboard cursor.
    #[wasm_bindgen(js_name = setCursor)]
    pub fn set_cursor(&mut self, sq: JsValue) -> Result<u32, XqError> {
        self.board.cursor = if sq.is_null() || sq.is_undefined() {
            None
        } else {
            Some(square(&sq, "setCursor")?)
        };
        Ok(self.apply_now(Effect(Effect::OVERLAY)))
    }

    /// Advances the animation.
    pub fn frame(&mut self, now: f64) -> u32 {
        let e = self.board.frame(now);
        self.apply_now(e)
    }

    /// Paints what changed.
    pub fn render(&mut self) {
        let d = std::mem::take(&mut self.dirty);
        if d & Effect::BACKGROUND != 0 {
            self.renderer.render_background(&self.board);
            self.layers[0].paint(&self.renderer.background);
        }
        if d & Effect::PIECES != 0 {
            self.renderer.render_pieces(&self.board);
            self.layers[1].paint(&self.renderer.pieces);
        }
        if d & Effect::OVERLAY != 0 {
            self.renderer.render_overlay(&self.board);
            self.layers[2].paint(&self.renderer.overlay);
        }
    }

    /// The move the user made.
    #[wasm_bindgen(js_name = takeIntent)]
    pub fn take_intent(&mut self) -> Option<String> {
        self.board.take_intent().map(|(f, t)| format!("{f}{t}"))
    }

    /// The centre of a square, canvas pixels.
    #[wasm_bindgen(js_name = pointOf)]
    pub fn point_of(&self, sq: &str) -> Option<Box<[f64]>> {
        let s = sq.parse::<Square>().ok()?;
        let (x, y) = self.board.geometry.point(s);
        Some(Box::new([x, y]))
    }

    /// The square at a canvas pixel.
    #[wasm_bindgen(js_name = squareAt)]
    pub fn square_at(&self, x: f64, y: f64) -> Option<String> {
        sq_js(self.board.geometry.square_at(x, y))
    }

    /// The keyboard cursor.
    pub fn cursor(&self) -> Option<String> {
        sq_js(self.board.cursor)
    }

    /// The selected piece's square.
    pub fn selected(&self) -> Option<String> {
        sq_js(self.board.selected)
    }

    /// The FEN letter of the piece on a square.
    #[wasm_bindgen(js_name = pieceAt)]
    pub fn piece_at(&self, sq: &str) -> Option<String> {
        let s = sq.parse::<Square>().ok()?;
        self.board
            .piece_at(s)
            .map(|p: Piece| p.fen_char().to_string())
    }

    /// The destinations shown for a square.
    #[wasm_bindgen(js_name = destsOf)]
    pub fn dests_of(&self, sq: &str) -> Array {
        match sq.parse::<Square>() {
            Ok(s) if self.board.can_pick(s) => self
                .board
                .dests_of(s)
                .iter()
                .map(|t| JsValue::from(t.to_string()))
                .collect(),
            _ => Array::new(),
        }
    }
}
