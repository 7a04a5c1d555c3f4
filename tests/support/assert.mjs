// Assertions shared by the JS tests against the built package.
import assert from 'node:assert/strict';
import { isXiangqiError } from '../../pkg/node.mjs';

/**
 * Runs `fn`, which must throw a real `Error` named `XiangqiError` with `code` (and, if given, a message matching
 * `pattern`), a non-empty message of bounded length and a stack; returns the error.
 */
export function throwsCode(fn, code, pattern) {
  let err;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  assert.ok(err, `expected ${code}, nothing thrown`);
  assert.ok(err instanceof Error, `not an Error: ${err}`);
  assert.equal(err.name, 'XiangqiError', err.message);
  assert.equal(err.code, code, err.message);
  assert.ok(isXiangqiError(err));
  assert.equal(typeof err.message, 'string');
  assert.ok(err.message.length > 0 && err.message.length < 600, err.message);
  assert.match(err.stack, /XiangqiError/);
  if (pattern) assert.match(err.message, pattern);
  return err;
}
