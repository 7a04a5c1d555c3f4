//! Match statistics: the score with its 95 % interval in Elo, and the sequential probability ratio test
//! (SPRT) that engine-testing frameworks use to stop a match as soon as the games decide between two
//! hypotheses about the Elo difference.
//!
//! Both use the trinomial model of a game (win, draw, loss) with the logistic Elo scale
//! `score = 1 / (1 + 10^(-elo / 400))`. The SPRT statistic is the generalised (normal-approximation)
//! log-likelihood ratio: `LLR = n (s1 - s0) (2 s - s0 - s1) / (2 var)`, where `s` is the observed mean score,
//! `var` its per-game variance and `s0`, `s1` the scores of the two hypotheses.

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points scored (a draw is half a point).
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The mean score per game, in 0..=1 (`None` before the first game).
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / f64::from(n))
    }

    /// The per-game variance of the score (trinomial).
    fn variance(&self) -> Option<f64> {
        let n = f64::from(self.games());
        let s = self.score()?;
        let (w, d, l) = (
            f64::from(self.wins) / n,
            f64::from(self.draws) / n,
            f64::from(self.losses) / n,
        );
        Some(w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2))
    }

    /// The Elo difference the score implies and its 95 % interval `(elo, low, high)`; infinite ends are
    /// clamped to ±1000 (a clean sweep has no finite estimate).
    pub fn elo_interval(&self) -> Option<(f64, f64, f64)> {
        let n = f64::from(self.games());
        let s = self.score()?;
        let se = (self.variance()? / n).sqrt();
        Some((
            elo_of_score(s),
            elo_of_score(s - 1.96 * se),
            elo_of_score(s + 1.96 * se),
        ))
    }
}

/// The Elo difference of a mean score (±1000 at the ends).
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        return -1000.0;
    }
    if s >= 1.0 {
        return 1000.0;
    }
    (-400.0 * (1.0 / s - 1.0).log10()).clamp(-1000.0, 1000.0)
}

/// The expected score of an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A sequential probability ratio test of H0 "elo = elo0" against H1 "elo = elo1".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a running SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtState {
    /// H1 accepted: the change gains at least about `elo1`.
    AcceptH1,
    /// H0 accepted: the change gains at most about `elo0`.
    AcceptH0,
    /// Not decided yet: play on.
    Continue,
}

impl Sprt {
    /// The lower and upper bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the games so far (0 while the variance is 0, as after only draws or only
    /// wins: such a sample cannot tell the hypotheses apart yet).
    pub fn llr(&self, t: &Tally) -> f64 {
        let (Some(s), Some(var)) = (t.score(), t.variance()) else {
            return 0.0;
        };
        if var <= 1e-12 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        f64::from(t.games()) * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    /// The decision after the games so far.
    pub fn state(&self, t: &Tally) -> SprtState {
        let llr = self.llr(t);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn elo_scale_round_trips() {
        for elo in [-400.0, -100.0, 0.0, 35.0, 200.0] {
            assert!((elo_of_score(score_of_elo(elo)) - elo).abs() < 1e-9);
        }
        assert!((score_of_elo(100.0) - 0.640_065).abs() < 1e-6);
    }

    #[test]
    fn an_even_score_is_zero_elo_with_a_symmetric_interval() {
        let (elo, lo, hi) = t(30, 40, 30).elo_interval().unwrap();
        assert!(elo.abs() < 1e-9);
        assert!((lo + hi).abs() < 1e-6, "{lo} {hi}");
        // var = 0.3 * 0.25 + 0.3 * 0.25 = 0.15 per game; se = sqrt(0.15 / 100) = 0.0387.
        let expect_hi = elo_of_score(0.5 + 1.96 * (0.15f64 / 100.0).sqrt());
        assert!((hi - expect_hi).abs() < 1e-9);
        assert!(hi > 45.0 && hi < 60.0, "{hi}");
    }

    #[test]
    fn the_interval_narrows_with_more_games() {
        let small = t(6, 4, 2).elo_interval().unwrap();
        let large = t(60, 40, 20).elo_interval().unwrap();
        assert!((small.0 - large.0).abs() < 1e-9);
        assert!(large.2 - large.1 < small.2 - small.1);
    }

    #[test]
    fn sprt_bounds_match_the_usual_values() {
        let s = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = s.bounds();
        assert!((lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3);
    }

    #[test]
    fn sprt_decides_both_ways_and_waits_when_unclear() {
        let s = Sprt {
            elo0: 0.0,
            elo1: 20.0,
            alpha: 0.05,
            beta: 0.05,
        };
        assert_eq!(s.state(&t(0, 0, 0)), SprtState::Continue);
        assert_eq!(s.state(&t(5, 5, 5)), SprtState::Continue);
        // A clear win rate (about +100 Elo) over 300 games accepts H1 ...
        assert_eq!(s.state(&t(140, 100, 60)), SprtState::AcceptH1);
        // ... a clear loss rate accepts H0.
        assert_eq!(s.state(&t(60, 100, 140)), SprtState::AcceptH0);
        // The LLR grows with the evidence in the same proportions.
        assert!(s.llr(&t(28, 20, 12)) < s.llr(&t(140, 100, 60)));
    }

    #[test]
    fn a_sample_without_variance_decides_nothing() {
        let s = Sprt {
            elo0: 0.0,
            elo1: 20.0,
            alpha: 0.05,
            beta: 0.05,
        };
        assert_eq!(s.llr(&t(0, 12, 0)), 0.0);
        assert_eq!(s.llr(&t(12, 0, 0)), 0.0);
    }
}
