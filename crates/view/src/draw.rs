//! Drawing operations: what the painter does, as plain data. Each operation maps to one or two
//! `CanvasRenderingContext2d` calls; the list is reused between frames, so painting allocates nothing.

/// The two font families the board uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Font {
    /// A brush / serif CJK font for the pieces and the river.
    Piece,
    /// A sans-serif font for the coordinates and letter pieces.
    Label,
}

/// One drawing operation, in canvas pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    /// Clears a rectangle to transparent.
    Clear {
        /// Left.
        x: f64,
        /// Top.
        y: f64,
        /// Width.
        w: f64,
        /// Height.
        h: f64,
    },
    /// Fills a rectangle.
    Rect {
        /// Left.
        x: f64,
        /// Top.
        y: f64,
        /// Width.
        w: f64,
        /// Height.
        h: f64,
        /// CSS colour.
        color: &'static str,
    },
    /// Starts a new path.
    Begin,
    /// Moves the pen.
    MoveTo(f64, f64),
    /// A straight segment.
    LineTo(f64, f64),
    /// A full circle (a sub-path of its own).
    Circle {
        /// Centre x.
        x: f64,
        /// Centre y.
        y: f64,
        /// Radius.
        r: f64,
    },
    /// Closes the current sub-path.
    Close,
    /// Strokes the path.
    Stroke {
        /// CSS colour.
        color: &'static str,
        /// Line width.
        width: f64,
    },
    /// Fills the path (non-zero rule).
    Fill {
        /// CSS colour.
        color: &'static str,
    },
    /// Centred text.
    Text {
        /// Centre x.
        x: f64,
        /// Middle y.
        y: f64,
        /// What to write (always a constant of the view).
        text: &'static str,
        /// Font size in pixels.
        size: f64,
        /// Which family.
        font: Font,
        /// Bold.
        bold: bool,
        /// CSS colour.
        color: &'static str,
    },
    /// Sets the opacity of what follows (1 = opaque).
    Alpha(f64),
}

/// A list of operations, cleared and refilled for each frame.
#[derive(Clone, Debug, Default)]
pub struct Ops {
    /// The operations in painting order.
    pub ops: Vec<Op>,
}

impl Ops {
    /// Empties the list, keeping its memory.
    pub fn clear(&mut self) {
        self.ops.clear();
    }

    /// Appends one operation.
    #[inline]
    pub fn push(&mut self, op: Op) {
        self.ops.push(op);
    }

    /// A segment as its own stroked path.
    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), color: &'static str, width: f64) {
        self.push(Op::Begin);
        self.push(Op::MoveTo(a.0, a.1));
        self.push(Op::LineTo(b.0, b.1));
        self.push(Op::Stroke { color, width });
    }

    /// A filled disc.
    pub fn disc(&mut self, x: f64, y: f64, r: f64, color: &'static str) {
        self.push(Op::Begin);
        self.push(Op::Circle { x, y, r });
        self.push(Op::Fill { color });
    }

    /// A circle outline.
    pub fn ring(&mut self, x: f64, y: f64, r: f64, color: &'static str, width: f64) {
        self.push(Op::Begin);
        self.push(Op::Circle { x, y, r });
        self.push(Op::Stroke { color, width });
    }

    /// The number of operations.
    pub fn len(&self) -> usize {
        self.ops.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }
}
