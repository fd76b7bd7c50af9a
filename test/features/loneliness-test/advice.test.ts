import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupSearchHref, helpLinesFor, nextStep, resultAdvice } from '../../../src/features/loneliness-test/rules/advice';

const LINES = [
  { name: 'De Kindertelefoon', maxAge: 17 },
  { name: '113 Zelfmoordpreventie', maxAge: null },
  { name: 'Je huisarts' },
];

test('help lines: De Kindertelefoon under 18 only; 113 and the GP for everyone', () => {
  assert.deepEqual(helpLinesFor(LINES, 12).map((l) => l.name), ['De Kindertelefoon', '113 Zelfmoordpreventie', 'Je huisarts']);
  assert.deepEqual(helpLinesFor(LINES, 17).map((l) => l.name), ['De Kindertelefoon', '113 Zelfmoordpreventie', 'Je huisarts']);
  assert.deepEqual(helpLinesFor(LINES, 18).map((l) => l.name), ['113 Zelfmoordpreventie', 'Je huisarts']);
  assert.deepEqual(helpLinesFor(LINES, 45).map((l) => l.name), ['113 Zelfmoordpreventie', 'Je huisarts']);
});

test('help comes first for the two highest bands only', () => {
  assert.equal(resultAdvice('not-lonely', 20, '1234 AB').helpFirst, false);
  assert.equal(resultAdvice('moderately-lonely', 20, '1234 AB').helpFirst, false);
  assert.equal(resultAdvice('severely-lonely', 20, '1234 AB').helpFirst, true);
  assert.equal(resultAdvice('very-severely-lonely', 20, '1234 AB').helpFirst, true);
});

test('next step: tips for the lowest band, whatever the age', () => {
  assert.deepEqual(nextStep('not-lonely', 15, '1234 AB'), { kind: 'tips' });
  assert.deepEqual(nextStep('not-lonely', 25, '1234 AB'), { kind: 'tips' });
  assert.deepEqual(nextStep('not-lonely', 50, '1234 AB'), { kind: 'tips' });
});

test('next step: a group for the postcode from 12 to 30; the online group too from 18', () => {
  assert.deepEqual(nextStep('moderately-lonely', 12, '1234 ab'), { kind: 'group', zipcode: '1234AB', age: 12, online: false });
  assert.deepEqual(nextStep('severely-lonely', 17, '1234AB'), { kind: 'group', zipcode: '1234AB', age: 17, online: false });
  assert.deepEqual(nextStep('severely-lonely', 18, '1234AB'), { kind: 'group', zipcode: '1234AB', age: 18, online: true });
  assert.deepEqual(nextStep('very-severely-lonely', 30, '4001 AA'), { kind: 'group', zipcode: '4001AA', age: 30, online: true });
});

test('next step: past 30 other help; an unusable postcode still offers the online group from 18', () => {
  assert.deepEqual(nextStep('moderately-lonely', 31, '1234 AB'), { kind: 'other-help' });
  assert.deepEqual(nextStep('moderately-lonely', 20, 'x'), { kind: 'online' });
  assert.deepEqual(nextStep('moderately-lonely', 15, 'x'), { kind: 'other-help' });
});

test('the find-a-group link carries postcode and age, under /en in English', () => {
  assert.equal(groupSearchHref('nl', '1234AB', 19), '/locaties?postcode=1234AB&age=19');
  assert.equal(groupSearchHref('en', '1234AB', 19), '/en/locaties?postcode=1234AB&age=19');
});
