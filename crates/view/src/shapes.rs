//! Arrows and circles for teaching, drawn by the host (`shapes`) or by the user (right-drag, as on the
//! popular chess sites): the geometry of an arrow between two points.

use xiangqi::Square;

/// The colour of a shape. With the secondary button: plain = green, Shift = red, Alt = blue, Shift+Alt =
/// yellow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// Green (a good move, a plan).
    Green,
    /// Red (a threat).
    Red,
    /// Blue (an alternative).
    Blue,
    /// Yellow (attention).
    Yellow,
}

impl Brush {
    /// Parses `"green"`, `"red"`, `"blue"` or `"yellow"`.
    pub fn parse(s: &str) -> Option<Brush> {
        match s {
            "green" => Some(Brush::Green),
            "red" => Some(Brush::Red),
            "blue" => Some(Brush::Blue),
            "yellow" => Some(Brush::Yellow),
            _ => None,
        }
    }

    /// The brush of a secondary-button gesture with these modifier keys.
    pub fn from_modifiers(shift: bool, alt: bool) -> Brush {
        match (shift, alt) {
            (false, false) => Brush::Green,
            (true, false) => Brush::Red,
            (false, true) => Brush::Blue,
            (true, true) => Brush::Yellow,
        }
    }

    /// The name.
    pub fn name(self) -> &'static str {
        match self {
            Brush::Green => "green",
            Brush::Red => "red",
            Brush::Blue => "blue",
            Brush::Yellow => "yellow",
        }
    }

    /// Index into a theme's `brushes`.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A circle on `from` (`to` = `None`) or an arrow `from` → `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The point of a circle, the tail of an arrow.
    pub from: Square,
    /// The head of an arrow.
    pub to: Option<Square>,
    /// The colour.
    pub brush: Brush,
}

/// The outline of an arrow from `a` to `b` with shaft width `w`: seven points (shaft and head), the tip on
/// `b` pulled back by `inset`.
pub fn arrow_outline(a: (f64, f64), b: (f64, f64), w: f64, inset: f64) -> Option<[(f64, f64); 7]> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1e-6 {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let tip = (b.0 - ux * inset, b.1 - uy * inset);
    let head_len = w * 2.2;
    let head_half = w * 1.6;
    let base = (tip.0 - ux * head_len, tip.1 - uy * head_len);
    let half = w / 2.0;
    let p = |o: (f64, f64), k: f64| (o.0 + nx * k, o.1 + ny * k);
    Some([
        p(a, half),
        p(base, half),
        p(base, head_half),
        tip,
        p(base, -head_half),
        p(base, -half),
        p(a, -half),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifiers_pick_the_brush() {
        assert_eq!(Brush::from_modifiers(false, false), Brush::Green);
        assert_eq!(Brush::from_modifiers(true, false), Brush::Red);
        assert_eq!(Brush::from_modifiers(false, true), Brush::Blue);
        assert_eq!(Brush::from_modifiers(true, true), Brush::Yellow);
        for b in [Brush::Green, Brush::Red, Brush::Blue, Brush::Yellow] {
            assert_eq!(Brush::parse(b.name()), Some(b));
        }
    }

    #[test]
    fn an_arrow_points_at_its_head() {
        let pts = arrow_outline((0.0, 0.0), (100.0, 0.0), 10.0, 5.0).unwrap();
        assert_eq!(pts[3], (95.0, 0.0), "tip pulled back by the inset");
        assert_eq!(pts[0], (0.0, 5.0));
        assert_eq!(pts[6], (0.0, -5.0));
        assert!(pts[2].1 > pts[1].1, "the head is wider than the shaft");
        // symmetric about the axis
        for i in 0..3 {
            assert_eq!(pts[i].1, -pts[6 - i].1);
        }
        assert_eq!(arrow_outline((1.0, 1.0), (1.0, 1.0), 10.0, 0.0), None);
    }
}
