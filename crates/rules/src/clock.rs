//! A pure, deterministic game clock (计时钟, jìshí zhōng) for the competition time controls of the rules. It
//! never reads the time: the caller says how many milliseconds the side to move used, and the clock says
//! whose flag fell and why. The same code therefore runs natively, in wasm and in tests.
//!
//! Time controls (CXA competition rules art. 6, AXF rules chapter 2 section 2; docs/rules.md §11):
//!
//! | preset | rule | scheme |
//! |---|---|---|
//! | [`TimeControl::cxa_6_1`] | CXA 6.1 | 40 moves in 90 min, then 10 moves every 15 min |
//! | [`TimeControl::cxa_6_2`] | CXA 6.2 | 30 moves in 60 min, then 10 moves every 10 min |
//! | [`TimeControl::cxa_6_3`] | CXA 6.3 (rapid) | 40 moves in 10 min, then 30 moves every 5 min |
//! | [`TimeControl::cxa_6_4`] | CXA 6.4 (rapid) | 30 moves every 5 min from the start |
//! | [`TimeControl::sudden_death`] | CXA 6.5 (包干, bāogān) | all moves in a fixed time; first to exceed it loses |
//! | [`TimeControl::axf_total`] | AXF 2.2.1 (时间总计制) | 60 or 90 min, then 10 moves every 15 (or 10) min, unused time not carried |
//! | [`TimeControl::axf_per_move`] | AXF 2.2.2 (时间分计制) | 2 min per move plus a 30 min extension usable in parts |
//!
//! **\[interpretation\]** The CXA texts do not say whether time left at the end of a period carries over to
//! the next one; the CXA presets carry it over (as competition clocks do); the AXF text says it does not
//! ("剩馀时间不予累积"). [`TimeControl::Periods::carry_over`] makes it explicit. The AXF rule that counts
//! repeated checks as several moves in the overtime periods ("攻方动一子重覆将军算有效步三著") is not
//! modelled: every move counts once.
//!
//! ```
//! use xiangqi::clock::{Clock, FlagReason, TimeControl};
//! use xiangqi::Color;
//!
//! let mut clock = Clock::new(TimeControl::cxa_6_4(), Color::Red);
//! for _ in 0..29 {
//!     clock.press(5_000).unwrap(); // Red
//!     clock.press(5_000).unwrap(); // Black
//! }
//! // Red has used 145 s of 300 s and must make a 30th move within the 155 s left.
//! assert_eq!(clock.remaining(Color::Red), 155_000);
//! let flag = clock.press(160_000).unwrap_err();
//! assert_eq!((flag.color, flag.reason), (Color::Red, FlagReason::QuotaNotMet));
//! ```

use super::Color;
use core::fmt;

const MIN: u64 = 60_000;

/// A period of a move-quota time control: `moves` moves within `millis` milliseconds (`moves = None`: no
/// quota, the period simply ends when its time is used up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// Length of the period in milliseconds.
    pub millis: u64,
    /// Moves to make within it; `None` for no quota.
    pub moves: Option<u32>,
}

/// A time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// Move-quota periods: `first`, then `then` again and again until the game ends (`None`: `first` is the
    /// whole game — sudden death when it has no quota).
    Periods {
        /// The first period.
        first: Period,
        /// The repeating period after it.
        then: Option<Period>,
        /// Whether time left at the end of a period is added to the next one.
        carry_over: bool,
    },
    /// A limit per move, with a reserve that absorbs overruns (AXF 时间分计制).
    PerMove {
        /// Time allowed for each move.
        per_move_millis: u64,
        /// Extension time (延长时间) for the whole game, usable in parts.
        reserve_millis: u64,
    },
}

impl TimeControl {
    /// CXA 6.1: 40 moves in 90 minutes, then 10 moves every 15 minutes.
    pub const fn cxa_6_1() -> TimeControl {
        TimeControl::quota(90 * MIN, 40, 15 * MIN, 10, true)
    }
    /// CXA 6.2: 30 moves in 60 minutes, then 10 moves every 10 minutes.
    pub const fn cxa_6_2() -> TimeControl {
        TimeControl::quota(60 * MIN, 30, 10 * MIN, 10, true)
    }
    /// CXA 6.3 (rapid): 40 moves in 10 minutes, then 30 moves every 5 minutes.
    pub const fn cxa_6_3() -> TimeControl {
        TimeControl::quota(10 * MIN, 40, 5 * MIN, 30, true)
    }
    /// CXA 6.4 (rapid): 30 moves every 5 minutes from the start.
    pub const fn cxa_6_4() -> TimeControl {
        TimeControl::quota(5 * MIN, 30, 5 * MIN, 30, true)
    }
    /// CXA 6.5: the whole game in `millis` per side, no move count; first to exceed it loses.
    pub const fn sudden_death(millis: u64) -> TimeControl {
        TimeControl::Periods {
            first: Period {
                millis,
                moves: None,
            },
            then: None,
            carry_over: false,
        }
    }
    /// AXF 2.2.1 (时间总计制): `main_minutes` (60 for two-game matches, 90 for one game), then 10 moves every
    /// 15 minutes when players keep their own score sheet, every 10 minutes otherwise; unused time of an
    /// overtime period is not carried over.
    pub const fn axf_total(main_minutes: u64, self_recording: bool) -> TimeControl {
        TimeControl::Periods {
            first: Period {
                millis: main_minutes * MIN,
                moves: None,
            },
            then: Some(Period {
                millis: if self_recording { 15 * MIN } else { 10 * MIN },
                moves: Some(10),
            }),
            carry_over: false,
        }
    }
    /// AXF 2.2.2 (时间分计制): 2 minutes per move, plus 30 minutes of extension per game usable in parts.
    pub const fn axf_per_move() -> TimeControl {
        TimeControl::PerMove {
            per_move_millis: 2 * MIN,
            reserve_millis: 30 * MIN,
        }
    }
    /// `first_moves` moves in `first_millis`, then `then_moves` every `then_millis`.
    pub const fn quota(
        first_millis: u64,
        first_moves: u32,
        then_millis: u64,
        then_moves: u32,
        carry_over: bool,
    ) -> TimeControl {
        TimeControl::Periods {
            first: Period {
                millis: first_millis,
                moves: Some(first_moves),
            },
            then: Some(Period {
                millis: then_millis,
                moves: Some(then_moves),
            }),
            carry_over,
        }
    }
}

/// Why a flag fell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlagReason {
    /// The quota of moves of the period was not made in its time (未走满规定着数).
    QuotaNotMet,
    /// The time for the whole game is used up (包干超时).
    TimeExhausted,
    /// A move took longer than its limit and the extension is used up (分计制超时).
    MoveTimeExceeded,
}

impl FlagReason {
    /// Stable code: `quotaNotMet`, `timeExhausted`, `moveTimeExceeded`.
    pub const fn code(self) -> &'static str {
        match self {
            FlagReason::QuotaNotMet => "quotaNotMet",
            FlagReason::TimeExhausted => "timeExhausted",
            FlagReason::MoveTimeExceeded => "moveTimeExceeded",
        }
    }
}

/// A fallen flag: who, why, and where in the time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Flag {
    /// The side that lost on time.
    pub color: Color,
    /// Why.
    pub reason: FlagReason,
    /// The period it fell in (1 = the first).
    pub period: u32,
    /// Moves that side had made in that period.
    pub moves_made: u32,
    /// Moves it had to make in it, if the period has a quota.
    pub moves_required: Option<u32>,
}

impl fmt::Display for Flag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.reason, self.moves_required) {
            (FlagReason::QuotaNotMet, Some(q)) => write!(
                f,
                "{}'s flag fell in period {}: {} of the {q} required moves made",
                self.color, self.period, self.moves_made
            ),
            (FlagReason::MoveTimeExceeded, _) => write!(
                f,
                "{}'s flag fell: the move took longer than allowed and the extension is used up",
                self.color
            ),
            _ => write!(f, "{}'s flag fell: the time is used up", self.color),
        }
    }
}

impl std::error::Error for Flag {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Side {
    /// 0 for the first period, n for the n-th repetition of the `then` period.
    period: u32,
    /// Time left in the current period (PerMove: the reserve).
    left: u64,
    /// Moves made in the current period (PerMove: moves made in the game).
    made: u32,
}

/// Two clock faces and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    sides: [Side; 2],
    turn: Color,
    flag: Option<Flag>,
}

impl Clock {
    /// A clock at the start of the game, `first` to move (Red in a normal game).
    pub fn new(control: TimeControl, first: Color) -> Clock {
        let left = match control {
            TimeControl::Periods { first, .. } => first.millis,
            TimeControl::PerMove { reserve_millis, .. } => reserve_millis,
        };
        let side = Side {
            period: 0,
            left,
            made: 0,
        };
        Clock {
            control,
            sides: [side; 2],
            turn: first,
            flag: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Whose clock runs.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The fallen flag, if any.
    pub fn flag(&self) -> Option<Flag> {
        self.flag
    }

    /// Time left to `color` in its current period (per-move control: the time for one move plus what is left
    /// of the extension).
    pub fn remaining(&self, color: Color) -> u64 {
        let s = self.sides[color.index()];
        match self.control {
            TimeControl::PerMove {
                per_move_millis, ..
            } => per_move_millis.saturating_add(s.left),
            TimeControl::Periods { .. } => s.left,
        }
    }

    /// The period `color` is in (1 = the first).
    pub fn period(&self, color: Color) -> u32 {
        self.sides[color.index()].period + 1
    }

    /// Moves `color` must still make in its current period, if it has a quota.
    pub fn moves_to_go(&self, color: Color) -> Option<u32> {
        let s = self.sides[color.index()];
        self.period_spec(s.period)
            .and_then(|p| p.moves)
            .map(|q| q.saturating_sub(s.made))
    }

    fn period_spec(&self, index: u32) -> Option<Period> {
        match self.control {
            TimeControl::Periods { first, then, .. } => {
                if index == 0 {
                    Some(first)
                } else {
                    then
                }
            }
            TimeControl::PerMove { .. } => None,
        }
    }

    /// The state of the side to move after a move that took `elapsed` ms, or the flag.
    fn advance(&self, elapsed: u64) -> Result<Side, Flag> {
        let color = self.turn;
        let mut s = self.sides[color.index()];
        match self.control {
            TimeControl::PerMove {
                per_move_millis, ..
            } => {
                let over = elapsed.saturating_sub(per_move_millis);
                if over > s.left {
                    return Err(Flag {
                        color,
                        reason: FlagReason::MoveTimeExceeded,
                        period: 1,
                        moves_made: s.made,
                        moves_required: None,
                    });
                }
                s.left -= over;
                s.made = s.made.saturating_add(1);
                Ok(s)
            }
            TimeControl::Periods {
                first,
                then,
                carry_over,
            } => {
                let mut e = elapsed;
                loop {
                    let spec = period_of(first, then, s.period);
                    if e <= s.left {
                        break;
                    }
                    // A period without quota followed by quota periods (AXF 2.2.1): its time runs out and the
                    // overtime periods begin.
                    match (spec.moves, then) {
                        (None, Some(next)) => {
                            e -= s.left;
                            s.period += 1;
                            s.left = next.millis;
                            s.made = 0;
                        }
                        _ => {
                            return Err(Flag {
                                color,
                                reason: if spec.moves.is_some() {
                                    FlagReason::QuotaNotMet
                                } else {
                                    FlagReason::TimeExhausted
                                },
                                period: s.period + 1,
                                moves_made: s.made,
                                moves_required: spec.moves,
                            });
                        }
                    }
                }
                s.left -= e;
                s.made = s.made.saturating_add(1);
                let spec = period_of(first, then, s.period);
                if let (Some(q), Some(next)) = (spec.moves, then) {
                    if s.made >= q {
                        s.period = s.period.saturating_add(1);
                        s.left = next
                            .millis
                            .saturating_add(if carry_over { s.left } else { 0 });
                        s.made = 0;
                    }
                }
                Ok(s)
            }
        }
    }

    /// The side to move completes its move after thinking `elapsed` ms and presses its clock: the other
    /// side's clock starts. Returns the flag if the time was exceeded (then the clock stops for good: every
    /// later press returns the same flag).
    pub fn press(&mut self, elapsed: u64) -> Result<(), Flag> {
        if let Some(f) = self.flag {
            return Err(f);
        }
        match self.advance(elapsed) {
            Ok(s) => {
                self.sides[self.turn.index()] = s;
                self.turn = self.turn.other();
                Ok(())
            }
            Err(f) => {
                self.flag = Some(f);
                Err(f)
            }
        }
    }

    /// Whether the flag of the side to move has fallen after `elapsed` ms of thinking on its current move
    /// (nothing is recorded: call it as often as the display refreshes, then [`Clock::flag_fell`]).
    pub fn check(&self, elapsed: u64) -> Option<Flag> {
        self.flag.or_else(|| self.advance(elapsed).err())
    }

    /// Records that the side to move's flag fell after `elapsed` ms of thinking, if it did.
    pub fn flag_fell(&mut self, elapsed: u64) -> Option<Flag> {
        if self.flag.is_none() {
            self.flag = self.advance(elapsed).err();
        }
        self.flag
    }
}

/// The period of index `index` of a `Periods` control: the first, then the overtime period. (A clock reaches an
/// index past 0 only through an overtime period, so `then` is there whenever `index > 0`.)
fn period_of(first: Period, then: Option<Period>, index: u32) -> Period {
    match then {
        Some(next) if index > 0 => next,
        _ => first,
    }
}
