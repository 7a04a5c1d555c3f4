//! `names()`: the rules crate's lists of names (`xiangqi::names`) as plain data — each list's values with
//! their aliases and their English and Chinese names — for the UI, the types test and any caller building a
//! choice. The options are read through the same lists (`input::named_option`).

use super::cache::set_property;
use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;
use xiangqi::adjudication::{Mode, Ruleset};
use xiangqi::names::{Name, Named};
use xiangqi::notation::chinese::{BlackDigits, Script};
use xiangqi::notation::encoding::Encoding;
use xiangqi::notation::record::RecordFormat;
use xiangqi::notation::wxf::Traverse;
use xiangqi::notation::{NotationKind, TandemStyle};

/// `[{ name, aliases, en, zh }, …]` of a list.
fn list(names: &[Name]) -> JsValue {
    let out = Array::new();
    for n in names {
        let o = Object::new();
        set_property(&o, "name", &JsValue::from_str(n.name));
        let aliases = Array::new();
        for a in n.aliases {
            aliases.push(&JsValue::from_str(a));
        }
        set_property(&o, "aliases", &aliases);
        set_property(&o, "en", &JsValue::from_str(n.en));
        set_property(&o, "zh", &JsValue::from_str(n.zh));
        out.push(&o);
    }
    out.into()
}

/// `names()`: `{ rules, modes, notations, formats, encodings, scripts, blackDigits, tandems, traverses }`, each
/// keyed by the option it names (plural).
#[wasm_bindgen(skip_typescript)]
pub fn names() -> JsValue {
    let out = Object::new();
    set_property(&out, "rules", &list(Ruleset::NAMES));
    set_property(&out, "modes", &list(Mode::NAMES));
    set_property(&out, "notations", &list(NotationKind::NAMES));
    set_property(&out, "formats", &list(RecordFormat::NAMES));
    set_property(&out, "encodings", &list(Encoding::NAMES));
    set_property(&out, "scripts", &list(Script::NAMES));
    set_property(&out, "blackDigits", &list(BlackDigits::NAMES));
    set_property(&out, "tandems", &list(TandemStyle::NAMES));
    set_property(&out, "traverses", &list(Traverse::NAMES));
    out.into()
}
