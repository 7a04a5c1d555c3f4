//! Vietnamese notation (ký hiệu cờ tướng, as Vietnamese clubs, books and scoresheets — biên bản — write it):
//! `P2-5`, `M8.7`, `X1/1`.
//!
//! The piece (`Tg` tướng, `S` sĩ, `T` tượng, `M` mã, `X` xe, `P` pháo, `B` binh / tốt), the file it stands on
//! (1–9 from the mover's right, as in Chinese and WXF), the sign (`.` tiến / tấn: forward, `/` thoái: backward,
//! `-` bình: traverse) and the destination file (traverses, and always for S, T, M) or the number of points
//! moved. Two pieces of a kind on one file write `t` (trước, front) or `s` (sau, rear) in place of the file
//! (`Pt-5`, `Xs.1`); three soldiers on one file `t`, `g` (giữa, middle), `s`.
//!
//! The letters and signs collide with WXF (`P` is the cannon here, the soldier there; `.` advances here and
//! traverses there), so this notation is read only where it is named ([`super::parse_move_as`], a PGN
//! `Format "Vietnamese"` tag), never recognised from unnamed text. The conventions, their sources and this
//! crate's own forms for the rare cases no source writes (four or five soldiers on a file, stacked soldiers on
//! two files) are in docs/notation.md.
//!
//! On input letters may be of either case, `V` is read as `T` (tượng) and `C` as `B` (chốt / binh), as some
//! sources write them, and the dashes `–` `—` `−` as `-`.

use super::describe::{halfwidth, Action, Described, Description, Selector, StackPos};
use crate::Role;

/// The Vietnamese letters of a role: `Tg`, `S`, `T`, `M`, `X`, `P`, `B`.
pub const fn letters(role: Role) -> &'static str {
    match role {
        Role::General => "Tg",
        Role::Advisor => "S",
        Role::Elephant => "T",
        Role::Horse => "M",
        Role::Chariot => "X",
        Role::Cannon => "P",
        Role::Soldier => "B",
    }
}

fn digit(n: u8) -> char {
    (b'0' + n) as char
}

/// The place of a piece among `count` of its kind on a file: `t` front, `s` rear, `g` the middle one of three,
/// else its ordinal from the front (`2`, `3`, `4`).
fn place(index: u8, count: u8) -> char {
    if index == 0 {
        't'
    } else if index + 1 == count {
        's'
    } else if count == 3 {
        'g'
    } else {
        digit(index + 1)
    }
}

pub(crate) fn write(d: &Described) -> String {
    let mut s = String::with_capacity(6);
    s.push_str(letters(d.role));
    if !d.tandem() {
        s.push(digit(d.file));
    } else {
        s.push(place(d.index, d.count));
        // Soldiers that one place letter cannot name alone: four or five on the file (ordinals), or stacks on
        // two files (which file). The file follows the place: `Bt7.1`, `B25.1`.
        if d.role == Role::Soldier && (d.multi || d.count > 3) {
            s.push(digit(d.file));
        }
    }
    s.push(match d.action {
        Action::Forward => '.',
        Action::Backward => '/',
        Action::Traverse => '-',
    });
    s.push(digit(d.target));
    s
}

fn role_of(c: char) -> Option<Role> {
    Some(match c.to_ascii_uppercase() {
        'S' => Role::Advisor,
        'T' | 'V' => Role::Elephant,
        'M' => Role::Horse,
        'X' => Role::Chariot,
        'P' => Role::Cannon,
        'B' | 'C' => Role::Soldier,
        _ => return None,
    })
}

fn number(c: char) -> Option<u8> {
    c.to_digit(10).filter(|&n| n >= 1).map(|n| n as u8)
}

fn place_of(c: char) -> Option<StackPos> {
    Some(match c.to_ascii_lowercase() {
        't' => StackPos::Index(0),
        'g' => StackPos::Middle,
        's' => StackPos::Rear,
        _ => return None,
    })
}

/// Parses Vietnamese notation into a description; `None` if the text is not Vietnamese notation.
pub(crate) fn parse(text: &str) -> Option<Description> {
    let chars: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match halfwidth(c) {
            '–' | '—' | '−' => '-',
            c => c,
        })
        .collect();
    let (role, rest) = match chars.as_slice() {
        [t, g, rest @ ..] if t.eq_ignore_ascii_case(&'t') && g.eq_ignore_ascii_case(&'g') => {
            (Role::General, rest)
        }
        [c, rest @ ..] => (role_of(*c)?, rest),
        [] => return None,
    };
    let (&target, rest) = rest.split_last()?;
    let (&sign, which) = rest.split_last()?;
    let action = match sign {
        '.' => Action::Forward,
        '/' => Action::Backward,
        '-' => Action::Traverse,
        _ => return None,
    };
    let target = number(target)?;
    let selector = match *which {
        [f] => match number(f) {
            Some(file) => Selector::File { role, file },
            None => Selector::Stack {
                role,
                file: None,
                pos: place_of(f)?,
            },
        },
        [p, f] if role == Role::Soldier => {
            let file = Some(number(f)?);
            let pos = match place_of(p) {
                Some(pos) => pos,
                None => match number(p)? {
                    n @ 2..=4 => StackPos::Index(n - 1),
                    _ => return None,
                },
            };
            Selector::Stack { role, file, pos }
        }
        _ => return None,
    };
    Some(Description {
        selectors: vec![selector],
        action,
        target,
        reordered: false,
    })
}
