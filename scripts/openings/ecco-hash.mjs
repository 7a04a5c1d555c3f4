// The ECCO classifier's position key, written once for the table builder (scripts/openings/build.mjs); the rules
// crate computes the same key in crates/rules/src/opening.rs (`key_after`), and a cargo test checks the two agree
// on the keys written into the table (every table key is reached by the training line it came from).
//
// A key names "the first three plies in order, then the rest as a multiset of each side's moves": the family of an
// ECCO code depends on the order of the first moves (炮二平五 first is a central-cannon game, 兵七进一 first a pawn
// opening even when a central cannon follows), the variation on which moves each side has played, in any order
// (transpositions merged). All arithmetic is on unsigned 32-bit integers.

/** ICCS "h2e2" -> from * 90 + to, squares numbered file * 10 + rank. */
export function moveIndex(iccs) {
  const sq = (f, r) => (f.charCodeAt(0) - 97) * 10 + (r.charCodeAt(0) - 48);
  return sq(iccs[0], iccs[1]) * 90 + sq(iccs[2], iccs[3]);
}

/** murmur3's 32-bit finaliser. */
export function mix32(x) {
  x >>>= 0;
  x ^= x >>> 16; x = Math.imul(x, 0x85ebca6b) >>> 0;
  x ^= x >>> 13; x = Math.imul(x, 0xc2b2ae35) >>> 0;
  x ^= x >>> 16;
  return x >>> 0;
}

/** The plies of the ordered prefix. */
export const PREFIX_PLIES = 3;

/** The keys after each ply of `moves` (ICCS strings), one per ply. */
export function keysOf(moves) {
  const out = [];
  let prefix = 0x811c9dc5, red = 0, black = 0;
  moves.forEach((m, i) => {
    const mv = moveIndex(m);
    if (i < PREFIX_PLIES) prefix = mix32(prefix ^ (mv + 1));
    const term = mix32(mv * 2 + (i % 2) + 1);
    if (i % 2 === 0) red = (red + term) >>> 0; else black = (black + term) >>> 0;
    out.push(mix32(prefix ^ mix32(red ^ 0x9e3779b9) ^ mix32((black + 0x7f4a7c15) >>> 0)));
  });
  return out;
}
