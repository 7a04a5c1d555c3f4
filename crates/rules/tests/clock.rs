//! The pure clock (crates/rules/src/clock.rs): every time control of CXA article 6.1–6.5 and AXF chapter 2 section 2.

use xiangqi::clock::{Clock, Flag, FlagReason, TimeControl};
use xiangqi::{Color, Game, Language, Reason};

const S: u64 = 1_000;
const MIN: u64 = 60_000;

/// Both sides play `n` moves, Red taking `red` ms and Black `black` ms each.
fn play(clock: &mut Clock, n: u32, red: u64, black: u64) {
    for _ in 0..n {
        clock.press(red).unwrap();
        clock.press(black).unwrap();
    }
}

#[test]
fn cxa_6_1_forty_in_ninety_then_ten_per_fifteen() {
    let mut c = Clock::new(TimeControl::cxa_6_1(), Color::Red);
    assert_eq!(c.remaining(Color::Red), 90 * MIN);
    assert_eq!(c.moves_to_go(Color::Red), Some(40));
    play(&mut c, 40, 2 * MIN, MIN);
    // Red: 80 of 90 minutes used; the 10 left are carried into the 15-minute period.
    assert_eq!(c.period(Color::Red), 2);
    assert_eq!(c.remaining(Color::Red), 25 * MIN);
    assert_eq!(c.remaining(Color::Black), 65 * MIN);
    assert_eq!(c.moves_to_go(Color::Red), Some(10));
    play(&mut c, 9, 2 * MIN, MIN);
    assert_eq!(c.remaining(Color::Red), 7 * MIN);
    // The 50th move comes too late: 9 of the 10 moves made.
    let flag = c.press(7 * MIN + 1).unwrap_err();
    assert_eq!(
        flag,
        Flag {
            color: Color::Red,
            reason: FlagReason::QuotaNotMet,
            period: 2,
            moves_made: 9,
            moves_required: Some(10),
        }
    );
    assert_eq!(c.flag(), Some(flag));
    assert_eq!(c.press(0), Err(flag), "the clock stays stopped");
}

#[test]
fn cxa_6_1_flag_in_the_first_period() {
    let mut c = Clock::new(TimeControl::cxa_6_1(), Color::Red);
    play(&mut c, 39, 2 * MIN, 2 * MIN + 10 * S);
    // Black has used 39 × 2:10 = 84:30 and has 5:30 for the 40th move.
    c.press(MIN).unwrap();
    assert_eq!(c.turn(), Color::Black);
    assert_eq!(
        c.check(5 * MIN + 30 * S),
        None,
        "exactly on time is in time"
    );
    let f = c.check(5 * MIN + 30 * S + 1).unwrap();
    assert_eq!(
        (f.color, f.reason, f.period, f.moves_made),
        (Color::Black, FlagReason::QuotaNotMet, 1, 39)
    );
    assert_eq!(c.flag(), None, "check records nothing");
    assert_eq!(c.flag_fell(5 * MIN + 31 * S), Some(f));
    assert_eq!(c.flag(), Some(f));
}

#[test]
fn cxa_6_2_thirty_in_sixty_then_ten_per_ten() {
    let mut c = Clock::new(TimeControl::cxa_6_2(), Color::Red);
    play(&mut c, 30, 2 * MIN, 2 * MIN);
    assert_eq!(c.period(Color::Black), 2);
    assert_eq!(c.remaining(Color::Black), 10 * MIN);
    play(&mut c, 10, MIN, MIN);
    assert_eq!(c.period(Color::Red), 3);
    assert_eq!(c.remaining(Color::Red), 10 * MIN);
    c.press(10 * MIN).unwrap();
    let f = c.press(10 * MIN + 1).unwrap_err();
    assert_eq!((f.color, f.period), (Color::Black, 3));
}

#[test]
fn cxa_6_3_rapid_forty_in_ten_then_thirty_per_five() {
    let mut c = Clock::new(TimeControl::cxa_6_3(), Color::Red);
    play(&mut c, 40, 15 * S, 14 * S);
    assert_eq!(c.remaining(Color::Red), 5 * MIN);
    assert_eq!(c.remaining(Color::Black), 5 * MIN + 40 * S);
    assert_eq!(c.moves_to_go(Color::Red), Some(30));
    play(&mut c, 29, 10 * S, 10 * S);
    let f = c.press(10 * S + 1).unwrap_err();
    assert_eq!(
        (f.color, f.reason, f.moves_made, f.moves_required),
        (Color::Red, FlagReason::QuotaNotMet, 29, Some(30))
    );
}

#[test]
fn cxa_6_4_thirty_every_five_minutes() {
    let mut c = Clock::new(TimeControl::cxa_6_4(), Color::Red);
    play(&mut c, 30, 10 * S, 9 * S);
    assert_eq!(c.period(Color::Red), 2);
    assert_eq!(c.remaining(Color::Red), 5 * MIN);
    assert_eq!(c.remaining(Color::Black), 5 * MIN + 30 * S);
}

#[test]
fn cxa_6_5_sudden_death() {
    let mut c = Clock::new(TimeControl::sudden_death(10 * MIN), Color::Red);
    assert_eq!(c.moves_to_go(Color::Red), None);
    play(&mut c, 100, 5 * S, 5 * S);
    assert_eq!(c.remaining(Color::Red), 10 * MIN - 500 * S);
    c.press(100 * S).unwrap();
    let f = c.press(501 * S).unwrap_err();
    assert_eq!(
        (f.color, f.reason, f.moves_required),
        (Color::Black, FlagReason::TimeExhausted, None)
    );
}

#[test]
fn axf_total_time_then_ten_moves_per_fifteen_minutes_not_carried() {
    let mut c = Clock::new(TimeControl::axf_total(60, true), Color::Red);
    c.press(59 * MIN).unwrap(); // Red
    c.press(MIN).unwrap(); // Black
                           // Red's main time runs out during this move: 2 minutes spill into the first overtime period.
    c.press(3 * MIN).unwrap();
    assert_eq!(c.period(Color::Red), 2);
    assert_eq!(c.remaining(Color::Red), 13 * MIN);
    assert_eq!(c.moves_to_go(Color::Red), Some(9));
    c.press(MIN).unwrap();
    for _ in 0..9 {
        c.press(MIN).unwrap();
        c.press(MIN).unwrap();
    }
    // 10 moves made with 4 minutes to spare: not carried over.
    assert_eq!(c.period(Color::Red), 3);
    assert_eq!(c.remaining(Color::Red), 15 * MIN);
    // Without self-recording the overtime period is 10 minutes.
    let mut d = Clock::new(TimeControl::axf_total(90, false), Color::Red);
    let f = {
        d.press(90 * MIN).unwrap();
        d.press(0).unwrap();
        d.press(10 * MIN + 1).unwrap_err()
    };
    assert_eq!(
        (f.color, f.reason, f.period, f.moves_made),
        (Color::Red, FlagReason::QuotaNotMet, 2, 0)
    );
}

#[test]
fn axf_per_move_with_extension() {
    let mut c = Clock::new(TimeControl::axf_per_move(), Color::Red);
    assert_eq!(c.remaining(Color::Red), 32 * MIN);
    c.press(2 * MIN).unwrap(); // within the 2 minutes: no extension used
    assert_eq!(c.remaining(Color::Red), 32 * MIN);
    c.press(12 * MIN).unwrap(); // Black uses 10 minutes of extension
    assert_eq!(c.remaining(Color::Black), 22 * MIN);
    c.press(MIN).unwrap();
    c.press(22 * MIN).unwrap(); // Black: 20 more minutes
    assert_eq!(c.remaining(Color::Black), 2 * MIN);
    c.press(MIN).unwrap();
    let f = c.press(2 * MIN + 1).unwrap_err();
    assert_eq!(
        (f.color, f.reason),
        (Color::Black, FlagReason::MoveTimeExceeded)
    );
}

#[test]
fn huge_inputs_do_not_panic() {
    for tc in [
        TimeControl::cxa_6_1(),
        TimeControl::axf_per_move(),
        TimeControl::axf_total(60, true),
        TimeControl::sudden_death(u64::MAX),
        TimeControl::quota(0, 0, 0, 0, true),
    ] {
        let mut c = Clock::new(tc, Color::Black);
        let _ = c.check(u64::MAX);
        let _ = c.press(0);
        let _ = c.press(u64::MAX);
        let _ = c.remaining(Color::Red);
    }
}

#[test]
fn a_fallen_flag_ends_the_game() {
    let mut c = Clock::new(TimeControl::sudden_death(MIN), Color::Red);
    let mut g = Game::default();
    g.play_iccs("h2e2").unwrap();
    c.press(10 * S).unwrap();
    let flag = c.check(61 * S).unwrap();
    let o = g.time_forfeit(flag.color).unwrap();
    assert_eq!(o.result().as_str(), "1-0");
    assert_eq!(o.reason(), Reason::TimeForfeit);
    assert_eq!(o.offender(), Some(Color::Black));
    assert_eq!(
        o.explain(Language::English),
        "Black ran out of time; Red wins."
    );
    assert_eq!(o.explain(Language::Chinese), "黑方超时判负，红方胜。");
}
