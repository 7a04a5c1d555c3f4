// Assertions shared by the JS tests against the built package.
import assert from 'node:assert/strict';
import { isXiangqiError } from '../../pkg/node.mjs';

/** Runs `fn`, which must throw a XiangqiError with `code`; returns the error. */
export function throwsCode(fn, code) {
  try {
    fn();
  } catch (e) {
    assert.ok(isXiangqiError(e), `not a XiangqiError: ${e}`);
    assert.equal(e.code, code, e.message);
    return e;
  }
  assert.fail(`expected ${code}, nothing thrown`);
}
