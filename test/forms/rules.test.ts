// The generic checks as lists of values that pass and values that fail.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isEmail, isEmpty } from '../../src/forms/rules';

test('isEmail', () => {
  const pass = ['jan@example.nl', 'j.de.vries+join@sub.example.com', 'zoë@voorbeeld.nl', ' jan@example.nl '];
  const fail = ['jan', 'jan@', '@example.nl', 'jan@example', 'jan@@example.nl', 'jan @example.nl',
    '.jan@example.nl', 'jan.@example.nl', 'j..an@example.nl', 'jan@example.n', 'jan@-example.nl', 42];
  for (const value of pass) assert.equal(isEmail(value), true, `should pass: ${JSON.stringify(value)}`);
  for (const value of fail) assert.equal(isEmail(value), false, `should fail: ${JSON.stringify(value)}`);
});

test('isEmpty: nothing, blank text, an empty list or object', () => {
  for (const value of [undefined, null, '', '   ', [], {}]) assert.equal(isEmpty(value), true, JSON.stringify(value));
  for (const value of ['a', 0, false, [0], { a: 1 }, new Date(0)]) assert.equal(isEmpty(value), false, JSON.stringify(value));
  assert.equal(isEmpty('  ', false), false, 'untrimmed blank text counts as filled in');
});
