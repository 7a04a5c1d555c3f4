//! Chinese notation (中文记谱, zhōngwén jìpǔ): `炮二平五`, `马8进7`.
//!
//! Four characters: the piece (帅/将 仕/士 相/象 马 车 炮 兵/卒), the file it stands on (Red 一…九, Black 1…9,
//! each counted from the mover's right), the direction (进 forward, 退 backward, 平 traverse) and either the
//! destination file (traverses, and always for 仕 相 马) or the number of points moved.
//!
//! Two pieces of a kind on one file are told apart by 前 (front) / 后 (rear) in place of the file: `前炮平五`.
//! Stacked soldiers use 前/中/后 and 前/二/三/四/五 (`中兵平四`, `二兵平四`); when two files hold stacked
//! soldiers the piece name gives way to the file: `前九平八`, `后7平6` (or, in the ordinal style, `二7平6`).
//!
//! Input accepts simplified and traditional characters (帅帥 将將 车車俥 马馬傌 炮砲 相象 仕士 兵卒 进進 后後),
//! Chinese numerals or ASCII / full-width digits for either side, and 前/中/后 after the piece (`车前平三`).

use super::describe::{Action, Described, Description, Selector, StackPos, TandemStyle};
use crate::names::named;
use crate::{Color, Role};

/// Simplified or traditional characters on output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Script {
    /// 帅 仕 相 马 车 炮 兵 / 将 士 象 马 车 炮 卒, 进 退 平, 后. The default.
    #[default]
    Simplified,
    /// 帥 仕 相 傌 俥 炮 兵 / 將 士 象 馬 車 砲 卒, 進 退 平, 後.
    Traditional,
}

/// How Black's file numbers and step counts are written (Red always uses 一…九).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BlackDigits {
    /// ASCII `1`…`9` (`马8进7`). The default.
    #[default]
    Ascii,
    /// Full-width `１`…`９` (`马８进７`).
    FullWidth,
}

named!(Script, "script", [
    Script::Simplified => ("simplified", [], "Simplified", "简体"),
    Script::Traditional => ("traditional", [], "Traditional", "繁体"),
]);

named!(BlackDigits, "blackDigits", [
    BlackDigits::Ascii => ("ascii", [], "ASCII digits", "半角数字"),
    BlackDigits::FullWidth => ("fullwidth", [], "Full-width digits", "全角数字"),
]);

/// Output options for Chinese notation. The default is simplified characters with ASCII digits for Black:
/// `炮二平五`, `马8进7`; classic tandem forms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ChineseOptions {
    /// Simplified or traditional characters.
    pub script: Script,
    /// ASCII or full-width digits for Black.
    pub black_digits: BlackDigits,
    /// How stacked soldiers are told apart.
    pub tandem: TandemStyle,
}

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The character of a piece.
pub fn piece_char(color: Color, role: Role, script: Script) -> char {
    let trad = script == Script::Traditional;
    match (color, role, trad) {
        (Color::Red, Role::General, false) => '帅',
        (Color::Red, Role::General, true) => '帥',
        (Color::Black, Role::General, false) => '将',
        (Color::Black, Role::General, true) => '將',
        (Color::Red, Role::Advisor, _) => '仕',
        (Color::Black, Role::Advisor, _) => '士',
        (Color::Red, Role::Elephant, _) => '相',
        (Color::Black, Role::Elephant, _) => '象',
        (Color::Red, Role::Horse, true) => '傌',
        (Color::Black, Role::Horse, true) => '馬',
        (_, Role::Horse, false) => '马',
        (Color::Red, Role::Chariot, true) => '俥',
        (Color::Black, Role::Chariot, true) => '車',
        (_, Role::Chariot, false) => '车',
        (Color::Black, Role::Cannon, true) => '砲',
        (_, Role::Cannon, _) => '炮',
        (Color::Red, Role::Soldier, _) => '兵',
        (Color::Black, Role::Soldier, _) => '卒',
    }
}

fn number(n: u8, color: Color, o: &ChineseOptions) -> char {
    match (color, o.black_digits) {
        (Color::Red, _) => NUMERALS[(n - 1) as usize],
        (Color::Black, BlackDigits::Ascii) => (b'0' + n) as char,
        (Color::Black, BlackDigits::FullWidth) => char::from_u32(0xFF10 + n as u32).unwrap_or('?'),
    }
}

pub(crate) fn write(d: &Described, o: &ChineseOptions) -> String {
    let trad = o.script == Script::Traditional;
    let piece = piece_char(d.color, d.role, o.script);
    let file = number(d.file, d.color, o);
    let rear = if trad { '後' } else { '后' };
    let last = d.count.saturating_sub(1);
    let place = |i: u8| -> char {
        if i == 0 {
            '前'
        } else if i == last && d.count <= 3 {
            rear
        } else if d.count == 3 {
            '中'
        } else {
            NUMERALS[i as usize]
        }
    };
    let head: [char; 2] = if !d.tandem() {
        [piece, file]
    } else if d.role != Role::Soldier {
        [place(d.index), piece]
    } else if o.tandem == TandemStyle::Ordinal && (d.multi || d.count > 2) {
        [NUMERALS[d.index as usize], file]
    } else if d.multi {
        [place(d.index), file]
    } else {
        [place(d.index), piece]
    };
    let action = match (d.action, trad) {
        (Action::Forward, false) => '进',
        (Action::Forward, true) => '進',
        (Action::Backward, _) => '退',
        (Action::Traverse, _) => '平',
    };
    [head[0], head[1], action, number(d.target, d.color, o)]
        .iter()
        .collect()
}

fn role_of(c: char) -> Option<Role> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => Role::General,
        '仕' | '士' => Role::Advisor,
        '相' | '象' => Role::Elephant,
        '马' | '馬' | '傌' | '㐷' => Role::Horse,
        '车' | '車' | '俥' | '伡' => Role::Chariot,
        '炮' | '砲' | '包' => Role::Cannon,
        '兵' | '卒' => Role::Soldier,
        _ => return None,
    })
}

fn numeral(c: char) -> Option<u8> {
    let c = super::describe::halfwidth(c);
    if let Some(i) = NUMERALS.iter().position(|&n| n == c) {
        return Some(i as u8 + 1);
    }
    c.to_digit(10).filter(|&n| n >= 1).map(|n| n as u8)
}

fn place_word(c: char) -> Option<StackPos> {
    Some(match c {
        '前' => StackPos::Index(0),
        '中' => StackPos::Middle,
        '后' | '後' => StackPos::Rear,
        _ => return None,
    })
}

fn action_of(c: char) -> Option<Action> {
    Some(match c {
        '进' | '進' => Action::Forward,
        '退' => Action::Backward,
        '平' => Action::Traverse,
        _ => return None,
    })
}

/// Whether the text contains a character only Chinese notation uses.
pub(crate) fn looks_chinese(text: &str) -> bool {
    text.chars().any(|c| {
        role_of(c).is_some()
            || action_of(c).is_some()
            || place_word(c).is_some()
            || NUMERALS.contains(&c)
    })
}

/// Parses the four characters into a description; `None` if the text is not Chinese notation.
pub(crate) fn parse(text: &str) -> Option<Description> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let [c0, c1, c2, c3] = <[char; 4]>::try_from(chars).ok()?;
    let action = action_of(c2)?;
    let target = numeral(c3)?;
    let selector = if let Some(role) = role_of(c0) {
        if let Some(file) = numeral(c1) {
            Selector::File { role, file }
        } else {
            Selector::Stack {
                role,
                file: None,
                pos: place_word(c1)?,
            }
        }
    } else {
        let pos = match place_word(c0) {
            Some(p) => p,
            None => match NUMERALS.iter().position(|&n| n == c0) {
                Some(i) if i < 5 => StackPos::Index(i as u8),
                _ => return None,
            },
        };
        if let Some(role) = role_of(c1) {
            Selector::Stack {
                role,
                file: None,
                pos,
            }
        } else {
            Selector::Stack {
                role: Role::Soldier,
                file: Some(numeral(c1)?),
                pos,
            }
        }
    };
    Some(Description {
        selectors: vec![selector],
        action,
        target,
        reordered: false,
    })
}
