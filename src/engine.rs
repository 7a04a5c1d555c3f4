//! The JavaScript `Engine` and `game.hint()`: the searcher of [`xiangqi_engine`] behind the same boundary rules
//! as `Game` (arguments checked in [`super::input`], failures as `XiangqiError` with stable codes, plain
//! objects out). The engine keeps its transposition table between searches.

use super::dto::to_js;
use super::errors::XqError;
use super::game::Game;
use super::input::{
    bool_option, fen_arg, int_arg, int_option, is_absent, move_arg, options_arg, signed_option,
    string_option, type_name,
};
use super::options::game_options;
use core::sync::atomic::AtomicBool;
use js_sys::{Array, Function, Reflect};
use serde::Serialize;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use xiangqi::adjudication::{Mode, Options};
use xiangqi::{Color, Move, Position};
use xiangqi_engine::analysis::{
    Analysis, AnalysisOptions, AnalysisStep, Class, GameAnalysis, MoveAnalysis, SideSummary, Value,
};
use xiangqi_engine::{
    Limits, Score, SearchInfo, SearchOptions, SearchResult, Slice, Step, TimeSource,
};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Date, js_name = now)]
    fn date_now() -> f64;
}

/// Milliseconds from `Date.now()` since the search started (the injected clock of the searcher).
struct DateClock(f64);

impl TimeSource for DateClock {
    fn elapsed_ms(&self) -> u64 {
        (date_now() - self.0).max(0.0) as u64
    }
}

/// Largest table the constructor accepts, in MiB.
const MAX_HASH_MB: u64 = 256;
/// The table of the engine behind `game.hint()`, in MiB.
const HINT_HASH_MB: usize = 8;
/// The longest move list `search` accepts.
const MAX_MOVES: u32 = 10_000;

/// `{ cp }` or `{ mate }`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ScoreDto {
    #[serde(skip_serializing_if = "Option::is_none")]
    cp: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mate: Option<i32>,
}

fn score(s: Score) -> ScoreDto {
    match s {
        Score::Cp(c) => ScoreDto {
            cp: Some(c),
            mate: None,
        },
        Score::Mate(m) => ScoreDto {
            cp: None,
            mate: Some(m),
        },
    }
}

/// One of the best lines (`HintLine`).
#[derive(Serialize)]
struct LineDto {
    score: ScoreDto,
    pv: Vec<String>,
}

/// The answer of a search (`Hint`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HintDto {
    #[serde(rename = "move")]
    mv: Option<String>,
    score: ScoreDto,
    depth: u32,
    nodes: f64,
    time_ms: f64,
    pv: Vec<String>,
    lines: Vec<LineDto>,
}

/// A progress report (`SearchProgress`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProgressDto {
    depth: u32,
    multipv: usize,
    score: ScoreDto,
    nodes: f64,
    time_ms: f64,
    pv: Vec<String>,
}

fn texts(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

fn hint_js(r: &SearchResult) -> JsValue {
    to_js(&HintDto {
        mv: r.best_move.map(|m| m.to_string()),
        score: score(r.score),
        depth: r.depth,
        nodes: r.nodes as f64,
        time_ms: r.time_ms as f64,
        pv: texts(&r.pv),
        lines: r
            .lines
            .iter()
            .map(|l| LineDto {
                score: score(l.score),
                pv: texts(&l.pv),
            })
            .collect(),
    })
}

/// The `skill` option's range: the novice levels ([`xiangqi_engine::skill::NOVICE_MIN`] to −1) to full strength.
fn skill_range() -> core::ops::RangeInclusive<i64> {
    xiangqi_engine::skill::NOVICE_MIN as i64..=xiangqi_engine::skill::FULL as i64
}

/// Validated `SearchLimits`: the searcher's limits and options.
struct SearchRequest {
    limits: Limits,
    options: SearchOptions,
}

/// `{ depth?, timeMs?, nodes?, multiPv?, skill?, seed?, network? }`; with no limit, the search's default time
/// ([`Limits::default_time`]).
fn search_request(v: &JsValue, what: &str) -> Result<SearchRequest, XqError> {
    let [depth, time_ms, nodes, multi_pv, skill, seed, network] = options_arg(
        v,
        what,
        [
            "depth", "timeMs", "nodes", "multiPv", "skill", "seed", "network",
        ],
    )?;
    let depth = int_option(&depth, what, "depth", 1..=64)?;
    let time_ms = int_option(&time_ms, what, "timeMs", 1..=86_400_000)?;
    let nodes = int_option(&nodes, what, "nodes", 1..=1_000_000_000_000_000)?;
    let multi_pv = int_option(&multi_pv, what, "multiPv", 1..=20)?;
    let skill = signed_option(&skill, what, "skill", skill_range())?;
    let seed = int_option(&seed, what, "seed", 0..=9_000_000_000_000_000)?;
    let use_network = bool_option(&network, what, "network", true)?;
    let mut limits = match time_ms {
        Some(ms) => Limits::movetime(ms),
        None => Limits::default(),
    };
    limits.depth = depth.map(|d| d as u32);
    limits.nodes = nodes;
    if depth.is_none() && nodes.is_none() && time_ms.is_none() {
        limits = Limits::default_time();
    }
    let mut options = SearchOptions {
        use_network,
        ..SearchOptions::default()
    };
    if let Some(n) = multi_pv {
        options.multi_pv = n as usize;
    }
    if let Some(s) = skill {
        options.skill_level = s as i8;
    }
    if let Some(s) = seed {
        options.seed = s;
    }
    Ok(SearchRequest { limits, options })
}

/// The `onProgress` argument: a function or absent.
fn progress_callback<'a>(
    on_progress: &'a JsValue,
    what: &str,
) -> Result<Option<&'a Function>, XqError> {
    if is_absent(on_progress) {
        return Ok(None);
    }
    on_progress.dyn_ref::<Function>().map(Some).ok_or_else(|| {
        XqError::argument(format!(
            "{what}: onProgress must be a function, got {}",
            type_name(on_progress)
        ))
    })
}

/// A progress report as JS sees it.
fn progress_js(info: &SearchInfo) -> JsValue {
    to_js(&ProgressDto {
        depth: info.depth,
        multipv: info.multipv,
        score: score(info.score),
        nodes: info.nodes as f64,
        time_ms: info.time_ms as f64,
        pv: texts(info.pv),
    })
}

/// Runs `f` with a progress sink that calls `callback` (if any) and a stop flag that is raised when the
/// callback throws; returns what `f` returned, or the exception.
fn with_progress<T>(
    callback: Option<&Function>,
    f: impl FnOnce(&AtomicBool, &mut dyn FnMut(&SearchInfo)) -> T,
) -> Result<T, JsValue> {
    let stop = AtomicBool::new(false);
    let mut thrown: Option<JsValue> = None;
    let r = f(&stop, &mut |info: &SearchInfo| {
        if let (Some(cb), None) = (callback, &thrown) {
            if let Err(e) = cb.call1(&JsValue::NULL, &progress_js(info)) {
                thrown = Some(e);
                stop.store(true, core::sync::atomic::Ordering::Relaxed);
            }
        }
    });
    match thrown {
        Some(e) => Err(e),
        None => Ok(r),
    }
}

/// Runs a whole search of `game` (as it is: history, rule set, move limit), reporting progress to
/// `on_progress` (a function or `undefined`). If the callback throws, the search stops and the exception is
/// rethrown.
fn run(
    engine: &mut xiangqi_engine::Engine,
    game: &xiangqi::Game,
    req: &SearchRequest,
    on_progress: &JsValue,
) -> Result<JsValue, JsValue> {
    let callback = progress_callback(on_progress, "search")?;
    engine.set_options(req.options.clone());
    let clock = DateClock(date_now());
    let r = with_progress(callback, |stop, on_info| {
        engine.search(game, &req.limits, &clock, stop, on_info)
    })?;
    Ok(hint_js(&r))
}

thread_local! {
    /// The engine behind `game.hint()`, created on first use.
    static HINT_ENGINE: RefCell<Option<xiangqi_engine::Engine>> = const { RefCell::new(None) };
}

#[wasm_bindgen]
impl Game {
    /// `game.hint(limits?)`: the best move for the side to move, searched with the game's history (for
    /// repetitions) and move limit. Throws `ERR_OPTIONS`.
    ///
    /// A pure function of the game and the limits: the shared table is cleared before every hint (the
    /// `Engine` class is the way to keep a table between searches), so the same game and depth give the same
    /// move and node count whatever was searched before.
    #[wasm_bindgen(skip_typescript)]
    pub fn hint(&self, limits: JsValue) -> Result<JsValue, JsValue> {
        let req = search_request(&limits, "hint")?;
        HINT_ENGINE.with(|cell| {
            let mut slot = cell.borrow_mut();
            let engine = slot.get_or_insert_with(|| xiangqi_engine::Engine::new(HINT_HASH_MB));
            engine.new_game();
            run(engine, self.rules_game(), &req, &JsValue::UNDEFINED)
        })
    }
}

/// A hint engine that keeps what it learnt between searches.
#[wasm_bindgen(skip_typescript)]
pub struct Engine {
    inner: xiangqi_engine::Engine,
    /// The game of the last `search(fen, moves)`, kept so that the next call (the same game a move later)
    /// plays only the moves that changed instead of the whole game.
    last: Option<SearchedGame>,
    /// `Date.now()` when the search under way (`start`, `step`) started: its clock counts from there.
    started_at: f64,
    /// The analysis under way (`startAnalysis`, `stepAnalysis`).
    analysis: Option<Analysis>,
    /// What `engine.network` says of the net loaded (`None`: the hand-tuned evaluation).
    #[cfg(feature = "wasm-nnue")]
    network: Option<NetworkDto>,
}

/// A game built for a search: its start as given (the FEN text, `None` for the start position) and the
/// game, in analysis mode.
struct SearchedGame {
    fen: Option<String>,
    game: xiangqi::Game,
}

/// What a `search` call is about, read from JS: a `Game` (anything with `initialFen()` and `history()`, and
/// `options()` for its rules), or a FEN (or `null` for the start position) with ICCS moves played from it.
struct GameRequest {
    /// The FEN text; `None` for the start position.
    fen: Option<String>,
    /// The moves: an array of ICCS strings, or absent.
    moves: JsValue,
    options: Options,
}

fn game_request(position: &JsValue, moves: &JsValue) -> Result<GameRequest, XqError> {
    let what = "search";
    let mut rules_options = Options::default();
    let (fen, moves) = if position.is_object() && !Array::is_array(position) {
        let call = |name: &str| -> Result<JsValue, XqError> {
            let f = Reflect::get(position, &name.into())
                .ok()
                .and_then(|f| f.dyn_into::<Function>().ok())
                .ok_or_else(|| {
                    XqError::argument(format!(
                        "{what}: expected a Game, a FEN string or null, got an object without {name}()"
                    ))
                })?;
            f.call0(position)
                .map_err(|_| XqError::argument(format!("{what}: the game's {name}() threw")))
        };
        // The game's rule set and move limit decide how the search scores repetitions; an object without
        // options() (a plain { initialFen, history } duck) gets the defaults.
        if Reflect::get(position, &"options".into()).is_ok_and(|f| f.is_function()) {
            rules_options = game_options(&call("options")?, what, rules_options)?;
        }
        (call("initialFen")?, call("history")?)
    } else {
        (position.clone(), moves.clone())
    };
    let fen = if is_absent(&fen) {
        None
    } else {
        Some(fen_arg(&fen, what)?)
    };
    Ok(GameRequest {
        fen,
        moves,
        // The moves were played (a game record may go on after its ending): they are replayed as in analysis
        // mode, which refuses only illegal moves. The mode changes no ruling, so nothing in the search.
        options: Options {
            mode: Mode::Analysis,
            ..rules_options
        },
    })
}

/// The game `request` describes, built from `last` (the game of the last search) when it has the same start
/// and options: the moves after the common prefix are taken back and the new ones played, so a repeated call
/// (the worker's slices) replays nothing. Errors come in the order of the arguments: the FEN, the moves
/// array, then each move in turn (`ERR_MOVE_SYNTAX`, `ERR_ILLEGAL_MOVE`); after one, the kept game holds the
/// legal moves before it, still a correct game for the next call to start from.
fn sync_game(
    last: &mut Option<SearchedGame>,
    request: GameRequest,
) -> Result<&xiangqi::Game, XqError> {
    let what = "search";
    let reusable = last
        .as_ref()
        .is_some_and(|l| l.fen == request.fen && *l.game.options() == request.options);
    if !reusable {
        *last = None;
    }
    let kept = match last {
        Some(kept) => kept,
        None => {
            let start = match &request.fen {
                None => Position::new(),
                Some(text) => Position::from_fen(text)?,
            };
            last.insert(SearchedGame {
                game: xiangqi::Game::with_options(start, request.options)?,
                fen: request.fen,
            })
        }
    };
    let game = &mut kept.game;
    let moves = &request.moves;
    let list = if is_absent(moves) {
        None
    } else {
        let list = moves.dyn_ref::<Array>().ok_or_else(|| {
            XqError::argument(format!(
                "{what}: moves must be an array of ICCS strings, got {}",
                type_name(moves)
            ))
        })?;
        if list.length() > MAX_MOVES {
            return Err(XqError::argument(format!(
                "{what}: more than {MAX_MOVES} moves"
            )));
        }
        Some(list)
    };
    // Moves equal to the kept game's are skipped; from the first that differs, the rest of the kept game is
    // taken back and the new moves are played.
    let mut same = 0;
    let mut diverged = false;
    for v in list.iter().flat_map(|l| l.iter()) {
        let m = move_arg(&v)?;
        if !diverged && game.history().get(same).is_some_and(|p| p.mv == m) {
            same += 1;
            continue;
        }
        if !diverged {
            diverged = true;
            while game.history().len() > same {
                game.undo();
            }
        }
        game.play(m)?;
    }
    if !diverged {
        while game.history().len() > same {
            game.undo();
        }
    }
    Ok(game)
}

#[wasm_bindgen]
impl Engine {
    /// `new Engine({ hashMb? })`: a 16 MiB table unless told otherwise (1..256). Throws `ERR_OPTIONS`.
    #[wasm_bindgen(constructor, skip_typescript)]
    pub fn new(options: JsValue) -> Result<Engine, XqError> {
        let [hash_mb] = options_arg(&options, "new Engine", ["hashMb"])?;
        let mb = int_option(&hash_mb, "new Engine", "hashMb", 1..=MAX_HASH_MB)?.unwrap_or(16);
        Ok(Engine {
            inner: xiangqi_engine::Engine::new(mb as usize),
            last: None,
            started_at: 0.0,
            analysis: None,
            #[cfg(feature = "wasm-nnue")]
            network: None,
        })
    }

    /// Forgets the table and history (a new game).
    #[wasm_bindgen(js_name = newGame, skip_typescript)]
    pub fn new_game(&mut self) {
        self.inner.new_game();
    }

    /// `engine.search(game, limits?, onProgress?)` or `engine.search(fen | null, moves, limits?,
    /// onProgress?)`.
    #[wasm_bindgen(skip_typescript)]
    pub fn search(
        &mut self,
        position: JsValue,
        a: JsValue,
        b: JsValue,
        c: JsValue,
    ) -> Result<JsValue, JsValue> {
        let is_game = position.is_object() && !Array::is_array(&position);
        let (moves, limits, on_progress) = if is_game {
            (JsValue::UNDEFINED, a, b)
        } else {
            (a, b, c)
        };
        let req = search_request(&limits, "search")?;
        let game = sync_game(&mut self.last, game_request(&position, &moves)?)?;
        run(&mut self.inner, game, &req, &on_progress)
    }

    /// `engine.start(game, limits?)`: starts a search of `game` as it is now (its position, history, rule
    /// set and move limit, taken once), to be run by `step` in slices. Replaces a search under way.
    #[wasm_bindgen(skip_typescript)]
    pub fn start(&mut self, game: &Game, limits: JsValue) -> Result<(), XqError> {
        let req = search_request(&limits, "start")?;
        self.analysis = None;
        self.inner.set_options(req.options);
        self.inner.start(game.rules_game(), req.limits);
        self.started_at = date_now();
        Ok(())
    }

    /// `engine.step(sliceMs?, onProgress?)`: goes on with the search `start` began for at most `sliceMs`
    /// milliseconds (default: to its end); its `Hint` when it is over, `null` when the slice ended first.
    /// Throws `ERR_NO_SEARCH` when no search is under way.
    #[wasm_bindgen(skip_typescript)]
    pub fn step(&mut self, slice_ms: JsValue, on_progress: JsValue) -> Result<JsValue, JsValue> {
        let slice = if is_absent(&slice_ms) {
            Slice::ALL
        } else {
            Slice::millis(int_arg(&slice_ms, "step", "sliceMs", 1..=86_400_000)?)
        };
        let callback = progress_callback(&on_progress, "step")?;
        if !self.inner.is_searching() {
            return Err(no_search("step").into());
        }
        let clock = DateClock(self.started_at);
        let inner = &mut self.inner;
        let step = with_progress(callback, |stop, on_info| {
            inner.step(slice, &clock, stop, on_info)
        })?;
        Ok(match step {
            Step::Done(r) => hint_js(&r),
            Step::Running | Step::Idle => JsValue::NULL,
        })
    }

    /// `engine.stop()`: ends the search under way now and returns its best move so far (`null` when no
    /// search is under way).
    #[wasm_bindgen(skip_typescript)]
    pub fn stop(&mut self) -> JsValue {
        let clock = DateClock(self.started_at);
        match self.inner.stop(&clock) {
            Some(r) => hint_js(&r),
            None => JsValue::NULL,
        }
    }

    /// `engine.analyse(game, options?, onProgress?)`: how good was each move of `game` (see
    /// [`xiangqi_engine::analysis`]); `onProgress(move, done, total)` after each analysed move. If it throws,
    /// the analysis stops and the exception propagates. Throws `ERR_OPTIONS`.
    #[wasm_bindgen(skip_typescript)]
    pub fn analyse(
        &mut self,
        game: &Game,
        options: JsValue,
        on_progress: JsValue,
    ) -> Result<JsValue, JsValue> {
        let options = analysis_options(&options, "analyse")?;
        let callback = progress_callback(&on_progress, "analyse")?;
        self.analysis = None;
        self.inner.cancel();
        let mut a = Analysis::new(game.rules_game(), options);
        run_analysis(&mut self.inner, &mut a, None, callback)?;
        Ok(analysis_js(&a.report()))
    }

    /// `engine.startAnalysis(game, options?)`: starts an analysis of `game` as it is now, to be run by
    /// `stepAnalysis`. Replaces a search or an analysis under way. Throws `ERR_OPTIONS`.
    #[wasm_bindgen(js_name = startAnalysis, skip_typescript)]
    pub fn start_analysis(&mut self, game: &Game, options: JsValue) -> Result<(), XqError> {
        let options = analysis_options(&options, "startAnalysis")?;
        self.inner.cancel();
        self.analysis = Some(Analysis::new(game.rules_game(), options));
        Ok(())
    }

    /// `engine.stepAnalysis(sliceMs?, onProgress?)`: analyses positions for about `sliceMs` milliseconds (at
    /// least one position; default: to the end); the `Analysis` when it is over, `null` otherwise. Throws
    /// `ERR_NO_SEARCH` when no analysis is under way.
    #[wasm_bindgen(js_name = stepAnalysis, skip_typescript)]
    pub fn step_analysis(
        &mut self,
        slice_ms: JsValue,
        on_progress: JsValue,
    ) -> Result<JsValue, JsValue> {
        let slice = if is_absent(&slice_ms) {
            None
        } else {
            Some(int_arg(
                &slice_ms,
                "stepAnalysis",
                "sliceMs",
                1..=86_400_000,
            )?)
        };
        let callback = progress_callback(&on_progress, "stepAnalysis")?;
        let Some(mut a) = self.analysis.take() else {
            return Err(no_search("stepAnalysis").into());
        };
        let outcome = run_analysis(&mut self.inner, &mut a, slice, callback);
        let done = a.is_done();
        let result = if done {
            analysis_js(&a.report())
        } else {
            JsValue::NULL
        };
        if !done && outcome.is_ok() {
            self.analysis = Some(a);
        }
        outcome.map(|()| result)
    }

    /// `engine.stopAnalysis()`: cancels the analysis under way and returns what it analysed, flagged
    /// `cancelled` (`null` when no analysis is under way).
    #[wasm_bindgen(js_name = stopAnalysis, skip_typescript)]
    pub fn stop_analysis(&mut self) -> JsValue {
        match self.analysis.take() {
            Some(mut a) => {
                a.cancel();
                self.inner.cancel();
                analysis_js(&a.report())
            }
            None => JsValue::NULL,
        }
    }
}

/// `ERR_NO_SEARCH`: `step` with no search under way.
fn no_search(what: &str) -> XqError {
    XqError::new(
        "ERR_NO_SEARCH",
        format!("{what}: no search under way (start one with engine.start(game, limits))"),
    )
}

/// `AnalyseOptions`: `{ depth?, nodes?, timeMs?, from?, to?, side?, network? }`.
fn analysis_options(v: &JsValue, what: &str) -> Result<AnalysisOptions, XqError> {
    let [depth, nodes, time_ms, from, to, side, network] = options_arg(
        v,
        what,
        ["depth", "nodes", "timeMs", "from", "to", "side", "network"],
    )?;
    let depth = int_option(&depth, what, "depth", 1..=64)?;
    let nodes = int_option(&nodes, what, "nodes", 1..=1_000_000_000_000_000)?;
    let time_ms = int_option(&time_ms, what, "timeMs", 1..=86_400_000)?;
    let from = int_option(&from, what, "from", 1..=100_000)?;
    let to = int_option(&to, what, "to", 1..=100_000)?;
    let side = string_option(&side, what, "side", &["red", "black"])?;
    let mut o = AnalysisOptions::default();
    if depth.is_some() || nodes.is_some() || time_ms.is_some() {
        let mut limits = time_ms.map_or_else(Limits::default, Limits::movetime);
        limits.depth = depth.map(|d| d as u32);
        limits.nodes = nodes;
        o.limits = limits;
    }
    if let Some(f) = from {
        o.from = f as usize;
    }
    if let Some(t) = to {
        if (t as usize) < o.from {
            return Err(XqError::options(format!(
                "{what}: option to must not be below from ({}), got {t}",
                o.from
            )));
        }
        o.to = Some(t as usize);
    }
    o.side = side.map(|s| if s == "red" { Color::Red } else { Color::Black });
    o.use_network = bool_option(&network, what, "network", true)?;
    Ok(o)
}

/// Runs `a` until it is over, or, with `slice_ms`, until that many milliseconds have passed (after at least
/// one position), calling `callback(move, done, total)` for each analysed move. If the callback throws, the
/// analysis is cancelled and the exception returned.
fn run_analysis(
    engine: &mut xiangqi_engine::Engine,
    a: &mut Analysis,
    slice_ms: Option<u64>,
    callback: Option<&Function>,
) -> Result<(), JsValue> {
    let started = date_now();
    let total = JsValue::from(a.len() as f64);
    let stop = AtomicBool::new(false);
    loop {
        let clock = DateClock(date_now());
        match a.step(engine, &clock, &stop) {
            AnalysisStep::Done => return Ok(()),
            AnalysisStep::Searched => {}
            AnalysisStep::Move(m) => {
                if let Some(cb) = callback {
                    let args = (move_js(&m), JsValue::from(a.analysed() as f64));
                    if let Err(e) = cb.call3(&JsValue::NULL, &args.0, &args.1, &total) {
                        a.cancel();
                        return Err(e);
                    }
                }
            }
        }
        if slice_ms.is_some_and(|ms| date_now() - started >= ms as f64) {
            return Ok(());
        }
    }
}

/// `{ cp }`, `{ mate }` (Red's view), or `{ winner }` for a finished position.
#[derive(Serialize)]
struct ValueDto {
    #[serde(skip_serializing_if = "Option::is_none")]
    cp: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mate: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<Option<&'static str>>,
}

fn value(v: Value) -> ValueDto {
    match v {
        Value::Score(s) => {
            let ScoreDto { cp, mate } = score(s);
            ValueDto {
                cp,
                mate,
                winner: None,
            }
        }
        Value::Over(w) => ValueDto {
            cp: None,
            mate: None,
            winner: Some(w.map(Color::name)),
        },
    }
}

/// One analysed move (`AnalysedMove`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MoveDto {
    ply: usize,
    #[serde(rename = "move")]
    mv: String,
    color: &'static str,
    before: ValueDto,
    after: ValueDto,
    expected_before: f64,
    expected_after: f64,
    best: Option<String>,
    pv: Vec<String>,
    loss: f64,
    classification: &'static str,
    accuracy: f64,
    depth: u32,
    nodes: f64,
}

/// A side's summary (`SideAnalysis`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SideDto {
    moves: usize,
    accuracy: Option<f64>,
    mean_loss: Option<f64>,
    best: usize,
    good: usize,
    inaccuracy: usize,
    mistake: usize,
    blunder: usize,
}

/// The analysis of a game (`Analysis`).
#[derive(Serialize)]
struct AnalysisDto {
    moves: Vec<MoveDto>,
    red: SideDto,
    black: SideDto,
    cancelled: bool,
}

/// Rounds an expected score or a loss to 4 decimals, an accuracy to 1: what a reader needs, and short JSON.
fn round(x: f64, places: i32) -> f64 {
    let f = 10f64.powi(places);
    (x * f).round() / f
}

fn move_dto(m: &MoveAnalysis) -> MoveDto {
    MoveDto {
        ply: m.ply,
        mv: m.mv.to_string(),
        color: m.color.name(),
        before: value(m.before),
        after: value(m.after),
        expected_before: round(m.before.expected_with(m.scale), 4),
        expected_after: round(m.after.expected_with(m.scale), 4),
        best: m.best.map(|b| b.to_string()),
        pv: texts(&m.pv),
        loss: round(m.loss, 4),
        classification: m.class.code(),
        accuracy: round(m.accuracy, 1),
        depth: m.depth,
        nodes: m.nodes as f64,
    }
}

fn move_js(m: &MoveAnalysis) -> JsValue {
    to_js(&move_dto(m))
}

fn side_dto(s: &SideSummary) -> SideDto {
    SideDto {
        moves: s.moves,
        accuracy: s.accuracy.map(|a| round(a, 1)),
        mean_loss: s.mean_loss.map(|l| round(l, 4)),
        best: s.count(Class::Best),
        good: s.count(Class::Good),
        inaccuracy: s.count(Class::Inaccuracy),
        mistake: s.count(Class::Mistake),
        blunder: s.count(Class::Blunder),
    }
}

fn analysis_js(a: &GameAnalysis) -> JsValue {
    to_js(&AnalysisDto {
        moves: a.moves.iter().map(move_dto).collect(),
        red: side_dto(&a.red),
        black: side_dto(&a.black),
        cancelled: a.cancelled,
    })
}

/// What `engine.loadNetwork` and `engine.network()` say of a net.
#[cfg(feature = "wasm-nnue")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NetworkDto {
    /// `"psq"` or `"palace"`.
    features: &'static str,
    ft: usize,
    l1: usize,
    /// The file's FNV-1a 64, 16 hex digits (as the trainer's log and provenance print it).
    checksum: String,
}

/// The longest net file `loadNetwork` reads (a palace 512 × 64 net is about 7.8 MB).
#[cfg(feature = "wasm-nnue")]
const MAX_NET_BYTES: usize = 16 << 20;

#[cfg(feature = "wasm-nnue")]
#[wasm_bindgen]
impl Engine {
    /// `engine.loadNetwork(bytes)`: evaluates with the net file `bytes` (a `Uint8Array` or an `ArrayBuffer`)
    /// from the next search on, and clears the table (its scores were the other evaluation's). A file that
    /// cannot be used throws `ERR_NET_MAGIC`, `ERR_NET_VERSION`, `ERR_NET_FEATURES`, `ERR_NET_SHAPE`,
    /// `ERR_NET_TRUNCATED` or `ERR_NET_CHECKSUM`, and the engine is as it was (the hand-tuned evaluation, or the
    /// net loaded before); not bytes: `ERR_ARGUMENT`.
    #[wasm_bindgen(js_name = loadNetwork, skip_typescript)]
    pub fn load_network(&mut self, bytes: JsValue) -> Result<JsValue, XqError> {
        let data = if let Some(a) = bytes.dyn_ref::<js_sys::Uint8Array>() {
            (a.length() as usize <= MAX_NET_BYTES).then(|| a.to_vec())
        } else if let Some(b) = bytes.dyn_ref::<js_sys::ArrayBuffer>() {
            (b.byte_length() as usize <= MAX_NET_BYTES).then(|| js_sys::Uint8Array::new(b).to_vec())
        } else {
            return Err(XqError::argument(format!(
                "loadNetwork: expected the net file's bytes (a Uint8Array or an ArrayBuffer), got {}",
                type_name(&bytes)
            )));
        };
        let Some(data) = data else {
            return Err(XqError::new(
                "ERR_NET_SHAPE",
                format!("loadNetwork: more than {MAX_NET_BYTES} bytes, larger than any net this build reads"),
            ));
        };
        let net = xiangqi_engine::nnue::Network::from_bytes(&data)
            .map_err(|e| XqError::new(e.code(), format!("loadNetwork: {e}")))?;
        let info = network_dto(&net, &data);
        self.inner.set_network(Some(std::sync::Arc::new(net)));
        self.inner.new_game();
        let js = to_js(&info);
        self.network = Some(info);
        Ok(js)
    }

    /// `engine.unloadNetwork()`: the hand-tuned evaluation from the next search on (the table cleared).
    #[wasm_bindgen(js_name = unloadNetwork, skip_typescript)]
    pub fn unload_network(&mut self) {
        if self.network.take().is_some() {
            self.inner.set_network(None);
            self.inner.new_game();
        }
    }

    /// `engine.network()`: the net the engine evaluates with (`{ features, ft, l1, checksum }`), or `null` (the
    /// hand-tuned evaluation).
    #[wasm_bindgen(skip_typescript)]
    pub fn network(&self) -> JsValue {
        self.network.as_ref().map_or(JsValue::NULL, to_js)
    }
}

#[cfg(feature = "wasm-nnue")]
fn network_dto(net: &xiangqi_engine::nnue::Network, file: &[u8]) -> NetworkDto {
    use xiangqi_engine::nnue::{data::fnv1a64, FeatureSet};
    NetworkDto {
        features: match net.features() {
            FeatureSet::PieceSquare => "psq",
            FeatureSet::PalaceBuckets => "palace",
        },
        ft: net.ft_size(),
        l1: net.l1_size(),
        checksum: format!("{:016x}", fnv1a64(file)),
    }
}
