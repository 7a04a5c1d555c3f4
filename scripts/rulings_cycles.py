#!/usr/bin/env python3
"""Derives tests/data/rulings_cycles.jsonl from the classification tables of the rulings catalogue (markdown).

One record per repetition case: id, span_start (plies played before the span), and the per-ply
classification of one cycle for AXF and CXA: {"move", "color", "axf": [category, [targets]], "cxa": ...}.
Usage: scripts/rulings_cycles.py CATALOGUE.md > tests/data/rulings_cycles.jsonl
"""
import json
import re
import sys

text = open(sys.argv[1], encoding="utf-8").read()
sections = re.split(r"^### ", text, flags=re.M)[1:]
cat_map = {"check": "check", "mate": "mateThreat", "chase": "chase", "idle": "idle"}


def cell(c):
    c = c.strip()
    m = re.match(r"(\w+)(?:\s*\(([^)]*)\))?$", c)
    if not m:
        raise SystemExit(f"bad cell {c!r}")
    targets = [t.strip() for t in (m.group(2) or "").split(",") if t.strip()]
    return [cat_map[m.group(1)], targets]


for sec in sections:
    cid = sec.split()[0]
    if not cid.startswith("R"):
        continue
    rows = re.findall(r"^\s*\|\s*(\d+)\s*\|\s*(Red|Black) `(\w+)`\s*\|([^|]*)\|([^|]*)\|", sec, flags=re.M)
    if not rows:
        continue
    m = re.search(r"span starts after ply (\d+)", sec)
    start = int(m.group(1)) if m else 0
    plies = [
        {"move": mv, "color": color.lower(), "axf": cell(a), "cxa": cell(c)}
        for (_, color, mv, a, c) in rows
    ]
    print(json.dumps({"id": cid, "span_start": start, "cycle": plies}, ensure_ascii=False))
