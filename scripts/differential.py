#!/usr/bin/env python3
"""Differential test against Fairy-Stockfish (pyffish, in .venv-oracle/; run by scripts/differential.mjs).

Reads the games printed by the `oracle_positions` example (its command line after `--`, one JSON line per
game) and compares, for every position, this crate's legal moves, check, checkmate and stalemate with
pyffish's, perft(2) or perft(3) where the position carries one, and each game's final FEN. Prints a summary; writes every mismatch to --mismatches (JSON lines) and exits 1
if there is any.

pyffish numbers ranks 1-10 where ICCS uses 0-9 (h2e2 is h3e3), and its legal moves ignore repetitions (no
move history is given: the bare position's moves are compared). Xiangqi has no stalemate draw: a side with
no legal move loses whether in check or not, which pyffish's game_result reports as a loss for the side to
move in both cases.
"""
import argparse
import itertools
import json
import multiprocessing
import subprocess
import sys
import time

import pyffish as sf

V = "xiangqi"


def to_fsf(m):
    """ICCS h2e2 -> Fairy-Stockfish h3e3 (ranks 1-10)."""
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def fsf_perft(fen, depth, prefix=()):
    legal = sf.legal_moves(V, fen, list(prefix))
    if depth == 1:
        return len(legal)
    return sum(fsf_perft(fen, depth - 1, (*prefix, m)) for m in legal)


def board_turn(fen):
    return " ".join(fen.split(" ")[:2])


def compare_game(line):
    """Compares one game (a JSON line of the generator). Every pyffish call costs about 1.5 ms whatever it
    does (and replaying a move list in it costs more), so: one legal_moves call per position, on this crate's
    FEN of it; the check flags after each move from one get_san_moves call for the whole game ('+' / '#'
    suffixes); and one get_fen call replaying the whole game, whose result must be this crate's FEN of the
    last position (placement and side to move) -- which ties the per-position FENs to pyffish's own
    replay."""
    g = json.loads(line)
    start, played, positions = g["start"], [to_fsf(m) for m in g["played"]], g["positions"]
    out = {"source": g["source"], "n": len(positions), "bad": [], "fens": [],
           "check": 0, "checkmate": 0, "stalemate": 0, "perft2": 0, "perft3": 0}
    problems_at = {}

    def problem(i, what):
        problems_at.setdefault(i, []).append(what)

    if len(positions) not in (len(played), len(played) + 1):
        problem(0, {"what": "generator: positions and moves do not match"})
    sans = sf.get_san_moves(V, start, played, False, sf.NOTATION_SAN) if played else []
    checks = [sf.gives_check(V, start, [])] + [s.endswith(("+", "#")) for s in sans]
    for i, p in enumerate(positions):
        fen = p["fen"]
        out["fens"].append(board_turn(fen))
        ours = {to_fsf(m) for m in p["moves"]}
        theirs = set(sf.legal_moves(V, fen, []))
        if ours != theirs:
            problem(i, {"what": "legal moves", "only_ours": sorted(ours - theirs),
                        "only_fsf": sorted(theirs - ours)})
        check = checks[i]
        if check != p["check"]:
            problem(i, {"what": "check", "ours": p["check"], "fsf": check})
        out["check"] += p["check"]
        if theirs:
            fsf_status = "ongoing"
        else:
            fsf_status = "checkmate" if check else "stalemate"
            result = sf.game_result(V, fen, [])
            if result != -sf.VALUE_MATE:
                problem(i, {"what": "no-move result", "fsf_game_result": result})
        if fsf_status != p["status"]:
            problem(i, {"what": "status", "ours": p["status"], "fsf": fsf_status})
        if p["status"] != "ongoing":
            out[p["status"]] += 1
        if "perft" in p:
            depth, nodes = p["perft"]
            out[f"perft{depth}"] += 1
            fsf_nodes = fsf_perft(fen, depth)
            if fsf_nodes != nodes:
                problem(i, {"what": f"perft({depth})", "ours": nodes, "fsf": fsf_nodes})
    # The position after the last move, as FEN (placement and side to move; the counters are not compared).
    last = len(played) if len(positions) == len(played) + 1 else None
    if last is not None and played:
        fsf_fen = sf.get_fen(V, start, played)
        if board_turn(fsf_fen) != board_turn(positions[last]["fen"]):
            problem(last, {"what": "fen", "ours": positions[last]["fen"], "fsf": fsf_fen})
    for i, probs in sorted(problems_at.items()):
        out["bad"].append({"source": g["source"], "start": start, "moves": g["played"][:i],
                           "fen": positions[i]["fen"] if i < len(positions) else None, "problems": probs})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mismatches", default="target/differential-mismatches.jsonl")
    ap.add_argument("--expect", type=int, default=0, help="fail unless this many positions were compared")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    ap.add_argument("cmd", nargs=argparse.REMAINDER, help="-- generator command")
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd[:1] == ["--"] else a.cmd
    if not cmd:
        ap.error("no generator command")

    t0 = time.time()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, bufsize=1 << 20)
    n = 0
    unique = set()
    counts = {"check": 0, "checkmate": 0, "stalemate": 0, "perft2": 0, "perft3": 0}
    sources = {}
    bad = []
    next_report = 100_000
    with open(a.mismatches, "w") as mf, multiprocessing.Pool(a.jobs) as pool:
        while True:
            batch = list(itertools.islice(proc.stdout, 200))
            if not batch:
                break
            for r in pool.imap(compare_game, batch, chunksize=4):
                n += r["n"]
                unique.update(hash(f) for f in r["fens"])
                sources[r["source"]] = sources.get(r["source"], 0) + r["n"]
                for k in counts:
                    counts[k] += r[k]
                for rec in r["bad"]:
                    bad.append(rec)
                    mf.write(json.dumps(rec, ensure_ascii=False) + "\n")
                    if len(bad) <= 20:
                        print("MISMATCH", json.dumps(rec, ensure_ascii=False), flush=True)
            if n >= next_report:
                print(f"  {n} positions, {len(bad)} mismatches, {time.time() - t0:.0f} s", flush=True)
                next_report += 100_000
    rc = proc.wait()
    secs = time.time() - t0
    print(f"differential: {n} positions ({len(unique)} distinct placement+turn; "
          + ", ".join(f"{k} {v}" for k, v in sorted(sources.items())) + ")")
    print("  compared at every position: legal-move set, check, checkmate/stalemate; "
          + f"{counts['check']} in check, {counts['checkmate']} checkmates, {counts['stalemate']} stalemates; "
          + f"perft(2) on {counts['perft2']}, perft(3) on {counts['perft3']}; final FEN of every game")
    print(f"  oracle: Fairy-Stockfish {'.'.join(map(str, sf.version()))} (pyffish); {secs:.0f} s with {a.jobs} workers")
    print(f"  mismatches: {len(bad)}" + (f" (all in {a.mismatches})" if bad else ""))
    if rc != 0:
        print(f"differential: the generator exited with {rc}", file=sys.stderr)
        return 1
    if n < a.expect:
        print(f"differential: only {n} positions, expected {a.expect}", file=sys.stderr)
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
