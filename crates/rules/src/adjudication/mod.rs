//! Adjudication (裁判, cáipàn): every way a game of xiangqi ends, and the repetition rulings (棋例, qílì) of
//! the Asian (AXF) and Chinese (CXA) rule sets — docs/rules.md §4–§7.
//!
//! * [`classify`] classifies one move as check / mate threat / chase / idle (§6);
//! * [`rule_repetition`] rules a repetition span (§5, §7) and says who must vary;
//! * [`dead_position`] and [`claimable_draw`] judge the material (§4.5);
//! * [`repetition_violations`] counts the violations of a game that played on (Basic Rules 三.1(八), §5.5);
//! * [`Outcome`] is the verdict a [`Game`](crate::Game) reports: a score, a reason code, an offender
//!   and the classified cycle — plain data, as every ruling here;
//! * [`Outcome::explain`] renders a verdict as a sentence in a [`Language`] (English or Chinese), on demand.
//!
//! The modules depend one way: `verdict` (score and reason) ← `repetition` (rulings) ← `outcome` ←
//! `explain` (words).
//!
//! The glue — when each test runs, incremental bookkeeping, enforce mode — lives in
//! [`Game`](crate::Game).

mod classify;
mod explain;
mod material;
mod outcome;
mod repetition;
mod verdict;
mod violations;

use crate::names::{named, Named};

pub use classify::{classify, Category, ChasePair, Classification};
pub use explain::Language;
pub use material::{claimable_draw, dead_position, ClaimableDraw};
pub use outcome::Outcome;
pub use repetition::{
    rule_repetition, rule_repetition_with_overrides, ChasedPiece, CycleMove, RepetitionRuling,
};
pub use verdict::{GameResult, Reason};
pub use violations::{repetition_violations, Violation, VIOLATIONS_TO_LOSE};

/// Which repetition rules apply (docs/rules.md §5–§7). Named 亚洲棋规 and 中国棋规 in Chinese text (the list of
/// names below: one name per rule set for the explanations, the binding and the app).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ruleset {
    /// Asian Xiangqi Federation rules (亚洲象棋规则, yàzhōu xiàngqí guīzé; the base of the WXF rules).
    #[default]
    Axf,
    /// Chinese Xiangqi Association competition rules (中国象棋竞赛规则, zhōngguó xiàngqí guīzé).
    Cxa,
}

// The rule sets' names: the one list (the binding's `names().rules`, the CLI's `--rules`, the XiangqiRules
// tag, the explanations' Chinese names).
named!(Ruleset, "rules", [
    Ruleset::Axf => ("axf", ["asian", "wxf"], "Asian rules (AXF)", "亚洲棋规"),
    Ruleset::Cxa => ("cxa", ["chinese"], "Chinese rules (CXA)", "中国棋规"),
]);

impl Ruleset {
    /// Stable code: `axf` or `cxa` ([`Named::as_str`]).
    pub fn code(self) -> &'static str {
        self.as_str()
    }

    /// Parses `axf` / `cxa` (any case; `wxf` and `asian` for AXF, `chinese` for CXA): [`Named::from_name`].
    pub fn from_code(s: &str) -> Option<Ruleset> {
        Ruleset::from_name(s)
    }
}

/// What happens when a repetition condemns a side (docs/rules.md §5.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The side that must vary and does not loses at once (不变作负, bú biàn zuò fù).
    #[default]
    Adjudicate,
    /// A move that would complete a repetition condemning its mover is refused (online-server style).
    Enforce,
    /// The first ending is recorded (and ruled as in `Adjudicate`), but play may go on after it: for
    /// analysis boards and for reading game records whose players played on (over the board an arbiter asks
    /// a repeating side to vary rather than ending the game at once).
    Analysis,
}

named!(Mode, "mode", [
    Mode::Adjudicate => ("adjudicate", [], "Adjudicate", "裁决"),
    Mode::Enforce => ("enforce", [], "Enforce", "禁着"),
    Mode::Analysis => ("analysis", [], "Analysis", "分析"),
]);

impl Mode {
    /// Stable code: `adjudicate`, `enforce` or `analysis` ([`Named::as_str`]).
    pub fn code(self) -> &'static str {
        self.as_str()
    }

    /// Parses `adjudicate` / `enforce` / `analysis` (any case): [`Named::from_name`].
    pub fn from_code(s: &str) -> Option<Mode> {
        Mode::from_name(s)
    }
}

/// Options of the adjudicator (docs/rules.md §10). `Options::default()` is what the rulings catalogue uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Rule set for repetitions (default AXF).
    pub ruleset: Ruleset,
    /// Natural move limit (自然限着, zìrán xiànzhe) in plies without capture (default 120 = 60 moves);
    /// 0 switches the limit off.
    pub move_limit: u32,
    /// Occurrence of a position that triggers the repetition rules (default 3; at least 2).
    pub repetition_count: u32,
    /// Adjudicate (the offender loses) or enforce (the offending move is refused).
    pub mode: Mode,
    /// Checks beyond a side's 10th since the last capture do not count toward the move limit (default off).
    pub check_discount: bool,
    /// Depth, in moves of the threatening side, of the forced-mate-by-checks test (default 2), and of the
    /// check sequences of the CXA chases through checks (`cxa_check_chases`).
    pub mate_threat_depth: u32,
    /// CXA: count threats to win a piece through continuous checks (抽将, chōu jiàng; CXA 棋例 捉 1, 术语3,
    /// docs/rules.md §6.6(4)) as chases, the check sequences searched up to `mate_threat_depth` checks (default
    /// on). Off reproduces the reference classifier of the rulings catalogue, which looks at direct captures and
    /// exchanges only.
    pub cxa_check_chases: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            ruleset: Ruleset::Axf,
            move_limit: 120,
            repetition_count: 3,
            mode: Mode::Adjudicate,
            check_discount: false,
            mate_threat_depth: 2,
            cxa_check_chases: true,
        }
    }
}

/// Why options were rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionsError {
    /// `repetition_count` must be 2 or more.
    RepetitionCount(u32),
    /// `mate_threat_depth` must be between 1 and 4 (deeper searches are too slow to run after every move).
    MateThreatDepth(u32),
}

impl OptionsError {
    /// Stable code: `ERR_OPTIONS` (the variant says which option; the JS binding throws the same code).
    pub const fn code(self) -> &'static str {
        "ERR_OPTIONS"
    }

    /// The option that is out of range, as named in the options objects of the JS API: `repetitionCount`
    /// or `mateThreatDepth`.
    pub const fn option(self) -> &'static str {
        match self {
            OptionsError::RepetitionCount(_) => "repetitionCount",
            OptionsError::MateThreatDepth(_) => "mateThreatDepth",
        }
    }
}

impl core::fmt::Display for OptionsError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            OptionsError::RepetitionCount(n) => {
                write!(f, "repetition count must be at least 2, got {n}")
            }
            OptionsError::MateThreatDepth(n) => {
                write!(f, "mate threat depth must be between 1 and 4, got {n}")
            }
        }
    }
}

impl std::error::Error for OptionsError {}

impl Options {
    /// Checks the ranges of the options.
    pub fn validate(&self) -> Result<(), OptionsError> {
        if self.repetition_count < 2 {
            return Err(OptionsError::RepetitionCount(self.repetition_count));
        }
        if !(1..=4).contains(&self.mate_threat_depth) {
            return Err(OptionsError::MateThreatDepth(self.mate_threat_depth));
        }
        Ok(())
    }
}
