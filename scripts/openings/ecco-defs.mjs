// Reads scripts/openings/ecco-defs.txt (the published ECCO definitions written as move lines, transcribed by the
// project; the file's header says the format) into move lines in ICCS: every line a definition reaches its code by.
// A named position (局面) is expanded into one line per order of its first three plies that the rules allow (the
// classifier's key keeps the first three plies in order and the rest as each side's multiset, so one line per
// distinct first three plies reaches every key of the position).

/** Fullwidth digits (马８进７, as the published text writes Black's files) to ASCII (the package's notation). */
const ascii = (s) => s.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xff10 + 48));

/**
 * @param {string} text the definitions file
 * @param {typeof import('../../pkg/node.mjs').Game} Game
 * @returns {{ code: string, lines: string[][], open: boolean, leaf: boolean, wildFrom: number, source: string }[]}
 */
export function readDefinitions(text, Game) {
  const positions = new Map();
  const defs = [];
  /** The legal move of `game` written `chinese`, or throws. */
  const find = (game, chinese, where) => {
    const want = ascii(chinese);
    const hit = game.legalMoves({ verbose: true }).find((m) => m.chinese === want);
    if (!hit) throw new Error(`${where}: ${chinese} is not a legal move here (${game.fen()})`);
    return hit.iccs;
  };
  const play = (moves, where) => {
    const game = new Game();
    const out = [];
    try {
      for (const m of moves) { const iccs = find(game, m, where); game.play(iccs); out.push(iccs); }
      return { game, out };
    } catch (e) { game.free(); throw e; }
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const words = line.split(/\s+/);
    if (words[0].startsWith('@')) {
      // @NAME lead… red R… black B…: the lead in order, then each side's other moves in any legal order.
      const name = words[0];
      const r = words.indexOf('red'), b = words.indexOf('black');
      const lead = words.slice(1, r);
      const red = words.slice(r + 1, b), black = words.slice(b + 1);
      for (const m of lead) {
        const list = red.includes(m) ? red : black;
        if (list.includes(m)) list.splice(list.indexOf(m), 1);
      }
      const { game, out } = play(lead, line);
      const prefixes = new Map();
      // Depth-first over the interleavings; one complete order per distinct first three plies is enough.
      const walk = (g, seq, reds, blacks) => {
        const prefix = seq.slice(0, 3).join(' ');
        if (seq.length >= 3 && prefixes.has(prefix)) return;
        if (!reds.length && !blacks.length) { prefixes.set(prefix, seq); return; }
        const redToMove = seq.length % 2 === 0;
        const list = redToMove ? reds : blacks;
        for (let i = 0; i < list.length; i++) {
          const want = ascii(list[i]);
          const hit = g.legalMoves({ verbose: true }).find((m) => m.chinese === want);
          if (!hit) continue;
          const next = new Game(g.fen());
          next.play(hit.iccs);
          const rest = list.slice(0, i).concat(list.slice(i + 1));
          walk(next, [...seq, hit.iccs], redToMove ? rest : reds, redToMove ? blacks : rest);
          next.free();
        }
      };
      walk(game, out, red, black);
      game.free();
      if (!prefixes.size) throw new Error(`${line}: no legal order`);
      if (!positions.has(name)) positions.set(name, []);
      positions.get(name).push(...prefixes.values());
      continue;
    }
    const open = words.at(-1) === '……';
    const [code, ...moves] = open ? words.slice(0, -1) : words;
    if (!/^[A-E]\d\d$/.test(code)) throw new Error(`not a definition: ${line}`);
    // The moves after the start, in order; "……" inside a line is any legal move of the side to move (a line per move).
    const expand = (start, tokens) => {
      const out = [];
      const go = (fen, seq, i) => {
        if (i === tokens.length) { out.push(seq); return; }
        const game = new Game(fen);
        let next;
        if (tokens[i] === '……') next = game.legalMoves();
        else if (!tokens.slice(0, i).includes('……')) next = [find(game, tokens[i], line)];
        else {
          // After an any-move, a named move the rules do not allow ends that branch only.
          const want = ascii(tokens[i]);
          next = game.legalMoves({ verbose: true }).filter((m) => m.chinese === want).map((m) => m.iccs);
        }
        for (const iccs of next) {
          const g = new Game(fen);
          g.play(iccs);
          go(g.fen(), [...seq, iccs], i + 1);
          g.free();
        }
        game.free();
      };
      const game = new Game();
      for (const m of start) game.play(m);
      go(game.fen(), [...start], 0);
      game.free();
      if (!out.length) throw new Error(`${line}: no legal line`);
      return out;
    };
    let lines, wildFrom = -1;
    const tokens = moves[0]?.startsWith('@') ? moves.slice(1) : moves;
    if (moves[0]?.startsWith('@')) {
      const starts = positions.get(moves[0]);
      if (!starts) throw new Error(`${line}: unknown position ${moves[0]}`);
      lines = starts.flatMap((start) => expand(start, tokens));
    } else {
      lines = expand([], tokens);
    }
    // The ply of the first "……": a line through it may not pass another definition's line (the build checks).
    if (tokens.includes('……')) wildFrom = lines[0].length - tokens.length + tokens.indexOf('……');
    defs.push({ code, lines, open, wildFrom, source: moves.join(' ') });
  }
  // A leaf: the published definition is closed and no other definition continues it.
  for (const d of defs) {
    d.leaf = !d.open && !defs.some((o) => o !== d && o.source.length > d.source.length && o.source.startsWith(d.source + ' '));
  }
  return defs;
}
