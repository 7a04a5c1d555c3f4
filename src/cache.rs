//! Cheap boundary: the JS strings the API returns over and over (squares, ICCS moves, colour and piece names,
//! property keys) are created once and reused, and objects are filled with plain property stores. Creating a
//! JS string from wasm memory costs about a microsecond; a cached one costs a table lookup. This module names
//! no other module of the binding: the records built from these pieces live in [`super::move_info`].

use js_sys::Object;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use xiangqi::{Color, Move, Position, Role, Square};

#[wasm_bindgen]
extern "C" {
    /// A plain object, written with `obj[key] = value` (no `Reflect`, no exception handling: it cannot throw).
    #[wasm_bindgen(extends = Object)]
    type PlainObject;
    #[wasm_bindgen(method, indexing_setter)]
    fn set(this: &PlainObject, key: &JsValue, value: &JsValue);
}

/// Property keys used in records.
#[derive(Clone, Copy)]
pub(crate) enum Key {
    Iccs,
    From,
    To,
    Color,
    Piece,
    Captured,
    Check,
    Square,
    Kind,
    Wxf,
    Chinese,
}

const KEYS: [&str; 11] = [
    "iccs", "from", "to", "color", "piece", "captured", "check", "square", "kind", "wxf", "chinese",
];

struct Strings {
    keys: Vec<JsValue>,
    squares: Vec<JsValue>,
    colors: Vec<JsValue>,
    roles: Vec<JsValue>,
    /// ICCS text of every from/to pair, created on first use (index `from * 90 + to`).
    moves: RefCell<Vec<Option<JsValue>>>,
    start: Position,
}

impl Strings {
    fn new() -> Strings {
        Strings {
            keys: KEYS.iter().map(|k| JsValue::from_str(k)).collect(),
            squares: Square::all()
                .map(|s| JsValue::from(s.to_string()))
                .collect(),
            colors: Color::ALL
                .iter()
                .map(|c| JsValue::from_str(c.name()))
                .collect(),
            roles: Role::ALL
                .iter()
                .map(|r| JsValue::from_str(r.name()))
                .collect(),
            moves: RefCell::new(vec![None; Square::COUNT * Square::COUNT]),
            start: Position::new(),
        }
    }
}

thread_local! {
    static STRINGS: Strings = Strings::new();
}

/// The start position, parsed once.
pub(crate) fn start_position() -> Position {
    STRINGS.with(|s| s.start.clone())
}

/// A square as a JS string.
pub(crate) fn square(sq: Square) -> JsValue {
    STRINGS.with(|s| s.squares[sq.index()].clone())
}

/// A move as a JS ICCS string.
pub(crate) fn iccs(m: Move) -> JsValue {
    STRINGS.with(|s| {
        let i = m.from.index() * Square::COUNT + m.to.index();
        let mut moves = s.moves.borrow_mut();
        moves[i]
            .get_or_insert_with(|| JsValue::from(m.to_string()))
            .clone()
    })
}

/// A colour name (`"red"`, `"black"`) as a JS string.
pub(crate) fn color(c: Color) -> JsValue {
    STRINGS.with(|s| s.colors[c.index()].clone())
}

/// A piece kind name (`"horse"`, ...) as a JS string.
pub(crate) fn role(r: Role) -> JsValue {
    STRINGS.with(|s| s.roles[r.index()].clone())
}

/// ICCS strings, returned to JS as an array (a `Vec<JsValue>` crosses in one step, cheaper than `Array::push`).
pub(crate) fn iccs_array(moves: impl Iterator<Item = Move>) -> Vec<JsValue> {
    moves.map(iccs).collect()
}

/// Stores `value` under `key` in `target`, an object this binding has just created (a plain object, an
/// `Error`): a plain property store, which cannot throw on such an object, so there is no `Result` to drop.
pub(crate) fn set_property(target: &Object, key: &str, value: &JsValue) {
    target
        .unchecked_ref::<PlainObject>()
        .set(&JsValue::from_str(key), value);
}

/// Builds a plain object from (key, value) pairs.
pub(crate) fn object(fields: &[(Key, JsValue)]) -> JsValue {
    let obj: PlainObject = Object::new().unchecked_into();
    STRINGS.with(|s| {
        for (k, v) in fields {
            obj.set(&s.keys[*k as usize], v);
        }
    });
    obj.into()
}
