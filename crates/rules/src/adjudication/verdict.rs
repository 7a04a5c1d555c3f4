//! What a verdict says: the score ([`GameResult`]) and why ([`Reason`]) — plain data, no words (the
//! sentences are rendered on demand, see [`Outcome::explain`](super::Outcome::explain)).

use crate::Color;

/// The score of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Red wins: `"1-0"`.
    RedWins,
    /// Black wins: `"0-1"`.
    BlackWins,
    /// Draw (和棋, héqí): `"1/2-1/2"`.
    Draw,
}

impl GameResult {
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The win for `color`.
    pub const fn win_for(color: Color) -> GameResult {
        match color {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::RedWins => Some(Color::Red),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }
}

impl GameResult {
    /// Reads `"1-0"`, `"0-1"` or `"1/2-1/2"` (surrounding whitespace ignored); `None` for anything else
    /// (`"*"`, `"0-0"`, …).
    pub fn parse(text: &str) -> Option<GameResult> {
        match text.trim() {
            "1-0" => Some(GameResult::RedWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }
}

impl core::fmt::Display for GameResult {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a game ended. [`Reason::code`] is a stable camelCase code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is in check and has no legal move (将死, jiàngsǐ).
    Checkmate,
    /// The side to move has no legal move and is not in check (困毙, kùnbì): it loses.
    Stalemate,
    /// One side checked on every move of the repetition (长将, cháng jiāng).
    PerpetualCheck,
    /// One side chased on every move of the repetition (长捉, cháng zhuō).
    PerpetualChase,
    /// CXA: one side threatened mate on every move of the repetition (长杀, cháng shā).
    PerpetualMateThreat,
    /// CXA: one side checked, threatened mate or chased on every move, in a mixture (长打, cháng dǎ:
    /// 一将一捉, 一将一杀, 一杀一捉 …).
    PerpetualAttack,
    /// Both sides broke the repetition rules in the same way (双方长将 / 双方长打): draw.
    MutualPerpetual,
    /// The position repeated and neither side broke a repetition rule: draw (循环和棋).
    RepetitionDraw,
    /// The natural move limit (自然限着) was reached without a capture: draw.
    MoveLimit,
    /// Neither side can ever mate (docs/rules.md §4.5 D1/D2): draw.
    DeadPosition,
    /// A player resigned (认输, rènshū).
    Resignation,
    /// The players agreed a draw (议和, yìhé).
    Agreement,
    /// A player's flag fell (超时, chāoshí).
    TimeForfeit,
    /// A player made an illegal move in a game recorded without a legality filter (docs/rules.md §3.4).
    IllegalMove,
    /// The result a game record gives (棋谱记载的结果, qípǔ jìzǎi de jiéguǒ), read as the record states it:
    /// the record, not the rules, says how the game ended ([`Game::ruling`](crate::Game::ruling) tells what
    /// the rules would have said).
    Recorded,
}

impl Reason {
    /// Stable code (`checkmate`, `stalemate`, `perpetualCheck`, `perpetualChase`, `perpetualMateThreat`,
    /// `perpetualAttack`, `mutualPerpetual`, `repetitionDraw`, `moveLimit`, `deadPosition`, `resignation`,
    /// `agreement`, `timeForfeit`, `illegalMove`, `recorded`).
    pub const fn code(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::PerpetualCheck => "perpetualCheck",
            Reason::PerpetualChase => "perpetualChase",
            Reason::PerpetualMateThreat => "perpetualMateThreat",
            Reason::PerpetualAttack => "perpetualAttack",
            Reason::MutualPerpetual => "mutualPerpetual",
            Reason::RepetitionDraw => "repetitionDraw",
            Reason::MoveLimit => "moveLimit",
            Reason::DeadPosition => "deadPosition",
            Reason::Resignation => "resignation",
            Reason::Agreement => "agreement",
            Reason::TimeForfeit => "timeForfeit",
            Reason::IllegalMove => "illegalMove",
            Reason::Recorded => "recorded",
        }
    }

    /// Whether the reason comes from a repetition ruling.
    pub const fn is_repetition(self) -> bool {
        matches!(
            self,
            Reason::PerpetualCheck
                | Reason::PerpetualChase
                | Reason::PerpetualMateThreat
                | Reason::PerpetualAttack
                | Reason::MutualPerpetual
                | Reason::RepetitionDraw
        )
    }
}

impl core::fmt::Display for Reason {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.code())
    }
}
