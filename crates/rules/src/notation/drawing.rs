//! Drawings on a move: arrows and circled points with a colour, as a teacher marks a position. In a comment they
//! are written as the commands chess GUIs put in PGN comments: `[%cal Rh2e2,Gb0c2]` (coloured arrows: a colour
//! letter `R` `G` `B` `Y`, then the two points in ICCS) and `[%csl Ge7,Ra9]` (coloured circles: the letter,
//! then the point). The same commands stand in DhtmlXQ and XQF comments, which have no form of their own for
//! drawings, and there `[%nag 1,4]` keeps a move's NAGs too (PGN has `$1` for them).
//!
//! ```
//! use xiangqi::notation::drawing::{split_commands, Drawing, DrawingColor};
//!
//! let (rest, drawings, nags) = split_commands("central cannon [%cal Rh2e2] [%csl Ge7]", false);
//! assert_eq!(rest.as_deref(), Some("central cannon"));
//! assert_eq!(drawings[0], Drawing { from: "h2".parse().unwrap(), to: Some("e2".parse().unwrap()), color: DrawingColor::Red });
//! assert_eq!(drawings[1].to, None);
//! assert!(nags.is_empty());
//! ```

use crate::names::named;
use crate::Square;

/// The colour of a drawing: the four colours of the chess GUIs' comment commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawingColor {
    /// `R`.
    Red,
    /// `G`.
    Green,
    /// `B`.
    Blue,
    /// `Y`.
    Yellow,
}

named!(DrawingColor, "drawing colour", [
    DrawingColor::Red => ("red", [], "red", "红"),
    DrawingColor::Green => ("green", [], "green", "绿"),
    DrawingColor::Blue => ("blue", [], "blue", "蓝"),
    DrawingColor::Yellow => ("yellow", [], "yellow", "黄"),
]);

impl DrawingColor {
    /// The letter of the comment commands: `R`, `G`, `B`, `Y`.
    pub const fn letter(self) -> char {
        match self {
            DrawingColor::Red => 'R',
            DrawingColor::Green => 'G',
            DrawingColor::Blue => 'B',
            DrawingColor::Yellow => 'Y',
        }
    }

    /// The colour of a command letter (either case).
    pub fn from_letter(c: char) -> Option<DrawingColor> {
        match c.to_ascii_uppercase() {
            'R' => Some(DrawingColor::Red),
            'G' => Some(DrawingColor::Green),
            'B' => Some(DrawingColor::Blue),
            'Y' => Some(DrawingColor::Yellow),
            _ => None,
        }
    }
}

/// An arrow from one point to another, or a circled point (`to` is `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Drawing {
    /// The point circled, or where the arrow starts.
    pub from: Square,
    /// Where the arrow ends; `None` for a circle.
    pub to: Option<Square>,
    /// Its colour.
    pub color: DrawingColor,
}

/// One drawing of a command list (`Rh2e2` in `%cal`, `Ge7` in `%csl`).
fn drawing_of(item: &str, arrow: bool) -> Option<Drawing> {
    let mut chars = item.chars();
    let color = DrawingColor::from_letter(chars.next()?)?;
    let rest = chars.as_str().as_bytes();
    if arrow {
        if rest.len() != 4 {
            return None;
        }
        let from = Square::from_ascii(&rest[..2]).ok()?;
        let to = Square::from_ascii(&rest[2..]).ok()?;
        (from != to).then_some(Drawing {
            from,
            to: Some(to),
            color,
        })
    } else {
        let from = Square::from_ascii(rest).ok()?;
        Some(Drawing {
            from,
            to: None,
            color,
        })
    }
}

/// What a command's body says, or `None` when it is not a command this module reads (it then stays text).
fn command(body: &str, nags: bool) -> Option<(Vec<Drawing>, Vec<u8>)> {
    let body = body.trim();
    let (name, args) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
    let items = args.split(',').map(str::trim).filter(|s| !s.is_empty());
    match name {
        "cal" | "csl" => {
            let arrow = name == "cal";
            let d = items
                .map(|i| drawing_of(i, arrow))
                .collect::<Option<Vec<_>>>()?;
            Some((d, Vec::new()))
        }
        "nag" if nags => {
            let n = items
                .map(|i| i.parse::<u8>().ok())
                .collect::<Option<Vec<_>>>()?;
            Some((Vec::new(), n))
        }
        _ => None,
    }
}

/// Takes the drawing commands (`[%cal …]`, `[%csl …]`, and `[%nag …]` when `nags`) out of a comment: the
/// comment that remains (each command taken with one space before it, or else one after it; `None` when
/// nothing remains), the drawings in the order written, and the NAGs. A command this module does not read
/// (`[%clk 0:01:00]`), or one with a bad item, stays in the text.
pub fn split_commands(comment: &str, nags: bool) -> (Option<String>, Vec<Drawing>, Vec<u8>) {
    let mut text = String::new();
    let mut drawings = Vec::new();
    let mut glyphs = Vec::new();
    let mut rest = comment;
    while let Some(open) = rest.find("[%") {
        let Some(close) = rest[open..].find(']') else {
            break;
        };
        let close = open + close;
        match command(&rest[open + 2..close], nags) {
            Some((d, n)) => {
                drawings.extend(d);
                glyphs.extend(n);
                let before = &rest[..open];
                let mut after = &rest[close + 1..];
                match before.strip_suffix(' ') {
                    Some(b) => text.push_str(b),
                    None => {
                        text.push_str(before);
                        if text.is_empty() || text.ends_with(char::is_whitespace) {
                            after = after.strip_prefix(' ').unwrap_or(after);
                        }
                    }
                }
                rest = after;
            }
            None => {
                text.push_str(&rest[..=close]);
                rest = &rest[close + 1..];
            }
        }
    }
    text.push_str(rest);
    let found = !drawings.is_empty() || !glyphs.is_empty();
    let text = (!text.is_empty() || !found).then_some(text);
    (text, drawings, glyphs)
}

/// Whether [`split_commands`] would look at `comment` at all (a quick test before the work).
pub fn has_command(comment: &str) -> bool {
    comment.contains("[%")
}

/// The commands of `drawings` (in their order: a run of arrows is one `%cal`, a run of circles one `%csl`)
/// and of `nags` (none when empty): `[%cal Rh2e2,Gb0c2] [%csl Ge7] [%nag 1]`; empty when there is nothing to
/// write.
pub fn commands(drawings: &[Drawing], nags: &[u8]) -> String {
    let mut parts: Vec<(&str, Vec<String>)> = Vec::new();
    for d in drawings {
        let (name, item) = match d.to {
            Some(to) => ("cal", format!("{}{}{}", d.color.letter(), d.from, to)),
            None => ("csl", format!("{}{}", d.color.letter(), d.from)),
        };
        match parts.last_mut() {
            Some((n, items)) if *n == name => items.push(item),
            _ => parts.push((name, vec![item])),
        }
    }
    if !nags.is_empty() {
        parts.push(("nag", nags.iter().map(u8::to_string).collect()));
    }
    parts
        .iter()
        .map(|(name, items)| format!("[%{name} {}]", items.join(",")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A comment with the commands of `drawings` and `nags` after its text: what a writer puts in the comment
/// slot of a move (`None` when there is neither text nor command).
pub fn comment_with_commands(
    comment: Option<&str>,
    drawings: &[Drawing],
    nags: &[u8],
) -> Option<String> {
    let c = commands(drawings, nags);
    match (comment, c.is_empty()) {
        (None, true) => None,
        (Some(t), true) => Some(t.to_string()),
        (None, false) => Some(c),
        (Some(""), false) => Some(c),
        (Some(t), false) => Some(format!("{t} {c}")),
    }
}
