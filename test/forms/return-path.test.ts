import assert from 'node:assert/strict';
import { test } from 'node:test';
import { safeReturnPath } from '../../src/forms/return-path';

test('a return path is a path of this site, or /', () => {
  const cases: Array<[unknown, string]> = [
    ['/account', '/account'],
    ['/en/account/password', '/en/account/password'],
    ['/a?b=1#c', '/a'],
    ['//evil.example', '/'],
    ['/.//evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/account', '/'],
    ['account', '/'],
    ['', '/'],
    [undefined, '/'],
    [['/account'], '/'],
  ];
  for (const [input, expected] of cases) assert.equal(safeReturnPath(input), expected, JSON.stringify(input));
});
