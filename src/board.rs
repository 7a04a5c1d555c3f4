//! The canvas painter: [`xiangqi_view`]'s drawing operations turned into `CanvasRenderingContext2d` calls
//! through `web-sys`, and the `BoardView` class the package's `xiangqi-wasm/board` module drives. The only
//! place that paints; the view decides what, the JS layer owns the DOM events.

use super::errors::XqError;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
use xiangqi::{Bitboard, Color, FenError, Square};
use xiangqi_view::draw::{Font, Op, Ops};
use xiangqi_view::render::Renderer;
use xiangqi_view::shapes::{Brush, Shape};
use xiangqi_view::state::{Board, Button, Coordinates, Effect, Key, Movable, PieceSet};
use xiangqi_view::theme::ThemeName;

// The TypeScript declarations of `BoardView` are in board.d.ts, beside this file (the package build joins them
// to types.d.ts; docs/js-dev.md, "The package").

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
                    // Whole pixels: integer formatting only (float formatting would add kilobytes of wasm).
                    let key = (size.round().max(1.0) as u32, font, bold);
                    if self.font != Some(key) {
                        self.font = Some(key);
                        self.font_text.clear();
                        use std::fmt::Write;
                        let _infallible = write!(
                            self.font_text,
                            "{}{}px {}",
                            if bold { "bold " } else { "" },
                            key.0,
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

fn square_token(s: &str) -> Result<Square, XqError> {
    s.parse::<Square>()
        .map_err(|_| XqError::new("ERR_SQUARE", format!("{s:?} is not a square")))
}

/// `"h2e2"` as two squares.
fn move_token(s: &str) -> Result<(Square, Square), XqError> {
    if s.len() != 4 || !s.is_ascii() {
        return Err(XqError::new(
            "ERR_SQUARE",
            format!("{s:?} is not two squares"),
        ));
    }
    Ok((square_token(&s[..2])?, square_token(&s[2..])?))
}

#[inline(never)]
fn bad_value(key: &str, value: &str) -> XqError {
    XqError::options(format!("board: bad value {value:?} for {key}"))
}

fn shapes_of(text: &str) -> Result<Vec<Shape>, XqError> {
    let mut list = Vec::new();
    for token in text.split_ascii_whitespace().take(256) {
        let (squares, brush) = token.split_once(':').unwrap_or((token, "green"));
        let brush = Brush::parse(brush).ok_or_else(|| bad_value("brush", brush))?;
        let (from, to) = if squares.len() == 2 {
            (square_token(squares)?, None)
        } else {
            let (f, t) = move_token(squares)?;
            (f, Some(t))
        };
        list.push(Shape { from, to, brush });
    }
    Ok(list)
}

fn shapes_text(shapes: &[Shape]) -> String {
    let mut out = String::new();
    for s in shapes {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&s.from.to_string());
        if let Some(t) = s.to {
            out.push_str(&t.to_string());
        }
        out.push(':');
        out.push_str(s.brush.name());
    }
    out
}

const ALL_LAYERS: u32 = Effect::BACKGROUND | Effect::PIECES | Effect::OVERLAY;

/// Sets `slot` to `value`: `effect` when that changed it, nothing to repaint when it was already so (a host may
/// send its whole config on every change).
fn changed<T: PartialEq>(slot: &mut T, value: T, effect: u32) -> Effect {
    if *slot == value {
        Effect::default()
    } else {
        *slot = value;
        Effect(effect)
    }
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
            dirty: ALL_LAYERS,
        })
    }

    fn apply(&mut self, e: Effect) -> u32 {
        self.dirty |= e.0 & ALL_LAYERS;
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
        xiangqi_view::geometry::aspect_ratio(self.board.margin())
    }

    /// Changes one part of the state (see the declaration).
    pub fn set(&mut self, key: &str, value: Option<String>) -> Result<u32, XqError> {
        let b = &mut self.board;
        let v = value.as_deref();
        let text = || v.ok_or_else(|| bad_value(key, "null"));
        let e = match key {
            "fen" | "fenNow" => b
                .set_fen(text()?, key == "fen")
                .map_err(|e| XqError::from(FenError::Parse(e)))?,
            "orientation" => b.set_orientation(match text()? {
                "red" => Color::Red,
                "black" => Color::Black,
                s => return Err(bad_value(key, s)),
            }),
            "movable" => {
                let s = text()?;
                b.set_movable(Movable::parse(s).ok_or_else(|| bad_value(key, s))?)
            }
            "pieceSet" => {
                let s = text()?;
                let set = PieceSet::parse(s).ok_or_else(|| bad_value(key, s))?;
                changed(&mut b.piece_set, set, ALL_LAYERS)
            }
            "coordinates" => {
                let s = text()?;
                let c = Coordinates::parse(s).ok_or_else(|| bad_value(key, s))?;
                if c == b.coordinates {
                    Effect::default()
                } else {
                    b.set_coordinates(c)
                }
            }
            "theme" => {
                let s = text()?;
                let theme = ThemeName::parse(s).ok_or_else(|| bad_value(key, s))?;
                changed(&mut b.theme, theme, ALL_LAYERS)
            }
            "dests" => match v {
                None => b.set_dests(None),
                Some(s) => {
                    let mut map = Box::new([Bitboard::EMPTY; 90]);
                    for token in s.split_ascii_whitespace().take(90 * 90) {
                        let (from, to) = move_token(token)?;
                        map[from.index()] = map[from.index()].with(to);
                    }
                    b.set_dests(Some(map))
                }
            },
            "lastMove" => {
                let last = match v {
                    None => None,
                    Some(s) => Some(move_token(s).map_err(|_| {
                        XqError::new(
                            "ERR_MOVE_SYNTAX",
                            format!("lastMove: {s:?} is not an ICCS move"),
                        )
                    })?),
                };
                changed(&mut b.last_move, last, Effect::PIECES)
            }
            "check" => {
                let check = v.map(square_token).transpose()?;
                changed(&mut b.check, check, Effect::PIECES)
            }
            "cursor" => {
                b.cursor = v.map(square_token).transpose()?;
                Effect(Effect::OVERLAY)
            }
            "shapes" => {
                let shapes = shapes_of(v.unwrap_or(""))?;
                changed(&mut b.host_shapes, shapes, Effect::PIECES)
            }
            "userShapes" => {
                b.user_shapes = shapes_of(v.unwrap_or(""))?;
                Effect(Effect::PIECES | Effect::SHAPES)
            }
            "animation" => {
                // Whole milliseconds (integer parsing only: float parsing would add kilobytes of wasm).
                let ms = text()?
                    .parse::<u32>()
                    .map_err(|_| bad_value(key, v.unwrap_or("")))?;
                b.animation_ms = f64::from(ms.min(5000));
                Effect::default()
            }
            _ => return Err(bad_value("board key", key)),
        };
        Ok(self.apply(e))
    }

    /// Reads the state (see the declaration).
    pub fn get(&self, key: &str, arg: Option<String>) -> Option<String> {
        let b = &self.board;
        let sq = || arg.as_deref().and_then(|s| s.parse::<Square>().ok());
        match key {
            "placement" => Some(b.placement()),
            "cursor" => b.cursor.map(|s| s.to_string()),
            "selected" => b.selected.map(|s| s.to_string()),
            "userShapes" => Some(shapes_text(&b.user_shapes)),
            "pieceAt" => b.piece_at(sq()?).map(|p| p.fen_char().to_string()),
            "destsOf" => {
                let s = sq()?;
                let mut out = String::new();
                if b.can_pick(s) {
                    for t in b.dests_of(s) {
                        if !out.is_empty() {
                            out.push(' ');
                        }
                        out.push_str(&t.to_string());
                    }
                }
                Some(out)
            }
            _ => None,
        }
    }

    /// A pointer event.
    pub fn pointer(
        &mut self,
        kind: u32,
        x: f64,
        y: f64,
        button: u32,
        shift: bool,
        alt: bool,
    ) -> u32 {
        let b = &mut self.board;
        let e = match kind {
            0 => b.pointer_down(
                x,
                y,
                if button == 2 {
                    Button::Secondary(Brush::from_modifiers(shift, alt))
                } else {
                    Button::Primary
                },
            ),
            1 => b.pointer_move(x, y),
            2 => b.pointer_up(x, y),
            _ => b.cancel(),
        };
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
        self.board.geometry.square_at(x, y).map(|s| s.to_string())
    }
}
