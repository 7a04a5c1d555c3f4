//! The board view under random input: any sequence of pointer, key, resize, orientation and placement events
//! never panics, a reported move is always one the host listed, and the user's moves never create pieces.

use proptest::prelude::*;
use xiangqi::Bitboard;
use xiangqi::{Color, Square, START_FEN};
use xiangqi_view::render::Renderer;
use xiangqi_view::shapes::Brush;
use xiangqi_view::state::{Board, Button, Effect, Key, Movable};

#[derive(Clone, Debug)]
enum Ev {
    Down(f64, f64, bool),
    Move(f64, f64),
    Up(f64, f64),
    Cancel,
    Key(u8),
    Focus(bool),
    Resize(f64, f64, f64),
    Flip,
    Frame(f64),
    Fen(usize),
}

const FENS: [&str; 4] = [
    START_FEN,
    "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1",
    "9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
];

fn ev() -> impl Strategy<Value = Ev> {
    let coord = -50.0..500.0f64;
    prop_oneof![
        (coord.clone(), coord.clone(), any::<bool>()).prop_map(|(x, y, r)| Ev::Down(x, y, r)),
        (coord.clone(), coord.clone()).prop_map(|(x, y)| Ev::Move(x, y)),
        (coord.clone(), coord.clone()).prop_map(|(x, y)| Ev::Up(x, y)),
        Just(Ev::Cancel),
        (0u8..6).prop_map(Ev::Key),
        any::<bool>().prop_map(Ev::Focus),
        (0.0..900.0f64, 0.0..900.0f64, 0.5..3.0f64).prop_map(|(w, h, d)| Ev::Resize(w, h, d)),
        Just(Ev::Flip),
        (0.0..10_000.0f64).prop_map(Ev::Frame),
        (0usize..4).prop_map(Ev::Fen),
    ]
}

/// A destination map that lists, for every piece, the four orthogonal neighbours (not legality: a host's map).
fn dests(b: &Board) -> Box<[Bitboard; 90]> {
    let mut d = Box::new([Bitboard::EMPTY; 90]);
    for sq in Square::all() {
        if b.piece_at(sq).is_some() {
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if let Some(to) = sq.offset(df, dr) {
                    d[sq.index()] = d[sq.index()].with(to);
                }
            }
        }
    }
    d
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn random_events_never_panic_and_moves_follow_the_dests(events in prop::collection::vec(ev(), 1..80)) {
        let mut b = Board::new();
        b.resize(400.0, 440.0, 1.0);
        b.set_fen(START_FEN, false).unwrap();
        b.movable = Movable::Both;
        b.set_dests(Some(dests(&b)));
        let mut r = Renderer::default();
        for e in events {
            let allowed = b.dests.clone();
            let count = b.pieces.iter().flatten().count();
            let effect = match e {
                Ev::Down(x, y, right) => b.pointer_down(x, y, if right {
                    Button::Secondary(Brush::Red)
                } else {
                    Button::Primary
                }),
                Ev::Move(x, y) => b.pointer_move(x, y),
                Ev::Up(x, y) => b.pointer_up(x, y),
                Ev::Cancel => b.cancel(),
                Ev::Key(k) => b.key([Key::Left, Key::Right, Key::Up, Key::Down, Key::Activate, Key::Escape][k as usize]),
                Ev::Focus(v) => b.set_focus(v),
                Ev::Resize(w, h, d) => b.resize(w, h, d),
                Ev::Flip => {
                    let o = b.geometry.orientation.other();
                    b.set_orientation(o)
                }
                Ev::Frame(t) => b.frame(t),
                Ev::Fen(i) => {
                    let e = b.set_fen(FENS[i], true).unwrap();
                    b.set_dests(Some(dests(&b)));
                    e
                }
            };
            if effect.has(Effect::MOVED) {
                let (from, to) = b.take_intent().expect("a move was reported");
                let listed = allowed.as_ref().expect("dests are set")[from.index()];
                prop_assert!(listed.contains(to), "{from}{to} was not listed");
                prop_assert!(b.pieces.iter().flatten().count() <= count);
                b.set_dests(Some(dests(&b)));
            }
            if let Some(s) = b.selected {
                prop_assert!(b.can_pick(s));
            }
            r.render_background(&b);
            r.render_pieces(&b);
            r.render_overlay(&b);
        }
        prop_assert!(matches!(b.geometry.orientation, Color::Red | Color::Black));
    }
}
