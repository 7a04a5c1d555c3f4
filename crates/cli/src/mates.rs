//! `xiangqi mates FILE [--net FILE]`: how long the search takes to find each mate of a puzzle file.

use crate::wall_clock::InstantClock;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use xiangqi::Position;
use xiangqi_engine::{Engine, Limits};

/// Extracts a string field from one JSON-lines record (the CLI has no JSON dependency; the records are
/// flat and written by `crates/search/examples/gen_mates.rs`).
fn json_str<'a>(line: &'a str, field: &str) -> Option<&'a str> {
    let key = format!("\"{field}\":\"");
    let start = line.find(&key)? + key.len();
    let len = line[start..].find('"')?;
    Some(&line[start..start + len])
}

fn json_num(line: &str, field: &str) -> Option<i32> {
    let key = format!("\"{field}\":");
    let start = line.find(&key)? + key.len();
    let digits: String = line[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// `xiangqi mates FILE [--net NET]`: for each puzzle (`fen`, `mate_in`), the time until the search first
/// reports the exact mate distance (with the neural evaluation's net `NET`, else the hand-tuned evaluation).
pub fn mate_times(args: &[String]) -> Result<(), String> {
    let (file, net) = match args {
        [file] => (file, None),
        [file, flag, net] if flag == "--net" => (file, Some(net)),
        _ => return Err("usage: xiangqi mates FILE.jsonl [--net FILE]".into()),
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let mut engine = Engine::new(16);
    if let Some(path) = net {
        crate::args::load_net(&mut engine, path)?;
    }
    let stop = AtomicBool::new(false);
    let mut times = Vec::new();
    let mut missed = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (Some(fen), Some(n)) = (json_str(line, "fen"), json_num(line, "mate_in")) else {
            return Err(format!("{file}: record without fen/mate_in: {line}"));
        };
        let id = json_str(line, "id").unwrap_or("?");
        let pos = Position::from_fen(fen).map_err(|e| format!("{id}: {e}"))?;
        engine.new_game();
        let clock = InstantClock(Instant::now());
        let t = Instant::now();
        let mut found: Option<(f64, u32, u64)> = None;
        let limits = Limits {
            time_ms: Some(10_000),
            depth: Some(2 * n as u32 + 6),
            ..Limits::default()
        };
        engine.search_position(&pos, &limits, &clock, &stop, &mut |info| {
            if found.is_none() && info.score == xiangqi_engine::Score::Mate(n) {
                found = Some((t.elapsed().as_secs_f64() * 1000.0, info.depth, info.nodes));
            }
        });
        match found {
            Some((ms, depth, nodes)) => {
                println!("{id:28} mate in {n}: found at depth {depth:2} after {nodes:>9} nodes, {ms:8.1} ms");
                times.push((n, ms));
            }
            None => {
                missed += 1;
                println!("{id:28} mate in {n}: NOT FOUND within the limits");
            }
        }
    }
    for n in 1..=5 {
        let mut ts: Vec<f64> = times
            .iter()
            .filter(|(k, _)| *k == n)
            .map(|(_, t)| *t)
            .collect();
        if ts.is_empty() {
            continue;
        }
        ts.sort_by(f64::total_cmp);
        println!(
            "mate in {n}: {} puzzles, median {:.1} ms, max {:.1} ms",
            ts.len(),
            median(&ts),
            ts[ts.len() - 1]
        );
    }
    println!("missed: {missed}");
    Ok(())
}

/// The median of sorted, non-empty `ts`: the middle value, or the mean of the two middle values for an even
/// count (as scripts/bench/common.mjs computes it).
fn median(ts: &[f64]) -> f64 {
    let mid = ts.len() / 2;
    if ts.len() % 2 == 1 {
        ts[mid]
    } else {
        (ts[mid - 1] + ts[mid]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(super::median(&[1.0, 2.0, 9.0]), 2.0);
        assert_eq!(super::median(&[1.0, 2.0, 4.0, 9.0]), 3.0);
    }
}
