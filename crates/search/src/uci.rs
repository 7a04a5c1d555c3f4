//! The UCI engine protocol as Pikafish speaks it for xiangqi: ICCS squares `a0`..`i9`, `position startpos |
//! fen FEN [moves ...]`, `go depth | nodes | movetime | wtime btime winc binc [movestogo] | infinite`, `stop`,
//! `setoption name Hash | MultiPV | Skill Level value V`.
//!
//! This module is text in, text out and does no I/O and no threading: [`UciSession::handle`] takes one input
//! line and writes reply lines through a callback; a `go` command comes back as [`Action::Go`] and the caller
//! runs [`UciSession::go`] (on a thread, so that `stop` can be read meanwhile). The `xiangqi uci` command
//! does exactly that.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use xiangqi_engine::uci::{Action, UciSession};
//! use xiangqi_engine::NoClock;
//!
//! let mut s = UciSession::new();
//! let mut out = Vec::new();
//! s.handle("position fen 3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1", &mut |l| out.push(l.to_string()));
//! let Action::Go(limits) = s.handle("go depth 3", &mut |l| out.push(l.to_string())) else { panic!() };
//! s.go(&limits, &NoClock, &AtomicBool::new(false), &mut |l| out.push(l.to_string()));
//! assert_eq!(out.last().unwrap(), "bestmove a1d1");
//! ```

use super::{skill, time, Engine, Limits, SearchOptions, TimeSource};
use core::sync::atomic::AtomicBool;
use xiangqi::adjudication::{Mode, Options};
use xiangqi::{Color, Game, Position};

/// Default table size in MiB.
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest accepted table size in MiB.
pub const MAX_HASH_MB: usize = 1024;

/// What the caller must do after [`UciSession::handle`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Nothing more.
    None,
    /// Start a search with these limits (call [`UciSession::go`]).
    Go(Limits),
    /// Stop the running search (raise the stop flag).
    Stop,
    /// Stop and exit.
    Quit,
}

/// The protocol state: an engine, the current game and the options.
#[derive(Debug)]
pub struct UciSession {
    engine: Engine,
    /// The position the GUI gave last, or `None` after a `position` command that could not be followed:
    /// then `go` answers `bestmove (none)` rather than search a position the GUI did not give.
    game: Option<Game>,
    hash_mb: usize,
}

impl Default for UciSession {
    fn default() -> UciSession {
        UciSession::new()
    }
}

/// A game from `start` in analysis mode (play may go on after an ending), with the other options at their
/// defaults.
fn analysis_game(start: Position) -> Game {
    let mut game = Game::new(start);
    let options = Options {
        mode: Mode::Analysis,
        ..Options::default()
    };
    // The default options with analysis mode are valid; were they refused, the game would keep its default
    // mode on the same position.
    let accepted = game.set_options(options).is_ok();
    debug_assert!(accepted, "analysis mode with default options is valid");
    game
}

impl UciSession {
    /// A session with a [`DEFAULT_HASH_MB`] table, at the start position.
    pub fn new() -> UciSession {
        UciSession {
            engine: Engine::new(DEFAULT_HASH_MB),
            game: Some(analysis_game(Position::new())),
            hash_mb: DEFAULT_HASH_MB,
        }
    }

    /// The current game (after the last `position` command), `None` if that command was refused.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Handles one input line; writes replies through `out` (one line per call, no newline).
    pub fn handle(&mut self, line: &str, out: &mut dyn FnMut(&str)) -> Action {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else {
            return Action::None;
        };
        let args = &tokens[1..];
        match cmd {
            "uci" => {
                out(&format!(
                    "id name xiangqi-wasm {}",
                    env!("CARGO_PKG_VERSION")
                ));
                out("id author the xiangqi-wasm authors");
                out(&format!(
                    "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
                ));
                out("option name Clear Hash type button");
                out("option name MultiPV type spin default 1 min 1 max 128");
                out("option name Skill Level type spin default 20 min -10 max 20");
                out("option name UCI_Variant type combo default xiangqi var xiangqi");
                out("uciok");
                Action::None
            }
            "isready" => {
                out("readyok");
                Action::None
            }
            "ucinewgame" => {
                self.engine.new_game();
                self.game = Some(analysis_game(Position::new()));
                Action::None
            }
            "position" => {
                match self.position(args) {
                    Ok(game) => self.game = Some(game),
                    Err(e) => {
                        self.game = None;
                        out(&format!("info string error: {e}"));
                    }
                }
                Action::None
            }
            "setoption" => {
                if let Err(e) = self.setoption(args) {
                    out(&format!("info string error: {e}"));
                }
                Action::None
            }
            "go" => match parse_go(
                args,
                self.game
                    .as_ref()
                    .map_or(Color::Red, |g| g.position().turn()),
            ) {
                Ok(limits) => Action::Go(limits),
                Err(e) => {
                    out(&format!("info string error: {e}"));
                    Action::None
                }
            },
            "stop" => Action::Stop,
            "quit" => Action::Quit,
            "ponderhit" => Action::None,
            "d" => {
                match &self.game {
                    Some(g) => out(&format!("info string fen {}", g.position().fen())),
                    None => out("info string no position (the last position command was refused)"),
                }
                Action::None
            }
            other => {
                out(&format!("info string error: unknown command {other:?}"));
                Action::None
            }
        }
    }

    /// Runs a search on the current game and writes `info` lines and the final `bestmove`.
    pub fn go(
        &mut self,
        limits: &Limits,
        clock: &dyn TimeSource,
        stop: &AtomicBool,
        out: &mut dyn FnMut(&str),
    ) {
        let Some(game) = self.game.clone() else {
            out("info string error: no position to search (the last position command was refused)");
            out("bestmove (none)");
            return;
        };
        let result = self.engine.search(&game, limits, clock, stop, &mut |info| {
            out(&info_line(info));
        });
        match result.best_move {
            Some(m) => out(&format!("bestmove {m}")),
            None => out("bestmove (none)"),
        }
    }

    /// The game a `position` command describes; the moves are played in analysis mode, so that a game the
    /// GUI (the referee) continued past this library's own ending is still followed.
    fn position(&self, args: &[&str]) -> Result<Game, String> {
        let (start, rest) = match args.first() {
            Some(&"startpos") => (Position::new(), &args[1..]),
            Some(&"fen") => {
                let end = args
                    .iter()
                    .position(|&t| t == "moves")
                    .unwrap_or(args.len());
                let fen = args[1..end].join(" ");
                let pos = Position::from_fen(&fen).map_err(|e| format!("bad FEN {fen:?}: {e}"))?;
                (pos, &args[end..])
            }
            _ => return Err("position needs startpos or fen".into()),
        };
        let mut game = analysis_game(start);
        match rest.first() {
            None => {}
            Some(&"moves") => {
                for m in &rest[1..] {
                    game.play_iccs(m).map_err(|e| format!("move {m}: {e}"))?;
                }
            }
            Some(t) => return Err(format!("expected moves, got {t:?}")),
        }
        Ok(game)
    }

    fn setoption(&mut self, args: &[&str]) -> Result<(), String> {
        if args.first() != Some(&"name") {
            return Err("setoption needs name".into());
        }
        let vpos = args
            .iter()
            .position(|&t| t == "value")
            .unwrap_or(args.len());
        let name = args[1..vpos].join(" ").to_ascii_lowercase();
        let value = args
            .get(vpos + 1..)
            .map(|v| v.join(" "))
            .unwrap_or_default();
        let int = |lo: usize, hi: usize| -> Result<usize, String> {
            value
                .parse::<usize>()
                .ok()
                .filter(|v| (lo..=hi).contains(v))
                .ok_or_else(|| {
                    format!("option {name}: expected a number from {lo} to {hi}, got {value:?}")
                })
        };
        let mut opts: SearchOptions = self.engine.options().clone();
        match name.as_str() {
            "hash" => {
                self.hash_mb = int(1, MAX_HASH_MB)?;
                self.engine.set_hash_mb(self.hash_mb);
            }
            "clear hash" => self.engine.new_game(),
            "multipv" => opts.multi_pv = int(1, 128)?,
            "skill level" => {
                opts.skill_level = value
                    .parse::<i8>()
                    .ok()
                    .filter(|v| (skill::NOVICE_MIN..=skill::FULL).contains(v))
                    .ok_or_else(|| {
                        format!(
                            "option {name}: expected a number from {} to {}, got {value:?}",
                            skill::NOVICE_MIN,
                            skill::FULL
                        )
                    })?
            }
            "uci_variant" => {
                if value != "xiangqi" {
                    return Err(format!(
                        "only the xiangqi variant is supported, got {value:?}"
                    ));
                }
            }
            "threads" | "ponder" | "uci_chess960" => {}
            _ => return Err(format!("unknown option {name:?}")),
        }
        self.engine.set_options(opts);
        Ok(())
    }
}

/// Formats a progress report as a UCI `info` line.
pub fn info_line(info: &super::SearchInfo) -> String {
    let nps = (info.nodes * 1000).checked_div(info.time_ms).unwrap_or(0);
    let pv: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        nps,
        info.time_ms,
        pv.join(" ")
    )
}

/// Parses the arguments of `go` into limits; `turn` picks `wtime`/`winc` (Red) or `btime`/`binc` (Black).
pub fn parse_go(args: &[&str], turn: Color) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let (mut wtime, mut btime, mut winc, mut binc, mut movestogo) = (None, None, 0u64, 0u64, None);
    let mut it = args.iter();
    while let Some(&t) = it.next() {
        let mut num = |name: &str| -> Result<u64, String> {
            it.next()
                .and_then(|v| v.parse::<i64>().ok())
                .map(|v| v.max(0) as u64)
                .ok_or_else(|| format!("go {name} needs a number"))
        };
        match t {
            "depth" => limits.depth = Some(num("depth")?.clamp(1, 99) as u32),
            "nodes" => limits.nodes = Some(num("nodes")?.max(1)),
            "movetime" => {
                let (hard, soft) = time::plan_movetime(num("movetime")?);
                limits.time_ms = Some(hard);
                limits.soft_time_ms = soft;
            }
            "wtime" => wtime = Some(num("wtime")?),
            "btime" => btime = Some(num("btime")?),
            "winc" => winc = num("winc")?,
            "binc" => binc = num("binc")?,
            "movestogo" => movestogo = Some(num("movestogo")?.max(1)),
            "mate" => limits.depth = Some((num("mate")? * 2 + 1).clamp(1, 99) as u32),
            "infinite" => limits.infinite = true,
            "ponder" => {}
            other => return Err(format!("unknown go argument {other:?}")),
        }
    }
    let (time, inc) = match turn {
        Color::Red => (wtime, winc),
        Color::Black => (btime, binc),
    };
    if let Some(time) = time {
        let (hard, soft) = time::plan_clock(time, inc, movestogo);
        limits.time_ms = Some(hard);
        limits.soft_time_ms = Some(soft);
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parses_clock_for_the_side_to_move() {
        let l = parse_go(
            &["wtime", "60000", "btime", "1000", "winc", "0", "binc", "0"],
            Color::Red,
        )
        .unwrap();
        assert_eq!(l.time_ms, Some(5990));
        let l = parse_go(&["wtime", "60000", "btime", "3000"], Color::Black).unwrap();
        assert!(l.time_ms.unwrap() <= 1000);
        assert_eq!(
            parse_go(&["depth", "7"], Color::Red).unwrap().depth,
            Some(7)
        );
        assert!(parse_go(&["depth"], Color::Red).is_err());
        assert!(parse_go(&["sideways"], Color::Red).is_err());
    }
}
