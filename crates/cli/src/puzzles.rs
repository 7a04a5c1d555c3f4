//! `xiangqi make-puzzles`: mate exercises taken from recorded games (`xiangqi match --record`), proved by the
//! exhaustive [`MateProver`], written as JSON for the app's Puzzles section (docs/app.md, *Puzzles*).
//!
//! For each game, the positions are read backwards from its end: while the side that moves in them still
//! forces mate within `--max-moves` of its own moves, the position is a candidate, and the earliest candidate
//! that is not trivial is the game's exercise (one a game: the later positions of the same mate are parts of
//! it). Trivial is: more than `--max-first` first moves that mate within the exercise's length, or a mate in 1
//! when `--min-moves` is above 1. The solution line is the game's own where it is a shortest line (the
//! winner's move mates as fast as possible, the loser's reply holds out longest), else the prover's. Each
//! exercise records whether its first move is the only one, and the other first moves otherwise.

use crate::args::num;
use crate::record_line;
use std::fmt::Write as _;
use xiangqi::{Move, Position};
use xiangqi_engine::mate::{Defence, MateProver};

/// One exercise.
#[derive(Debug, Clone, PartialEq)]
pub struct Puzzle {
    /// The position (the side to move is the solver).
    pub fen: String,
    /// The solver's moves to mate.
    pub mate_in: u32,
    /// The solution: solver's and defender's moves alternating, ending in mate.
    pub line: Vec<Move>,
    /// The other first moves that also mate within `mate_in` (empty: the first move is unique).
    pub alternatives: Vec<Move>,
    /// The game (from 1, in the order read) and the ply (from 0) of the position.
    pub game: usize,
    /// The ply of the game at which the position stood.
    pub ply: usize,
    /// How many of the solution's moves are the game's own.
    pub from_game: usize,
}

/// What counts as an exercise.
#[derive(Debug, Clone, Copy)]
pub struct Criteria {
    /// Shortest mate accepted, in the solver's moves.
    pub min_moves: u32,
    /// Longest mate looked for.
    pub max_moves: u32,
    /// At most this many first moves may mate within the exercise's length.
    pub max_first: usize,
    /// The prover's node budget per question (a position over it is skipped).
    pub node_limit: u64,
}

impl Default for Criteria {
    fn default() -> Criteria {
        Criteria {
            min_moves: 1,
            max_moves: 4,
            max_first: 3,
            node_limit: 3_000_000,
        }
    }
}

/// The positions of a recorded game (`START_FEN moves M… result R`) and the moves played from them.
fn replay(line: &str) -> Result<(Vec<Position>, Vec<Move>), String> {
    let (fen, moves, _) = record_line::split(line);
    let mut pos = Position::from_fen(fen.trim()).map_err(|e| format!("{e}: {fen:?}"))?;
    let mut positions = vec![pos.clone()];
    let mut played = Vec::new();
    for text in moves.split_whitespace() {
        let m: Move = text
            .parse()
            .ok()
            .filter(|&m| pos.is_legal(m))
            .ok_or_else(|| format!("illegal move {text}"))?;
        pos.play_unchecked(m);
        positions.push(pos.clone());
        played.push(m);
    }
    Ok((positions, played))
}

/// The shortest mate of the side to move within `max`, or `None` (also when the prover gave up).
fn shortest(prover: &mut MateProver, pos: &Position, max: u32) -> Option<u32> {
    prover.reset_count();
    let n = prover.shortest_mate(pos, max);
    if prover.gave_up() {
        None
    } else {
        n
    }
}

/// A shortest line from `pos` (the solver to move, mate in exactly `n`), following `game` (the moves played
/// from `pos` on) while they are shortest. Returns the line and how many of its moves are the game's.
fn solution(
    prover: &mut MateProver,
    pos: &Position,
    n: u32,
    game: &[Move],
) -> Option<(Vec<Move>, usize)> {
    let mut p = pos.clone();
    let mut line = Vec::new();
    let mut following = true;
    let mut from_game = 0;
    for left in (1..=n).rev() {
        prover.reset_count();
        let good = prover.mating_moves(&p, left);
        let wanted = game
            .get(line.len())
            .copied()
            .filter(|m| following && good.contains(m));
        let m = wanted.or_else(|| good.first().copied())?;
        following &= wanted.is_some();
        from_game += usize::from(wanted.is_some());
        p.play_unchecked(m);
        line.push(m);
        if left == 1 {
            break;
        }
        prover.reset_count();
        let Defence::Stubborn { reply, mate_in } = prover.defend(&p, left - 1) else {
            return None;
        };
        if prover.gave_up() || mate_in != left - 1 {
            return None;
        }
        let theirs = game.get(line.len()).copied().filter(|&r| {
            if !following || !p.is_legal(r) {
                return false;
            }
            let mut q = p.clone();
            q.play_unchecked(r);
            shortest(prover, &q, left - 1) == Some(left - 1)
        });
        following &= theirs.is_some();
        from_game += usize::from(theirs.is_some());
        let r = theirs.unwrap_or(reply);
        p.play_unchecked(r);
        line.push(r);
    }
    p.legal_moves().is_empty().then_some((line, from_game))
}

/// The exercise of one game, if it has one.
pub fn game_puzzle(
    prover: &mut MateProver,
    record: &str,
    game_no: usize,
    c: &Criteria,
) -> Result<Option<Puzzle>, String> {
    let (positions, played) = replay(record)?;
    // The positions of the final mating stretch, latest first: the winner to move and still mating.
    let mut stretch = Vec::new();
    let last = positions.len() - 1;
    if !positions[last].legal_moves().is_empty() {
        return Ok(None); // the game did not end in mate
    }
    let mut ply = last;
    while ply >= 1 {
        ply -= 1;
        let pos = &positions[ply];
        if (last - ply) % 2 == 0 {
            continue; // the loser to move
        }
        match shortest(prover, pos, c.max_moves) {
            Some(n) => stretch.push((ply, n)),
            None => break,
        }
        if ply == 0 {
            break;
        }
    }
    for &(ply, n) in stretch.iter().rev() {
        if n < c.min_moves {
            continue;
        }
        let pos = &positions[ply];
        prover.reset_count();
        let first = prover.mating_moves(pos, n);
        if prover.gave_up() || first.len() > c.max_first {
            continue;
        }
        let Some((line, from_game)) = solution(prover, pos, n, &played[ply..]) else {
            continue;
        };
        let alternatives = first.iter().copied().filter(|&m| m != line[0]).collect();
        return Ok(Some(Puzzle {
            fen: pos.fen(),
            mate_in: n,
            line,
            alternatives,
            game: game_no,
            ply,
            from_game,
        }));
    }
    Ok(None)
}

fn json_moves(moves: &[Move]) -> String {
    let items: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
    format!("[{}]", items.join(", "))
}

/// The exercise's title in English and in Chinese: the mate's length and where it comes from.
pub fn titles(p: &Puzzle) -> (String, String) {
    let fullmove: u32 = p
        .fen
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let zh_n = ["一", "两", "三", "四", "五", "六"][(p.mate_in.clamp(1, 6) - 1) as usize];
    (
        format!(
            "Mate in {} · self-play game {}, move {}",
            p.mate_in, p.game, fullmove
        ),
        format!("{zh_n}步杀 · 自对弈第 {} 局第 {} 回合", p.game, fullmove),
    )
}

/// The set as JSON: `{ "about": …, "command": …, "puzzles": [{ id, title, titleZh, fen, mateIn, solution,
/// unique, alternatives, game, ply, fromGame }] }`.
pub fn to_json(puzzles: &[Puzzle], about: &str, command: &str) -> String {
    let mut out = String::from("{\n");
    let _ = writeln!(out, "  \"about\": \"{}\",", about.replace('"', "'"));
    let _ = writeln!(out, "  \"command\": \"{}\",", command.replace('"', "'"));
    out += "  \"puzzles\": [\n";
    for (i, p) in puzzles.iter().enumerate() {
        let _ = write!(
            out,
            "    {{ \"id\": {}, \"title\": \"{}\", \"titleZh\": \"{}\", \"fen\": \"{}\", \"mateIn\": {}, \"solution\": {}, \"unique\": {}, \"alternatives\": {}, \"game\": {}, \"ply\": {}, \"fromGame\": {} }}",
            i + 1,
            titles(p).0,
            titles(p).1,
            p.fen,
            p.mate_in,
            json_moves(&p.line),
            p.alternatives.is_empty(),
            json_moves(&p.alternatives),
            p.game,
            p.ply,
            p.from_game
        );
        out += if i + 1 < puzzles.len() { ",\n" } else { "\n" };
    }
    out += "  ]\n}\n";
    out
}

/// `xiangqi make-puzzles FILE… [--min-moves N] [--max-moves N] [--max-first N] [--count N] [--out FILE]`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut files = Vec::new();
    let mut c = Criteria::default();
    let mut count = 30;
    let mut out = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--min-moves" => c.min_moves = num::<u32>(&mut it, arg)?.clamp(1, 6),
            "--max-moves" => c.max_moves = num::<u32>(&mut it, arg)?.clamp(1, 6),
            "--max-first" => c.max_first = num::<usize>(&mut it, arg)?.max(1),
            "--count" => count = num::<usize>(&mut it, arg)?.max(1),
            "--out" => out = Some(it.next().ok_or("--out needs a file")?.clone()),
            a if a.starts_with("--") => {
                return Err(format!("make-puzzles: unknown argument {a:?}"))
            }
            file => files.push(file.to_string()),
        }
    }
    if files.is_empty() {
        return Err("usage: xiangqi make-puzzles GAMES… [--min-moves N] [--max-moves N] [--max-first N] [--count N] [--out FILE] (GAMES: xiangqi match --record)".into());
    }
    let mut prover = MateProver::with_limits(c.node_limit, 2_000_000);
    let mut found = Vec::new();
    let mut game_no = 0;
    let mut seen = std::collections::HashSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            game_no += 1;
            if let Some(p) = game_puzzle(&mut prover, line, game_no, &c)
                .map_err(|e| format!("{file}: game {game_no}: {e}"))?
            {
                // The same position (counters aside) twice is one exercise.
                let key: Vec<&str> = p.fen.split(' ').take(2).collect();
                if seen.insert(key.join(" ")) {
                    eprintln!(
                        "game {:3} ply {:3}: mate in {} ({}), {} of the line from the game",
                        p.game,
                        p.ply,
                        p.mate_in,
                        if p.alternatives.is_empty() {
                            "unique".to_string()
                        } else {
                            format!("{} other first moves", p.alternatives.len())
                        },
                        p.from_game
                    );
                    found.push(p);
                }
            }
        }
    }
    // Easiest first; within a length, the games' order. Longer mates are kept first when there are too many.
    found.sort_by_key(|p| (std::cmp::Reverse(p.mate_in), p.game));
    found.truncate(count);
    found.sort_by_key(|p| (p.mate_in, p.game));
    let about = format!(
        "Mates from the engine's own games: {game_no} games read, {} exercises; each proved by the exhaustive MateProver (mate in {}-{}, at most {} mating first moves)",
        found.len(),
        c.min_moves,
        c.max_moves,
        c.max_first
    );
    let command = format!("xiangqi make-puzzles {}", args.join(" "));
    let json = to_json(&found, &about, &command);
    match out {
        Some(path) => std::fs::write(&path, json).map_err(|e| format!("{path}: {e}"))?,
        None => print!("{json}"),
    }
    eprintln!("{about}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_ending_in_mate_gives_its_mate_with_the_first_moves_counted() {
        // Red mates in 1 from the start FEN below: the chariot to the back rank (the docs' example position).
        let record = "9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1 moves b6d6 result 1";
        let mut prover = MateProver::new();
        let p = game_puzzle(&mut prover, record, 1, &Criteria::default())
            .unwrap()
            .unwrap();
        assert_eq!(p.mate_in, 1);
        assert_eq!(p.line[0].to_string(), "b6d6");
        assert_eq!(p.from_game, 1);
        assert_eq!(p.ply, 0);
        let json = to_json(&[p], "a", "b");
        assert!(json.contains("\"solution\": [\"b6d6\"]"), "{json}");
    }

    #[test]
    fn a_game_not_ending_in_mate_gives_nothing_and_mates_in_one_can_be_left_out() {
        let mut prover = MateProver::new();
        let drawn = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 result 0.5";
        assert_eq!(
            game_puzzle(&mut prover, drawn, 1, &Criteria::default()).unwrap(),
            None
        );
        let record = "9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1 moves b6d6 result 1";
        let c = Criteria {
            min_moves: 2,
            ..Criteria::default()
        };
        assert_eq!(game_puzzle(&mut prover, record, 1, &c).unwrap(), None);
    }
}
