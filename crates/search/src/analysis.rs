//! Game analysis: how good was each move. For every ply of a game (or a range of it) the position before
//! and after the move played is searched; the scores become expected scores through a win-probability
//! model fitted to the project's own games ([`expected_score`], [`WIN_PROBABILITY_K`]); the move's loss in
//! expected score classifies it (best / good / inaccuracy / mistake / blunder) and gives its accuracy, and
//! each side gets a summary. `docs/analysis.md` explains the model, its fit and the thresholds.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use xiangqi::Game;
//! use xiangqi_engine::analysis::{AnalysisOptions, Class};
//! use xiangqi_engine::{Engine, Limits, NoClock};
//!
//! let mut game = Game::default();
//! for m in ["h2e2", "h9g7", "e2e6"] {     // the cannon takes a soldier, and can be taken
//!     game.play_iccs(m).unwrap();
//! }
//! let options = AnalysisOptions { limits: Limits::depth(4), ..AnalysisOptions::default() };
//! let mut engine = Engine::new(1);
//! let a = engine.analyse(&game, &options, &NoClock, &AtomicBool::new(false), &mut |_| {});
//! assert_eq!(a.moves.len(), 3);
//! assert_eq!(a.moves[2].mv.to_string(), "e2e6");
//! assert!(a.moves[2].class >= Class::Mistake, "{:?}", a.moves[2]);
//! assert!(a.red.accuracy.unwrap() < a.black.accuracy.unwrap());
//! ```

use super::api::{Limits, SearchOptions};
use super::path::SearchPath;
use super::score::{Score, MAX_PLY};
use super::{Engine, Slice, Step, TimeSource};
use core::sync::atomic::{AtomicBool, Ordering};
use xiangqi::adjudication::{Options as AdjudicationOptions, Reason};
use xiangqi::{Color, Game, Move, Position};

/// The win-probability model: a side whose search score is `cp` centipawns expects to score
/// `1 / (1 + 10^(−cp / K))` (1 a win, ½ a draw). `K` was fitted to the project's own games by
/// `xiangqi fit-winprob` (638.6 on the 274 finished self-play games of `tests/data/selfplay`, 35,190 positions;
/// docs/analysis.md: the data, the fit and its error).
pub const WIN_PROBABILITY_K: f64 = 640.0;

/// [`WIN_PROBABILITY_K`] for the scores of the neural evaluation: the scale an analysis uses when its searches
/// evaluate with a network ([`AnalysisOptions::use_network`] and a network loaded). Fitted the same way, on the
/// same games, with the package's net (`xiangqi fit-winprob --net`: 690.7 on the same games' 35,197 positions; docs/
/// analysis.md), so that a move's loss, and so its class, means the same with either evaluation. Another net has its
/// own scale; this one is the package's (`tests/data/nnue/psq64-set12-3896k.nnue`).
pub const WIN_PROBABILITY_K_NETWORK: f64 = 690.0;

/// Nodes searched per position when the caller gives no limit: deterministic, and fast enough for a
/// 60-move game in a few seconds in a browser (docs/analysis.md).
pub const DEFAULT_NODES: u64 = 40_000;

/// A loss in expected score of at least this much is an inaccuracy.
pub const INACCURACY: f64 = 0.05;
/// A loss in expected score of at least this much is a mistake.
pub const MISTAKE: f64 = 0.10;
/// A loss in expected score of at least this much is a blunder.
pub const BLUNDER: f64 = 0.20;
/// The loss in expected score that divides a move's accuracy by e: accuracy = 100 · e^(−loss / scale).
pub const ACCURACY_SCALE: f64 = 0.20;

/// The expected score (0 to 1) of the side whose score `score` is: [`WIN_PROBABILITY_K`] for centipawns;
/// 1 when it mates, 0 when it is mated.
pub fn expected_score(score: Score) -> f64 {
    expected_score_with(score, WIN_PROBABILITY_K)
}

/// [`expected_score`] with the scale `k` instead of [`WIN_PROBABILITY_K`] (for fitting and comparing scales).
pub fn expected_score_with(score: Score, k: f64) -> f64 {
    match score {
        Score::Cp(cp) => 1.0 / (1.0 + 10f64.powf(-(cp as f64) / k)),
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(_) => 0.0,
    }
}

/// A move's accuracy, 0 to 100, from its loss in expected score: 100 · e^(−loss / [`ACCURACY_SCALE`]).
/// A loss of 0.05 gives 78, 0.10 gives 61, 0.20 gives 37.
pub fn accuracy(loss: f64) -> f64 {
    100.0 * (-loss.max(0.0) / ACCURACY_SCALE).exp()
}

/// How good a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// The engine's own choice.
    Best,
    /// Another move that loses less than [`INACCURACY`].
    Good,
    /// Loses at least [`INACCURACY`].
    Inaccuracy,
    /// Loses at least [`MISTAKE`].
    Mistake,
    /// Loses at least [`BLUNDER`].
    Blunder,
}

impl Class {
    /// Every class, best first.
    pub const ALL: [Class; 5] = [
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];

    /// The class of a move that loses `loss` in expected score (`best`: it is the engine's choice).
    pub fn of(best: bool, loss: f64) -> Class {
        if best {
            Class::Best
        } else if loss >= BLUNDER {
            Class::Blunder
        } else if loss >= MISTAKE {
            Class::Mistake
        } else if loss >= INACCURACY {
            Class::Inaccuracy
        } else {
            Class::Good
        }
    }

    /// Stable code: `best`, `good`, `inaccuracy`, `mistake`, `blunder`.
    pub const fn code(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

/// The value of a position, from Red's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A search score, Red's view: centipawns, or `Mate(n)` — Red mates in `n` moves (`n` > 0) or is mated
    /// in `−n`.
    Score(Score),
    /// The game is over in this position (mate, stalemate, a repetition ruling, the move limit, a dead
    /// position): the winner, `None` for a draw.
    Over(Option<Color>),
}

impl Value {
    /// Red's expected score.
    pub fn expected(self) -> f64 {
        self.expected_with(WIN_PROBABILITY_K)
    }

    /// Red's expected score with the scale `k` instead of [`WIN_PROBABILITY_K`].
    pub fn expected_with(self, k: f64) -> f64 {
        match self {
            Value::Score(s) => expected_score_with(s, k),
            Value::Over(Some(Color::Red)) => 1.0,
            Value::Over(Some(Color::Black)) => 0.0,
            Value::Over(None) => 0.5,
        }
    }
}

/// `score` (the side to move's view) from Red's view.
fn red_view(score: Score, turn: Color) -> Score {
    match (turn, score) {
        (Color::Red, s) => s,
        (Color::Black, Score::Cp(c)) => Score::Cp(-c),
        (Color::Black, Score::Mate(n)) => Score::Mate(-n),
    }
}

/// What a move of `color` from a position of value `before` to one of value `after` (both Red's view) cost
/// its player in expected score with the scale `k`: 0 when it is the engine's own choice (`best`), else
/// `max(0, E(before) − E(after))` from the mover's side.
pub fn move_loss(color: Color, best: bool, before: Value, after: Value, k: f64) -> f64 {
    if best {
        return 0.0;
    }
    let mover = |v: Value| match color {
        Color::Red => v.expected_with(k),
        Color::Black => 1.0 - v.expected_with(k),
    };
    (mover(before) - mover(after)).max(0.0)
}

/// What was found in one position.
#[derive(Clone, Debug, PartialEq)]
struct Eval {
    value: Value,
    best: Option<Move>,
    pv: Vec<Move>,
    depth: u32,
    nodes: u64,
}

/// One analysed move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAnalysis {
    /// Its number in the game: 1 for the first move.
    pub ply: usize,
    /// The move played.
    pub mv: Move,
    /// Who played it.
    pub color: Color,
    /// The value of the position before it (Red's view).
    pub before: Value,
    /// The value of the position after it (Red's view).
    pub after: Value,
    /// The engine's best move in the position before it (`None` only if that position had no move).
    pub best: Option<Move>,
    /// The engine's line from the position before it, starting with `best`.
    pub pv: Vec<Move>,
    /// What the move cost its player in expected score, 0 to 1 (0 for the engine's own choice).
    pub loss: f64,
    /// Its class.
    pub class: Class,
    /// Its accuracy, 0 to 100 ([`accuracy`]).
    pub accuracy: f64,
    /// Depth of the search of the position before it.
    pub depth: u32,
    /// Nodes of the searches of the position before it.
    pub nodes: u64,
    /// The win-probability model's scale its loss was measured with: [`WIN_PROBABILITY_K`], or
    /// [`WIN_PROBABILITY_K_NETWORK`] when the searches evaluated with a network ([`Value::expected_with`]).
    pub scale: f64,
}

/// The moves of one side, summed up.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// Its moves analysed.
    pub moves: usize,
    /// The mean of their accuracies, 0 to 100; `None` without moves.
    pub accuracy: Option<f64>,
    /// The mean loss in expected score; `None` without moves.
    pub mean_loss: Option<f64>,
    /// How many moves fell in each class, in the order of [`Class::ALL`].
    pub counts: [usize; 5],
}

impl SideSummary {
    fn of<'a>(moves: impl Iterator<Item = &'a MoveAnalysis>) -> SideSummary {
        let mut s = SideSummary::default();
        let (mut acc, mut loss) = (0.0, 0.0);
        for m in moves {
            s.moves += 1;
            acc += m.accuracy;
            loss += m.loss;
            s.counts[m.class as usize] += 1;
        }
        if s.moves > 0 {
            s.accuracy = Some(acc / s.moves as f64);
            s.mean_loss = Some(loss / s.moves as f64);
        }
        s
    }

    /// How many moves fell in `class`.
    pub fn count(&self, class: Class) -> usize {
        self.counts[class as usize]
    }
}

/// The analysis of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAnalysis {
    /// The moves analysed, in order.
    pub moves: Vec<MoveAnalysis>,
    /// Red's moves summed up.
    pub red: SideSummary,
    /// Black's moves summed up.
    pub black: SideSummary,
    /// Whether the analysis was cancelled before its end (then `moves` holds what was analysed).
    pub cancelled: bool,
}

/// What to analyse and how deeply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisOptions {
    /// The search of each position (default [`DEFAULT_NODES`] nodes: deterministic). A time limit makes the
    /// analysis depend on the machine.
    pub limits: Limits,
    /// The first move to analyse, 1 for the first move of the game (default 1).
    pub from: usize,
    /// The last move to analyse (default: the last one played). Moves past the end of the game are not
    /// there: a range beyond it analyses nothing.
    pub to: Option<usize>,
    /// Only the moves of this side (default both). The positions searched are those these moves need.
    pub side: Option<Color>,
    /// Evaluate with the engine's network when it has one (default); `false`: the hand-tuned evaluation
    /// ([`SearchOptions::use_network`]).
    pub use_network: bool,
}

impl Default for AnalysisOptions {
    fn default() -> AnalysisOptions {
        AnalysisOptions {
            limits: Limits::nodes(DEFAULT_NODES),
            from: 1,
            to: None,
            side: None,
            use_network: true,
        }
    }
}

/// What one [`Analysis::step`] did.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisStep {
    /// A position was searched; no move is complete yet.
    Searched,
    /// A position was searched and completes the analysis of this move.
    Move(MoveAnalysis),
    /// Nothing left: the analysis is over ([`Analysis::report`]).
    Done,
}

/// An analysis under way, one position a step ([`Engine::analyse`] runs it to the end), so that a caller can
/// report progress, look at its messages and cancel between positions. Deterministic for the same game
/// and options with a depth or node limit: the engine forgets its table before the first position, and
/// each position is searched whole.
#[derive(Clone, Debug)]
pub struct Analysis {
    start: Position,
    moves: Vec<(Move, bool)>,
    rules: AdjudicationOptions,
    /// The value of the last position when the game is over there by the rules.
    end: Option<Option<Color>>,
    options: AnalysisOptions,
    /// The moves to analyse (indices into `moves`).
    wanted: Vec<usize>,
    /// The positions to search (indices: position `i` is before move `i`), in order, and how many are done.
    plan: Vec<usize>,
    done: usize,
    evals: Vec<Option<Eval>>,
    /// The next entry of `wanted` to report.
    next_move: usize,
    records: Vec<MoveAnalysis>,
    cancelled: bool,
    /// The win-probability scale of the evaluation the searches use (set at the first step).
    scale: f64,
}

/// Whether an ending is decided by the position itself (not by the players or the clock).
fn board_ending(reason: Reason) -> bool {
    !matches!(
        reason,
        Reason::Resignation | Reason::Agreement | Reason::TimeForfeit | Reason::IllegalMove
    )
}

impl Analysis {
    /// An analysis of `game`'s moves (all of them up to the end, whether or not it is over) under `options`.
    pub fn new(game: &Game, options: AnalysisOptions) -> Analysis {
        let moves: Vec<(Move, bool)> = game.history().iter().map(|pm| (pm.mv, pm.check)).collect();
        let n = moves.len();
        let start = game.start().clone();
        let first_turn = start.turn();
        let wanted: Vec<usize> = (options.from.max(1) - 1..options.to.unwrap_or(n).min(n))
            .filter(|&i| {
                let mover = if i % 2 == 0 {
                    first_turn
                } else {
                    first_turn.other()
                };
                options.side.map_or(true, |s| s == mover)
            })
            .collect();
        let mut plan: Vec<usize> = wanted.iter().flat_map(|&i| [i, i + 1]).collect();
        plan.dedup();
        let end = game
            .outcome()
            .filter(|o| o.ply() == n && board_ending(o.reason()))
            .map(|o| o.winner());
        Analysis {
            start,
            rules: *game.options(),
            end,
            options,
            wanted,
            plan,
            done: 0,
            evals: vec![None; n + 1],
            next_move: 0,
            records: Vec::new(),
            moves,
            cancelled: false,
            scale: WIN_PROBABILITY_K,
        }
    }

    /// Whether every position has been searched (or the analysis was cancelled).
    pub fn is_done(&self) -> bool {
        self.cancelled || self.done == self.plan.len()
    }

    /// How many moves will be analysed.
    pub fn len(&self) -> usize {
        self.wanted.len()
    }

    /// How many moves have been analysed so far.
    pub fn analysed(&self) -> usize {
        self.records.len()
    }

    /// Whether there is no move to analyse.
    pub fn is_empty(&self) -> bool {
        self.wanted.is_empty()
    }

    /// Searches the next position with `engine` (full strength, one line; the engine's own options are
    /// restored afterwards). `clock` counts from the start of this step. A stop flag raised before or during
    /// the search cancels the analysis: that position is not used, and [`AnalysisStep::Done`] is returned.
    pub fn step(
        &mut self,
        engine: &mut Engine,
        clock: &dyn TimeSource,
        stop: &AtomicBool,
    ) -> AnalysisStep {
        if self.is_done() {
            return AnalysisStep::Done;
        }
        if stop.load(Ordering::Relaxed) {
            self.cancelled = true;
            return AnalysisStep::Done;
        }
        if self.done == 0 {
            engine.new_game();
            self.scale = if self.options.use_network && engine.has_network() {
                WIN_PROBABILITY_K_NETWORK
            } else {
                WIN_PROBABILITY_K
            };
        }
        let i = self.plan[self.done];
        let eval = self.search(engine, i, clock, stop);
        if stop.load(Ordering::Relaxed) {
            self.cancelled = true;
            return AnalysisStep::Done;
        }
        self.evals[i] = Some(eval);
        self.done += 1;
        match self.complete_move() {
            Some(m) => AnalysisStep::Move(m),
            None => AnalysisStep::Searched,
        }
    }

    /// The value of position `i` (after `i` moves): over by the rules, or searched.
    fn search(
        &self,
        engine: &mut Engine,
        i: usize,
        clock: &dyn TimeSource,
        stop: &AtomicBool,
    ) -> Eval {
        let moves = self.moves[..i].iter().copied();
        let (path, pos) = SearchPath::from_moves(&self.start, moves, i, MAX_PLY + 8);
        let turn = pos.turn();
        if i == self.moves.len() {
            if let Some(winner) = self.end {
                return Eval {
                    value: Value::Over(winner),
                    best: None,
                    pv: Vec::new(),
                    depth: 0,
                    nodes: 0,
                };
            }
        }
        let kept = engine.options().clone();
        engine.set_options(SearchOptions {
            seed: kept.seed,
            use_network: self.options.use_network,
            ..SearchOptions::default()
        });
        engine.start_at(&self.rules, path, pos, self.options.limits.clone());
        let r = loop {
            match engine.step(Slice::ALL, clock, stop, &mut |_| {}) {
                Step::Done(r) => break r,
                Step::Running | Step::Idle => {}
            }
        };
        engine.set_options(kept);
        let value = match r.best_move {
            // No legal move: the side to move has lost (mate or stalemate).
            None => Value::Over(Some(turn.other())),
            Some(_) => Value::Score(red_view(r.score, turn)),
        };
        Eval {
            value,
            best: r.best_move,
            pv: r.pv,
            depth: r.depth,
            nodes: r.nodes,
        }
    }

    /// The next wanted move, if both its positions have been searched.
    fn complete_move(&mut self) -> Option<MoveAnalysis> {
        let &i = self.wanted.get(self.next_move)?;
        let (before, after) = (self.evals[i].as_ref()?, self.evals[i + 1].as_ref()?);
        let (mv, _) = self.moves[i];
        let color = if i % 2 == 0 {
            self.start.turn()
        } else {
            self.start.turn().other()
        };
        let best = before.best == Some(mv);
        let loss = move_loss(color, best, before.value, after.value, self.scale);
        let m = MoveAnalysis {
            ply: i + 1,
            mv,
            color,
            before: before.value,
            after: after.value,
            best: before.best,
            pv: before.pv.clone(),
            loss,
            class: Class::of(best, loss),
            accuracy: accuracy(loss),
            depth: before.depth,
            nodes: before.nodes,
            scale: self.scale,
        };
        self.next_move += 1;
        self.records.push(m.clone());
        Some(m)
    }

    /// The analysis so far: the moves analysed, each side's summary, and whether it was cancelled (or
    /// stopped before its end: a report asked for early is flagged the same way).
    pub fn report(&self) -> GameAnalysis {
        GameAnalysis {
            red: SideSummary::of(self.records.iter().filter(|m| m.color == Color::Red)),
            black: SideSummary::of(self.records.iter().filter(|m| m.color == Color::Black)),
            moves: self.records.clone(),
            cancelled: self.cancelled || !self.is_done(),
        }
    }

    /// Cancels the analysis: [`Analysis::report`] then says so, with the moves analysed so far.
    pub fn cancel(&mut self) {
        if !self.is_done() {
            self.cancelled = true;
        }
    }
}

impl Engine {
    /// Analyses `game`'s moves (see [`Analysis`]), calling `on_move` with each analysed move as soon as both
    /// its positions are searched. A stop flag raised during the analysis cancels it: the moves analysed so
    /// far come back with `cancelled` set. The engine forgets its table (as [`Engine::new_game`]) first.
    pub fn analyse(
        &mut self,
        game: &Game,
        options: &AnalysisOptions,
        clock: &dyn TimeSource,
        stop: &AtomicBool,
        on_move: &mut dyn FnMut(&MoveAnalysis),
    ) -> GameAnalysis {
        let mut a = Analysis::new(game, options.clone());
        loop {
            match a.step(self, clock, stop) {
                AnalysisStep::Done => return a.report(),
                AnalysisStep::Move(m) => on_move(&m),
                AnalysisStep::Searched => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_and_the_classes() {
        assert_eq!(expected_score(Score::Cp(0)), 0.5);
        // K centipawns: ten to one.
        assert!((expected_score(Score::Cp(640)) - 1.0 / 1.1).abs() < 1e-12);
        assert_eq!(
            expected_score(Score::Cp(-250)) + expected_score(Score::Cp(250)),
            1.0
        );
        assert_eq!(expected_score(Score::Mate(3)), 1.0);
        assert_eq!(expected_score(Score::Mate(-1)), 0.0);
        assert_eq!(Class::of(true, 0.5), Class::Best);
        assert_eq!(Class::of(false, 0.0), Class::Good);
        assert_eq!(Class::of(false, 0.049), Class::Good);
        assert_eq!(Class::of(false, 0.05), Class::Inaccuracy);
        assert_eq!(Class::of(false, 0.1), Class::Mistake);
        assert_eq!(Class::of(false, 0.2), Class::Blunder);
        assert_eq!(accuracy(0.0), 100.0);
        assert!((accuracy(0.2) - 100.0 / core::f64::consts::E).abs() < 1e-9);
        for (i, c) in Class::ALL.iter().enumerate() {
            assert_eq!(*c as usize, i);
        }
        assert_eq!(red_view(Score::Mate(2), Color::Black), Score::Mate(-2));
        assert_eq!(Value::Over(None).expected(), 0.5);
    }

    #[test]
    fn the_loss_is_the_movers_and_follows_the_scale() {
        let (level, down) = (Value::Score(Score::Cp(0)), Value::Score(Score::Cp(-200)));
        // Red drops 200 cp: a loss for Red, a gain (no loss) for Black playing into the same values.
        let red = move_loss(Color::Red, false, level, down, WIN_PROBABILITY_K);
        assert!((red - (0.5 - expected_score(Score::Cp(-200)))).abs() < 1e-12);
        assert_eq!(
            move_loss(Color::Black, false, level, down, WIN_PROBABILITY_K),
            0.0
        );
        // The engine's own choice loses nothing; a larger scale makes the same drop cost less.
        assert_eq!(
            move_loss(Color::Red, true, level, down, WIN_PROBABILITY_K),
            0.0
        );
        assert!(move_loss(Color::Red, false, level, down, 2.0 * WIN_PROBABILITY_K) < red);
        // Walking into a mate costs everything that was left.
        let mated = Value::Over(Some(Color::Black));
        assert_eq!(
            move_loss(Color::Red, false, level, mated, WIN_PROBABILITY_K),
            0.5
        );
        assert!((expected_score_with(Score::Cp(300), 300.0) - 10.0 / 11.0).abs() < 1e-12);
    }
}
