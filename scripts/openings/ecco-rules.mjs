// Reads scripts/openings/ecco-rules.txt (the published ECCO definitions of the "m. / n. (此前可走 …)" form,
// transcribed by the project; the file's header says the format) and matches them against a game's moves. The rules
// crate does the same with the generated data (crates/rules/src/opening/mod.rs, `Rule::fires`); the two must agree.

/** Fullwidth digits (马８进７, as the published text writes Black's files) to ASCII (the package's notation). */
const ascii = (s) => s.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xff10 + 48));

/**
 * A rule: `{ code, lead: string[][], sides: [red, black], not: [lo, hi][] , source }`, a side `null` (free) or
 * `{ required: { moves: string[], after: boolean }[], allowed: string[] | null }` (ICCS; `allowed` null: any move;
 * `after`: the move must come after the side's previous required move).
 * @param {string} text the rules file
 * @param {typeof import('../../pkg/node.mjs').Game} Game
 */
export function readRules(text, Game) {
  const rules = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const parts = line.split('|').map((p) => p.trim().split(/\s+/).filter(Boolean));
    const [code, ...leadWords] = parts[0];
    if (!/^[A-E]\d\d$/.test(code)) throw new Error(`not a rule: ${line}`);
    // Every published definition opens with its family's first move; the rules crate reads a rule from its lead.
    if (!leadWords.length) throw new Error(`${line}: no lead`);
    const sideWords = [null, null];
    let not = [];
    for (const p of parts.slice(1)) {
      if (p[0] === 'red') sideWords[0] = p.slice(1);
      else if (p[0] === 'black') sideWords[1] = p.slice(1);
      else if (p[0] === 'not') not = p.slice(1).map((r) => { const [lo, hi = lo] = r.split('-'); return [lo, hi]; });
      else throw new Error(`${line}: unknown part ${p.join(' ')}`);
    }
    // Each side's moves resolved to ICCS: of its words (the lead's, then
    // the required, then the allowed, in the written order), the first that is a legal move is played (the first of
    // alternatives), until all are read (车二进六 is read after 车一平二, wherever the two are written).
    const words = [[], []];
    leadWords.forEach((w, i) => words[i % 2].push(w));
    sideWords.forEach((ws, side) => { if (ws) words[side].push(...ws.filter((w) => w !== '+').map((w) => w.replace(/^>/, ''))); });
    const iccs = new Map();
    // Each side on a board where only that side has moved; a word that reads on no such board, on the board with
    // the other side's moves too (五八炮's 炮八平七 takes the square Black's 卒３进１ left).
    const played = [[], []];
    const boardFen = (side, withOther) => {
      let fen = new Game().fen().split(' ');
      for (const [s2, m] of [...(withOther ? played[1 - side].map((m) => [1 - side, m]) : []), ...played[side].map((m) => [side, m])]) {
        fen[1] = s2 === 0 ? 'w' : 'b';
        const g = new Game(fen.join(' '));
        g.play(m);
        fen = g.fen().split(' ');
        g.free();
      }
      fen[1] = side === 0 ? 'w' : 'b';
      return fen.join(' ');
    };
    for (const side of [1, 0]) {
      const todo = [...new Set(words[side])];
      while (todo.length) {
        let done = -1;
        for (const withOther of [false, true]) {
          for (let t = 0; t < todo.length && done < 0; t++) {
            const g = new Game(boardFen(side, withOther));
            const legal = g.legalMoves({ verbose: true });
            g.free();
            const alts = todo[t].split('/');
            const out = alts.map((alt) => iccs.get(`${side} ${alt}`)?.[0] ?? legal.find((m) => m.chinese === ascii(alt))?.iccs);
            if (!out.every(Boolean)) continue;
            iccs.set(`${side} ${todo[t]}`, out);
            alts.forEach((alt, a) => iccs.set(`${side} ${alt}`, [out[a]]));
            if (!played[side].includes(out[0])) played[side].push(out[0]);
            done = t;
          }
          if (done >= 0) break;
        }
        if (done < 0) throw new Error(`${line}: ${todo.join(' ')}: not legal moves for ${side ? 'Black' : 'Red'} (${boardFen(side, true)})`);
        todo.splice(done, 1);
      }
    }
    const resolve = (side, word) => iccs.get(`${side} ${word}`);
    const lead = leadWords.map((w, i) => resolve(i % 2, w));
    const sides = sideWords.map((ws, side) => {
      if (!ws) return null;
      const plus = ws.indexOf('+');
      const req = plus >= 0 ? ws.slice(0, plus) : ws;
      const required = req.map((w) => ({ after: w.startsWith('>'), moves: resolve(side, w.replace(/^>/, '')) }));
      const allowed = plus >= 0 ? ws.slice(plus + 1).flatMap((w) => resolve(side, w)) : null;
      return { required, allowed };
    });
    rules.push({ code, lead, sides, not, source: line });
  }
  return rules;
}

/** Whether `code` is one of the codes `rule` leaves out. */
export const excludes = (rule, code) => code !== null && rule.not.some(([lo, hi]) => code >= lo && code <= hi);

/**
 * The ply (0-based) at which `rule` first holds along `moves` (ICCS, read on the rules' wing), or -1: the lead's
 * plies are played in order, and each side with a condition has played its required moves (one marked `after` only
 * after all the side's required moves written before it), having played before the last of them only the lead's,
 * the required and the allowed moves.
 * @param {{ lead: string[][], sides: ({ required: { moves: string[], after: boolean }[], allowed: string[] | null } | null)[] }} rule
 * @param {string[]} moves
 */
export function ruleFires(rule, moves) {
  if (moves.length < rule.lead.length) return -1;
  for (let i = 0; i < rule.lead.length; i++) if (!rule.lead[i].includes(moves[i])) return -1;
  let fire = rule.lead.length - 1;
  for (let side = 0; side < 2; side++) {
    const s = rule.sides[side];
    if (!s) continue;
    const got = s.required.map(() => false);
    let done = -1;
    for (let i = side; i < moves.length; i += 2) {
      const m = moves[i];
      const j = s.required.findIndex((r, j) => !got[j] && r.moves.includes(m) && (!r.after || got.slice(0, j).every(Boolean)));
      if (j >= 0) got[j] = true;
      else if (i >= rule.lead.length && s.allowed && !s.allowed.includes(m)) break;
      if (got.every(Boolean)) { done = i; break; }
    }
    if (done < 0) return -1;
    fire = Math.max(fire, done);
  }
  return fire;
}
