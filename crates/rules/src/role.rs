//! Piece kinds and coloured pieces.

use super::Color;
use core::fmt;

/// The seven kinds of piece. Letters follow the common xiangqi FEN (`K A B N R C P`); on input `E` and `H`
/// are accepted for the elephant and the horse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// General 帥/將 (shuài / jiàng): one step orthogonally, never leaves its palace; the two generals may
    /// never face each other on an open file.
    General = 0,
    /// Advisor 仕/士 (shì): one step diagonally inside the palace.
    Advisor = 1,
    /// Elephant 相/象 (xiàng): exactly two steps diagonally, blocked by a piece on the "elephant eye" (象眼,
    /// xiàngyǎn), and never crosses the river.
    Elephant = 2,
    /// Horse 傌/馬 (mǎ): one step orthogonally then one diagonally outward; blocked by a piece on its leg
    /// (蹩马腿, bié mǎtuǐ).
    Horse = 3,
    /// Chariot 俥/車 (jū): any distance orthogonally over empty points.
    Chariot = 4,
    /// Cannon 炮/砲 (pào): moves like a chariot, captures by jumping exactly one screen (炮架, pàojià).
    Cannon = 5,
    /// Soldier 兵/卒 (bīng / zú): one step forward; after crossing the river (过河, guò hé) also sideways.
    Soldier = 6,
}

impl Role {
    /// All roles in order.
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    /// 0..7 in the order of [`Role::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case FEN letter (`K A B N R C P`).
    pub const fn fen_char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// Parses a FEN letter in either case, accepting the aliases `E` (elephant) and `H` (horse).
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'K' => Role::General,
            'A' => Role::Advisor,
            'B' | 'E' => Role::Elephant,
            'N' | 'H' => Role::Horse,
            'R' => Role::Chariot,
            'C' => Role::Cannon,
            'P' => Role::Soldier,
            _ => return None,
        })
    }

    /// Lower-case English name (`"general"`, `"advisor"`, ...), as used by the JS API.
    pub const fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }

    /// Most pieces of this kind one side may have (docs/rules.md §1.8).
    pub const fn max_count(self) -> u8 {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// 0..14: Red roles 0..7, Black roles 7..14.
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 7 + self.role.index()
    }

    /// The inverse of [`Piece::index`].
    #[inline]
    pub const fn from_index(i: usize) -> Piece {
        let color = if i < 7 { Color::Red } else { Color::Black };
        Piece::new(color, Role::ALL[i % 7])
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    pub const fn fen_char(self) -> char {
        let c = self.role.fen_char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Parses a FEN letter (aliases `E`/`H` accepted); the case gives the colour.
    pub fn from_fen_char(c: char) -> Option<Piece> {
        if !c.is_ascii_alphabetic() {
            return None;
        }
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece::new(color, role))
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}
