//! `xiangqi uci`: the UCI protocol on stdin / stdout. The library's `UciSession` is text in, text out; the
//! threads (a search runs on its own, so that `stop` is read meanwhile) and the wall clock live here.

use crate::wall_clock::InstantClock;
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;
use xiangqi_engine::uci::{Action, UciSession};

/// `xiangqi uci`: reads commands from stdin; a search runs on its own thread so that `stop` and `isready`
/// are answered while it runs.
pub fn uci_loop() -> Result<(), String> {
    let stdin = std::io::stdin();
    let stop = Arc::new(AtomicBool::new(false));
    let mut session = Some(UciSession::new());
    let mut worker: Option<std::thread::JoinHandle<UciSession>> = None;
    let mut print = |l: &str| println!("{l}");
    let join = |w: &mut Option<std::thread::JoinHandle<UciSession>>, s: &mut Option<UciSession>| {
        if let Some(h) = w.take() {
            *s = Some(h.join().unwrap_or_else(|_| UciSession::new()));
        }
    };
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let cmd = line.split_whitespace().next().unwrap_or("");
        if worker.as_ref().is_some_and(|h| h.is_finished()) {
            join(&mut worker, &mut session);
        }
        if worker.is_some() {
            match cmd {
                "stop" => {
                    stop.store(true, Ordering::Relaxed);
                    join(&mut worker, &mut session);
                    continue;
                }
                "quit" => {
                    stop.store(true, Ordering::Relaxed);
                    join(&mut worker, &mut session);
                    return Ok(());
                }
                "isready" => {
                    print("readyok");
                    continue;
                }
                _ => join(&mut worker, &mut session),
            }
        }
        let Some(s) = session.as_mut() else {
            continue;
        };
        match s.handle(&line, &mut print) {
            Action::Go(limits) => {
                stop.store(false, Ordering::Relaxed);
                let mut s = session.take().unwrap_or_default();
                let stop = Arc::clone(&stop);
                worker = Some(std::thread::spawn(move || {
                    let clock = InstantClock(Instant::now());
                    s.go(&limits, &clock, &stop, &mut |l| println!("{l}"));
                    s
                }));
            }
            Action::Quit => return Ok(()),
            Action::Stop | Action::None => {}
        }
    }
    // End of input: let a running search finish (an infinite one is stopped).
    stop.store(true, Ordering::Relaxed);
    join(&mut worker, &mut session);
    Ok(())
}
