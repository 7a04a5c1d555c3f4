#!/usr/bin/env node
// Builds the project's opening data from a public collection of master games, the "Chinese Chess Practical
// Dataset" (CCPD) by Yu-Han Tseng, CC BY 4.0 (https://github.com/Yvonne761/Chinese-Chess-Practical-Dataset):
//
//   crates/rules/src/opening/table.rs   the ECCO classifier's table (position key -> code) and the code names, from
//                                       the published ECCO definitions (ecco-defs.txt) and the labelled games
//   js/openings-data.json               the opening explorer's data (the package asset `xiangqi-wasm/openings-data.json`)
//   tests/data/openings/heldout.jsonl   a sample of the held-out games (code, result, first 24 plies), for the tests
//
// and prints the figures docs/openings.md quotes (ECCO agreement on the held-out games, the explorer's coverage).
//
// Usage (the collection is 71 MB, so it is not in the repository; pin the commit the data was built from; the
// options --purity, --group-purity, --min-support, --ecco-plies, --depth and --min-games change the thresholds
// docs/openings.md reports on; --no-definitions leaves out the published definitions (scripts/openings/ecco-defs.txt),
// --no-lock lets learnt entries change a code after a closed definition, --definition-agreement sets the share of
// the build half's games a closed definition's key must agree with to be kept; --no-rules leaves out the rules of
// the "m. / n." form (scripts/openings/ecco-rules.txt), --rules-after-lock lets them change a code after a closed
// definition; --rule-report prints each rule's games in the build half, without the learnt entries, and the codes
// they carry, --rule-examples RULE>CODE,… a few of those games' moves):
//   git clone https://github.com/Yvonne761/Chinese-Chess-Practical-Dataset /tmp/ccpd
//   git -C /tmp/ccpd checkout 368a47a947773dd8692c026e286dd19b6277b993
//   node scripts/build.mjs --no-www && node scripts/openings/build.mjs --ccpd /tmp/ccpd [--report FILE]
//
// The games are the folder Dataset/對局/大師對局 (master games; the same game filed under a player, an event and an
// opening is counted once: duplicates by their moves and players are dropped). One game in five is held out, chosen
// by a hash of its moves (FNV-1a % 5 == 0): the held-out games build nothing and measure everything.
import { readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { keysOf, moveIndex, PREFIX_PLIES } from './ecco-hash.mjs';
import { eccoEnglish } from './ecco-english.mjs';
import { readDefinitions } from './ecco-defs.mjs';
import { readRules, ruleFires, excludes } from './ecco-rules.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const arg = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const ccpd = arg('--ccpd');
if (!ccpd) { console.error('usage: node scripts/openings/build.mjs --ccpd DIR [--report FILE]'); process.exit(2); }
const { readRecord, Game, startFen } = await import(join(root, 'pkg', 'node.mjs'));

/** The ECCO window: the classification looks at the first 24 plies (12 moves each). */
const ECCO_PLIES = Number(arg('--ecco-plies', 24));
/** The explorer: positions up to this ply, with at least this many games. */
const EXPLORER_PLIES = Number(arg('--depth', 20));
const EXPLORER_MIN_GAMES = Number(arg('--min-games', 3));

// ---- the games ---------------------------------------------------------------------------------------------------
const folder = join(ccpd, 'Dataset', '對局', '大師對局');
const files = [];
(function walk(d) {
  for (const e of readdirSync(d).sort()) {
    const p = join(d, e);
    if (statSync(p).isDirectory()) walk(p); else if (p.endsWith('.pgn')) files.push(p);
  }
})(folder);
const START = startFen().split(' ').slice(0, 2).join(' ');
const seen = new Set();
const games = [];
let unreadable = 0, setUp = 0, duplicates = 0;
for (const f of files) {
  let r;
  try { r = readRecord(readFileSync(f)); } catch { unreadable++; continue; }
  if (r.fen.split(' ').slice(0, 2).join(' ') !== START) { setUp++; continue; }
  const moves = r.mainline.moves.map((m) => m.move);
  const key = `${moves.join(' ')}|${r.headers.Red ?? ''}|${r.headers.Black ?? ''}`;
  if (seen.has(key)) { duplicates++; continue; }
  seen.add(key);
  games.push({ moves, ecco: r.headers.ECCO ?? null, result: r.result });
}
const fnv = (s) => { let h = 0x811c9dc5; for (const c of s) { h ^= c.charCodeAt(0); h = Math.imul(h, 16777619) >>> 0; } return h; };
for (const g of games) g.heldOut = fnv(g.moves.join(' ')) % 5 === 0;
const train = games.filter((g) => !g.heldOut);
const held = games.filter((g) => g.heldOut);
console.log(`${files.length} files: ${games.length} games (${duplicates} duplicates, ${setUp} set-up starts, ${unreadable} unreadable); ` +
  `${train.length} build, ${held.length} held out`);

// ---- ECCO ------------------------------------------------------------------------------------------------------
// For every position key along the training games (first 24 plies), the code most of its games carry; then only the
// keys where a game's running classification changes are kept (a key whose code equals the code its games already
// had is implied). Classifying = walking a game's keys and keeping the last hit.
const labelled = train.filter((g) => /^[A-E]\d\d$/.test(g.ecco ?? ''));
// ECCO names an opening the same on either wing (马二进三 and 马八进七 are both 起马局): a game whose first move's
// mirror image (files a-i reversed) is the more common first move in the training games is read mirrored.
const mirrorMove = (m) => String.fromCharCode(202 - m.charCodeAt(0)) + m[1] + String.fromCharCode(202 - m.charCodeAt(2)) + m[3];
const firstCounts = new Map();
for (const g of labelled) if (g.moves[0]) firstCounts.set(g.moves[0], (firstCounts.get(g.moves[0]) ?? 0) + 1);
const MIRROR_FIRST = [...firstCounts.keys()].filter((m) => (firstCounts.get(mirrorMove(m)) ?? 0) > firstCounts.get(m)).sort();
const normal = (moves) => (moves.length && MIRROR_FIRST.includes(moves[0]) ? moves.map(mirrorMove) : moves);
const PURITY = Number(arg('--purity', 0.95));
const GROUP_PURITY = Number(arg('--group-purity', 0.95));
const MIN_SUPPORT = Number(arg('--min-support', 1));
const counts = new Map();
for (const g of labelled) {
  for (const k of keysOf(normal(g.moves).slice(0, ECCO_PLIES))) {
    let c = counts.get(k);
    if (!c) counts.set(k, (c = new Map()));
    c.set(g.ecco, (c.get(g.ecco) ?? 0) + 1);
  }
}
const majority = new Map();
for (const [k, c] of counts) {
  let best = null, n = 0;
  let total = 0;
  for (const [code, m] of c) { total += m; if (m > n || (m === n && code < best)) { best = code; n = m; } }
  if (n / total >= PURITY && total >= MIN_SUPPORT) {
    majority.set(k, best);
    continue;
  }
  // Not one code, but one group of ten (C4x): the group's most common code, marked as a group's ("C44*"): it
  // changes a game's code only when the game is not in that group already.
  if (GROUP_PURITY > 1) continue;
  const groups = new Map();
  for (const [code, m] of c) groups.set(code.slice(0, 2), (groups.get(code.slice(0, 2)) ?? 0) + m);
  const [group, gn] = [...groups].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  if (gn / total < GROUP_PURITY || total < MIN_SUPPORT) continue;
  let inGroup = null, ig = 0;
  for (const [code, m] of c) if (code.startsWith(group) && (m > ig || (m === ig && code < inGroup))) { inGroup = code; ig = m; }
  majority.set(k, `${inGroup}*`);
}
/** The code a game has after key `k`'s entry `entry` when it had `current` (a group's entry keeps a code of its group). */
const apply = (current, entry) => (entry.endsWith('*') ? (current?.slice(0, 2) === entry.slice(0, 2) ? current : entry.slice(0, 3)) : entry.slice(0, 3));
/** A published definition's entry ("C44=", or "C44!" for a leaf: no definition continues it). */
const isDefinition = (entry) => entry.endsWith('=') || entry.endsWith('!');
/** A definition the published text leaves open ("(其他)", "不包括 …"). */
const isOpen = (entry) => entry[3] === '~';
// The base definitions (scripts/openings/ecco-base.txt, hand-written from the published ECCO list): the code of the
// first plies, before the master games' own codes (which are a whole game's) are pure enough to say more.
const base = new Map();
for (const line of readFileSync(join(root, 'scripts', 'openings', 'ecco-base.txt'), 'utf8').split('\n')) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [code, ...moves] = line.trim().split(/\s+/);
  base.set(keysOf(moves).at(-1), code);
}
// The published definitions (scripts/openings/ecco-defs.txt: those written as move lines, transcribed by the
// project): the key each of their lines reaches gives the definition's code, before anything learnt. Once a game has
// reached a leaf definition (one no other definition continues), only definitions change its code: the learnt
// entries stand for the definitions the file does not have, not against the ones it has.
const USE_DEFINITIONS = !args.includes('--no-definitions');
const definitions = new Map();
if (USE_DEFINITIONS) {
  const defs = readDefinitions(readFileSync(join(root, 'scripts', 'openings', 'ecco-defs.txt'), 'utf8'), Game);
  let clashes = 0;
  // Lines with "……" (any move) come after the others and give way to them: a line whose any-move reaches another
  // definition's line (炮二平五 炮８平５ 马二进三 马８进７ "……" = 车一平二 is D10's, not D02's) is not that definition's.
  const exact = new Set(defs.filter((d) => d.wildFrom < 0).flatMap((d) => d.lines.map((l) => keysOf(normal(l)).at(-1))));
  let dropped = 0;
  for (const d of [...defs.filter((d) => d.wildFrom < 0), ...defs.filter((d) => d.wildFrom >= 0)]) {
    for (const line of d.lines) {
      const keys = keysOf(normal(line));
      if (d.wildFrom >= 0 && keys.some((k, i) => i >= d.wildFrom && exact.has(k))) { dropped++; continue; }
      const k = keys.at(-1);
      // An any-move line is kept where a game of the build half plays it (the other ~40 moves of an "……" would
      // only cost table size).
      if (d.wildFrom >= 0 && (definitions.has(k) || !counts.has(k))) continue;
      const entry = d.code + (d.open ? '~' : '') + (d.leaf && !args.includes('--no-lock') ? '!' : '=');
      const had = definitions.get(k);
      if (had && had.slice(0, 3) !== d.code) { clashes++; console.log(`definitions: ${d.code} ${d.source} reaches the key of ${had.slice(0, 3)}; kept ${had.slice(0, 3)}`); continue; }
      definitions.set(k, entry);
    }
  }
  console.log(`definitions: ${defs.length} (${defs.filter((d) => d.leaf).length} leaves), ${definitions.size} keys, ${clashes} clashes, ` +
    `${dropped} any-move lines through another definition's`);
  // Where the archive's own practice departs from a closed definition (most of the build half's games that reach
  // its key carry another code), the definition is set aside and the learnt table decides: listed in the output.
  const DEF_MIN = Number(arg('--definition-agreement', 0.5));
  const reach = new Map();
  for (const g of labelled) {
    for (const k of new Set(keysOf(normal(g.moves).slice(0, ECCO_PLIES)))) {
      if (!definitions.has(k)) continue;
      const r = reach.get(k) ?? { n: 0, agree: 0, codes: new Map() };
      r.n++;
      if (g.ecco === definitions.get(k).slice(0, 3)) r.agree++;
      r.codes.set(g.ecco, (r.codes.get(g.ecco) ?? 0) + 1);
      reach.set(k, r);
    }
  }
  const setAside = [];
  for (const [k, entry] of definitions) {
    const r = reach.get(k);
    if (isOpen(entry) || !r || r.agree / r.n >= DEF_MIN) continue;
    definitions.delete(k);
    setAside.push(`${entry.slice(0, 3)} (${r.agree} of ${r.n}; ${[...r.codes].sort((a, b) => b[1] - a[1]).slice(0, 2).map(([c, n]) => `${c} ${n}`).join(', ')})`);
  }
  console.log(`definitions set aside, the archive carrying another code (${setAside.length}): ${setAside.sort().join('; ')}`);
}
const table = new Map([...base, ...definitions]);
// The published definitions of the "m. / n. (此前可走 …)" form (scripts/openings/ecco-rules.txt): the second matcher.
// A rule gives its code (marked "#") at the ply it first holds, before the table's key of that ply, unless the game
// has a code the rule leaves out or a closed definition has decided.
const USE_RULES = USE_DEFINITIONS && !args.includes('--no-rules');
const rules = USE_RULES ? readRules(readFileSync(join(root, 'scripts', 'openings', 'ecco-rules.txt'), 'utf8'), Game) : [];
console.log(`rules: ${rules.length} (scripts/openings/ecco-rules.txt)`);
const RULES_AFTER_LOCK = args.includes('--rules-after-lock');
/** The walk of a game's keys: the code after each entry, learnt entries ignored once a leaf definition is reached. */
function walk(moves, lookup, onEntry) {
  let code = null, locked = false;
  const norm = normal(moves).slice(0, ECCO_PLIES);
  const fires = rules.map((r) => ruleFires(r, norm));
  keysOf(norm).forEach((k, i) => {
    rules.forEach((r, j) => {
      if (fires[j] !== i || excludes(r, code) || (locked && !RULES_AFTER_LOCK)) return;
      const next = `${r.code}#`;
      onEntry(null, next, code, r.code, i);
      code = r.code;
    });
    const entry = lookup(k);
    if (entry === undefined || (locked && !isDefinition(entry))) return;
    const next = apply(code, entry);
    onEntry(k, entry, code, next, i);
    if (entry.endsWith('!')) locked = true;
    code = next;
  });
  return code;
}
if (args.includes('--rule-report')) {
  // Each rule on the build half, without the learnt entries: the games whose code a rule gave last, and the codes
  // they carry (a rule most of whose games carry another code is read again against the published text).
  const per = new Map();
  let plain = 0;
  for (const g of labelled) {
    let last = null;
    const got = walk(g.moves, (k) => definitions.get(k) ?? base.get(k), (k, entry, code, next) => { if (next !== code) last = k === null ? entry : null; });
    if (got === g.ecco) plain++;
    if (!last) continue;
    const r = per.get(last) ?? new Map();
    r.set(g.ecco, (r.get(g.ecco) ?? 0) + 1);
    per.set(last, r);
    if (arg('--rule-examples', '').split(',').includes(`${last.slice(0, 3)}>${g.ecco}`) && r.get(g.ecco) <= 4) {
      console.log(`  ${last.slice(0, 3)} archive ${g.ecco}: ${normal(g.moves).slice(0, 20).join(' ')}`);
    }
  }
  console.log(`rules: the build half's agreement without the learnt entries: ${plain} of ${labelled.length} (${(100 * plain / labelled.length).toFixed(2)} %)`);
  for (const [rule, codes] of [...per].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const n = [...codes.values()].reduce((a, b) => a + b, 0);
    console.log(`rule ${rule.slice(0, 3)}: ${n} games, ${codes.get(rule.slice(0, 3)) ?? 0} agree; ${[...codes].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([c, m]) => `${c} ${m}`).join(', ')}`);
  }
}
for (const g of labelled) {
  walk(g.moves, (k) => definitions.get(k) ?? base.get(k) ?? majority.get(k), (k, entry, code, next) => {
    if (k !== null && next !== code) table.set(k, entry);
  });
}
function classify(moves) {
  let ply = 0, by = null;
  const code = walk(moves, (k) => table.get(k), (k, entry, code, next, i) => {
    if (next !== code) { ply = i + 1; by = k === null ? 'rule' : isDefinition(entry) ? 'definition' : base.has(k) ? 'base' : 'learnt'; }
  });
  return code && { code, ply, by };
}
const heldLabelled = held.filter((g) => /^[A-E]\d\d$/.test(g.ecco ?? ''));
let agree = 0;
const confusions = new Map();
const decidedBy = new Map();
for (const g of heldLabelled) {
  const o = classify(g.moves);
  const c = o?.code ?? null;
  const d = decidedBy.get(o?.by) ?? [0, 0];
  d[0]++;
  if (c === g.ecco) d[1]++;
  decidedBy.set(o?.by, d);
  if (c === g.ecco) agree++; else confusions.set(`${g.ecco} -> ${c}`, (confusions.get(`${g.ecco} -> ${c}`) ?? 0) + 1);
}
{
  // The build half's own agreement (the learnt entries were made from these games: higher than the held-out figure;
  // the design of the rules was judged on it, not on the held-out games).
  const own = labelled.filter((g) => classify(g.moves)?.code === g.ecco).length;
  console.log(`ECCO: agreement on the ${labelled.length} build-half games: ${own} (${(100 * own / labelled.length).toFixed(2)} %)`);
}
console.log(`ECCO: ${table.size} table keys; agreement on ${heldLabelled.length} held-out games: ${agree} (${(100 * agree / heldLabelled.length).toFixed(1)} %)`);
console.log(`ECCO: the entry that last changed a held-out game's code: ${[...decidedBy].map(([by, [n, a]]) => `${by ?? 'none'} ${n} games (${a} agree)`).join(', ')}`);

// Names: ecco-names.txt (Chinese), ecco-english.mjs (English); a code without a name of its own takes its decade's.
const names = new Map();
for (const line of readFileSync(join(root, 'scripts', 'openings', 'ecco-names.txt'), 'utf8').split('\n')) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [code, ...rest] = line.split(' ');
  names.set(code, rest.join(' '));
}
const codes = [...new Set([...table.values()].map((e) => e.slice(0, 3)).concat(rules.map((r) => r.code)))].sort();
const nameRows = [];
for (const code of codes) {
  const decade = `${code.slice(0, 2)}x`;
  const zh = names.get(code) ?? names.get(decade);
  if (!zh) throw new Error(`no name for ${code} nor ${decade}`);
  const en = (names.has(code) && eccoEnglish(zh)) || eccoEnglish(names.get(decade));
  if (!en) throw new Error(`no English name for ${code} (${zh})`);
  nameRows.push([code, zh, en, names.has(code)]);
}
const keys = [...table.keys()].sort((a, b) => a - b);
for (let i = 1; i < keys.length; i++) if (keys[i] === keys[i - 1]) throw new Error('duplicate key');
const codeNumber = (c) => (c.charCodeAt(0) - 65) * 100 + Number(c.slice(1, 3));
const entryNumber = (e) => codeNumber(e) | (e.endsWith('*') ? 0x8000 : 0) | (e.endsWith('!') ? 0x4000 : 0) | (isDefinition(e) ? 0x2000 : 0);
// The rules as one u16 stream (see the comment written with RULES below).
const RULE_FREE = 0xffff, RULE_ANY = 0xffff, RULE_AFTER = 0x8000;
const ruleWords = [];
for (const r of rules) {
  ruleWords.push(codeNumber(r.code), r.lead.length);
  for (const alts of r.lead) ruleWords.push(alts.length, ...alts.map(moveIndex));
  for (const side of r.sides) {
    if (!side) { ruleWords.push(RULE_FREE); continue; }
    if (side.required.length > 8) throw new Error(`${r.source}: more than 8 required moves (the rules crate reads 8)`);
    ruleWords.push(side.required.length);
    for (const q of side.required) ruleWords.push(q.moves.length | (q.after ? RULE_AFTER : 0), ...q.moves.map(moveIndex));
    if (side.allowed) ruleWords.push(side.allowed.length, ...side.allowed.map(moveIndex)); else ruleWords.push(RULE_ANY);
  }
  ruleWords.push(r.not.length, ...r.not.flatMap(([lo, hi]) => [codeNumber(lo), codeNumber(hi)]));
}
const chunk = (arr, per) => { const out = []; for (let i = 0; i < arr.length; i += per) out.push('    ' + arr.slice(i, i + per).join(', ') + ','); return out.join('\n'); };
const rs = `// @generated by scripts/openings/build.mjs from the CCPD master games (CC BY 4.0); do not edit.
// ${labelled.length} labelled training games; ${table.size} keys; the first ${ECCO_PLIES} plies, ${PREFIX_PLIES} in order.
// ${definitions.size} keys of the published definitions (scripts/openings/ecco-defs.txt) and ${rules.length} rules
// (scripts/openings/ecco-rules.txt). A learnt code entry: at least ${PURITY * 100} % of a key's games carry it; a
// group's: ${GROUP_PURITY * 100} % carry a code of its group.

/// The flag of a group's entry in \`CODES\`.
pub(super) const GROUP: u16 = 0x8000;
/// The flag of a closed published definition's entry: after it, only definitions change a game's code.
pub(super) const FINAL: u16 = 0x4000;
/// The flag of a published definition's entry.
pub(super) const DEFINITION: u16 = 0x2000;
/// In \`RULES\`: a side the rule says nothing of.
pub(super) const RULE_FREE: u16 = 0xffff;
/// In \`RULES\`: a side whose other moves are free.
pub(super) const RULE_ANY: u16 = 0xffff;
/// In \`RULES\`: a required move that must follow the side's required moves written before it.
pub(super) const RULE_AFTER: u16 = 0x8000;

/// The plies a classification looks at.
pub(super) const PLIES: usize = ${ECCO_PLIES};
/// The plies of the ordered prefix of a key.
pub(super) const PREFIX_PLIES: usize = ${PREFIX_PLIES};

/// First moves read mirrored (files a-i reversed), as \`(from, to)\` square indices (file * 10 + rank).
pub(super) static MIRROR_FIRST: [(u8, u8); ${MIRROR_FIRST.length}] = [${MIRROR_FIRST.map((m) => `(${(m.charCodeAt(0) - 97) * 10 + Number(m[1])}, ${(m.charCodeAt(2) - 97) * 10 + Number(m[3])})`).join(', ')}];

/// The position keys, sorted (see \`key_after\`).
pub(super) static KEYS: [u32; ${keys.length}] = [
${chunk(keys.map((k) => `0x${k.toString(16).padStart(8, '0')}`), 8)}
];

/// The code of each key: letter (A = 0 .. E = 4) * 100 + number; with \`GROUP\` set, a group's entry (it changes a
/// game's code only when the game's code is not in the same group of ten already); \`DEFINITION\`, a published
/// definition's; \`FINAL\` too, a closed one's.
pub(super) static CODES: [u16; ${keys.length}] = [
${chunk(keys.map((k) => entryNumber(table.get(k))), 16)}
];

/// The published definitions of the "m. / n. (此前可走 …)" form (scripts/openings/ecco-rules.txt), ${rules.length} rules
/// in the file's order, one after another; a move is \`from * 90 + to\` (squares file * 10 + rank). A rule: its code;
/// the lead (the count of plies, then per ply the count of moves and the moves); Red's then Black's condition
/// (\`FREE\`, or the count of required moves, then per required move the count of its alternatives, with \`AFTER\`
/// where it must follow the side's required moves written before it, and the alternatives; then the count of allowed moves, or \`ANY\`, and
/// the moves); the count of the ranges of codes it leaves out, then each range's first and last code.
pub(super) static RULES: [u16; ${ruleWords.length}] = [
${chunk(ruleWords, 16)}
];

/// (code, Chinese name, English name, whether the name is the code's own rather than its decade's), by code.
pub(super) static NAMES: [(u16, &str, &str, bool); ${nameRows.length}] = [
${nameRows.map(([c, zh, en, own]) => `    (${codeNumber(c)}, ${JSON.stringify(zh)}, ${JSON.stringify(en)}, ${own}),`).join('\n')}
];
`;
mkdirSync(join(root, 'crates', 'rules', 'src', 'opening'), { recursive: true });
writeFileSync(join(root, 'crates', 'rules', 'src', 'opening', 'table.rs'), rs);

// The held-out sample for the tests: every fifth held-out labelled game, its first 24 plies, and the code this build
// gives it ("ours": the rules crate must give the same).
mkdirSync(join(root, 'tests', 'data', 'openings'), { recursive: true });
const sample = heldLabelled.filter((_, i) => i % 5 === 0)
  .map((g) => JSON.stringify({ ecco: g.ecco, ours: classify(g.moves)?.code ?? null, result: g.result, moves: g.moves.slice(0, ECCO_PLIES).join(' ') }));
writeFileSync(join(root, 'tests', 'data', 'openings', 'heldout.jsonl'), sample.join('\n') + '\n');

// ---- the explorer ------------------------------------------------------------------------------------------------
// Positions (board and side to move: transpositions merged) up to ply EXPLORER_PLIES of the training games, with the
// moves played from them: [move, games, Red wins, draws, Black wins].
const positionKey = (fen) => fen.split(' ').slice(0, 2).join(' ');
const stats = new Map();
for (const g of train) {
  const game = new Game();
  const score = g.result === '1-0' ? 0 : g.result === '1/2-1/2' ? 1 : g.result === '0-1' ? 2 : -1;
  for (const m of g.moves.slice(0, EXPLORER_PLIES)) {
    const key = positionKey(game.fen());
    let moves = stats.get(key);
    if (!moves) stats.set(key, (moves = new Map()));
    let row = moves.get(m);
    if (!row) moves.set(m, (row = [0, 0, 0, 0]));
    row[0]++;
    if (score >= 0) row[score + 1]++;
    try { game.play(m); } catch { break; }
  }
  game.free();
}
const positions = {};
let kept = 0;
for (const [key, moves] of stats) {
  const rows = [...moves].filter(([, r]) => r[0] >= EXPLORER_MIN_GAMES).sort((a, b) => b[1][0] - a[1][0] || (a[0] < b[0] ? -1 : 1));
  if (!rows.length) continue;
  positions[key] = rows.map(([m, r]) => [m, ...r]);
  kept++;
}
const data = {
  format: 'xiangqi-wasm-openings',
  version: 1,
  source: {
    name: 'Chinese Chess Practical Dataset (CCPD)',
    author: 'Yu-Han Tseng',
    url: 'https://github.com/Yvonne761/Chinese-Chess-Practical-Dataset',
    commit: '368a47a947773dd8692c026e286dd19b6277b993',
    license: 'CC BY 4.0',
    licenseUrl: 'https://creativecommons.org/licenses/by/4.0/',
    changes: 'master games counted by position (first ' + EXPLORER_PLIES + ' plies, moves played by at least ' + EXPLORER_MIN_GAMES + ' games), four games in five',
  },
  games: train.length,
  plies: EXPLORER_PLIES,
  minGames: EXPLORER_MIN_GAMES,
  positions,
};
const json = JSON.stringify(data);
writeFileSync(join(root, 'js', 'openings-data.json'), json + '\n');
const gz = gzipSync(json, { level: 9 }).length;
// Coverage: plies 1-16 of the held-out games whose position (before the ply) the explorer knows.
let known = 0, total = 0;
for (const g of held) {
  const game = new Game();
  for (const m of g.moves.slice(0, 16)) {
    total++;
    if (positions[positionKey(game.fen())]) known++;
    try { game.play(m); } catch { break; }
  }
  game.free();
}
console.log(`explorer: ${kept} positions, ${(json.length / 1024).toFixed(0)} KB, ${(gz / 1024).toFixed(0)} KB gzipped; ` +
  `coverage of plies 1-16 of the held-out games: ${(100 * known / total).toFixed(1)} %`);

const report = arg('--report');
if (report) {
  const lines = [...confusions].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n}\t${k}`);
  writeFileSync(report, lines.join('\n') + '\n');
  console.log(`disagreements written to ${report}`);
}
