//! The engine object: what keeps the transposition table, the ordering tables, the options and the
//! repetition judge between searches, and starts a search. Its types (limits, options, reports, results)
//! are in [`super::api`]; the search itself is in [`super::alphabeta`].

use super::alphabeta::{Session, Tables, Worker};
use super::api::{Limits, SearchInfo, SearchOptions, SearchResult, Slice, SliceEnd, Step};
use super::path::SearchPath;
use super::repetition::RepetitionJudge;
use super::rules_judge::RulesJudge;
use super::score::MAX_PLY;
use super::tt::TranspositionTable;
use super::TimeSource;
use core::sync::atomic::AtomicBool;
use xiangqi::adjudication::Options as AdjudicationOptions;
use xiangqi::{Game, Position};

/// A searcher that keeps its transposition table, history and options between searches.
pub struct Engine {
    tt: TranspositionTable,
    tables: Tables,
    options: SearchOptions,
    judge: Box<dyn RepetitionJudge + Send>,
    /// The adjudication options of the built-in [`RulesJudge`]; `None` after [`Engine::set_judge`].
    judge_options: Option<AdjudicationOptions>,
    /// The search under way ([`Engine::start`], [`Engine::step`]).
    session: Option<Session>,
    /// The neural evaluation's network, used instead of the hand-tuned evaluation when set.
    #[cfg(feature = "nnue")]
    network: Option<std::sync::Arc<crate::nnue::Network>>,
    /// Whether the table's scores came from a network: a search with the other evaluation clears it first.
    #[cfg(feature = "nnue")]
    table_from_network: bool,
}

impl core::fmt::Debug for Engine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Engine")
            .field("hash_mb", &self.tt.size_mb())
            .field("options", &self.options)
            .finish()
    }
}

impl Engine {
    /// An engine with a transposition table of `hash_mb` mebibytes, allocated now and never again (until
    /// [`Engine::set_hash_mb`]). Repetitions are ruled by the full adjudicator ([`RulesJudge`]) with the
    /// rule set of the game searched ([`Engine::search`]; AXF for [`Engine::search_position`]).
    pub fn new(hash_mb: usize) -> Engine {
        let options = AdjudicationOptions::default();
        Engine {
            tt: TranspositionTable::new(hash_mb),
            tables: Tables::new(),
            options: SearchOptions::default(),
            judge: Box::new(RulesJudge::new(options)),
            judge_options: Some(options),
            session: None,
            #[cfg(feature = "nnue")]
            network: None,
            #[cfg(feature = "nnue")]
            table_from_network: false,
        }
    }

    /// Evaluates with `network` from the next search on (`None`: the hand-tuned evaluation, the default).
    /// To load one from a file, [`Engine::load_network`].
    #[cfg(feature = "nnue")]
    pub fn set_network(&mut self, network: Option<std::sync::Arc<crate::nnue::Network>>) {
        self.network = network;
    }

    /// Reads a net file and evaluates with it from the next search on. A file that cannot be used (not a net,
    /// another version, truncated, damaged: [`NetError`](crate::nnue::NetError)) is refused and the engine
    /// keeps the evaluation it had (the hand-tuned one, unless a network was set before).
    #[cfg(feature = "nnue")]
    pub fn load_network(&mut self, bytes: &[u8]) -> Result<(), crate::nnue::NetError> {
        let net = crate::nnue::Network::from_bytes(bytes)?;
        self.network = Some(std::sync::Arc::new(net));
        Ok(())
    }

    /// The network the engine evaluates with, if any.
    #[cfg(feature = "nnue")]
    pub fn network(&self) -> Option<&crate::nnue::Network> {
        self.network.as_deref()
    }

    /// Whether the engine has a network: its searches evaluate with it unless
    /// [`SearchOptions::use_network`] is off.
    #[cfg(feature = "nnue")]
    pub fn has_network(&self) -> bool {
        self.network.is_some()
    }

    /// Whether the engine has a network: never without the feature `nnue`.
    #[cfg(not(feature = "nnue"))]
    pub fn has_network(&self) -> bool {
        false
    }

    /// Re-allocates the table (clears it).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.tt.resize(mb);
    }

    /// Replaces the repetition judge (for example with [`PerpetualCheckJudge`](super::PerpetualCheckJudge), which rules perpetual check
    /// only). The engine then keeps this judge whatever the rule set of the game searched.
    pub fn set_judge(&mut self, judge: Box<dyn RepetitionJudge + Send>) {
        self.judge = judge;
        self.judge_options = None;
    }

    /// The options.
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// Changes the options.
    pub fn set_options(&mut self, options: SearchOptions) {
        self.options = options;
    }

    /// Forgets everything learnt (table, history): a new game. After this, searches are reproducible
    /// regardless of what was searched before.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.tables.clear();
    }

    /// Searches the current position of `game` as it is: its history (for repetitions), its rule set (for
    /// the repetition rulings) and its move limit. `on_info` receives progress after each completed
    /// iteration. Returns the best move found; if stopped early, the best move of the last completed
    /// iteration (the first iteration always completes). The same as [`Engine::start`] and one
    /// [`Engine::step`] with no slice.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        clock: &dyn TimeSource,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.start(game, limits.clone());
        loop {
            match self.step(Slice::ALL, clock, stop, on_info) {
                Step::Done(r) => return r,
                // Without a slice a step ends only with the search; a new one starts if it did not.
                Step::Running => {}
                Step::Idle => self.start(game, limits.clone()),
            }
        }
    }

    /// Searches `position` with no game history (default rules: AXF, the 60-move limit).
    pub fn search_position(
        &mut self,
        position: &Position,
        limits: &Limits,
        clock: &dyn TimeSource,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let game = Game::new(position.clone());
        self.search(&game, limits, clock, stop, on_info)
    }

    /// Starts a search of `game` as it is now (its position, history, rule set and move limit are taken
    /// once; later changes to `game` do not reach it), to be run by [`Engine::step`] in as many slices as the
    /// caller likes, keeping its iteration, its best result so far, its nodes and its time between them. A
    /// search already under way is dropped.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use xiangqi::Game;
    /// use xiangqi_engine::{Engine, Limits, NoClock, Slice, Step};
    ///
    /// let mut engine = Engine::new(1);
    /// engine.start(&Game::default(), Limits::depth(6));
    /// let stop = AtomicBool::new(false);
    /// let result = loop {
    ///     // 2,000 nodes a slice; a caller with a clock would use Slice::millis(25) and look at its
    ///     // messages between slices.
    ///     if let Step::Done(r) = engine.step(Slice::nodes(2_000), &NoClock, &stop, &mut |_| {}) {
    ///         break r;
    ///     }
    /// };
    /// assert_eq!(result.depth, 6);
    /// ```
    pub fn start(&mut self, game: &Game, limits: Limits) {
        let path = SearchPath::new(game, MAX_PLY + 8);
        self.start_at(game.options(), path, game.position().clone(), limits);
    }

    /// Starts a search of `pos`, the last position of `path`, under the rules `options`.
    pub(super) fn start_at(
        &mut self,
        options: &AdjudicationOptions,
        path: SearchPath,
        pos: Position,
        limits: Limits,
    ) {
        self.tt.new_search();
        // The built-in judge follows the game's rule set.
        if self.judge_options.is_some_and(|o| o != *options) {
            self.judge = Box::new(RulesJudge::new(*options));
            self.judge_options = Some(*options);
        }
        #[cfg(feature = "nnue")]
        let network = self.network.clone().filter(|_| self.options.use_network);
        #[cfg(feature = "nnue")]
        if network.is_some() != self.table_from_network {
            // The table's scores are the other evaluation's: their bounds would mislead this search.
            self.tt.clear();
            self.table_from_network = network.is_some();
        }
        self.session = Some(Session::new(
            pos,
            path,
            options.move_limit,
            limits,
            #[cfg(feature = "nnue")]
            network,
        ));
    }

    /// Runs the search [`Engine::start`] began for at most `slice` more (all of it with [`Slice::ALL`]):
    /// [`Step::Done`] with the result when the search is over — its limits reached, or the stop flag raised
    /// — or [`Step::Running`] when the slice ended first. Every decision about time is the search's own
    /// ([`super::time`]); `clock` must count from the search's start in every step. A slice ends inside an
    /// iteration only after the first one: the next step searches again the root move it was in (the
    /// table gives back what was already searched). `on_info` receives progress after each completed
    /// iteration. [`Step::Idle`] when no search is under way (none was started, or the last one already
    /// returned its result).
    pub fn step(
        &mut self,
        slice: Slice,
        clock: &dyn TimeSource,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Step {
        let Some(session) = self.session.take() else {
            return Step::Idle;
        };
        let end = slice.end(clock.elapsed_ms(), session.nodes());
        let mut w = Worker::new(
            &mut self.tt,
            &mut self.tables,
            &*self.judge,
            &self.options,
            clock,
            stop,
            session,
            end,
        );
        let r = w.step(on_info);
        let session = w.into_session();
        match r {
            Some(r) => Step::Done(r),
            None => {
                self.session = Some(session);
                Step::Running
            }
        }
    }

    /// Drops the search under way, if any, without a result.
    pub fn cancel(&mut self) {
        self.session = None;
    }

    /// Whether a search is under way: started, and its result not yet returned.
    pub fn is_searching(&self) -> bool {
        self.session.is_some()
    }

    /// Ends the search under way now, between two steps, and returns its result: the best move of the last
    /// completed iteration, or a better one of the unfinished iteration (as when its time runs out). A search
    /// that has not completed its first iteration completes it first. `None` when no search is under way.
    pub fn stop(&mut self, clock: &dyn TimeSource) -> Option<SearchResult> {
        let session = self.session.take()?;
        let stop = AtomicBool::new(true);
        let mut w = Worker::new(
            &mut self.tt,
            &mut self.tables,
            &*self.judge,
            &self.options,
            clock,
            &stop,
            session,
            SliceEnd::default(),
        );
        Some(w.end_now(&mut |_| {}))
    }
}
