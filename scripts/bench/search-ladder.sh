#!/usr/bin/env bash
# Self-play ladder: depth d+1 against depth d, every opening of `xiangqi match` with both colours.
# Usage: scripts/bench/search-ladder.sh [FROM_DEPTH] [TO_DEPTH]   (default 3 6)
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --quiet
for d in $(seq "${1:-3}" "${2:-6}"); do
  echo "== depth $((d + 1)) (A) vs depth $d (B)"
  ./target/release/xiangqi match --a-depth $((d + 1)) --b-depth "$d" | tail -1
done
