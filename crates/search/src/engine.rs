//! The engine object: what keeps the transposition table, the ordering tables, the options and the
//! repetition judge between searches, and starts a search. Its types (limits, options, reports, results)
//! are in [`super::api`]; the search itself is in [`super::alphabeta`].

use super::alphabeta::{Tables, Worker};
use super::api::{Limits, SearchInfo, SearchOptions, SearchResult};
use super::eval::Material;
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
        }
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

    /// Searches the current position of `game`, taking its history into account for repetitions.
    /// `on_info` receives progress after each completed iteration. Returns the best move found; if stopped
    /// early, the best move of the last completed iteration (the first iteration always completes).
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        clock: &dyn TimeSource,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.tt.new_search();
        // The built-in judge follows the game's rule set.
        if self.judge_options.is_some_and(|o| o != *game.options()) {
            self.judge = Box::new(RulesJudge::new(*game.options()));
            self.judge_options = Some(*game.options());
        }
        let path = SearchPath::new(game, MAX_PLY + 8);
        let pos = game.position().clone();
        let mut material = vec![Material::default(); MAX_PLY + 1];
        material[0] = Material::of(pos.board());
        let mut w = Worker {
            tt: &mut self.tt,
            t: &mut self.tables,
            judge: &*self.judge,
            options: &self.options,
            clock,
            stop,
            limits,
            pos,
            path,
            material,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            can_abort: false,
        };
        w.iterate(on_info)
    }

    /// Searches `position` with no game history.
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
}
