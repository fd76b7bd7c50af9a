// Each generic rule as a list of values that pass and values that fail, with its arguments.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endOfUtcDay, isoDay, startOfUtcDay } from '../../src/forms/dates';
import { checkRule, RULE_NAMES, type RuleName } from '../../src/forms/rules';

const today = isoDay(startOfUtcDay());
const tomorrow = isoDay(new Date(endOfUtcDay().getTime() + 1));
const yesterday = isoDay(new Date(startOfUtcDay().getTime() - 1));

type Case = { args?: unknown[]; pass: unknown[]; fail: unknown[] };

const cases: Record<RuleName, Case[]> = {
  accepted: [{ pass: [true, 'on', 'yes', '1', 1, 'true'], fail: [false, 'off', '', undefined, 'no', 0] }],
  alpha: [
    { pass: ['abc', 'Zoë', 'Ångström'], fail: ['abc1', 'a b', '', 12, 'a-b'] },
    { args: ['latin'], pass: ['abc', 'ABC'], fail: ['Zoë'] },
  ],
  alpha_spaces: [
    { pass: ['Jan de Vries', 'Zoë '], fail: ['Jan-Willem', 'R2D2', ''] },
    { args: ['latin'], pass: ['jan de vries'], fail: ['Zoë'] },
  ],
  alphanumeric: [
    { pass: ['abc123', 'Zoë2'], fail: ['abc 123', 'a_b', ''] },
    { args: ['latin'], pass: ['R2D2'], fail: ['Zoë2'] },
  ],
  between: [
    { args: [12, 30], pass: [12, '30', 18.5, ' 20 '], fail: [11, 31, 'abc', '', undefined] },
    { args: [30, 12], pass: [12, 30], fail: [31] },
  ],
  confirm: [
    { args: ['geheim'], pass: ['geheim'], fail: ['Geheim', ''] },
    { args: [5], pass: ['5', 5], fail: [6] },
    { args: [5, 'strict'], pass: [5], fail: ['5'] },
  ],
  contains_alpha: [{ pass: ['123a', 'é'], fail: ['123', '!?', ''] }],
  contains_alphanumeric: [{ pass: ['!a', '!1'], fail: ['!?', ' ', ''] }],
  contains_alpha_spaces: [{ pass: ['1 2', 'a1'], fail: ['123', ''] }],
  contains_lowercase: [{ pass: ['ABc', 'ë'], fail: ['ABC', '123'] }],
  contains_numeric: [{ pass: ['abc1'], fail: ['abc', ''] }],
  contains_symbol: [{ pass: ['abc!', 'a-b', 'a@b'], fail: ['abc', 'abc 123'] }],
  contains_uppercase: [{ pass: ['abC', 'É'], fail: ['abc', '123'] }],
  date_after: [
    { pass: [tomorrow, '2999-01-01'], fail: [today, yesterday, 'niet-een-datum', ''] },
    { args: ['2025-01-01'], pass: ['2025-01-02', '2025-01-01T00:00:01Z'], fail: ['2025-01-01', '2024-12-31'] },
    { args: [new Date('2025-01-01T00:00:00Z')], pass: ['2025-01-02'], fail: ['2024-12-31'] },
  ],
  date_before: [
    { pass: [yesterday, '1990-05-05'], fail: [today, tomorrow, 'gisteren'] },
    { args: ['2025-01-01'], pass: ['2024-12-31'], fail: ['2025-01-01', '2025-01-02'] },
  ],
  date_between: [
    { args: ['2025-01-01', '2025-12-31'], pass: ['2025-01-01', '2025-06-15', '2025-12-31'],
      fail: ['2024-12-31', '2026-01-01', '2025-02-30'] },
  ],
  date_format: [
    { pass: ['2025-02-28', '2024-02-29'], fail: ['2025-02-29', '28-02-2025', '2025-2-28', '', 20250228] },
    { args: ['DD-MM-YYYY'], pass: ['28-02-2025', '01-12-2025'], fail: ['2025-02-28', '31-04-2025'] },
    { args: ['D/M/YY'], pass: ['5/6/25', '15/12/99'], fail: ['5-6-25', '32/1/25'] },
  ],
  email: [{
    pass: ['jan@example.nl', 'j.de.vries+join@sub.example.com', 'zoë@voorbeeld.nl', ' jan@example.nl '],
    fail: ['jan', 'jan@', '@example.nl', 'jan@example', 'jan@@example.nl', 'jan @example.nl',
      '.jan@example.nl', 'jan.@example.nl', 'j..an@example.nl', 'jan@example.n', 'jan@-example.nl', 42],
  }],
  ends_with: [
    { args: ['.nl', '.be'], pass: ['joinus.nl', 'joinus.be'], fail: ['joinus.com', ''] },
    { pass: [], fail: ['anything'] },
  ],
  starts_with: [{ args: ['06', '+31'], pass: ['0612345678', '+31612345678'], fail: ['0031', 612] }],
  is: [{ args: ['once', 'monthly', 1], pass: ['once', 'monthly', 1, '1'], fail: ['yearly', '', undefined] }],
  not: [{ args: ['admin', 'root'], pass: ['sanne', ''], fail: ['admin', 'root'] }],
  length: [
    { pass: ['', 'a', 'x'.repeat(10_000), []], fail: [undefined, 5, null] },
    { args: [2, 5], pass: ['ab', 'abcde', 'Zoë', ['a', 'b']], fail: ['a', 'abcdef', ['a']] },
    { args: [5, 2], pass: ['abc'], fail: ['a'] },
    { args: [3, 3], pass: ['abc'], fail: ['ab', 'abcd'] },
    { args: [2], pass: ['ab', 'abc'], fail: ['a'] },
  ],
  lowercase: [
    { pass: ['abc', 'zoë'], fail: ['Abc', 'abc1', 'ab c', ''] },
    { args: ['latin'], pass: ['abc'], fail: ['zoë'] },
    { args: ['allow_non_alpha'], pass: ['abc 1!', 'zoë-2'], fail: ['aBc', ''] },
  ],
  uppercase: [
    { pass: ['ABC', 'ZOË'], fail: ['ABc', 'AB1'] },
    { args: ['allow_non_alpha'], pass: ['AB 12'], fail: ['ABc'] },
  ],
  matches: [
    { args: [/^\d{4}$/], pass: ['1234', 1234], fail: ['123', 'abcd'] },
    { args: ['/^[a-z]+$/i'], pass: ['Abc'], fail: ['abc1'] },
    { args: ['exact', 'other'], pass: ['exact', 'other'], fail: ['exactly'] },
    { args: [/a/g], pass: ['a', 'a', 'ba'], fail: ['b'] },
  ],
  max: [
    { pass: [10, '10', -3, [1, 2]], fail: [11, '10.5', 'abc', new Array(11).fill(0)] },
    { args: [120], pass: [120], fail: [121] },
  ],
  min: [
    { pass: [1, '1', 99, [1]], fail: [0, '0.5', 'x', []] },
    { args: [12], pass: [12], fail: [11] },
  ],
  number: [{ pass: [0, '12', '-3.5', ' 7 ', 1e3], fail: ['', 'abc', '12a', Number.NaN, Infinity, undefined] }],
  required: [
    { pass: ['a', 0, false, ['x'], { a: 1 }], fail: ['', '   ', undefined, null, [], {}] },
    { args: [false], pass: ['   '], fail: [''] },
  ],
  require_one: [
    { args: ['', undefined], pass: ['x'], fail: ['', ' '] },
    { args: ['0612345678'], pass: ['', 'x'], fail: [] },
  ],
  symbol: [{ pass: ['!?', '@#$%'], fail: ['a!', '! ', ''] }],
  url: [
    { pass: ['https://joinus.nl', 'http://localhost:3000/a?b=c'], fail: ['joinus.nl', 'ftp://joinus.nl', 'javascript:alert(1)', 'https://', ''] },
    { args: ['ftp'], pass: ['ftp://joinus.nl'], fail: ['https://joinus.nl'] },
  ],
};

test('every generic rule of spec section 5 has cases', () => {
  assert.deepEqual(Object.keys(cases).sort(), [...RULE_NAMES].sort());
  assert.equal(RULE_NAMES.length, 33);
});

for (const [name, list] of Object.entries(cases) as Array<[RuleName, Case[]]>) {
  for (const { args = [], pass, fail } of list) {
    test(`${name}(${args.map(String).join(', ')})`, () => {
      const run = (value: unknown) => checkRule(name, value, ...(args as never[]));
      for (const value of pass) assert.equal(run(value), true, `should pass: ${JSON.stringify(value)}`);
      for (const value of fail) assert.equal(run(value), false, `should fail: ${JSON.stringify(value)}`);
    });
  }
}
