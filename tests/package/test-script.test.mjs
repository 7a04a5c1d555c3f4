// scripts/test.mjs (`npm test`) refuses step names it does not know, so that a typo in --only or --skip fails
// instead of passing as "all 0 steps passed".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'test.mjs');
const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

for (const args of [['--only', 'no such step'], ['--only', 'cargo fmt,typo'], ['--skip', 'no such step'], ['--only']]) {
  test(`test.mjs ${args.join(' ')} fails without running a step`, () => {
    const r = run(...args);
    assert.notEqual(r.status, 0, r.stdout + r.stderr);
    assert.doesNotMatch(r.stdout, /steps passed|===/);
    assert.match(r.stderr, /npm test: /);
  });
}

test('an unknown name is reported with the list of steps', () => {
  const r = run('--only', 'js test');
  assert.match(r.stderr, /unknown step "js test" in --only; steps: .*js tests/);
});
