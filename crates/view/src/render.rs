//! The board as drawing operations, in three layers so that a pointer move repaints only what moved:
//!
//! - background: the board, its lines, palaces, point marks, the river and the coordinates (on resize,
//!   theme, orientation or coordinates changes);
//! - pieces: highlights, pieces, destinations and shapes (when the position or a highlight changes, and on
//!   animation frames);
//! - overlay: the dragged piece, the point under it, the keyboard focus ring and a shape being drawn (on
//!   every pointer move: it clears only the rectangle it painted last time).

use super::draw::{Font, Op, Ops};
use super::geometry::Geometry;
use super::shapes::{arrow_outline, Shape};
use super::state::{Board, Coordinates, PieceSet};
use super::theme::{PieceColors, Theme};
use xiangqi::{Color, Piece, Square};

/// A rectangle in canvas pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left.
    pub x: f64,
    /// Top.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    fn around(x: f64, y: f64, r: f64) -> Rect {
        Rect {
            x: (x - r).floor(),
            y: (y - r).floor(),
            w: (2.0 * r).ceil() + 2.0,
            h: (2.0 * r).ceil() + 2.0,
        }
    }

    fn union(self, o: Rect) -> Rect {
        let x = self.x.min(o.x);
        let y = self.y.min(o.y);
        Rect {
            x,
            y,
            w: (self.x + self.w).max(o.x + o.w) - x,
            h: (self.y + self.h).max(o.y + o.h) - y,
        }
    }
}

/// Builds the operations of each layer, reusing its buffers.
#[derive(Clone, Debug, Default)]
pub struct Renderer {
    /// The background layer's operations.
    pub background: Ops,
    /// The pieces layer's operations.
    pub pieces: Ops,
    /// The overlay's operations.
    pub overlay: Ops,
    overlay_dirty: Option<Rect>,
}

impl Renderer {
    /// Fills `self.background`.
    pub fn render_background(&mut self, b: &Board) {
        let ops = &mut self.background;
        ops.clear();
        background(
            ops,
            &b.geometry,
            b.theme.colors(),
            b.coordinates,
            b.piece_set,
        );
    }

    /// Fills `self.pieces`.
    pub fn render_pieces(&mut self, b: &Board) {
        let ops = &mut self.pieces;
        ops.clear();
        pieces(ops, b);
    }

    /// Fills `self.overlay`: first a clear of what it painted last time, then the overlay.
    pub fn render_overlay(&mut self, b: &Board) {
        let ops = &mut self.overlay;
        ops.clear();
        if let Some(r) = self.overlay_dirty.take() {
            ops.push(Op::Clear {
                x: r.x,
                y: r.y,
                w: r.w,
                h: r.h,
            });
        }
        self.overlay_dirty = overlay(ops, b);
    }

    /// Forgets what the overlay painted (after the canvas was resized, which clears it).
    pub fn overlay_cleared(&mut self) {
        self.overlay_dirty = None;
    }
}

fn background(ops: &mut Ops, g: &Geometry, t: &Theme, coords: Coordinates, set: PieceSet) {
    let c = g.cell;
    let lw = g.line_width;
    ops.push(Op::Clear {
        x: 0.0,
        y: 0.0,
        w: g.width,
        h: g.height,
    });
    // The wood, then the frame: a thick line half a cell outside the outer lines.
    let (x0, y0) = g.xy(0.0, 0.0);
    let (x8, y9) = g.xy(8.0, 9.0);
    let m = (c * 0.56).round();
    let pad = if coords == Coordinates::None {
        m + lw * 2.0
    } else {
        (c * 0.98).round()
    };
    ops.push(Op::Rect {
        x: x0 - pad,
        y: y0 - pad,
        w: x8 - x0 + 2.0 * pad,
        h: y9 - y0 + 2.0 * pad,
        color: t.background,
    });
    ops.push(Op::Rect {
        x: x0 - m,
        y: y0 - m,
        w: x8 - x0 + 2.0 * m,
        h: y9 - y0 + 2.0 * m,
        color: t.board,
    });
    let frame = (lw * 3.0).max(2.0);
    ops.push(Op::Begin);
    ops.push(Op::MoveTo(x0 - m, y0 - m));
    ops.push(Op::LineTo(x8 + m, y0 - m));
    ops.push(Op::LineTo(x8 + m, y9 + m));
    ops.push(Op::LineTo(x0 - m, y9 + m));
    ops.push(Op::Close);
    ops.push(Op::Stroke {
        color: t.line,
        width: frame,
    });

    // Ranks: ten full lines. Files: the outer two run through the river, the inner seven stop at it.
    ops.push(Op::Begin);
    for row in 0..10 {
        let (a, y) = g.xy(0.0, row as f64);
        let (b, _) = g.xy(8.0, row as f64);
        ops.push(Op::MoveTo(a, y));
        ops.push(Op::LineTo(b, y));
    }
    for col in 0..9 {
        let (x, top) = g.xy(col as f64, 0.0);
        let (_, bottom) = g.xy(col as f64, 9.0);
        if col == 0 || col == 8 {
            ops.push(Op::MoveTo(x, top));
            ops.push(Op::LineTo(x, bottom));
        } else {
            let (_, r4) = g.xy(0.0, 4.0);
            let (_, r5) = g.xy(0.0, 5.0);
            ops.push(Op::MoveTo(x, top));
            ops.push(Op::LineTo(x, r4));
            ops.push(Op::MoveTo(x, r5));
            ops.push(Op::LineTo(x, bottom));
        }
    }
    // Palaces (九宫): the two diagonals of each.
    for top in [0.0, 7.0] {
        let a = g.xy(3.0, top);
        let b = g.xy(5.0, top + 2.0);
        let c2 = g.xy(5.0, top);
        let d = g.xy(3.0, top + 2.0);
        ops.push(Op::MoveTo(a.0, a.1));
        ops.push(Op::LineTo(b.0, b.1));
        ops.push(Op::MoveTo(c2.0, c2.1));
        ops.push(Op::LineTo(d.0, d.1));
    }
    // Point marks (炮位 / 兵位): small corners around the cannons' and soldiers' starting points.
    let gap = (c * 0.08).round().max(2.0);
    let len = (c * 0.2).round().max(3.0);
    let mut mark = |col: f64, row: f64| {
        let (x, y) = g.xy(col, row);
        for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            if (col == 0.0 && sx < 0.0) || (col == 8.0 && sx > 0.0) {
                continue;
            }
            let cx = x + sx * gap;
            let cy = y + sy * gap;
            ops.push(Op::MoveTo(cx + sx * len, cy));
            ops.push(Op::LineTo(cx, cy));
            ops.push(Op::LineTo(cx, cy + sy * len));
        }
    };
    for row in [2.0, 7.0] {
        mark(1.0, row);
        mark(7.0, row);
    }
    for row in [3.0, 6.0] {
        for col in [0.0, 2.0, 4.0, 6.0, 8.0] {
            mark(col, row);
        }
    }
    ops.push(Op::Stroke {
        color: t.line,
        width: lw,
    });

    // The river (楚河 漢界), upright whichever side is at the bottom.
    let (_, r4) = g.xy(0.0, 4.0);
    let (_, r5) = g.xy(0.0, 5.0);
    let ry = (r4 + r5) / 2.0;
    let words: [&str; 4] = match set {
        PieceSet::Simplified => ["楚", "河", "汉", "界"],
        _ => ["楚", "河", "漢", "界"],
    };
    for (i, col) in [1.5, 2.5, 5.5, 6.5].into_iter().enumerate() {
        let (x, _) = g.xy(col, 0.0);
        ops.push(Op::Text {
            x,
            y: ry,
            text: words[i],
            size: c * 0.58,
            font: Font::Piece,
            bold: false,
            color: t.text,
        });
    }

    // Coordinates.
    let size = (c * 0.3).max(6.0);
    let out = (c * 0.82).round();
    match coords {
        Coordinates::None => {}
        Coordinates::Iccs => {
            const FILES: [&str; 9] = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
            const RANKS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
            for file in 0..9u8 {
                let sq = Square::from_coords(file as i32, 0).expect("a0..i0");
                let (col, _) = g.col_row(sq);
                let (x, _) = g.xy(col as f64, 9.0);
                ops.push(label(x, y9 + out, FILES[file as usize], size, t.text));
            }
            for rank in 0..10u8 {
                let sq = Square::from_coords(0, rank as i32).expect("a0..a9");
                let (_, row) = g.col_row(sq);
                let (_, y) = g.xy(0.0, row as f64);
                ops.push(label(x0 - out, y, RANKS[rank as usize], size, t.text));
            }
        }
        Coordinates::Chinese | Coordinates::Numbers => {
            // Red numbers the files 一..九 (or 1..9) from its right (file i) to its left; Black 1..9 from its
            // right (file a). Each side's numbers are written on its own edge.
            const RED_CHINESE: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
            const RED_DIGITS: [&str; 9] = ["9", "8", "7", "6", "5", "4", "3", "2", "1"];
            const BLACK: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
            let (red, red_font) = if coords == Coordinates::Chinese {
                (RED_CHINESE, Font::Piece)
            } else {
                (RED_DIGITS, Font::Label)
            };
            let (red_y, black_y) = match g.orientation {
                Color::Red => (y9 + out, y0 - out),
                Color::Black => (y0 - out, y9 + out),
            };
            for file in 0..9u8 {
                let sq = Square::from_coords(file as i32, 0).expect("a0..i0");
                let (col, _) = g.col_row(sq);
                let (x, _) = g.xy(col as f64, 0.0);
                ops.push(Op::Text {
                    x,
                    y: red_y,
                    text: red[file as usize],
                    size,
                    font: red_font,
                    bold: false,
                    color: t.text,
                });
                ops.push(label(x, black_y, BLACK[file as usize], size, t.text));
            }
        }
    }
}

fn label(x: f64, y: f64, text: &'static str, size: f64, color: &'static str) -> Op {
    Op::Text {
        x,
        y,
        text,
        size,
        font: Font::Label,
        bold: false,
        color,
    }
}

/// Draws `piece` centred on (`x`, `y`), `scale` times its size at rest.
#[allow(clippy::too_many_arguments)]
pub fn piece(
    ops: &mut Ops,
    g: &Geometry,
    t: &Theme,
    set: PieceSet,
    p: Piece,
    x: f64,
    y: f64,
    scale: f64,
) {
    let r = g.piece_radius() * scale;
    let colors: &PieceColors = match p.color {
        Color::Red => &t.red,
        Color::Black => &t.black,
    };
    let lw = g.line_width;
    // A lifted piece casts its shadow further.
    let lift = if scale > 1.0 { 0.22 } else { 0.1 };
    ops.disc(x + r * lift * 0.4, y + r * lift, r, t.shadow);
    ops.disc(x, y, r, colors.face);
    ops.ring(x, y, r - lw * 0.5, colors.edge, lw.max(1.0) * 1.5);
    ops.ring(x, y, r * 0.8, colors.ink, (r * 0.06).max(1.0));
    let letters = matches!(set, PieceSet::Letters | PieceSet::Vietnamese);
    let text = set.label(p);
    // Two letters (Tg) in the same circle: a smaller size.
    let size = match (letters, text.len()) {
        (false, _) => 1.05,
        (true, 1) => 0.95,
        (true, _) => 0.72,
    };
    ops.push(Op::Text {
        x,
        y: y + r * if letters { 0.04 } else { 0.02 },
        text,
        size: r * size,
        font: if letters { Font::Label } else { Font::Piece },
        bold: true,
        color: colors.ink,
    });
}

fn pieces(ops: &mut Ops, b: &Board) {
    let g = &b.geometry;
    let t = b.theme.colors();
    let r = g.piece_radius();
    let lw = g.line_width;
    ops.push(Op::Clear {
        x: 0.0,
        y: 0.0,
        w: g.width,
        h: g.height,
    });
    // Last move: corner brackets on both points, a faint dot where the piece came from.
    if let Some((from, to)) = b.last_move {
        for sq in [from, to] {
            let (x, y) = g.point(sq);
            brackets(
                ops,
                x,
                y,
                r * 1.08,
                r * 0.38,
                t.last_move,
                (lw * 2.0).max(2.0),
            );
        }
        if b.pieces[from.index()].is_none() {
            let (x, y) = g.point(from);
            ops.disc(x, y, r * 0.22, t.last_move);
        }
    }
    let dragging = b.drag.filter(|d| d.started).map(|d| d.from);
    let anim = b.anim.as_ref();
    if let Some(a) = anim {
        ops.push(Op::Alpha(1.0 - a.t));
        for &(sq, p) in &a.fading {
            let (x, y) = g.point(sq);
            piece(ops, g, t, b.piece_set, p, x, y, 1.0);
        }
        ops.push(Op::Alpha(1.0));
    }
    // Pieces at rest first, then sliding ones on top.
    for pass in 0..2 {
        for sq in Square::all() {
            let Some(p) = b.pieces[sq.index()] else {
                continue;
            };
            let origin = anim.and_then(|a| a.origin_of(sq));
            if (pass == 1) != origin.is_some() {
                continue;
            }
            let (mut x, mut y) = g.point(sq);
            if let (Some(o), Some(a)) = (origin, anim) {
                let (ox, oy) = g.point(o);
                x = ox + (x - ox) * a.t;
                y = oy + (y - oy) * a.t;
            }
            if Some(sq) == dragging {
                // The ghost of the dragged piece stays on its point.
                ops.push(Op::Alpha(0.3));
                piece(ops, g, t, b.piece_set, p, x, y, 1.0);
                ops.push(Op::Alpha(1.0));
                continue;
            }
            if Some(sq) == b.check && anim.is_none() {
                ops.disc(x, y, r * 1.2, t.check);
            }
            piece(ops, g, t, b.piece_set, p, x, y, 1.0);
            if Some(sq) == b.check && anim.is_none() {
                ops.ring(x, y, r + lw * 1.5, t.check, (lw * 3.0).max(3.0));
            }
        }
    }
    // The selected piece and where it may go.
    if let Some(sel) = b.selected {
        let (x, y) = g.point(sel);
        ops.ring(x, y, r + lw * 2.0, t.selected, (lw * 3.0).max(3.0));
        let dests = b.dests_of(sel);
        if b.dests.is_some() {
            for to in dests {
                let (x, y) = g.point(to);
                if b.pieces[to.index()].is_some() {
                    ops.ring(x, y, r + lw * 2.0, t.dest, (r * 0.14).max(2.0));
                } else {
                    ops.disc(x, y, r * 0.28, t.dest);
                }
            }
        }
    }
    for s in b.host_shapes.iter().chain(&b.user_shapes) {
        shape(ops, g, t, s);
    }
}

fn brackets(ops: &mut Ops, x: f64, y: f64, half: f64, len: f64, color: &'static str, width: f64) {
    ops.push(Op::Begin);
    for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let cx = x + sx * half;
        let cy = y + sy * half;
        ops.push(Op::MoveTo(cx - sx * len, cy));
        ops.push(Op::LineTo(cx, cy));
        ops.push(Op::LineTo(cx, cy - sy * len));
    }
    ops.push(Op::Stroke { color, width });
}

fn shape(ops: &mut Ops, g: &Geometry, t: &Theme, s: &Shape) -> Rect {
    let color = t.brushes[s.brush.index()];
    let r = g.piece_radius();
    let a = g.point(s.from);
    match s.to {
        None => {
            let w = (r * 0.14).max(2.0);
            ops.ring(a.0, a.1, r + w, color, w);
            Rect::around(a.0, a.1, r + 2.0 * w)
        }
        Some(to) => {
            let b = g.point(to);
            let w = (g.cell * 0.15).max(3.0);
            if let Some(pts) = arrow_outline(a, b, w, r * 0.35) {
                ops.push(Op::Begin);
                ops.push(Op::MoveTo(pts[0].0, pts[0].1));
                for p in &pts[1..] {
                    ops.push(Op::LineTo(p.0, p.1));
                }
                ops.push(Op::Close);
                ops.push(Op::Fill { color });
            }
            Rect::around(a.0, a.1, w * 2.0).union(Rect::around(b.0, b.1, w * 2.0))
        }
    }
}

/// Paints the overlay; returns the rectangle it covered.
fn overlay(ops: &mut Ops, b: &Board) -> Option<Rect> {
    let g = &b.geometry;
    let t = b.theme.colors();
    let r = g.piece_radius();
    let lw = g.line_width;
    let mut dirty: Option<Rect> = None;
    let mut cover = |rect: Rect| {
        dirty = Some(dirty.map_or(rect, |d| d.union(rect)));
    };
    if b.focus_visible {
        if let Some(c) = b.cursor {
            let (x, y) = g.point(c);
            let half = g.cell * 0.5 - lw;
            let w = (lw * 2.0).max(g.px(2.0));
            ops.push(Op::Begin);
            ops.push(Op::MoveTo(x - half, y - half));
            ops.push(Op::LineTo(x + half, y - half));
            ops.push(Op::LineTo(x + half, y + half));
            ops.push(Op::LineTo(x - half, y + half));
            ops.push(Op::Close);
            ops.push(Op::Stroke {
                color: t.focus,
                width: w,
            });
            cover(Rect::around(x, y, half + w));
        }
    }
    if let Some(d) = b.drawing {
        if let Some(to) = d.to {
            let s = Shape {
                from: d.from,
                to: (to != d.from).then_some(to),
                brush: d.brush,
            };
            let rect = shape(ops, g, t, &s);
            cover(rect);
        }
    }
    if let Some(d) = b.drag.filter(|d| d.started) {
        if let Some(p) = b.pieces[d.from.index()] {
            if let Some(to) = g.square_at(d.pos.0, d.pos.1) {
                if b.can_move(d.from, to) {
                    let (x, y) = g.point(to);
                    ops.disc(x, y, r * 1.15, t.hover);
                    cover(Rect::around(x, y, r * 1.15));
                }
            }
            // Lifted: a little larger than at rest.
            let (x, y) = d.pos;
            piece(ops, g, t, b.piece_set, p, x, y, 1.08);
            cover(Rect::around(x, y, r * 1.4)); // the lifted disc and its shadow
        }
    }
    dirty
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Button, Movable};
    use crate::theme::ThemeName;
    use xiangqi::Bitboard;
    use xiangqi::START_FEN;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn board() -> Board {
        let mut b = Board::new();
        b.resize(450.0, 495.0, 1.0);
        b.set_fen(START_FEN, false).unwrap();
        b.movable = Movable::Red;
        b
    }

    fn texts(ops: &Ops) -> Vec<(&'static str, f64, f64)> {
        ops.ops
            .iter()
            .filter_map(|o| match *o {
                Op::Text { text, x, y, .. } => Some((text, x, y)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_background_has_the_river_and_the_coordinates() {
        let mut b = board();
        let mut r = Renderer::default();
        r.render_background(&b);
        let t = texts(&r.background);
        for w in ["楚", "河", "漢", "界", "a", "i", "0", "9"] {
            assert!(t.iter().any(|(s, _, _)| *s == w), "{w} missing");
        }
        // 'a' is left of 'i' for Red, right of it for Black
        let x_of = |t: &[(&str, f64, f64)], s: &str| t.iter().find(|(w, _, _)| *w == s).unwrap().1;
        assert!(x_of(&t, "a") < x_of(&t, "i"));
        b.set_orientation(Color::Black);
        r.render_background(&b);
        let t = texts(&r.background);
        assert!(x_of(&t, "a") > x_of(&t, "i"));
        b.set_coordinates(Coordinates::Chinese);
        b.piece_set = PieceSet::Simplified;
        r.render_background(&b);
        let t = texts(&r.background);
        assert!(t.iter().any(|(s, _, _)| *s == "九") && t.iter().any(|(s, _, _)| *s == "汉"));
        // Vietnamese boards: digits on both sides, Red's 9 on file a (its left), two of each digit.
        b.set_orientation(Color::Red);
        b.set_coordinates(Coordinates::Numbers);
        r.render_background(&b);
        let t = texts(&r.background);
        assert!(!t.iter().any(|(s, _, _)| *s == "九"));
        for d in ["1", "5", "9"] {
            assert_eq!(t.iter().filter(|(s, _, _)| *s == d).count(), 2, "{d}");
        }
        b.set_coordinates(Coordinates::None);
        r.render_background(&b);
        assert_eq!(texts(&r.background).len(), 4, "only the river");
    }

    #[test]
    fn every_piece_is_drawn_with_its_character_at_its_point() {
        let b = board();
        let mut r = Renderer::default();
        r.render_pieces(&b);
        let t = texts(&r.pieces);
        assert_eq!(t.len(), 32);
        let (x, y) = b.geometry.point(sq("e0"));
        assert!(t
            .iter()
            .any(|&(s, tx, ty)| s == "帥" && tx == x && (ty - y).abs() < 2.0));
        let (x, _) = b.geometry.point(sq("b9"));
        assert!(t.iter().any(|&(s, tx, _)| s == "馬" && tx == x));
        assert_eq!(t.iter().filter(|(s, _, _)| *s == "兵").count(), 5);
        assert_eq!(t.iter().filter(|(s, _, _)| *s == "卒").count(), 5);
    }

    #[test]
    fn dests_show_dots_on_empty_points_and_rings_on_captures() {
        let mut b = board();
        let mut d = Box::new([Bitboard::EMPTY; 90]);
        d[sq("h2").index()] = d[sq("h2").index()].with(sq("h9"));
        d[sq("h2").index()] = d[sq("h2").index()].with(sq("h3"));
        d[sq("h2").index()] = d[sq("h2").index()].with(sq("h4"));
        b.set_dests(Some(d));
        let mut r = Renderer::default();
        r.render_pieces(&b);
        let plain = r.pieces.len();
        let (x, y) = b.geometry.point(sq("h2"));
        b.pointer_down(x, y, Button::Primary);
        r.render_pieces(&b);
        let dest = b.theme.colors().dest;
        let fills = r
            .pieces
            .ops
            .iter()
            .filter(|o| matches!(o, Op::Fill { color } if *color == dest))
            .count();
        let rings = r
            .pieces
            .ops
            .iter()
            .filter(|o| matches!(o, Op::Stroke { color, .. } if *color == dest))
            .count();
        assert_eq!((fills, rings), (2, 1));
        assert!(r.pieces.len() > plain);
    }

    #[test]
    fn the_overlay_clears_only_what_it_painted() {
        let mut b = board();
        let mut r = Renderer::default();
        let (x, y) = b.geometry.point(sq("b0"));
        b.pointer_down(x, y, Button::Primary);
        b.pointer_move(x + 30.0, y - 30.0);
        r.render_overlay(&b);
        assert!(!matches!(r.overlay.ops[0], Op::Clear { .. }));
        let n = r.overlay.len();
        b.pointer_move(x + 40.0, y - 40.0);
        r.render_overlay(&b);
        match r.overlay.ops[0] {
            Op::Clear { x: cx, y: cy, w, h } => {
                assert!(cx <= x + 30.0 - b.geometry.piece_radius());
                assert!(cy <= y - 30.0 - b.geometry.piece_radius());
                assert!(
                    w < b.geometry.width / 2.0 && h < b.geometry.height / 2.0,
                    "a small rectangle"
                );
            }
            ref o => panic!("first op {o:?}"),
        }
        assert!(r.overlay.len() <= n + 1);
        assert!(
            r.overlay.len() < 30,
            "a drag frame is a handful of operations"
        );
    }

    #[test]
    fn check_and_last_move_are_highlighted() {
        let mut b = board();
        let t = ThemeName::Light.colors();
        let mut r = Renderer::default();
        r.render_pieces(&b);
        let count = |ops: &Ops, c: &str| {
            ops.ops
                .iter()
                .filter(
                    |o| matches!(o, Op::Stroke { color, .. } | Op::Fill { color } if *color == c),
                )
                .count()
        };
        assert_eq!(count(&r.pieces, t.check), 0);
        assert_eq!(count(&r.pieces, t.last_move), 0);
        b.check = Some(sq("e0"));
        b.last_move = Some((sq("h2"), sq("e2")));
        r.render_pieces(&b);
        assert_eq!(count(&r.pieces, t.check), 2);
        assert_eq!(count(&r.pieces, t.last_move), 2);
    }

    #[test]
    fn letters_and_simplified_sets() {
        let mut b = board();
        b.piece_set = PieceSet::Letters;
        let mut r = Renderer::default();
        r.render_pieces(&b);
        let t = texts(&r.pieces);
        assert_eq!(t.iter().filter(|(s, _, _)| *s == "H").count(), 4);
        b.piece_set = PieceSet::Simplified;
        r.render_pieces(&b);
        let t = texts(&r.pieces);
        assert!(t.iter().any(|(s, _, _)| *s == "帅") && t.iter().any(|(s, _, _)| *s == "将"));
        // Vietnamese letters: Tg for each general (smaller, two letters), M for the four horses, B for the soldiers.
        b.piece_set = PieceSet::Vietnamese;
        r.render_pieces(&b);
        let t = texts(&r.pieces);
        assert_eq!(t.iter().filter(|(s, _, _)| *s == "Tg").count(), 2);
        assert_eq!(t.iter().filter(|(s, _, _)| *s == "M").count(), 4);
        assert_eq!(t.iter().filter(|(s, _, _)| *s == "B").count(), 10);
    }
}
