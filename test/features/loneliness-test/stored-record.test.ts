import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lonelinessTestSchema } from '../../../src/features/loneliness-test/forms/loneliness-test';
import { storedTestRecord } from '../../../src/features/loneliness-test/rules/stored-record';

const input = {
  answers: ['nee', 'ja', 'ja', 'nee', 'min-of-meer', 'nee', 'ja', 'ja', 'nee', 'nee', 'ja'],
  postcode: '4001 aa',
  age: '19',
  email: 'noor@example.nl',
};
const parse = (extra: object) => lonelinessTestSchema('nl').parse({ ...input, ...extra });

test('without consent nothing is stored', () => {
  assert.equal(storedTestRecord(parse({})), undefined);
  assert.equal(storedTestRecord(parse({ researchPermission: 'on' })), undefined);
});

test('with consent: answers, score, age and postcode area only; never the email', () => {
  const record = storedTestRecord(parse({ consent: 'on' }));
  assert.deepEqual(record, {
    total: 5, emotional: 3, social: 2, band: 'moderately-lonely',
    answers: input.answers, age: 19, postcodeArea: '4001', researchPermission: false,
  });
  assert.ok(!JSON.stringify(record).includes('noor'));
  assert.ok(!JSON.stringify(record).includes('AA'));
});
