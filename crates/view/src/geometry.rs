//! Where things are: square ↔ pixel for both orientations, and hit testing.
//!
//! All lengths are canvas (device) pixels: the host multiplies CSS pixels by `devicePixelRatio`, so lines
//! land on whole device pixels and stay crisp on HiDPI screens.

use xiangqi::{Color, Square};

/// Cells of margin around the outer lines when coordinates are shown (room for half a piece, the frame and
/// the labels).
pub const MARGIN_WITH_COORDS: f64 = 1.0;
/// Cells of margin without coordinates (half a piece and the frame).
pub const MARGIN_PLAIN: f64 = 0.62;

/// The board's layout in a canvas of a given size: the cell (the distance between two lines) and the
/// position of the top-left intersection.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// Canvas width in device pixels.
    pub width: f64,
    /// Canvas height in device pixels.
    pub height: f64,
    /// Device pixels per CSS pixel.
    pub dpr: f64,
    /// Distance between two adjacent lines, in device pixels.
    pub cell: f64,
    /// x of the leftmost line.
    pub left: f64,
    /// y of the top line.
    pub top: f64,
    /// Which side sits at the bottom of the screen.
    pub orientation: Color,
    /// Width of the grid lines (whole device pixels).
    pub line_width: f64,
}

/// The width / height ratio of the board with a margin of `margin` cells: the CSS `aspect-ratio` of the element.
pub fn aspect_ratio(margin: f64) -> f64 {
    (8.0 + 2.0 * margin) / (9.0 + 2.0 * margin)
}

impl Geometry {
    /// The largest board that fits `width` × `height` device pixels, centred, with `margin` cells around the
    /// outer lines.
    pub fn new(width: f64, height: f64, dpr: f64, orientation: Color, margin: f64) -> Geometry {
        let width = width.max(1.0);
        let height = height.max(1.0);
        let dpr = if dpr.is_finite() && dpr > 0.0 {
            dpr
        } else {
            1.0
        };
        let cell = (width / (8.0 + 2.0 * margin))
            .min(height / (9.0 + 2.0 * margin))
            .max(1.0);
        let line_width = (cell / 40.0).round().max(1.0);
        // Lines of an odd width are centred on a pixel's middle, even widths on a pixel edge.
        let half = if line_width as i64 % 2 == 1 { 0.5 } else { 0.0 };
        let left = ((width - 8.0 * cell) / 2.0).floor() + half;
        let top = ((height - 9.0 * cell) / 2.0).floor() + half;
        Geometry {
            width,
            height,
            dpr,
            cell,
            left,
            top,
            orientation,
            line_width,
        }
    }

    /// The screen column (0 = left) and row (0 = top) of `sq`.
    pub fn col_row(&self, sq: Square) -> (u8, u8) {
        match self.orientation {
            Color::Red => (sq.file(), 9 - sq.rank()),
            Color::Black => (8 - sq.file(), sq.rank()),
        }
    }

    /// The square at screen column `col` (0..9) and row `row` (0..10).
    pub fn square_at_col_row(&self, col: i32, row: i32) -> Option<Square> {
        if !(0..9).contains(&col) || !(0..10).contains(&row) {
            return None;
        }
        match self.orientation {
            Color::Red => Square::from_coords(col, 9 - row),
            Color::Black => Square::from_coords(8 - col, row),
        }
    }

    /// The pixel of screen column `col` and row `row` (on a line, snapped so that lines are crisp).
    pub fn xy(&self, col: f64, row: f64) -> (f64, f64) {
        (
            self.left + (col * self.cell).round(),
            self.top + (row * self.cell).round(),
        )
    }

    /// The centre of `sq` in canvas pixels.
    pub fn point(&self, sq: Square) -> (f64, f64) {
        let (c, r) = self.col_row(sq);
        self.xy(c as f64, r as f64)
    }

    /// The point a user pointing at (`x`, `y`) means: the nearest intersection, if (`x`, `y`) lies within half
    /// a cell of it in both directions (so every pixel of the board, up to half a cell outside the outer lines,
    /// names exactly one point).
    pub fn square_at(&self, x: f64, y: f64) -> Option<Square> {
        if !x.is_finite() || !y.is_finite() {
            return None;
        }
        let col = ((x - self.left) / self.cell).round();
        let row = ((y - self.top) / self.cell).round();
        if col.abs() > 20.0 || row.abs() > 20.0 {
            return None;
        }
        self.square_at_col_row(col as i32, row as i32)
    }

    /// The radius of a piece.
    pub fn piece_radius(&self) -> f64 {
        self.cell * 0.45
    }

    /// `css` CSS pixels in device pixels.
    pub fn px(&self, css: f64) -> f64 {
        css * self.dpr
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn red_at_the_bottom_puts_a0_bottom_left() {
        let g = Geometry::new(400.0, 440.0, 1.0, Color::Red, 1.0);
        assert_eq!(g.cell, 40.0);
        let (x0, y0) = g.point(sq("a0"));
        let (x9, y9) = g.point(sq("i9"));
        assert!(x0 < x9 && y0 > y9);
        assert_eq!((x9 - x0, y0 - y9), (320.0, 360.0));
        assert_eq!(g.point(sq("a9")), (g.left, g.top));
    }

    #[test]
    fn black_at_the_bottom_rotates_the_board() {
        let red = Geometry::new(400.0, 440.0, 1.0, Color::Red, 1.0);
        let black = Geometry::new(400.0, 440.0, 1.0, Color::Black, 1.0);
        for s in Square::all() {
            assert_eq!(black.point(s), red.point(s.flip()), "{s}");
        }
        assert_eq!(black.point(sq("i9")), (black.left, black.top + 9.0 * 40.0));
    }

    #[test]
    fn lines_fall_on_pixel_centres_for_odd_widths() {
        for (w, h, dpr) in [
            (333.0, 371.0, 1.0),
            (666.0, 742.0, 2.0),
            (517.0, 560.0, 1.5),
        ] {
            let g = Geometry::new(w, h, dpr, Color::Red, 1.0);
            for s in Square::all() {
                let (x, y) = g.point(s);
                let frac = if g.line_width as i64 % 2 == 1 {
                    0.5
                } else {
                    0.0
                };
                assert_eq!(x.fract(), frac, "{s} x={x}");
                assert_eq!(y.fract(), frac, "{s} y={y}");
            }
        }
    }

    #[test]
    fn every_point_hits_itself_in_both_orientations() {
        for o in Color::ALL {
            for dpr in [1.0, 2.0] {
                let g = Geometry::new(360.0 * dpr, 396.0 * dpr, dpr, o, 1.0);
                for s in Square::all() {
                    let (x, y) = g.point(s);
                    assert_eq!(g.square_at(x, y), Some(s));
                    // anywhere within a little less than half a cell
                    let d = g.cell * 0.49;
                    for (dx, dy) in [(d, d), (-d, d), (d, -d), (-d, -d), (0.0, d), (d, 0.0)] {
                        assert_eq!(g.square_at(x + dx, y + dy), Some(s), "{s} {dx} {dy}");
                    }
                }
            }
        }
    }

    #[test]
    fn outside_the_board_hits_nothing() {
        let g = Geometry::new(400.0, 440.0, 1.0, Color::Red, 1.0);
        let (x, y) = g.point(sq("a9"));
        assert_eq!(g.square_at(x - g.cell * 0.6, y), None);
        assert_eq!(g.square_at(x, y - g.cell * 0.6), None);
        let (x, y) = g.point(sq("i0"));
        assert_eq!(g.square_at(x + g.cell * 0.6, y), None);
        assert_eq!(g.square_at(x, y + g.cell * 0.6), None);
        assert_eq!(g.square_at(f64::NAN, 3.0), None);
        assert_eq!(g.square_at(1e300, -1e300), None);
    }

    #[test]
    fn the_board_fits_and_is_centred() {
        for (w, h) in [(1000.0, 300.0), (300.0, 1000.0), (1.0, 1.0), (0.0, -5.0)] {
            let g = Geometry::new(w, h, 1.0, Color::Red, MARGIN_WITH_COORDS);
            let need_w = g.cell * (8.0 + 2.0 * MARGIN_WITH_COORDS);
            let need_h = g.cell * (9.0 + 2.0 * MARGIN_WITH_COORDS);
            assert!(need_w <= g.width + 1e-9 || g.cell == 1.0);
            assert!(need_h <= g.height + 1e-9 || g.cell == 1.0);
        }
        let g = Geometry::new(1000.0, 440.0, 1.0, Color::Red, 1.0);
        let (xa, _) = g.point(sq("a0"));
        let (xi, _) = g.point(sq("i0"));
        assert!(((xa + xi) / 2.0 - 500.0).abs() <= 1.0);
        assert!((aspect_ratio(1.0) - 10.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn screen_columns_and_rows_round_trip() {
        for o in Color::ALL {
            let g = Geometry::new(400.0, 440.0, 1.0, o, 1.0);
            for s in Square::all() {
                let (c, r) = g.col_row(s);
                assert_eq!(g.square_at_col_row(c as i32, r as i32), Some(s));
            }
            assert_eq!(g.square_at_col_row(9, 0), None);
            assert_eq!(g.square_at_col_row(0, -1), None);
        }
    }
}
