// Class: a field drawn with a type that cannot hold the value it comes back with (a form sent
// without JavaScript, answered with its message). Reported: the find form's age (type number)
// with "abc". Neighbours: an email that is no address (also one with a letter outside ASCII), a
// date that does not exist; a text, phone or password field holds anything.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inputTypeFor } from '../../src/forms/input-type';

test('a value a field\'s type cannot hold is drawn as text; one it can, or none, keeps the type', () => {
  const cases: Array<[Parameters<typeof inputTypeFor>[0], string | undefined, string]> = [
    ['number', 'abc', 'text'], ['number', '16 jaar', 'text'], ['number', '16', 'number'], ['number', '', 'number'], ['number', undefined, 'number'],
    ['email', 'anna@', 'text'], ['email', 'abc', 'text'], ['email', 'ÉMILE.Privé@Voorbeeld.NL', 'text'], ['email', 'anna.de-vries+joinus@voorbeeld.nl', 'email'],
    ['date', '2000-02-30', 'text'], ['date', '31-12-2000', 'text'], ['date', '2000-02-29', 'date'], ['date', '1999-02-29', 'text'], ['date', '2010-07-15', 'date'],
    ['tel', 'abc', 'tel'], ['text', '<b>', 'text'], ['password', 'x', 'password'],
  ];
  for (const [type, value, drawn] of cases) assert.equal(inputTypeFor(type, value), drawn, `${type} with ${JSON.stringify(value)}`);
});
