// English names of the ECCO openings, written by the project: each Chinese name is read term by term with the
// glossary below (longest term first). A name with a term the glossary does not know gets no English name of its
// own (the build then uses its decade's name). The terms follow the usual English xiangqi vocabulary (WXF names of
// the pieces; "Screen Horses" 屏风马, "Palcorner Cannon" 士角炮, ...).
const TERMS = [
  ['非常规开局', 'Irregular Opening'], ['飞相局', 'Elephant Opening'], ['顺相局', 'Same-Side Elephants Opening'],
  ['列相局', 'Opposite Elephants Opening'], ['起马局', 'Horse Opening'], ['边马局', 'Edge Horse Opening'],
  ['金钩炮局', 'Golden Hook Cannons Opening'], ['仕角炮局', 'Palcorner Cannon Opening'], ['过宫炮局', 'Cross-Palace Cannon Opening'],
  ['中炮局', 'Central Cannon Opening'], ['对兵局', 'Pawn vs Pawn Opening'], ['顺炮缓开车局', 'Same Direction Cannons, Delayed Chariot'],
  ['互进七兵局', 'with Both Seventh Pawns'], ['互进右马局', 'with Both Right Horses'], ['进右马局', 'with Right Horse'],
  ['士角炮或过宫炮', 'Palcorner or Cross-Palace Cannon'],
  ['仙人指路', 'Pawn Opening'], ['卒底炮', 'Pawn-Base Cannon'], ['兵底炮', 'Pawn-Base Cannon'],
  ['对兵', 'Pawn vs Pawn'], ['飞相', 'Elephant'], ['起马', 'Horse Opening'],
  ['左中炮', 'Left Central Cannon'], ['右中炮', 'Right Central Cannon'], ['中炮', 'Central Cannon'],
  ['左士角炮', 'Left Palcorner Cannon'], ['右士角炮', 'Right Palcorner Cannon'], ['仕角炮', 'Palcorner Cannon'],
  ['士角炮', 'Palcorner Cannon'], ['左过宫炮', 'Left Cross-Palace Cannon'], ['右过宫炮', 'Right Cross-Palace Cannon'],
  ['过宫炮', 'Cross-Palace Cannon'], ['金钩炮', 'Golden Hook Cannons'], ['边炮', 'Edge Cannon'], ['左边炮', 'Left Edge Cannon'],
  ['巡河炮', 'Riverbank Cannon'], ['过河炮', 'River-Crossing Cannon'], ['左炮封车', 'Left Cannon Blockade'],
  ['五六炮', 'Five-Six Cannons'], ['五七炮', 'Five-Seven Cannons'], ['五八炮', 'Five-Eight Cannons'],
  ['顺炮', 'Same Direction Cannons'], ['后补列炮', 'Delayed Opposite Direction Cannons'], ['列炮', 'Opposite Direction Cannons'],
  ['双炮过河', 'Both Cannons across the River'], ['平炮兑车', 'Cannon Shift to Exchange Chariots'], ['平炮压马', 'Cannon Pinning the Horse'],
  ['炮打中卒', 'Cannon Takes the Central Pawn'], ['退边炮', 'Edge Cannon Retreat'],
  ['屏风马', 'Screen Horses'], ['反宫马', 'Sandwiched Horses'], ['单提马', 'Single Lifted Horse'],
  ['左三步虎', 'Left Three-Step Tiger'], ['右三步虎', 'Right Three-Step Tiger'], ['两头蛇', 'Double-Headed Snake'],
  ['七路马', 'Seventh-File Horse'], ['左正马', 'Left Proper Horse'], ['左边马', 'Left Edge Horse'], ['右边马', 'Right Edge Horse'],
  ['互进边马', 'Both Edge Horses'], ['右马外盘河', 'Right Horse Outside on the Riverbank'], ['左马盘河', 'Left Riverbank Horse'],
  ['进左马', 'Left Horse'], ['进右马', 'Right Horse'], ['不进左马', 'Left Horse Held Back'], ['屏风马', 'Screen Horses'],
  ['直车', 'Filed Chariot'], ['横车', 'Ranked Chariot'], ['左直车', 'Left Filed Chariot'], ['右直车', 'Right Filed Chariot'],
  ['左横车', 'Left Ranked Chariot'], ['右横车', 'Right Ranked Chariot'], ['双直车', 'Double Filed Chariots'], ['双横车', 'Double Ranked Chariots'],
  ['缓开车', 'Delayed Chariot'], ['巡河车', 'Riverbank Chariot'], ['过河车', 'River-Crossing Chariot'],
  ['互进三兵', 'with Both Third Pawns'], ['互进七兵', 'with Both Seventh Pawns'], ['进三兵', 'Third Pawn'], ['进七兵', 'Seventh Pawn'],
  ['进中兵', 'Central Pawn'], ['连进７卒', '7th Pawn Twice'], ['进７卒', '7th Pawn'], ['进３卒', '3rd Pawn'], ['兑７卒', '7th Pawn Exchange'],
  ['兑边卒', 'Edge Pawn Exchange'], ['边卒', 'Edge Pawn'], ['飞左象', 'Left Elephant'], ['飞右象', 'Right Elephant'], ['飞象', 'Elephant'],
  ['上右士', 'Right Advisor'], ['上士', 'Advisor'], ['先上仕', 'Advisor First'], ['转', ' into '], ['对', ' vs '], ['或', ' or '],
  ['红', 'Red'], ['黑', 'Black'], ['直车巡河', 'Riverbank Filed Chariot'],
].sort((a, b) => b[0].length - a[0].length);

/** The English name of a Chinese ECCO name, or null when a term is not in the glossary. */
export function eccoEnglish(zh) {
  const [main, ...subs] = zh.split(' ');
  const read = (text) => {
    let out = '';
    let i = 0;
    outer: while (i < text.length) {
      for (const [t, en] of TERMS) {
        if (text.startsWith(t, i)) {
          out += (out && !out.endsWith(' ') && !en.startsWith(' ') ? ' ' : '') + en;
          i += t.length;
          continue outer;
        }
      }
      return null;
    }
    return out.replace(/\s+/g, ' ').trim();
  };
  const head = read(main);
  if (head === null) return null;
  const tail = subs.map(read);
  if (tail.some((t) => t === null)) return null;
  return [head, ...tail].join(', ');
}
