import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPostcodeArea, isValidPostcode, normalisePostcode, postcodeArea } from '../../src/forms/postcode';

const invalid = ['0123 AB', '1234 SA', '1234 sd', '1234 SS', '1234 sa', '1234A', '12345 AB', '123 AB',
  '1234  AB', '1234-AB', 'ABCD 12', '1234 A1', '', ' '];

const valid: Array<[string, string, string]> = [
  ['1234ab', '1234 AB', '1234'],
  ['1234 AB', '1234 AB', '1234'],
  ['4001 AA', '4001 AA', '4001'],
  [' 9999zz ', '9999 ZZ', '9999'],
  ['1000 SB', '1000 SB', '1000'],
  ['3511 as', '3511 AS', '3511'],
];

for (const text of invalid) {
  test(`invalid: ${JSON.stringify(text)}`, () => {
    assert.equal(isValidPostcode(text), false);
    assert.equal(normalisePostcode(text), undefined);
    assert.equal(postcodeArea(text), undefined);
  });
}

for (const [text, normal, area] of valid) {
  test(`valid: ${JSON.stringify(text)} → ${normal}`, () => {
    assert.equal(isValidPostcode(text), true);
    assert.equal(normalisePostcode(text), normal);
    assert.equal(postcodeArea(text), area);
  });
}

test('non-text is never a postcode', () => {
  for (const value of [1234, null, undefined, {}, ['1234 AB']]) assert.equal(isValidPostcode(value), false);
});

test('a postcode area is four digits, never starting with 0', () => {
  for (const area of ['1000', '4001', '9999']) assert.equal(isPostcodeArea(area), true, area);
  for (const area of ['0123', '123', '12345', '4001 AB', '']) assert.equal(isPostcodeArea(area), false, area);
});
