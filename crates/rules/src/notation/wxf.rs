//! WXF notation (World Xiangqi Federation, 1997; tandem soldiers also as in the 2018 rules): `C2.5`, `H8+7`.
//!
//! Four characters: the piece letter (`K A E H R C P`), the file it stands on (1–9, from the mover's right),
//! the direction (`+` forward, `-` backward, `.` or `=` traverse) and either the destination file (traverses,
//! and always for the diagonal movers A, E, H) or the number of points moved.
//!
//! Tandem pieces (two of a kind on one file) replace the file digit by `+` (front) or `-` (rear): `R+.3`
//! (车前平三), `C--1` (炮后退一). Soldiers have more forms, see [`TandemStyle`]. On input letters may be of
//! either case, `B`/`N` are accepted for `E`/`H`, `=` for `.`, full-width characters (`Ｃ２．５`), and the
//! marker before the letter (`+P+1` for `P++1`, as some files write it; the record readers warn).

use super::describe::{Action, Described, Description, Selector, StackPos, TandemStyle};
use crate::names::named;
use crate::Role;

/// The traverse sign written on output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Traverse {
    /// `.`, as the WXF rules write it (`C2.5`). The default.
    #[default]
    Dot,
    /// `=`, common in English books (`C2=5`).
    Equals,
}

named!(Traverse, "traverse", [
    Traverse::Dot => (".", [], "Dot", "点"),
    Traverse::Equals => ("=", [], "Equals sign", "等号"),
]);

/// Output options for WXF. The default is `C2.5`: upper case, `.` for traverses, the classic (1997) tandem
/// soldier forms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WxfOptions {
    /// How tandem soldiers are told apart.
    pub tandem: TandemStyle,
    /// `.` or `=` for traverses.
    pub traverse: Traverse,
    /// Write lower-case letters (`c2.5`).
    pub lowercase: bool,
}

/// The WXF letter of a role.
pub const fn letter(role: Role) -> char {
    match role {
        Role::General => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Chariot => 'R',
        Role::Cannon => 'C',
        Role::Soldier => 'P',
    }
}

fn digit(n: u8) -> char {
    (b'0' + n) as char
}

pub(crate) fn write(d: &Described, o: &WxfOptions) -> String {
    let l = letter(d.role);
    let f = digit(d.file);
    let last = d.count.saturating_sub(1);
    let head: [char; 2] = if !d.tandem() {
        [l, f]
    } else if d.role != Role::Soldier {
        [l, if d.index == 0 { '+' } else { '-' }]
    } else if o.tandem == TandemStyle::Ordinal && (d.multi || d.count > 2) {
        [digit(d.index + 1), f]
    } else if d.multi {
        let second = if d.index == 0 {
            '+'
        } else if d.index == last {
            '-'
        } else {
            f
        };
        [f, second]
    } else {
        match (d.count, d.index) {
            (2 | 3, 0) => ['P', '+'],
            (2 | 3, i) if i == last => ['P', '-'],
            (4 | 5, 0) => ['+', '+'],
            (4 | 5, 1) => ['P', '+'],
            (4 | 5, i) if i == last => ['-', '-'],
            (4 | 5, i) if i + 1 == last => ['P', '-'],
            _ => ['P', f],
        }
    };
    let op = match d.action {
        Action::Forward => '+',
        Action::Backward => '-',
        Action::Traverse => match o.traverse {
            Traverse::Dot => '.',
            Traverse::Equals => '=',
        },
    };
    let s: String = [head[0], head[1], op, digit(d.target)].iter().collect();
    if o.lowercase {
        s.to_ascii_lowercase()
    } else {
        s
    }
}

/// Parses the four WXF characters into a description; `None` if the text is not WXF.
pub(crate) fn parse(text: &str, style: Option<TandemStyle>) -> Option<Description> {
    let chars: Vec<char> = text
        .chars()
        .map(|c| super::describe::halfwidth(c).to_ascii_uppercase())
        .collect();
    let [c0, c1, c2, c3] = <[char; 4]>::try_from(chars).ok()?;
    let action = match c2 {
        '+' => Action::Forward,
        '-' => Action::Backward,
        '.' | '=' => Action::Traverse,
        _ => return None,
    };
    let target = c3.to_digit(10).filter(|&n| n >= 1)? as u8;
    let num = |c: char| c.to_digit(10).filter(|&n| n >= 1).map(|n| n as u8);
    let mut selectors = Vec::new();
    // `+P+1`, `-R.3`: the tandem marker before the letter, as some files write it (read as `P++1`, `R-.3`).
    let reordered = matches!(c0, '+' | '-') && Role::from_char(c1).is_some();
    let (c0, c1) = if reordered { (c1, c0) } else { (c0, c1) };
    if let Some(role) = Role::from_char(c0) {
        if let Some(file) = num(c1) {
            selectors.push(Selector::File { role, file });
        } else {
            let pos = match (c1, role) {
                ('+', Role::Soldier) => StackPos::Plus,
                ('-', Role::Soldier) => StackPos::Minus,
                ('+', _) => StackPos::Index(0),
                ('-', _) => StackPos::Rear,
                _ => return None,
            };
            selectors.push(Selector::Stack {
                role,
                file: None,
                pos,
            });
        }
    } else if (c0 == '+' || c0 == '-') && c1 == c0 {
        let pos = if c0 == '+' {
            StackPos::Index(0)
        } else {
            StackPos::Rear
        };
        selectors.push(Selector::Stack {
            role: Role::Soldier,
            file: None,
            pos,
        });
    } else if let Some(x) = num(c0) {
        let soldier = |file: u8, pos: StackPos| Selector::Stack {
            role: Role::Soldier,
            file: Some(file),
            pos,
        };
        match c1 {
            '+' => selectors.push(soldier(x, StackPos::Index(0))),
            '-' => selectors.push(soldier(x, StackPos::Rear)),
            _ => {
                let y = num(c1)?;
                // 1997: the file digit for the letter, the middle soldier keeps its file digit (`33`).
                if x == y && style != Some(TandemStyle::Ordinal) {
                    selectors.push(soldier(x, StackPos::MultiMiddle));
                }
                // 2018: ordinal from the front, then the file (`15`).
                if x != y || style != Some(TandemStyle::Classic) {
                    selectors.push(soldier(y, StackPos::Index(x - 1)));
                }
            }
        }
    } else {
        return None;
    }
    Some(Description {
        selectors,
        action,
        target,
        reordered,
    })
}
