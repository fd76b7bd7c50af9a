// The list of form definitions and what is read from it: one name and one collection per form,
// the fields the generic view shows, the steps, a field required only in some contexts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FORM_DEFINITIONS, FORM_FIELDS, fieldsFor, fileFieldsOf, formDefinition } from '../../src/forms/catalogue/index';
import { stepOfField, stepsOf } from '../../src/forms/steps';

test('each form has its own name and each stored form its own collection (account forms store nothing)', () => {
  const names = FORM_DEFINITIONS.map((d) => d.name);
  const collections = FORM_DEFINITIONS.filter((d) => d.hooks !== 'account').map((d) => d.collection);
  assert.equal(new Set(names).size, names.length);
  assert.equal(new Set(collections).size, collections.length);
  assert.equal(formDefinition('bestaat-niet'), undefined);
});

test('the generic form view shows the site forms, not the test (it has a view of its own)', () => {
  assert.deepEqual(Object.keys(FORM_FIELDS).sort(), [
    'change-password',
    'contact',
    'course-information',
    'donation',
    'forgot-password',
    'keep-me-posted',
    'login',
    'register',
    'resend-confirmation',
    'reset-password',
    'sign-up',
    'start-location',
    'vacancy-application',
  ]);
  assert.deepEqual(fileFieldsOf(formDefinition('vacancy-application')!), ['cv', 'motivation']);
});

test('every field of a form in steps belongs to one of its steps', () => {
  const signUp = formDefinition('sign-up')!;
  const steps = stepsOf(signUp)!;
  assert.equal(steps.length, 2);
  for (const field of signUp.fields) assert.ok(steps.some((s) => s.includes(field.name)), field.name);
  assert.equal(stepOfField(steps, 'location'), 1);
  assert.equal(stepsOf(formDefinition('contact')), undefined);
});

test('keep-me-posted asks the age only of someone too young', () => {
  const def = formDefinition('keep-me-posted')!;
  const age = (about?: string) => fieldsFor(def, about).find((f) => f.name === 'age')!;
  assert.equal(age('keep-me-posted:too-young').optional, false);
  assert.equal(age('keep-me-posted:no-location').optional, true);
  assert.equal(age().optional, true);
});
