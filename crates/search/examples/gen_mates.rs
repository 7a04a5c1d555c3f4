//! Generates verified mate-in-N puzzles for `tests/data/mates.jsonl`:
//! random sparse positions, a search for a mate score, then an exhaustive proof (mate in N exists, no mate in
//! N − 1) by the independent [`MateProver`].
//!
//! `cargo run --release --example gen_mates > tests/data/mates.jsonl`

use std::sync::atomic::AtomicBool;
use xiangqi::{Board, Color, Piece, Position, Role, Setup, Square};
use xiangqi_engine::mate::MateProver;
use xiangqi_engine::{Engine, Limits, NoClock, Score};

fn splitmix(s: &mut u64) -> u64 {
    let (next, value) = xiangqi::zobrist::splitmix64(*s);
    *s = next;
    value
}

fn random_position(rng: &mut u64) -> Option<Position> {
    let mut board = Board::empty();
    let place = |board: &mut Board, p: Piece, rng: &mut u64| {
        for _ in 0..50 {
            let sq = Square::new((splitmix(rng) % 90) as u8)?;
            if board.piece_at(sq).is_none() {
                board.set(sq, Some(p));
                return Some(());
            }
        }
        None
    };
    let palace = |c: Color, rng: &mut u64| {
        let f = 3 + (splitmix(rng) % 3) as i32;
        let r = (splitmix(rng) % 3) as i32;
        Square::from_coords(f, if c == Color::Red { r } else { 9 - r })
    };
    board.set(
        palace(Color::Red, rng)?,
        Some(Piece::new(Color::Red, Role::General)),
    );
    let bk = palace(Color::Black, rng)?;
    board.set(bk, Some(Piece::new(Color::Black, Role::General)));
    let attackers = [Role::Chariot, Role::Horse, Role::Cannon, Role::Soldier];
    let n_att = 1 + splitmix(rng) % 3;
    for _ in 0..n_att {
        let role = attackers[(splitmix(rng) % 4) as usize];
        place(&mut board, Piece::new(Color::Red, role), rng)?;
    }
    for role in [Role::Advisor, Role::Elephant] {
        for c in [Color::Red, Color::Black] {
            for _ in 0..splitmix(rng) % 3 {
                place(&mut board, Piece::new(c, role), rng)?;
            }
        }
    }
    if splitmix(rng) % 2 == 0 {
        let role = attackers[(splitmix(rng) % 4) as usize];
        place(&mut board, Piece::new(Color::Black, role), rng)?;
    }
    let setup = Setup {
        board,
        turn: Color::Red,
        halfmoves: 0,
        fullmoves: 1,
    };
    Position::from_setup(setup).ok()
}

fn main() {
    let mut rng = 20261129u64;
    let mut engine = Engine::new(16);
    let stop = AtomicBool::new(false);
    // Wanted: for each N in 1..=5, one mate delivered by each of chariot, horse, cannon, soldier (the piece
    // making the last move), plus discovered mates by an advisor, elephant or general where they occur.
    let mut have = std::collections::BTreeMap::<(i32, &str), usize>::new();
    let mut count = 0;
    for _ in 0..2_000_000 {
        if count >= 48 {
            break;
        }
        let Some(pos) = random_position(&mut rng) else {
            continue;
        };
        if pos.status() != xiangqi::Status::Ongoing {
            continue;
        }
        engine.new_game();
        let mut limits = Limits::depth(9);
        limits.nodes = Some(300_000);
        let r = engine.search_position(&pos, &limits, &NoClock, &stop, &mut |_| {});
        let Score::Mate(n) = r.score else { continue };
        if !(1..=5).contains(&n) {
            continue;
        }
        // The final move of the PV and who makes it.
        if r.pv.len() != (2 * n - 1) as usize {
            continue;
        }
        let mut p = pos.clone();
        for &m in &r.pv[..r.pv.len() - 1] {
            p.play_unchecked(m);
        }
        let last = r.pv[r.pv.len() - 1];
        let mover = p.board().piece_at(last.from).map(|x| x.role);
        p.play_unchecked(last);
        if !p.is_check() {
            continue; // keep checkmates only
        }
        let checker_roles: Vec<Role> = p
            .checkers()
            .map(|s| {
                p.board()
                    .piece_at(s)
                    .map(|x| x.role)
                    .unwrap_or(Role::General)
            })
            .collect();
        let label = match mover {
            Some(Role::Chariot) => "chariot",
            Some(Role::Horse) => "horse",
            Some(Role::Cannon) => "cannon",
            Some(Role::Soldier) => "soldier",
            Some(Role::Advisor) => "advisor-discovered",
            Some(Role::Elephant) => "elephant-discovered",
            Some(Role::General) => "general",
            None => continue,
        };
        let key = (n, label);
        let want = if label.ends_with("discovered") || label == "general" {
            1
        } else {
            2
        };
        if have.get(&key).copied().unwrap_or(0) >= want {
            continue;
        }
        let mut prover = MateProver::new();
        prover.node_limit = 20_000_000;
        let exists = prover.mates_within(&pos, n as u32);
        let shorter = n > 1 && prover.mates_within(&pos, n as u32 - 1);
        if prover.gave_up() || !exists || shorter {
            eprintln!(
                "rejected {} (exists {exists}, shorter {shorter}, gave up {})",
                pos.fen(),
                prover.gave_up()
            );
            continue;
        }
        let verify_nodes = prover.nodes;
        let mut prover = MateProver::new();
        prover.node_limit = 50_000_000;
        let solutions = prover.mating_moves(&pos, n as u32);
        if prover.gave_up() {
            eprintln!("rejected {}: solutions not proved", pos.fen());
            continue;
        }
        *have.entry(key).or_default() += 1;
        count += 1;
        let checkers: Vec<&str> = checker_roles.iter().map(|r| r.name()).collect();
        println!(
            "{{\"id\":\"mate{n}-{label}-{}\",\"fen\":\"{}\",\"mate_in\":{n},\"mating_piece\":\"{label}\",\"checkers\":{:?},\"solutions\":{:?},\"pv\":{:?},\"prover_nodes\":{}}}",
            have[&key],
            pos.fen(),
            checkers,
            solutions.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            r.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            verify_nodes
        );
        eprintln!("{count}: mate in {n} by {label}");
    }
    eprintln!("{have:?}");
}
