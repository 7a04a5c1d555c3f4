// The studio's Publish snippets (www/src/studio/embed.js): a `</script>` or `<!--` in a record's comment cannot
// end the snippet's script early; attributes escaped; file names plain.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readRecord, writeRecord } from '../../pkg/node.mjs';
import { attr, fileName, lessonSnippet, lessonSrcSnippet, puzzleSnippet, scriptSafe } from '../../www/src/studio/embed.js';

test('scriptSafe: no </script and no <!-- left, whatever the case; the rest unchanged', () => {
  const s = scriptSafe('a </script> b </SCRIPT c <!-- d <script> & "q"');
  assert.equal(s, 'a <\\/script> b <\\/SCRIPT c <\\!-- d <script> & "q"');
  assert.doesNotMatch(s, /<\/script|<!--/i);
});

test('the inline snippet holds exactly one record script, closed where it should be', () => {
  const record = readRecord('[Event "L"]\n\n1. h2e2 {see </script><b>x</b> <!--<script>} (1. b2e2) 1... h9g7 *\n');
  const pgn = writeRecord(record, { format: 'pgn' });
  const snippet = lessonSnippet({ pgn, lang: 'zh', notation: 'wxf' });
  const inner = snippet.match(/<script type="application\/x-chess-pgn">\n([\s\S]*?)<\/script>/i)[1];
  assert.equal(inner.trimEnd(), scriptSafe(pgn.trimEnd()));
  assert.equal(snippet.match(/<\/script/gi).length, 2); // the module's and the record's
  assert.match(snippet, /<xiangqi-lesson notation="wxf" lang="zh">/);
  // the escaped record still reads, with the comment as typed but for the backslashes
  const back = readRecord(inner);
  assert.equal(back.mainline.moves[0].comment, 'see <\\/script><b>x</b> <\\!--<script>');
  assert.equal(back.mainline.moves[0].variations.length, 1);
});

test('src and puzzle snippets escape their attributes', () => {
  assert.equal(attr('a"<b>&'), 'a&quot;&lt;b&gt;&amp;');
  assert.match(lessonSrcSnippet({ file: 'x".pgn' }), /src="x&quot;.pgn"/);
  const p = puzzleSnippet({ fen: '9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1', goal: 'line', solution: ['b6d6'] });
  assert.match(p, /<xiangqi-puzzle fen="9\/3k5\/9\/1R7\/9\/9\/4p4\/9\/3CC4\/3K5 w - - 0 1" goal="line" solution="b6d6"/);
  assert.doesNotMatch(puzzleSnippet({ fen: 'f', goal: 'mate', solution: ['b6d6'] }), /solution=/);
  assert.equal(fileName('胡荣华 Lesson 1: "Cannon"'), 'lesson-1-cannon.pgn');
  assert.equal(fileName('象棋'), 'chapter.pgn');
});
