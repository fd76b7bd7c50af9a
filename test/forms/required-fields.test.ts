// What a form shows as required (no "(optional)", aria-required) is what its schema requires,
// and what it shows as optional its schema lets go: the two come from different places (the
// definition's fields and the zod schema), so each form is checked against both.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FORM_FIELDS, fieldsFor, formDefinition } from '../../src/forms/catalogue/index';
import type { SchemaOptions } from '../../src/forms/definitions/types';
import { validateForm } from '../../src/forms/validate';

const OPTIONS: SchemaOptions = { location: 'tiel', minAge: 12, maxAge: 30 };

/** The fields as the page with this hidden context shows them against the schema with the
 * options the same page gives it. */
function shownAsRequired(name: string, options: SchemaOptions, about?: string) {
  const def = formDefinition(name)!;
  const verdict = validateForm(def.schema('nl', options), {}, 'nl');
  const errors = verdict.ok ? {} : verdict.errors;
  for (const field of fieldsFor(def, about)) {
    // A choice that starts with an answer is never empty on the page (the schema takes the same default).
    if (field.defaultValue !== undefined) continue;
    if (field.repeats) {
      // Asked again (a new password): quiet while the first is empty, required once it is right.
      assert.equal(errors[field.name], undefined, `${name}.${field.name} repeats the problem of ${field.repeats}`);
      const first = validateForm(def.schema('nl', options), { [field.repeats]: 'Geheim123!' }, 'nl');
      assert.ok(!first.ok && first.errors[field.name], `${name}.${field.name} is shown as required but accepted empty`);
      continue;
    }
    if (field.optional) assert.equal(errors[field.name], undefined, `${name}.${field.name} is shown as optional but refused empty`);
    else assert.ok(errors[field.name], `${name}.${field.name} is shown as required but accepted empty`);
  }
}

for (const name of Object.keys(FORM_FIELDS)) {
  test(`${name}: every field shown as required is required by the schema, every optional one is not`, () => shownAsRequired(name, OPTIONS));
}

test("a form on an event's page is a sign-up for that event: its fields there agree with its schema there, the message an optional remark", () => {
  const about = 'event:stronger-together-2027';
  shownAsRequired('contact', { event: 'Stronger Together 2027' }, about);
  const message = fieldsFor(formDefinition('contact')!, about).find((f) => f.name === 'message')!;
  assert.deepEqual([message.optional, message.label], [true, { nl: 'Opmerking', en: 'Remarks' }]);
  assert.equal(fieldsFor(formDefinition('contact')!).find((f) => f.name === 'message')!.optional, undefined, 'on the contact page a message');
});

test('keep-me-posted for someone too young: its fields there agree with its schema there', () => shownAsRequired('keep-me-posted', { variant: 'too-young' }, 'keep-me-posted:too-young'));

test('the course information form refuses a post without the privacy agreement', () => {
  const def = formDefinition('course-information')!;
  const input = { name: 'Sem', email: 'sem@example.nl', phone: '0612345678', message: 'Wanneer?', preferredLocation: 'Tiel', preferredDate: '2999-01-01' };
  const without = validateForm(def.schema('nl'), input, 'nl');
  assert.equal(without.ok, false);
  assert.equal(!without.ok && without.errors.privacy, 'Je bent nog niet akkoord gegaan met het privacybeleid.');
  assert.equal(validateForm(def.schema('nl'), { ...input, privacy: 'on' }, 'nl').ok, true);
});
