//! Openings (开局, kāijú): the ECCO code of a game (中国象棋开局编号, Zhōngguó xiàngqí kāijú biānhào, "Encyclopedia
//! of Chinese Chess Openings", A00–E99: A non-central-cannon openings, B central cannon against other defences, C
//! central cannon against screen horses 屏风马, D same- and opposite-direction cannons 顺炮/列炮, E the pawn opening
//! 仙人指路) and its name in Chinese and English.
//!
//! Table-driven: [`classify`] walks the first 24 plies of a game from the standard start with two generated matchers
//! (`table.rs`, built by `scripts/openings/build.mjs`): the **rules**, the published ECCO definitions of the
//! "m. / n. (此前可走 …)" form (`scripts/openings/ecco-rules.txt`: a side's defining moves, the only other moves it
//! may have played before them, the codes the definition leaves out), which give their code at the ply they first
//! hold; and a **table** of position keys, from the published definitions written as move lines
//! (`scripts/openings/ecco-defs.txt`) and from labelled master games for the rest. The last code given decides, and
//! once a closed published definition has decided, only definitions of the table change the code. A key is "the
//! first three plies in order, then each side's moves as a multiset", so move orders that reach the same set of
//! moves are one opening (transpositions merged), while the family, which ECCO decides by the first moves, keeps
//! its order. How the table and the rules were made, how often they agree with the codes real archives carry, and
//! where they disagree: docs/openings.md.
//!
//! ```
//! use xiangqi::{opening, Game, Position};
//!
//! let mut game = Game::new(Position::new());
//! for m in ["h2e2", "h9g7", "h0g2", "b9c7"] {
//!     game.play_iccs(m).unwrap();
//! }
//! let o = game.opening().unwrap();
//! assert_eq!(o.code.to_string(), "C00");
//! assert_eq!(o.code.name_zh(), "中炮对屏风马");
//! assert_eq!(o.code.name_en(), "Central Cannon vs Screen Horses");
//! // Not from the standard start: no classification.
//! let set_up = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
//! assert!(opening::classify(&set_up, []).is_none());
//! ```

use core::fmt;
use core::str::FromStr;

use crate::notation::record::GameRecord;
use crate::{Move, Position};

mod hant;
mod table;

/// An ECCO code, `A00`–`E99` (中国象棋开局编号).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ecco(u16);

impl Ecco {
    /// The code from its letter (`'A'`–`'E'`) and number (0–99).
    pub fn new(letter: char, number: u8) -> Option<Ecco> {
        let l = ('A'..='E').position(|c| c == letter)?;
        (number < 100).then_some(Ecco(l as u16 * 100 + u16::from(number)))
    }

    /// The letter, `'A'`–`'E'`.
    pub fn letter(self) -> char {
        char::from(b'A' + (self.0 / 100) as u8)
    }

    /// The number, 0–99.
    pub fn number(self) -> u8 {
        (self.0 % 100) as u8
    }

    fn names(self) -> (&'static str, &'static str, bool) {
        match table::NAMES.binary_search_by_key(&self.0, |row| row.0) {
            Ok(i) => (table::NAMES[i].1, table::NAMES[i].2, table::NAMES[i].3),
            Err(_) => ("", "", false),
        }
    }

    /// The Chinese name, as xqbase.com publishes the ECCO list (simplified characters); for a code whose own name
    /// the project has not collected, the name of its group of ten (e.g. 五七炮对屏风马 for C6x). Empty for a code
    /// the classifier never gives.
    pub fn name_zh(self) -> &'static str {
        self.names().0
    }

    /// The Chinese name in traditional characters (繁體, fántǐ), as Traditional Chinese readers write it: [`name_zh`]
    /// with each simplified character replaced (中炮对屏风马 → 中炮對屏風馬; the characters converted by OpenCC,
    /// `scripts/openings/hant.mjs`).
    ///
    /// [`name_zh`]: Ecco::name_zh
    pub fn name_zh_hant(self) -> String {
        self.name_zh()
            .chars()
            .map(|c| match hant::HANT.binary_search_by_key(&c, |&(s, _)| s) {
                Ok(i) => hant::HANT[i].1,
                Err(_) => c,
            })
            .collect()
    }

    /// The English name, written by the project (a glossary of the Chinese terms: scripts/openings/ecco-english.mjs).
    pub fn name_en(self) -> &'static str {
        self.names().1
    }

    /// Whether the names are the code's own (false: its group's).
    pub fn has_own_name(self) -> bool {
        self.names().2
    }

    /// Every code the classifier can give, in order.
    pub fn all() -> impl Iterator<Item = Ecco> {
        table::NAMES.iter().map(|row| Ecco(row.0))
    }
}

impl fmt::Display for Ecco {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:02}", self.letter(), self.number())
    }
}

/// Text that is not an ECCO code (a letter `A`–`E` and two digits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseEccoError;

impl fmt::Display for ParseEccoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an ECCO code is a letter A-E and two digits")
    }
}

impl std::error::Error for ParseEccoError {}

impl FromStr for Ecco {
    type Err = ParseEccoError;
    fn from_str(s: &str) -> Result<Ecco, ParseEccoError> {
        let b = s.as_bytes();
        if b.len() != 3 || !b[1].is_ascii_digit() || !b[2].is_ascii_digit() {
            return Err(ParseEccoError);
        }
        Ecco::new(char::from(b[0]), (b[1] - b'0') * 10 + (b[2] - b'0')).ok_or(ParseEccoError)
    }
}

/// A game's opening: its ECCO code and the ply (1-based) after which the classification last changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The ECCO code.
    pub code: Ecco,
    /// The ply that decided it: the code is known from this ply on (later plies of the window kept it).
    pub ply: usize,
}

/// murmur3's 32-bit finaliser (the key's mixing; the same as scripts/openings/ecco-hash.mjs).
const fn mix32(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x85eb_ca6b);
    x ^= x >> 13;
    x = x.wrapping_mul(0xc2b2_ae35);
    x ^= x >> 16;
    x
}

/// The flags of a `table::CODES` entry (the rest is the code).
const FLAGS: u16 = table::GROUP | table::FINAL | table::DEFINITION;

/// The running key of a game's first plies (scripts/openings/ecco-hash.mjs writes the same).
#[derive(Clone, Copy)]
struct Key {
    prefix: u32,
    red: u32,
    black: u32,
    plies: usize,
}

impl Key {
    const fn new() -> Key {
        Key {
            prefix: 0x811c_9dc5,
            red: 0,
            black: 0,
            plies: 0,
        }
    }

    fn push(&mut self, m: Move) -> u32 {
        let sq = |s: crate::Square| u32::from(s.file()) * 10 + u32::from(s.rank());
        let mv = sq(m.from) * 90 + sq(m.to);
        if self.plies < table::PREFIX_PLIES {
            self.prefix = mix32(self.prefix ^ (mv + 1));
        }
        let black = self.plies % 2 == 1;
        let term = mix32(mv * 2 + u32::from(black) + 1);
        if black {
            self.black = self.black.wrapping_add(term);
        } else {
            self.red = self.red.wrapping_add(term);
        }
        self.plies += 1;
        mix32(
            self.prefix
                ^ mix32(self.red ^ 0x9e37_79b9)
                ^ mix32(self.black.wrapping_add(0x7f4a_7c15)),
        )
    }
}

/// The move on the other wing (files a-i reversed): ECCO names an opening the same on either wing.
fn mirror(m: Move) -> Move {
    let flip = |s: crate::Square| {
        crate::Square::from_coords(8 - i32::from(s.file()), i32::from(s.rank())).unwrap_or(s)
    };
    Move::new(flip(m.from), flip(m.to))
}

/// A move as the rules' data writes it: `from * 90 + to`, squares numbered `file * 10 + rank`.
fn move_index(m: Move) -> u16 {
    let sq = |s: crate::Square| u16::from(s.file()) * 10 + u16::from(s.rank());
    sq(m.from) * 90 + sq(m.to)
}

/// One rule of `table::RULES` (a published definition of the "m. / n. (此前可走 …)" form, 此前可走, cǐqián kě zǒu,
/// "before it may have played"): read from the flat data.
struct Rule {
    code: u16,
    /// Where the rule's lead starts in `table::RULES`.
    lead: usize,
    /// Where Red's and Black's conditions start.
    sides: [usize; 2],
    /// Where the count of the ranges of codes it leaves out stands.
    not: usize,
}

/// The rules of `table::RULES`, in the file's order (scripts/openings/ecco-rules.txt).
fn rules() -> impl Iterator<Item = Rule> {
    let data = &table::RULES[..];
    let mut at = 0;
    core::iter::from_fn(move || {
        if at >= data.len() {
            return None;
        }
        let code = data[at];
        let lead = at + 1;
        at = lead + 1;
        for _ in 0..data[lead] {
            at += 1 + usize::from(data[at]);
        }
        let mut sides = [0; 2];
        for side in &mut sides {
            *side = at;
            if data[at] == table::RULE_FREE {
                at += 1;
                continue;
            }
            let required = data[at];
            at += 1;
            for _ in 0..required {
                at += 1 + usize::from(data[at] & !table::RULE_AFTER);
            }
            if data[at] == table::RULE_ANY {
                at += 1;
            } else {
                at += 1 + usize::from(data[at]);
            }
        }
        let not = at;
        at += 1 + 2 * usize::from(data[at]);
        Some(Rule {
            code,
            lead,
            sides,
            not,
        })
    })
}

impl Rule {
    /// The ply (0-based) at which the rule first holds along `moves` (read on the rules' wing), if it does: the
    /// lead's plies are played in order, and each side with a condition has played its required moves (one marked
    /// `RULE_AFTER` only after all the side's required moves written before it), having played before the last of
    /// them only the lead's, the required and the allowed moves.
    fn fires(&self, moves: &[u16]) -> Option<usize> {
        let data = &table::RULES[..];
        let lead_plies = usize::from(data[self.lead]);
        if moves.len() < lead_plies {
            return None;
        }
        let mut at = self.lead + 1;
        for &m in &moves[..lead_plies] {
            let n = usize::from(data[at]);
            if !data[at + 1..at + 1 + n].contains(&m) {
                return None;
            }
            at += 1 + n;
        }
        let mut fire = lead_plies.checked_sub(1)?;
        for (side, &start) in self.sides.iter().enumerate() {
            if data[start] == table::RULE_FREE {
                continue;
            }
            // The required moves: (first alternative's index, count, whether after the previous one).
            let count = usize::from(data[start]);
            let mut required = [(0usize, 0usize, false); 8];
            let mut at = start + 1;
            for r in required.iter_mut().take(count) {
                let n = usize::from(data[at] & !table::RULE_AFTER);
                *r = (at + 1, n, data[at] & table::RULE_AFTER != 0);
                at += 1 + n;
            }
            let allowed = (data[at] != table::RULE_ANY)
                .then(|| &data[at + 1..at + 1 + usize::from(data[at])]);
            let mut got = [false; 8];
            let mut done = None;
            for (i, &m) in moves.iter().enumerate().skip(side).step_by(2) {
                let hit = (0..count).find(|&j| {
                    let (first, n, after) = required[j];
                    !got[j]
                        && data[first..first + n].contains(&m)
                        && (!after || got[..j].iter().all(|&g| g))
                });
                match hit {
                    Some(j) => got[j] = true,
                    None if i >= lead_plies && allowed.is_some_and(|a| !a.contains(&m)) => break,
                    None => {}
                }
                if got[..count].iter().all(|&g| g) {
                    done = Some(i);
                    break;
                }
            }
            fire = fire.max(done?);
        }
        Some(fire)
    }

    /// Whether the rule leaves `code` out (不包括, bù bāokuò).
    fn excludes(&self, code: Option<Ecco>) -> bool {
        let data = &table::RULES[..];
        let Some(code) = code else {
            return false;
        };
        let n = usize::from(data[self.not]);
        (0..n).any(|i| {
            let (lo, hi) = (data[self.not + 1 + 2 * i], data[self.not + 2 + 2 * i]);
            (lo..=hi).contains(&code.0)
        })
    }
}

/// The ECCO classification of the moves played from `start`: `None` unless `start` is the standard start position
/// with Red to move (ECCO classifies games, not set-up positions: a handicap or a record starting from the
/// middlegame has no code), or when no move has been played. Only the first 24 plies count.
///
/// At each ply, the rules (the published definitions of the "m. / n." form) that first hold there give their code,
/// in their order, unless the game has a code the rule leaves out or a closed definition has decided; then the
/// table's key of the ply.
pub fn classify(start: &Position, moves: impl IntoIterator<Item = Move>) -> Option<Opening> {
    if *start != Position::new() {
        return None;
    }
    let mut read: Vec<Move> = Vec::with_capacity(table::PLIES);
    let mut mirrored = false;
    for (i, m) in moves.into_iter().take(table::PLIES).enumerate() {
        if i == 0 {
            let idx = |s: crate::Square| s.file() * 10 + s.rank();
            mirrored = table::MIRROR_FIRST.contains(&(idx(m.from), idx(m.to)));
        }
        read.push(if mirrored { mirror(m) } else { m });
    }
    let indices: Vec<u16> = read.iter().map(|&m| move_index(m)).collect();
    let fired: Vec<(usize, Rule)> = rules()
        .filter_map(|r| r.fires(&indices).map(|ply| (ply, r)))
        .collect();
    let mut key = Key::new();
    let mut found: Option<Opening> = None;
    // Set once a closed published definition has decided: from then on only definitions change the code.
    let mut decided = false;
    for (i, &m) in read.iter().enumerate() {
        if !decided {
            for (_, rule) in fired.iter().filter(|(ply, _)| *ply == i) {
                if rule.excludes(found.map(|o| o.code)) {
                    continue;
                }
                let code = Ecco(rule.code);
                if found.map(|o| o.code) != Some(code) {
                    found = Some(Opening { code, ply: i + 1 });
                }
            }
        }
        let k = key.push(m);
        let Ok(at) = table::KEYS.binary_search(&k) else {
            continue;
        };
        let entry = table::CODES[at];
        if decided && entry & table::DEFINITION == 0 {
            continue;
        }
        decided |= entry & table::FINAL != 0;
        let code = Ecco(entry & !FLAGS);
        // A group's entry keeps a code of its group (C4x) the game already has.
        let kept = entry & table::GROUP != 0
            && found.is_some_and(|o: Opening| o.code.0 / 10 == code.0 / 10);
        if !kept && found.map(|o| o.code) != Some(code) {
            found = Some(Opening { code, ply: i + 1 });
        }
    }
    found
}

impl crate::Game {
    /// The game's opening: its ECCO code (开局编号) and the ply that decided it, or `None` for a game not from the
    /// standard start or before the first move ([`classify`]).
    pub fn opening(&self) -> Option<Opening> {
        classify(self.start(), self.history().iter().map(|p| p.mv))
    }
}

/// The tag of a record's ECCO code (as Chinese archives write it: `[ECCO "C45"]`).
pub const ECCO_TAG: &str = "ECCO";
/// The tag of a record's opening name (the Chinese name, as Chinese archives write it).
pub const OPENING_TAG: &str = "Opening";

/// The classification of a record's main line ([`classify`] from the record's start).
pub fn of_record(record: &GameRecord) -> Option<Opening> {
    classify(&record.start, record.mainline.moves.iter().map(|n| n.mv))
}

/// Adds the [`ECCO_TAG`] and [`OPENING_TAG`] of the record's main line, each only if the record has no tag of that
/// name (a record's own tags are never changed, even when they disagree). Returns whether a tag was added.
pub fn add_tags(record: &mut GameRecord) -> bool {
    let Some(o) = of_record(record) else {
        return false;
    };
    let mut added = false;
    if record.header(ECCO_TAG).is_none() {
        record.set_header(ECCO_TAG, &o.code.to_string());
        added = true;
    }
    if record.header(OPENING_TAG).is_none() {
        record.set_header(OPENING_TAG, o.code.name_zh());
        added = true;
    }
    added
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace()
            .map(|m| m.parse().unwrap())
            .collect()
    }

    #[test]
    fn codes_parse_and_print() {
        let c: Ecco = "C45".parse().unwrap();
        assert_eq!(
            (c.letter(), c.number(), c.to_string()),
            ('C', 45, "C45".to_string())
        );
        for bad in ["F00", "C4", "C456", "c45", "", "CXX"] {
            assert_eq!(bad.parse::<Ecco>(), Err(ParseEccoError), "{bad}");
        }
        assert_eq!(Ecco::new('E', 99).unwrap().to_string(), "E99");
        assert!(Ecco::new('E', 100).is_none());
    }

    #[test]
    fn families_follow_the_first_moves() {
        let start = Position::new();
        let code = |text: &str| classify(&start, moves(text)).map(|o| o.code.to_string());
        // 炮二平五: central cannon (B); 兵七进一 仙人指路 (E); 相三进五 飞相 (A1x); 马二进三 起马 (A4x).
        assert_eq!(code("h2e2").as_deref(), Some("B00"));
        assert_eq!(code("g3g4").as_deref(), Some("E00"));
        assert_eq!(code("c0e2").as_deref(), Some("A10"));
        assert_eq!(code("h0g2").as_deref(), Some("A40"));
        // Either wing: 马八进七 is 起马局 too, 炮八平五 a central cannon.
        assert_eq!(code("b0c2").as_deref(), Some("A40"));
        assert_eq!(code("b2e2").as_deref(), Some("B00"));
        assert_eq!(code("h2e2 h9g7 h0g2 b9c7").as_deref(), Some("C00"));
        // After the first three plies, the key does not depend on the move order (a transposition is one key).
        let key_of = |text: &str| {
            let mut k = Key::new();
            moves(text).into_iter().map(|m| k.push(m)).last()
        };
        assert_eq!(
            key_of("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 c6c5"),
            key_of("h2e2 h9g7 h0g2 b9c7 b0c2 i9h9 i0h0 c6c5")
        );
        assert_ne!(key_of("h2e2 h9g7 h0g2"), key_of("h0g2 h9g7 h2e2"));
        assert_eq!(code(""), None);
    }

    #[test]
    fn published_definitions_decide_their_lines() {
        // ECCO 2004 (scripts/openings/ecco-defs.txt): from the C30 position (中炮过河车互进七兵对屏风马), 5...炮８平９
        // 6. 车二平三 炮９退１ then 7. 马八进七 士４进５ 8. 马七进六 is C44, 7. 兵五进一 is C49; the position's own
        // moves in another order reach the same code.
        let start = Position::new();
        let code = |text: &str| classify(&start, moves(text)).map(|o| o.code.to_string());
        let c30 = "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 c3c4";
        let c30_other_order = "h2e2 h9g7 h0g2 g6g5 i0h0 i9h9 c3c4 b9c7 h0h6";
        for position in [c30, c30_other_order] {
            assert_eq!(
                code(&format!("{position} h7i7 h6g6 i7i8 b0c2 d9e8 c2d4")).as_deref(),
                Some("C44"),
                "{position}"
            );
            assert_eq!(
                code(&format!("{position} h7i7 h6g6 i7i8 e3e4")).as_deref(),
                Some("C49"),
                "{position}"
            );
        }
        // 仙人指路 (兵三进一 or, on the other wing, 兵七进一) 对卒底炮: 2. 炮八平五 象７进５ 3. 炮五进四 is E38.
        assert_eq!(code("g3g4 h7g7 b2e2 g9e7 e2e6").as_deref(), Some("E38"));
        assert_eq!(code("c3c4 b7c7 h2e2 c9e7 e2e6").as_deref(), Some("E38"));
    }

    /// The rule of `code` in `table::RULES`.
    fn rule(code: &str) -> Rule {
        let code: Ecco = code.parse().unwrap();
        rules().find(|r| r.code == code.0).unwrap()
    }

    fn indices(text: &str) -> Vec<u16> {
        moves(text).into_iter().map(move_index).collect()
    }

    #[test]
    fn rules_of_the_m_n_form_hold_in_any_order() {
        // ECCO 2004 B22 (中炮右横车对左三步虎): 1. 炮二平五 马８进７, Black m. 车９平８ n. 炮８平９ (having played
        // before only 卒３进１ / 卒７进１), Red 车一进一 (having played before only 马二进三 马八进七 兵三进一 兵七进一),
        // the two sides' moves in any order: the rule holds at the ply its last move is played.
        let b22 = rule("B22");
        assert_eq!(
            b22.fires(&indices("h2e2 h9g7 h0g2 i9h9 i0i1 h7i7")),
            Some(5)
        );
        assert_eq!(
            b22.fires(&indices("h2e2 h9g7 i0i1 i9h9 c3c4 h7i7")),
            Some(5)
        );
        assert_eq!(b22.fires(&indices("h2e2 h9g7 i0i1 h7i7 c3c4")), None);
        // C02 (中炮七路马对屏风马——红左马盘河): Black's two horses in either order (with 车９平８ 卒７进１ 卒３进１ allowed),
        // Red's 马八进七 then 马七进六 (with 马二进三 车一平二 兵三进一 兵七进一 allowed).
        let c02 = rule("C02");
        let one = "h2e2 h9g7 h0g2 i9h9 b0c2 b9c7 c2d4";
        let other = "h2e2 b9c7 b0c2 g6g5 h0g2 h9g7 c2d4";
        assert_eq!(c02.fires(&indices(one)), Some(6));
        assert_eq!(c02.fires(&indices(other)), Some(6));
        let start = Position::new();
        let code = |text: &str| classify(&start, moves(text)).map(|o| o.code.to_string());
        assert_eq!(code(one).as_deref(), Some("C02"));
        assert_eq!(code(other).as_deref(), Some("C02"));
        assert_eq!(
            code("h2e2 h9g7 h0g2 i9h9 i0i1 h7i7").as_deref(),
            Some("B22")
        );
        assert_eq!(
            code("h2e2 h9g7 i0i1 i9h9 c3c4 h7i7").as_deref(),
            Some("B22")
        );
    }

    #[test]
    fn a_move_outside_the_list_leaves_the_rule() {
        let start = Position::new();
        let code = |text: &str| classify(&start, moves(text)).map(|o| o.code.to_string());
        // Red's 炮八平六 is not among the moves B22 allows before 车一进一: not B22.
        let b22 = rule("B22");
        let off = "h2e2 h9g7 b2d2 i9h9 i0i1 h7i7";
        assert_eq!(b22.fires(&indices(off)), None);
        assert_ne!(code(off).as_deref(), Some("B22"));
        // Red's 车一进一 is not among the moves C02 allows before 马七进六: C11 (中炮右横车对屏风马——红左马盘河), whose
        // list has it, and not C02.
        let off = "h2e2 h9g7 i0i1 b9c7 b0c2 i9h9 c2d4";
        assert_eq!(rule("C02").fires(&indices(off)), None);
        assert_eq!(rule("C11").fires(&indices(off)), Some(6));
        assert_eq!(code(off).as_deref(), Some("C11"));
        // B22's Black plays 车９平８ (m.) before 炮８平９ (n.): the other order is not B22.
        assert_eq!(b22.fires(&indices("h2e2 h9g7 i0i1 h7i7 c3c4 i9h9")), None);
        // Black's 炮８平６ before 马８进７ (反宫马, B31's order) does not hold when the horse came first.
        let b31 = rule("B31");
        assert_eq!(
            b31.fires(&indices("h2e2 b9c7 h0g2 h7f7 i0h0 h9g7")),
            Some(5)
        );
        assert_eq!(b31.fires(&indices("h2e2 b9c7 h0g2 h9g7 i0h0 h7f7")), None);
        // A rule gives nothing to a game with a code it leaves out (C01, 不包括 C02~C04 C10~C19 C99).
        assert!(rule("C01").excludes(Some("C12".parse().unwrap())));
        assert!(!rule("C01").excludes(Some("C05".parse().unwrap())));
        assert!(!rule("C01").excludes(None));
    }

    #[test]
    fn every_rule_reads_whole() {
        // The flat data reads as one rule per line of the rules file, in its order, each with a named code.
        let text = include_str!("../../../../scripts/openings/ecco-rules.txt");
        let codes: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| &l[..3])
            .collect();
        let read: Vec<String> = rules().map(|r| Ecco(r.code).to_string()).collect();
        assert_eq!(read, codes);
        for r in rules() {
            assert!(!Ecco(r.code).name_zh().is_empty(), "{}", Ecco(r.code));
        }
    }

    #[test]
    fn the_decisive_ply_is_reported() {
        let o = classify(
            &Position::new(),
            moves("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 a3a4 a6a5"),
        )
        .unwrap();
        assert!(o.ply >= 1 && o.ply <= 8);
        assert_eq!(
            classify(
                &Position::new(),
                moves("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7")
                    .into_iter()
                    .take(o.ply)
            )
            .unwrap()
            .code,
            o.code
        );
    }

    #[test]
    fn tags_are_added_only_where_absent() {
        let mut r = GameRecord::new(Position::new());
        r.mainline.moves = moves("h2e2 h9g7")
            .into_iter()
            .map(crate::notation::record::Node::new)
            .collect();
        assert!(add_tags(&mut r));
        assert_eq!(
            (r.header("ECCO"), r.header("Opening")),
            (Some("B05"), Some("中炮对进左马"))
        );
        assert!(!add_tags(&mut r));
        let mut own = GameRecord::new(Position::new());
        own.mainline.moves = r.mainline.moves.clone();
        own.set_header("ECCO", "C99");
        assert!(add_tags(&mut own));
        assert_eq!(
            (own.header("ECCO"), own.header("Opening")),
            (Some("C99"), Some("中炮对进左马"))
        );
        let mut set_up =
            GameRecord::new(Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap());
        assert!(!add_tags(&mut set_up));
        assert_eq!(set_up.header("ECCO"), None);
    }

    #[test]
    fn traditional_names() {
        let c00: Ecco = "C00".parse().unwrap();
        assert_eq!(c00.name_zh_hant(), "中炮對屏風馬");
        // (phrase-aware: 后 of 后补列炮 is 後, "after")
        let with_hou = Ecco::all().find(|c| c.name_zh().contains("后补")).unwrap();
        assert!(
            with_hou.name_zh_hant().contains("後補"),
            "{}",
            with_hou.name_zh_hant()
        );
        // Sorted, so that the lookup finds every pair.
        assert!(hant::HANT.windows(2).all(|w| w[0].0 < w[1].0));
        for c in Ecco::all() {
            assert_eq!(
                c.name_zh_hant().chars().count(),
                c.name_zh().chars().count(),
                "{c}"
            );
        }
    }

    #[test]
    fn every_code_has_names() {
        for c in Ecco::all() {
            assert!(!c.name_zh().is_empty() && !c.name_en().is_empty(), "{c}");
            assert!(c.name_en().is_ascii(), "{c}: {}", c.name_en());
        }
        for &code in table::CODES.iter() {
            let code = code & !FLAGS;
            assert!(
                table::NAMES.binary_search_by_key(&code, |r| r.0).is_ok(),
                "{code}"
            );
        }
    }
}
