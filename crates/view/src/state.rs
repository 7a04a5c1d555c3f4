//! The board's headless state and its transitions: what the user points at, picks up, drags, drops and
//! draws. No legality: a move is allowed when the host's destination map lists it (or, with no map, when it
//! does not land on a piece of the same side).

use super::anim::Anim;
use super::geometry::{Geometry, MARGIN_PLAIN, MARGIN_WITH_COORDS};
use super::shapes::{Brush, Shape};
use super::theme::ThemeName;
use xiangqi::{fen, Bitboard, Color, ParseFenError, Piece, Square};

/// Which pieces the user may pick up (`movable`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Movable {
    /// Red's pieces.
    Red,
    /// Black's pieces.
    Black,
    /// Both sides' pieces (analysis boards).
    Both,
    /// None (a diagram).
    None,
}

impl Movable {
    /// Parses `"red"`, `"black"`, `"both"` or `"none"`.
    pub fn parse(s: &str) -> Option<Movable> {
        match s {
            "red" => Some(Movable::Red),
            "black" => Some(Movable::Black),
            "both" => Some(Movable::Both),
            "none" => Some(Movable::None),
            _ => None,
        }
    }

    fn allows(self, c: Color) -> bool {
        matches!(
            (self, c),
            (Movable::Both, _) | (Movable::Red, Color::Red) | (Movable::Black, Color::Black)
        )
    }
}

/// How the pieces are labelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceSet {
    /// 帥仕相傌俥炮兵 / 將士象馬車砲卒.
    Traditional,
    /// 帅仕相马车炮兵 / 将士象马车炮卒.
    Simplified,
    /// WXF letters K A E H R C P, for beginners.
    Letters,
    /// The Vietnamese letters of the notation (ký hiệu): Tg S T M X P B (tướng, sĩ, tượng, mã, xe, pháo, binh).
    Vietnamese,
}

impl PieceSet {
    /// Parses `"traditional"`, `"simplified"`, `"letters"` or `"vietnamese"`.
    pub fn parse(s: &str) -> Option<PieceSet> {
        match s {
            "traditional" => Some(PieceSet::Traditional),
            "simplified" => Some(PieceSet::Simplified),
            "letters" => Some(PieceSet::Letters),
            "vietnamese" => Some(PieceSet::Vietnamese),
            _ => None,
        }
    }

    /// The label of `piece`.
    pub fn label(self, piece: Piece) -> &'static str {
        const TRAD: [[&str; 7]; 2] = [
            ["帥", "仕", "相", "傌", "俥", "炮", "兵"],
            ["將", "士", "象", "馬", "車", "砲", "卒"],
        ];
        const SIMP: [[&str; 7]; 2] = [
            ["帅", "仕", "相", "马", "车", "炮", "兵"],
            ["将", "士", "象", "马", "车", "炮", "卒"],
        ];
        const LETTERS: [&str; 7] = ["K", "A", "E", "H", "R", "C", "P"];
        const VIETNAMESE: [&str; 7] = ["Tg", "S", "T", "M", "X", "P", "B"];
        let (c, r) = (piece.color.index(), piece.role.index());
        match self {
            PieceSet::Traditional => TRAD[c][r],
            PieceSet::Simplified => SIMP[c][r],
            PieceSet::Letters => LETTERS[r],
            PieceSet::Vietnamese => VIETNAMESE[r],
        }
    }
}

/// Which coordinates are written around the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coordinates {
    /// None.
    None,
    /// ICCS letters `a`–`i` and digits `0`–`9`.
    Iccs,
    /// The file numbers each side uses: Red's 九…一 and Black's 1…9.
    Chinese,
    /// The same file numbers in digits on both sides, as Vietnamese boards write them: Red's 9…1, Black's 1…9.
    Numbers,
}

impl Coordinates {
    /// Parses `"none"`, `"iccs"`, `"chinese"` or `"numbers"`.
    pub fn parse(s: &str) -> Option<Coordinates> {
        match s {
            "none" => Some(Coordinates::None),
            "iccs" => Some(Coordinates::Iccs),
            "chinese" => Some(Coordinates::Chinese),
            "numbers" => Some(Coordinates::Numbers),
            _ => None,
        }
    }
}

/// A mouse button (or its touch / pen equivalent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// Picks up and drops pieces.
    Primary,
    /// Draws arrows and circles with a brush.
    Secondary(Brush),
}

/// A key the board understands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Cursor left (on screen).
    Left,
    /// Cursor right.
    Right,
    /// Cursor up.
    Up,
    /// Cursor down.
    Down,
    /// Enter or Space: pick up or drop at the cursor.
    Activate,
    /// Escape: drop the selection.
    Escape,
}

/// What an event changed, as flags for the painter and the DOM layer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effect(pub u32);

impl Effect {
    /// The pieces layer (pieces, highlights, shapes) must be repainted.
    pub const PIECES: u32 = 1;
    /// The overlay (dragged piece, focus ring, shape being drawn) must be repainted.
    pub const OVERLAY: u32 = 2;
    /// The background (lines, coordinates) must be repainted.
    pub const BACKGROUND: u32 = 4;
    /// An animation runs: call `frame` on the next animation frame.
    pub const ANIMATE: u32 = 8;
    /// The user made a move: read it with [`Board::take_intent`].
    pub const MOVED: u32 = 16;
    /// The keyboard cursor moved (announce the point).
    pub const CURSOR: u32 = 32;
    /// The selection changed.
    pub const SELECT: u32 = 64;
    /// The user's shapes changed.
    pub const SHAPES: u32 = 128;

    /// Whether `flag` is set.
    pub fn has(self, flag: u32) -> bool {
        self.0 & flag != 0
    }
    fn add(&mut self, flag: u32) {
        self.0 |= flag;
    }
}

/// A piece being dragged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drag {
    /// Where it was picked up.
    pub from: Square,
    /// Where the pointer went down.
    pub origin: (f64, f64),
    /// Where the pointer is.
    pub pos: (f64, f64),
    /// Whether the pointer moved far enough to be a drag (else it is a click).
    pub started: bool,
    /// Whether the piece was already selected when the pointer went down (a second click deselects it).
    pub was_selected: bool,
}

/// A shape being drawn with the secondary button.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drawing {
    /// Where it starts.
    pub from: Square,
    /// The point under the pointer.
    pub to: Option<Square>,
    /// Its brush.
    pub brush: Brush,
}

/// Distance in CSS pixels a pointer must travel before a press becomes a drag.
pub const DRAG_THRESHOLD_CSS: f64 = 4.0;

/// The whole state of a board.
#[derive(Clone, Debug)]
pub struct Board {
    /// The placement.
    pub pieces: [Option<Piece>; 90],
    /// The layout in the canvas.
    pub geometry: Geometry,
    /// Destinations per origin; `None` = free mode (any move the host may refuse).
    pub dests: Option<Box<[Bitboard; 90]>>,
    /// Which pieces may be picked up.
    pub movable: Movable,
    /// The last move, highlighted.
    pub last_move: Option<(Square, Square)>,
    /// The general in check, highlighted.
    pub check: Option<Square>,
    /// The selected piece.
    pub selected: Option<Square>,
    /// The keyboard cursor.
    pub cursor: Option<Square>,
    /// Whether the focus ring is shown (the board has keyboard focus).
    pub focus_visible: bool,
    /// A piece being dragged.
    pub drag: Option<Drag>,
    /// A shape being drawn.
    pub drawing: Option<Drawing>,
    /// The host's shapes.
    pub host_shapes: Vec<Shape>,
    /// The user's shapes (right-drag).
    pub user_shapes: Vec<Shape>,
    /// The theme.
    pub theme: ThemeName,
    /// The piece labels.
    pub piece_set: PieceSet,
    /// The coordinates.
    pub coordinates: Coordinates,
    /// Duration of move animations in ms (0 = none, as with `prefers-reduced-motion`).
    pub animation_ms: f64,
    /// The running animation.
    pub anim: Option<Anim>,
    intent: Option<(Square, Square)>,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// An empty 400 × 440 board, Red at the bottom.
    pub fn new() -> Board {
        Board {
            pieces: [None; 90],
            geometry: Geometry::new(400.0, 440.0, 1.0, Color::Red, MARGIN_WITH_COORDS),
            dests: None,
            movable: Movable::None,
            last_move: None,
            check: None,
            selected: None,
            cursor: None,
            focus_visible: false,
            drag: None,
            drawing: None,
            host_shapes: Vec::new(),
            user_shapes: Vec::new(),
            theme: ThemeName::Light,
            piece_set: PieceSet::Traditional,
            coordinates: Coordinates::Iccs,
            animation_ms: 200.0,
            anim: None,
            intent: None,
        }
    }

    /// The margin in cells for the current coordinates.
    pub fn margin(&self) -> f64 {
        if self.coordinates == Coordinates::None {
            MARGIN_PLAIN
        } else {
            MARGIN_WITH_COORDS
        }
    }

    /// Lays the board out in a canvas of `width` × `height` device pixels.
    pub fn resize(&mut self, width: f64, height: f64, dpr: f64) -> Effect {
        self.geometry = Geometry::new(width, height, dpr, self.geometry.orientation, self.margin());
        Effect(Effect::BACKGROUND | Effect::PIECES | Effect::OVERLAY)
    }

    fn relayout(&mut self) -> Effect {
        let g = self.geometry;
        self.resize(g.width, g.height, g.dpr)
    }

    /// Puts `color` at the bottom.
    pub fn set_orientation(&mut self, color: Color) -> Effect {
        if self.geometry.orientation == color {
            return Effect::default();
        }
        self.geometry.orientation = color;
        self.anim = None;
        self.relayout()
    }

    /// Shows `coordinates`.
    pub fn set_coordinates(&mut self, coordinates: Coordinates) -> Effect {
        self.coordinates = coordinates;
        self.relayout()
    }

    /// Sets the placement from a FEN (only its first field is read). With `animate`, pieces that moved slide
    /// to their new points.
    pub fn set_fen(&mut self, text: &str, animate: bool) -> Result<Effect, ParseFenError> {
        let field = text.split_whitespace().next().unwrap_or("");
        if field.is_empty() {
            return Err(ParseFenError::Empty);
        }
        if text.len() > fen::MAX_FEN_LEN {
            return Err(ParseFenError::TooLong);
        }
        let board = fen::parse_board(field)?;
        let mut pieces = [None; 90];
        for sq in Square::all() {
            pieces[sq.index()] = board.piece_at(sq);
        }
        Ok(self.set_pieces(pieces, animate))
    }

    /// Sets the placement.
    pub fn set_pieces(&mut self, pieces: [Option<Piece>; 90], animate: bool) -> Effect {
        if pieces == self.pieces {
            return Effect::default();
        }
        let mut e = Effect(Effect::PIECES | Effect::OVERLAY);
        self.anim = if animate && self.animation_ms > 0.0 {
            Anim::between(&self.pieces, &pieces, self.animation_ms)
        } else {
            None
        };
        if self.anim.is_some() {
            e.add(Effect::ANIMATE);
        }
        self.pieces = pieces;
        if let Some(s) = self.selected {
            if self.pieces[s.index()].is_none() {
                self.selected = None;
                self.drag = None;
                e.add(Effect::SELECT);
            }
        }
        e
    }

    /// The placement as a FEN board field.
    pub fn placement(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                match self.pieces[sq.index()] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.pieces[sq.index()]
    }

    /// Sets the destination map (`None`: free mode). A selection stays; it shows the new destinations.
    pub fn set_dests(&mut self, dests: Option<Box<[Bitboard; 90]>>) -> Effect {
        if dests == self.dests {
            return Effect::default();
        }
        self.dests = dests;
        Effect(Effect::PIECES)
    }

    /// Sets which pieces may be picked up.
    pub fn set_movable(&mut self, movable: Movable) -> Effect {
        if movable == self.movable {
            return Effect::default();
        }
        self.movable = movable;
        let mut e = Effect(Effect::PIECES);
        if let Some(s) = self.selected {
            if !self.can_pick(s) {
                e.0 |= self.deselect().0;
            }
        }
        e
    }

    /// Whether the user may pick up the piece on `sq`.
    pub fn can_pick(&self, sq: Square) -> bool {
        self.pieces[sq.index()].is_some_and(|p| self.movable.allows(p.color))
    }

    /// The destinations of the piece on `from` as the board shows them.
    pub fn dests_of(&self, from: Square) -> Bitboard {
        match &self.dests {
            Some(d) => d[from.index()],
            None => {
                let mut set = Bitboard::EMPTY;
                if let Some(p) = self.pieces[from.index()] {
                    for to in Square::all() {
                        if to != from
                            && !matches!(self.pieces[to.index()], Some(q) if q.color == p.color)
                        {
                            set = set.with(to);
                        }
                    }
                }
                set
            }
        }
    }

    /// Whether a move `from` → `to` is one the board lets the user make.
    pub fn can_move(&self, from: Square, to: Square) -> bool {
        from != to && self.can_pick(from) && self.dests_of(from).contains(to)
    }

    /// The move the user made, once (after an effect with [`Effect::MOVED`]).
    pub fn take_intent(&mut self) -> Option<(Square, Square)> {
        self.intent.take()
    }

    fn deselect(&mut self) -> Effect {
        if self.selected.is_none() && self.drag.is_none() {
            return Effect::default();
        }
        self.selected = None;
        self.drag = None;
        Effect(Effect::PIECES | Effect::OVERLAY | Effect::SELECT)
    }

    fn select(&mut self, sq: Square) -> Effect {
        self.selected = Some(sq);
        Effect(Effect::PIECES | Effect::OVERLAY | Effect::SELECT)
    }

    /// Moves the piece `from` → `to` on the board (as the user intends; the host confirms with its next
    /// placement) and records the intent.
    fn user_move(&mut self, from: Square, to: Square, animate: bool) -> Effect {
        let mut next = self.pieces;
        next[to.index()] = next[from.index()].take();
        let mut e = self.set_pieces(next, animate);
        self.last_move = Some((from, to));
        self.check = None;
        self.selected = None;
        self.drag = None;
        if let Some(d) = &mut self.dests {
            **d = [Bitboard::EMPTY; 90];
        }
        self.intent = Some((from, to));
        e.add(Effect::PIECES | Effect::OVERLAY | Effect::MOVED | Effect::SELECT);
        e
    }

    /// A press at (`x`, `y`).
    pub fn pointer_down(&mut self, x: f64, y: f64, button: Button) -> Effect {
        let mut e = Effect::default();
        if self.anim.take().is_some() {
            e.add(Effect::PIECES);
        }
        let sq = self.geometry.square_at(x, y);
        if let Button::Secondary(brush) = button {
            self.drag = None;
            if let Some(sq) = sq {
                self.drawing = Some(Drawing {
                    from: sq,
                    to: Some(sq),
                    brush,
                });
                e.add(Effect::OVERLAY);
            }
            return e;
        }
        if !self.user_shapes.is_empty() {
            self.user_shapes.clear();
            e.add(Effect::PIECES | Effect::SHAPES);
        }
        let Some(sq) = sq else {
            e.0 |= self.deselect().0;
            return e;
        };
        if let Some(sel) = self.selected {
            if self.can_move(sel, sq) {
                e.0 |= self.user_move(sel, sq, true).0;
                return e;
            }
        }
        if self.can_pick(sq) {
            let was_selected = self.selected == Some(sq);
            e.0 |= self.select(sq).0;
            self.cursor = Some(sq);
            self.drag = Some(Drag {
                from: sq,
                origin: (x, y),
                pos: (x, y),
                started: false,
                was_selected,
            });
        } else {
            e.0 |= self.deselect().0;
        }
        e
    }

    /// The pointer moved to (`x`, `y`).
    pub fn pointer_move(&mut self, x: f64, y: f64) -> Effect {
        let mut e = Effect::default();
        let threshold = self.geometry.px(DRAG_THRESHOLD_CSS);
        if let Some(d) = &mut self.drag {
            d.pos = (x, y);
            if !d.started {
                let (dx, dy) = (x - d.origin.0, y - d.origin.1);
                if dx * dx + dy * dy >= threshold * threshold {
                    d.started = true;
                    e.add(Effect::PIECES);
                }
            }
            if d.started {
                e.add(Effect::OVERLAY);
            }
        } else if let Some(d) = &mut self.drawing {
            let to = self.geometry.square_at(x, y);
            if to != d.to {
                d.to = to;
                e.add(Effect::OVERLAY);
            }
        }
        e
    }

    /// The pointer was released at (`x`, `y`).
    pub fn pointer_up(&mut self, x: f64, y: f64) -> Effect {
        if let Some(d) = self.drawing.take() {
            let mut e = Effect(Effect::OVERLAY);
            if let Some(to) = self.geometry.square_at(x, y).or(d.to) {
                let shape = Shape {
                    from: d.from,
                    to: (to != d.from).then_some(to),
                    brush: d.brush,
                };
                self.toggle_user_shape(shape);
                e.add(Effect::PIECES | Effect::SHAPES);
            }
            return e;
        }
        let Some(d) = self.drag.take() else {
            return Effect::default();
        };
        let target = self.geometry.square_at(x, y);
        if d.started {
            match target {
                Some(to) if self.can_move(d.from, to) => self.user_move(d.from, to, false),
                // Dropped off the board, back on its own point or on a point it cannot go to: it returns.
                Some(to) if to == d.from => Effect(Effect::PIECES | Effect::OVERLAY),
                _ => {
                    let mut e = self.deselect();
                    e.add(Effect::PIECES | Effect::OVERLAY);
                    e
                }
            }
        } else if d.was_selected && target == Some(d.from) {
            self.deselect()
        } else {
            Effect(Effect::OVERLAY)
        }
    }

    /// The pointer left, the gesture was cancelled, or focus was lost during a drag.
    pub fn cancel(&mut self) -> Effect {
        let drew = self.drawing.take().is_some();
        let mut e = if self.drag.is_some_and(|d| d.started) {
            self.deselect()
        } else {
            self.drag = None;
            Effect::default()
        };
        if drew {
            e.add(Effect::OVERLAY);
        }
        e
    }

    fn toggle_user_shape(&mut self, shape: Shape) {
        if let Some(i) = self
            .user_shapes
            .iter()
            .position(|s| s.from == shape.from && s.to == shape.to)
        {
            let same = self.user_shapes[i].brush == shape.brush;
            self.user_shapes.remove(i);
            if same {
                return;
            }
        }
        self.user_shapes.push(shape);
    }

    /// Shows or hides the keyboard focus ring; the cursor starts on the selection or near the bottom centre.
    pub fn set_focus(&mut self, visible: bool) -> Effect {
        self.focus_visible = visible;
        if visible && self.cursor.is_none() {
            self.cursor = self
                .selected
                .or_else(|| self.geometry.square_at_col_row(4, 6));
        }
        Effect(Effect::OVERLAY)
    }

    /// A key press.
    pub fn key(&mut self, key: Key) -> Effect {
        let mut e = Effect(Effect::OVERLAY);
        if !self.focus_visible {
            e.0 |= self.set_focus(true).0;
        }
        let cur = self
            .cursor
            .or_else(|| self.geometry.square_at_col_row(4, 6))
            .expect("a square");
        let (c, r) = self.geometry.col_row(cur);
        let step = |dc: i32, dr: i32| {
            self.geometry
                .square_at_col_row(c as i32 + dc, r as i32 + dr)
                .unwrap_or(cur)
        };
        match key {
            Key::Left | Key::Right | Key::Up | Key::Down => {
                let (dc, dr) = match key {
                    Key::Left => (-1, 0),
                    Key::Right => (1, 0),
                    Key::Up => (0, -1),
                    _ => (0, 1),
                };
                self.cursor = Some(step(dc, dr));
                e.add(Effect::CURSOR);
                if self.drag.is_some_and(|d| d.started) {
                    e.add(Effect::PIECES);
                }
                self.drag = None;
            }
            Key::Activate => {
                self.cursor = Some(cur);
                if let Some(sel) = self.selected {
                    if self.can_move(sel, cur) {
                        return Effect(e.0 | self.user_move(sel, cur, true).0);
                    }
                    if sel == cur {
                        return Effect(e.0 | self.deselect().0);
                    }
                }
                e.0 |= if self.can_pick(cur) {
                    self.select(cur).0
                } else {
                    self.deselect().0
                };
            }
            Key::Escape => {
                self.drawing = None;
                e.0 |= self.deselect().0;
            }
        }
        e
    }

    /// Advances the animation to `now` (ms, any monotonic clock). Returns the effect: [`Effect::ANIMATE`] while
    /// it runs.
    pub fn frame(&mut self, now: f64) -> Effect {
        match &mut self.anim {
            None => Effect::default(),
            Some(a) => {
                if a.advance(now) {
                    Effect(Effect::PIECES | Effect::ANIMATE)
                } else {
                    self.anim = None;
                    Effect(Effect::PIECES)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::{Role, START_FEN};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn board() -> Board {
        let mut b = Board::new();
        b.resize(400.0, 440.0, 1.0);
        b.set_fen(START_FEN, false).unwrap();
        b.movable = Movable::Red;
        b
    }

    fn dests(list: &[(&str, &[&str])]) -> Option<Box<[Bitboard; 90]>> {
        let mut d = Box::new([Bitboard::EMPTY; 90]);
        for (from, tos) in list {
            for to in *tos {
                d[sq(from).index()] = d[sq(from).index()].with(sq(to));
            }
        }
        Some(d)
    }

    fn at(b: &Board, s: &str) -> (f64, f64) {
        b.geometry.point(sq(s))
    }

    #[test]
    fn fen_round_trips_through_the_placement() {
        let b = board();
        assert_eq!(b.placement(), START_FEN.split(' ').next().unwrap());
        assert_eq!(
            b.piece_at(sq("e0")),
            Some(Piece::new(Color::Red, Role::General))
        );
        let mut b = Board::new();
        assert_eq!(
            b.set_fen("rnbakabnr/9/9", false),
            Err(ParseFenError::RankCount(3))
        );
        assert_eq!(b.set_fen("  ", false), Err(ParseFenError::Empty));
        assert!(
            b.pieces.iter().all(|p| p.is_none()),
            "unchanged after an error"
        );
    }

    #[test]
    fn click_click_moves_a_listed_destination() {
        let mut b = board();
        b.set_dests(dests(&[("h2", &["e2", "h9"])]));
        let (x, y) = at(&b, "h2");
        assert!(b.pointer_down(x, y, Button::Primary).has(Effect::SELECT));
        assert!(!b.pointer_up(x, y).has(Effect::MOVED));
        assert_eq!(b.selected, Some(sq("h2")));
        let (x, y) = at(&b, "e2");
        let e = b.pointer_down(x, y, Button::Primary);
        assert!(e.has(Effect::MOVED) && e.has(Effect::ANIMATE));
        assert_eq!(b.take_intent(), Some((sq("h2"), sq("e2"))));
        assert_eq!(b.take_intent(), None);
        assert_eq!(b.last_move, Some((sq("h2"), sq("e2"))));
        assert_eq!(b.piece_at(sq("e2")).unwrap().role, Role::Cannon);
        assert_eq!(b.piece_at(sq("h2")), None);
        assert_eq!(b.selected, None);
        // no second move until the host gives new destinations
        assert!(b.dests_of(sq("e2")).is_empty());
    }

    #[test]
    fn a_click_on_an_unlisted_point_deselects_and_reports_nothing() {
        let mut b = board();
        b.set_dests(dests(&[("h2", &["e2"])]));
        let (x, y) = at(&b, "h2");
        b.pointer_down(x, y, Button::Primary);
        b.pointer_up(x, y);
        let (x, y) = at(&b, "h5");
        let e = b.pointer_down(x, y, Button::Primary);
        assert!(!e.has(Effect::MOVED));
        assert_eq!(b.selected, None);
        assert_eq!(b.take_intent(), None);
    }

    #[test]
    fn clicking_the_selected_piece_again_deselects_it() {
        let mut b = board();
        let (x, y) = at(&b, "b0");
        b.pointer_down(x, y, Button::Primary);
        b.pointer_up(x, y);
        b.pointer_down(x, y, Button::Primary);
        assert!(b.pointer_up(x, y).has(Effect::SELECT));
        assert_eq!(b.selected, None);
    }

    #[test]
    fn clicking_another_own_piece_switches_the_selection() {
        let mut b = board();
        b.set_dests(dests(&[("h2", &["e2"]), ("b0", &["c2"])]));
        let (x, y) = at(&b, "h2");
        b.pointer_down(x, y, Button::Primary);
        b.pointer_up(x, y);
        let (x, y) = at(&b, "b0");
        b.pointer_down(x, y, Button::Primary);
        assert_eq!(b.selected, Some(sq("b0")));
    }

    #[test]
    fn drag_and_drop_moves_without_animation() {
        let mut b = board();
        b.set_dests(dests(&[("b0", &["c2", "a2"])]));
        let (x0, y0) = at(&b, "b0");
        let (x1, y1) = at(&b, "c2");
        b.pointer_down(x0, y0, Button::Primary);
        assert!(
            !b.pointer_move(x0 + 1.0, y0).has(Effect::OVERLAY),
            "below threshold"
        );
        let e = b.pointer_move((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        assert!(e.has(Effect::OVERLAY) && e.has(Effect::PIECES));
        assert!(b.drag.unwrap().started);
        let e = b.pointer_move(x1, y1);
        assert_eq!(
            e,
            Effect(Effect::OVERLAY),
            "a drag step repaints only the overlay"
        );
        let e = b.pointer_up(x1, y1);
        assert!(e.has(Effect::MOVED) && !e.has(Effect::ANIMATE));
        assert_eq!(b.take_intent(), Some((sq("b0"), sq("c2"))));
    }

    #[test]
    fn an_illegal_drop_returns_the_piece() {
        let mut b = board();
        b.set_dests(dests(&[("b0", &["c2", "a2"])]));
        let before = b.pieces;
        let (x0, y0) = at(&b, "b0");
        let (x1, y1) = at(&b, "b5");
        b.pointer_down(x0, y0, Button::Primary);
        b.pointer_move(x1, y1);
        let e = b.pointer_up(x1, y1);
        assert!(!e.has(Effect::MOVED));
        assert_eq!(b.pieces, before);
        assert_eq!(b.take_intent(), None);
        assert_eq!(b.drag, None);
        // off the board
        b.pointer_down(x0, y0, Button::Primary);
        b.pointer_move(-500.0, -500.0);
        assert!(!b.pointer_up(-500.0, -500.0).has(Effect::MOVED));
        assert_eq!(b.pieces, before);
    }

    #[test]
    fn pieces_of_the_side_not_movable_cannot_be_picked() {
        let mut b = board();
        let (x, y) = at(&b, "b9");
        b.pointer_down(x, y, Button::Primary);
        assert_eq!(b.selected, None);
        b.set_movable(Movable::None);
        let (x, y) = at(&b, "b0");
        b.pointer_down(x, y, Button::Primary);
        assert_eq!(b.selected, None);
        b.set_movable(Movable::Both);
        b.pointer_down(x, y, Button::Primary);
        assert_eq!(b.selected, Some(sq("b0")));
        b.set_movable(Movable::Black);
        assert_eq!(
            b.selected, None,
            "a selection the host no longer allows is dropped"
        );
    }

    #[test]
    fn free_mode_allows_any_point_but_own_pieces() {
        let b = board();
        assert!(b.can_move(sq("e3"), sq("e9")));
        assert!(!b.can_move(sq("e3"), sq("e0")));
        assert!(!b.can_move(sq("e3"), sq("e3")));
        assert!(!b.can_move(sq("e6"), sq("e5")), "Black is not movable");
    }

    #[test]
    fn right_drag_draws_arrows_and_circles_and_toggles_them() {
        let mut b = board();
        let (x0, y0) = at(&b, "h2");
        let (x1, y1) = at(&b, "e2");
        b.pointer_down(x0, y0, Button::Secondary(Brush::Green));
        b.pointer_move(x1, y1);
        assert!(b.pointer_up(x1, y1).has(Effect::SHAPES));
        assert_eq!(
            b.user_shapes,
            vec![Shape {
                from: sq("h2"),
                to: Some(sq("e2")),
                brush: Brush::Green
            }]
        );
        b.pointer_down(x0, y0, Button::Secondary(Brush::Red));
        b.pointer_up(x0, y0);
        assert_eq!(b.user_shapes.len(), 2);
        assert_eq!(b.user_shapes[1].to, None, "a circle");
        // the same arrow again removes it
        b.pointer_down(x0, y0, Button::Secondary(Brush::Green));
        b.pointer_up(x1, y1);
        assert_eq!(b.user_shapes.len(), 1);
        // the same circle with another brush replaces it
        b.pointer_down(x0, y0, Button::Secondary(Brush::Blue));
        b.pointer_up(x0, y0);
        assert_eq!(b.user_shapes[0].brush, Brush::Blue);
        // a primary click clears them
        b.pointer_down(x1, y1, Button::Primary);
        assert!(b.user_shapes.is_empty());
    }

    #[test]
    fn keyboard_moves_the_cursor_on_screen_and_plays() {
        let mut b = board();
        b.set_dests(dests(&[("h2", &["e2"])]));
        b.set_focus(true);
        assert_eq!(b.cursor, Some(sq("e3")), "bottom centre for Red");
        b.key(Key::Right);
        b.key(Key::Right);
        b.key(Key::Right);
        assert!(b.key(Key::Down).has(Effect::CURSOR));
        assert_eq!(b.cursor, Some(sq("h2")));
        b.key(Key::Activate);
        assert_eq!(b.selected, Some(sq("h2")));
        for _ in 0..3 {
            b.key(Key::Left);
        }
        let e = b.key(Key::Activate);
        assert!(e.has(Effect::MOVED));
        assert_eq!(b.take_intent(), Some((sq("h2"), sq("e2"))));
        // clamped at the edge
        for _ in 0..20 {
            b.key(Key::Left);
        }
        assert_eq!(b.cursor, Some(sq("a2")));
    }

    #[test]
    fn keyboard_follows_the_orientation_and_escape_cancels() {
        let mut b = board();
        b.set_orientation(Color::Black);
        b.movable = Movable::Black;
        b.set_focus(true);
        assert_eq!(b.cursor, Some(sq("e6")));
        b.key(Key::Right);
        assert_eq!(
            b.cursor,
            Some(sq("d6")),
            "right on screen is towards file a for Black"
        );
        b.key(Key::Up);
        assert_eq!(b.cursor, Some(sq("d5")));
        b.key(Key::Down);
        b.key(Key::Down);
        b.key(Key::Down);
        b.key(Key::Down);
        assert_eq!(b.cursor, Some(sq("d9")));
        b.key(Key::Activate);
        assert_eq!(b.selected, Some(sq("d9")));
        b.key(Key::Escape);
        assert_eq!(b.selected, None);
    }

    #[test]
    fn setting_what_is_already_shown_repaints_nothing() {
        let mut b = board();
        let d = dests(&[("h2", &["e2", "h9"])]);
        assert!(b.set_dests(d.clone()).has(Effect::PIECES));
        assert_eq!(b.set_dests(d), Effect::default());
        assert_eq!(b.set_movable(Movable::Red), Effect::default());
        assert!(b.set_movable(Movable::Black).has(Effect::PIECES));
        assert_eq!(b.set_fen(START_FEN, false).unwrap(), Effect::default());
        assert_eq!(b.set_orientation(Color::Red), Effect::default());
    }

    #[test]
    fn a_new_placement_animates_the_pieces_that_moved() {
        let mut b = board();
        let e = b
            .set_fen(
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
                true,
            )
            .unwrap();
        assert!(e.has(Effect::ANIMATE));
        let a = b.anim.as_ref().unwrap();
        assert_eq!(a.moves.len(), 1);
        assert_eq!((a.moves[0].from, a.moves[0].to), (sq("h2"), sq("e2")));
        assert!(b.frame(1000.0).has(Effect::ANIMATE));
        assert!(b.frame(1100.0).has(Effect::ANIMATE));
        let e = b.frame(1300.0);
        assert!(!e.has(Effect::ANIMATE) && e.has(Effect::PIECES));
        assert!(b.anim.is_none());
        // with animation off (prefers-reduced-motion), nothing animates
        b.animation_ms = 0.0;
        let e = b.set_fen(START_FEN, true).unwrap();
        assert!(!e.has(Effect::ANIMATE));
        assert!(b.anim.is_none());
    }
}
