// Every product validation message appears for the input that should cause it,
// in Dutch and in English. Expected texts are written out so a changed catalogue shows here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { z } from 'zod';
import type { Locale } from '../../src/i18n/locale';
import { contactSchema, courseInformationSchema, startLocationSchema, vacancyApplicationSchema } from '../../src/forms/definitions/index';
import { donationSchema } from '../../src/features/donations/forms/donation';
import { findLocationSchema } from '../../src/features/find-group/forms/find-location';
import { keepMePostedSchema } from '../../src/features/find-group/forms/keep-me-posted';
import { signUpSchema } from '../../src/features/find-group/forms/sign-up';
import { validateForm } from '../../src/forms/validate';
import * as valid from './helpers/valid-input';

type Factory = (locale: Locale) => z.ZodType;
const MB = 1024 * 1024;
const areas = (m: string) => (m.toLowerCase() === 'tiel' ? ['4001', '4002'] : undefined);

const forms: Record<string, [Factory, Record<string, unknown>]> = {
  contact: [contactSchema, valid.validContact],
  vacancy: [vacancyApplicationSchema, valid.validVacancy],
  course: [(l) => courseInformationSchema(l, { now: valid.now }), valid.validCourse],
  start: [startLocationSchema, valid.validStartLocation],
  signUp: [(l) => signUpSchema(l, { minAge: 12, maxAge: 18, now: valid.now }), valid.validSignUp],
  keep: [keepMePostedSchema, valid.validKeepMePosted],
  find: [(l) => findLocationSchema(l, { postcodeAreasOf: areas }), valid.validFindLocation],
  donation: [donationSchema, valid.validDonation],
};

type Case = [form: string, change: Record<string, unknown>, field: string, nl: string, en: string];

const cases: Case[] = [
  ['contact', { name: '  ' }, 'name', 'Je hebt geen naam ingevuld.', 'You have not filled in your name.'],
  ['donation', { lastname: '' }, 'lastname', 'Je hebt geen achternaam ingevuld.', 'You have not filled in your last name.'],
  ['keep', { postcode: '' }, 'postcode', 'Je hebt geen postcode ingevuld.', 'You have not filled in a postcode.'],
  ['keep', { postcode: '1234 SA' }, 'postcode',
    'Je hebt geen geldige postcode ingevuld. Een postcode ziet er zo uit: 1234 AB.',
    'This is not a valid postcode. A Dutch postcode looks like this: 1234 AB.'],
  ['donation', { donateAs: 'organisation' }, 'organisation', 'Je hebt geen organisatie ingevuld.', 'You have not filled in an organisation.'],
  ['contact', { email: '' }, 'email', 'Je hebt geen e-mailadres ingevuld.', 'You have not filled in an email address.'],
  ['contact', { email: 'sanne@example' }, 'email', 'Je hebt geen geldig e-mailadres ingevuld.', 'You have not filled in a valid email address.'],
  ['start', { jobTitle: '' }, 'jobTitle', 'Je hebt geen functie ingevuld.', 'You have not filled in your job title.'],
  ['start', { municipality: '' }, 'municipality', 'Dit veld is verplicht.', 'This field is required.'],
  ['start', { howHeard: undefined }, 'howHeard', 'Dit veld is verplicht.', 'This field is required.'],
  ['start', { phone: '' }, 'phone', 'Je hebt geen telefoonnummer ingevuld.', 'You have not filled in a phone number.'],
  ['course', { preferredLocation: '' }, 'preferredLocation', 'Je hebt geen locatie ingevuld.', 'You have not filled in a location.'],
  ['course', { preferredDate: '' }, 'preferredDate', 'Je hebt geen datum ingevuld.', 'You have not filled in a date.'],
  ['vacancy', { cv: { name: '', size: 0, type: '' } }, 'cv', 'Je hebt geen cv toegevoegd.', 'You have not added your CV.'],
  ['course', { message: '' }, 'message', 'Je hebt geen bericht ingevuld.', 'You have not written a message.'],
  ['course', { privacy: undefined }, 'privacy', 'Je bent nog niet akkoord gegaan met het privacybeleid.', 'You have not yet agreed to the privacy policy.'],
  ['contact', { privacy: undefined }, 'privacy',
    'Je bent nog niet akkoord gegaan met het privacybeleid.', 'You have not yet agreed to the privacy policy.'],
  ['find', { age: '' }, 'age', 'Je hebt geen leeftijd ingevuld.', 'You have not filled in your age.'],
  ['find', { age: '-1' }, 'age', 'Je leeftijd kan niet lager zijn dan 0.', 'Your age cannot be lower than 0.'],
  ['find', { age: '121' }, 'age', 'Je leeftijd kan niet hoger zijn dan 120.', 'Your age cannot be higher than 120.'],
  // Find a group.
  ['find', { postcode: '0123 AB' }, 'postcode',
    'Deze postcode is niet geldig of hoort niet bij de gekozen gemeente.',
    'This postcode is not valid or is not part of the selected municipality.'],
  ['find', { postcode: '1234 AB', municipality: 'Tiel' }, 'postcode',
    'Deze postcode is niet geldig of hoort niet bij de gekozen gemeente.',
    'This postcode is not valid or is not part of the selected municipality.'],
  ['signUp', { date_of_birth: '2005-06-16' }, 'date_of_birth',
    'Je bent 19 jaar. Deze groep is voor jongeren van 12 tot en met 18 jaar.',
    'You are 19 years old. This group is for young people from 12 to 18 years old.'],
  ['keep', { email: 'sem@' }, 'email', 'Dit e-mailadres is niet geldig.', 'This email address is not valid.'],
  // CV and motivation together may be at most 100 MB.
  ['vacancy', { cv: { name: 'cv.pdf', size: 60 * MB, type: 'application/pdf' },
    motivation: { name: 'brief.docx', size: 40 * MB + 1, type: '' } }, 'cv',
    'Je bestanden zijn samen groter dan 100 MB. Stuur ons in plaats daarvan een downloadlink, bijvoorbeeld via WeTransfer.',
    'Your files are larger than 100 MB together. Please send us a download link instead, for example via WeTransfer.'],
];

for (const [form, change, field, nl, en] of cases) {
  const [factory, base] = forms[form] ?? assert.fail(`no form ${form}`);
  const input = { ...base, ...change };
  for (const [locale, expected] of [['nl', nl], ['en', en]] as const) {
    test(`${form}: ${JSON.stringify(change)} → ${field} (${locale})`, () => {
      const result = validateForm(factory(locale), input, locale);
      assert.equal(result.ok, false);
      assert.equal(result.ok ? undefined : result.errors[field], expected);
    });
  }
}

test('every base input is valid in both locales', () => {
  for (const [name, [factory, base]] of Object.entries(forms)) {
    for (const locale of ['nl', 'en'] as const) {
      const result = validateForm(factory(locale), base, locale);
      assert.deepEqual(result.ok ? {} : result.errors, {}, `${name} (${locale})`);
    }
  }
});

test('find-location: missing fields also give "fill in all fields" above the form', () => {
  for (const [locale, expected] of [['nl', 'Vul alle velden in.'], ['en', 'Please fill in all fields.']] as const) {
    const result = validateForm(findLocationSchema(locale), { age: '', postcode: ' ' }, locale);
    assert.ok(!result.ok);
    assert.deepEqual(result.formErrors, [expected]);
    assert.ok(result.errors.age && result.errors.postcode);
  }
  const complete = validateForm(findLocationSchema('nl'), { age: '200', postcode: '4001 AA' }, 'nl');
  assert.deepEqual(complete.ok ? [] : complete.formErrors, []);
});

test('exactly 100 MB together is still accepted', () => {
  const files = { cv: { name: 'cv.pdf', size: 50 * MB, type: 'application/pdf' },
    motivation: { name: 'm.pdf', size: 50 * MB, type: 'application/pdf' } };
  const result = validateForm(vacancyApplicationSchema('nl'), { ...valid.validVacancy, ...files }, 'nl');
  assert.equal(result.ok, true);
});
