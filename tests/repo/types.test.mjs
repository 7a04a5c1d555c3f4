// The declarations' input types say what the runtime accepts: an option set to `undefined` is an option not given,
// so every optional property of an options type is written `?: T | undefined` (scripts/types-optional-undefined.mjs
// writes them; this fails when one is not, e.g. a new option).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FILES, convert } from '../../scripts/types-optional-undefined.mjs';
import { root } from '../support/data.mjs';

test('optional input properties are written "?: T | undefined"', () => {
  for (const f of FILES) {
    const text = readFileSync(join(root, f), 'utf8');
    const converted = convert(text);
    const diff = text.split('\n').filter((line, i) => line !== converted.split('\n')[i]);
    assert.deepEqual(diff, [], `${f}: run node scripts/types-optional-undefined.mjs`);
  }
});
