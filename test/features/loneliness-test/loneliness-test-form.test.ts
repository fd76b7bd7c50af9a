import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lonelinessTestSchema } from '../../../src/features/loneliness-test/forms/loneliness-test';
import { validateForm } from '../../../src/forms/validate';
import { validTest } from '../../forms/helpers/valid-input';

test('a complete test parses: answers, normalised postcode, numeric age, booleans', () => {
  const result = validateForm(lonelinessTestSchema('nl'), { ...validTest, postcode: '4001aa' }, 'nl');
  assert.ok(result.ok);
  assert.equal(result.data.answers.length, 11);
  assert.equal(result.data.postcode, '4001 AA');
  assert.equal(result.data.age, 19);
  assert.equal(result.data.consent, true);
  assert.equal(result.data.researchPermission, false);
  assert.equal(result.data.email, undefined);
});

test('the no-JavaScript form posts q1..q11; a skipped question stays on its own item', () => {
  const fields = Object.fromEntries(validTest.answers.map((a, i) => [`q${i + 1}`, a]));
  delete fields.q3;
  const { answers: _, ...rest } = validTest;
  const result = validateForm(lonelinessTestSchema('en'), { ...rest, ...fields }, 'en');
  assert.ok(!result.ok);
  assert.deepEqual(Object.keys(result.errors), ['answers.2']);
  assert.equal(result.errors['answers.2'], 'You have not answered this question yet.');
});

test('a short or garbled answer list is reported per question', () => {
  const result = validateForm(lonelinessTestSchema('nl'), { ...validTest, answers: ['ja', 'misschien'] }, 'nl');
  assert.ok(!result.ok);
  const answerErrors = Object.keys(result.errors).filter((k) => k.startsWith('answers.'));
  assert.equal(answerErrors.length, 10);
  assert.equal(result.errors['answers.1'], 'Je hebt deze vraag nog niet beantwoord.');
  // No answer at all (the no-JS form sent empty): each of the eleven questions is reported.
  const none = validateForm(lonelinessTestSchema('nl'), { ...validTest, answers: undefined }, 'nl');
  assert.ok(!none.ok);
  for (let i = 0; i < 11; i++) assert.equal(none.errors[`answers.${i}`], 'Je hebt deze vraag nog niet beantwoord.');
});

test('age 12 to 120, postcode required, email optional but valid', () => {
  const errors = (change: object) => {
    const r = validateForm(lonelinessTestSchema('nl'), { ...validTest, ...change }, 'nl');
    return r.ok ? {} : r.errors;
  };
  assert.deepEqual(errors({ age: '12' }), {});
  assert.deepEqual(errors({ age: '120' }), {});
  assert.equal(errors({ age: '11' }).age, 'Deze test is voor jongeren vanaf 12 jaar.');
  assert.equal(errors({ age: '121' }).age, 'Je leeftijd kan niet hoger zijn dan 120.');
  assert.equal(errors({ age: '16.5' }).age, 'Vul je leeftijd in hele jaren in.');
  assert.equal(errors({ age: 'zestien' }).age, 'Vul je leeftijd in hele jaren in.');
  assert.equal(errors({ postcode: '' }).postcode, 'Je hebt geen postcode ingevuld.');
  assert.equal(errors({ email: 'niet-goed' }).email, 'Je hebt geen geldig e-mailadres ingevuld.');
  assert.deepEqual(errors({ email: 'noor@example.nl', researchPermission: 'on' }), {});
});
