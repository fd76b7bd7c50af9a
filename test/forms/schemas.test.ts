// What the schemas make of input as forms send it: trimming, coercion, normalising, and the
// rules particular to one form.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contactSchema, courseInformationSchema, vacancyApplicationSchema } from '../../src/forms/definitions/index';
import { donationSchema } from '../../src/features/donations/forms/donation';
import { keepMePostedSchema } from '../../src/features/find-group/forms/keep-me-posted';
import { signUpSchema, signUpStep1Schema, signUpStep2Schema } from '../../src/features/find-group/forms/sign-up';
import { validateForm } from '../../src/forms/validate';
import * as valid from './helpers/valid-input';

test('contact: strings trimmed, blank optional fields absent, "on" becomes true', () => {
  const result = validateForm(contactSchema('nl'), { ...valid.validContact, name: '  Sanne  ' }, 'nl');
  assert.ok(result.ok);
  assert.equal(result.data.name, 'Sanne');
  assert.equal(result.data.organisation, undefined);
  assert.equal(result.data.privacy, true);
});

test('contact: a given phone number must look like one', () => {
  const errors = (phone: string) => {
    const r = validateForm(contactSchema('nl'), { ...valid.validContact, phone }, 'nl');
    return r.ok ? undefined : r.errors.phone;
  };
  assert.equal(errors('06-12345678'), undefined);
  assert.equal(errors('+31 (0)6 1234 5678'), undefined);
  assert.equal(errors('12345'), 'Je hebt geen geldig telefoonnummer ingevuld.');
  assert.equal(errors('bel me'), 'Je hebt geen geldig telefoonnummer ingevuld.');
});

test('checkboxes accept true, "true" and "on"; absent or "false" is not accepted', () => {
  for (const privacy of [true, 'true', 'on']) {
    assert.equal(validateForm(contactSchema('en'), { ...valid.validContact, privacy }, 'en').ok, true);
  }
  for (const privacy of [undefined, false, 'false', '']) {
    assert.equal(validateForm(contactSchema('en'), { ...valid.validContact, privacy }, 'en').ok, false);
  }
});

test('course information: the preferred date may be today, not yesterday, and must exist', () => {
  const schema = courseInformationSchema('en', { now: valid.now });
  const date = (preferredDate: string) => {
    const r = validateForm(schema, { ...valid.validCourse, preferredDate }, 'en');
    return r.ok ? 'ok' : r.errors.preferredDate;
  };
  assert.equal(date('2025-06-15'), 'ok');
  assert.equal(date('2025-06-14'), 'Choose a date from today onwards.');
  assert.equal(date('2025-02-30'), 'This is not a valid date.');
});

test('vacancy: file types by type or, when the browser gives none, by extension', () => {
  const cv = (file: object) => {
    const r = validateForm(vacancyApplicationSchema('nl'), { ...valid.validVacancy, cv: file }, 'nl');
    return r.ok ? 'ok' : r.errors.cv;
  };
  const refused = 'Dit soort bestand kunnen we niet openen. Stuur een pdf, een Word-bestand of een OpenDocument-bestand.';
  assert.equal(cv({ name: 'cv.docx', size: 10, type: '' }), 'ok');
  assert.equal(cv({ name: 'cv.PDF', size: 10, type: 'application/pdf' }), 'ok');
  assert.equal(cv({ name: 'cv.exe', size: 10, type: '' }), refused);
  assert.equal(cv({ name: 'cv.pdf', size: 10, type: 'application/x-msdownload' }), refused);
  assert.equal(cv({ name: 'cv.exe', size: 10, type: 'application/pdf' }), refused);
});

test('sign-up: the age from the date of birth must fit the group, edges included', () => {
  const schema = signUpSchema('nl', { minAge: 18, maxAge: 30, now: valid.now });
  const dob = (date_of_birth: string) => {
    const r = validateForm(schema, { ...valid.validSignUp, location: 'online', date_of_birth }, 'nl');
    return r.ok ? 'ok' : r.errors.date_of_birth;
  };
  assert.equal(dob('2007-06-15'), 'ok'); // 18 today
  assert.equal(dob('2007-06-16'), 'Je bent 17 jaar. Deze groep is voor jongeren van 18 tot en met 30 jaar.');
  assert.equal(dob('1994-06-16'), 'ok'); // 30, turns 31 tomorrow
  assert.equal(dob('1994-06-15'), 'Je bent 31 jaar. Deze groep is voor jongeren van 18 tot en met 30 jaar.');
  assert.equal(dob('2030-01-01'), 'Dit is geen geldige datum.');
  assert.equal(dob(''), 'Je hebt geen datum ingevuld.');
});

test('sign-up: two steps validate their own fields and together make the whole form', () => {
  const options = { minAge: 12, maxAge: 18, now: valid.now };
  const step1 = validateForm(signUpStep1Schema('en', options), { ...valid.validSignUp, email: '' }, 'en');
  assert.equal(step1.ok, true);
  const step2 = validateForm(signUpStep2Schema('en'), { ...valid.validSignUp, firstname: '' }, 'en');
  assert.equal(step2.ok, true);
  const whole = validateForm(signUpSchema('en', options), { ...valid.validSignUp, agreement: undefined, location: 'Not A Slug' }, 'en');
  assert.ok(!whole.ok);
  assert.equal(whole.errors.agreement, 'You have not yet given permission to use your details.');
  assert.equal(whole.errors.location, 'You have not filled in a location.');
});

test('keep-me-posted: postcode normalised; "too young" needs the age', () => {
  const ok = validateForm(keepMePostedSchema('nl'), valid.validKeepMePosted, 'nl');
  assert.ok(ok.ok);
  assert.equal(ok.data.postcode, '4001 AA');
  assert.equal(ok.data.age, undefined);
  const young = validateForm(keepMePostedSchema('nl'), { ...valid.validKeepMePosted, variant: 'too-young' }, 'nl');
  assert.equal(young.ok ? undefined : young.errors.age, 'Je hebt geen leeftijd ingevuld.');
  const withAge = validateForm(keepMePostedSchema('nl'), { ...valid.validKeepMePosted, variant: 'too-young', age: '11' }, 'nl');
  assert.equal(withAge.ok && withAge.data.age, 11);
  const unknown = validateForm(keepMePostedSchema('nl'), { ...valid.validKeepMePosted, variant: 'later' }, 'nl');
  assert.equal(unknown.ok ? undefined : unknown.errors.variant, 'Dit veld is niet geldig.');
});

test('donation: amounts with comma or point, at most two decimals, 1 to 10 000 euro, as whole cents', () => {
  const amount = (value: unknown, other?: unknown) => {
    const r = validateForm(donationSchema('nl'), { ...valid.validDonation, amount: value, amountOther: other }, 'nl');
    return r.ok ? r.data.amountCents : (r.errors.amount ?? r.errors.amountOther);
  };
  assert.equal(amount('25,50'), 2550);
  assert.equal(amount('€ 10'), 1000);
  assert.equal(amount('7.5'), 750);
  assert.equal(amount('1'), 100);
  assert.equal(amount('10000'), 1_000_000);
  // Amounts a float would get wrong (0.1 + 0.2, 1.15 * 100) are exact cents here.
  assert.equal(amount('1,15'), 115);
  assert.equal(amount('4,35'), 435);
  assert.equal(amount('9999,99'), 999_999);
  assert.equal(amount('0,99'), 'Het bedrag moet minstens € 1 zijn.');
  assert.equal(amount('10000,01'), 'Het bedrag kan hier maximaal € 10.000 zijn. Wil je meer geven? Neem dan contact met ons op.');
  assert.equal(amount('12,345'), 'Vul een bedrag in euro in, bijvoorbeeld 10 of 12,50.');
  assert.equal(amount('1.000,00'), 'Vul een bedrag in euro in, bijvoorbeeld 10 of 12,50.');
  assert.equal(amount(12.34), 'Vul een bedrag in euro in, bijvoorbeeld 10 of 12,50.');
  assert.equal(amount(''), 'Je hebt geen bedrag ingevuld.');
});

test('donation: "another amount" is read from the free field, which wins when typed', () => {
  const run = (amount: unknown, amountOther: unknown) => validateForm(donationSchema('nl'), { ...valid.validDonation, amount, amountOther }, 'nl');
  const other = run('other', '12,50');
  assert.equal(other.ok && other.data.amountCents, 1250);
  const typedWithoutPicking = run('25', '40');
  assert.equal(typedWithoutPicking.ok && typedWithoutPicking.data.amountCents, 4000);
  const suggested = run('50', '  ');
  assert.equal(suggested.ok && suggested.data.amountCents, 5000);
  const empty = run('other', '');
  assert.equal(empty.ok ? null : empty.errors.amountOther, 'Je hebt geen bedrag ingevuld.');
  const wrong = run(undefined, 'tien');
  assert.equal(wrong.ok ? null : wrong.errors.amountOther, 'Vul een bedrag in euro in, bijvoorbeeld 10 of 12,50.');
  const ok = run('25', undefined);
  assert.ok(ok.ok && !('amount' in ok.data) && !('amountOther' in ok.data));
});

test('donation: frequency, newsletter and terms', () => {
  const ok = validateForm(donationSchema('en'), valid.validDonation, 'en');
  assert.ok(ok.ok);
  assert.equal(ok.data.frequency, 'monthly');
  assert.equal(ok.data.newsletter, false);
  assert.equal(ok.data.donateAs, 'person');
  const bad = validateForm(donationSchema('en'), { ...valid.validDonation, frequency: 'weekly', terms: '' }, 'en');
  assert.ok(!bad.ok);
  assert.equal(bad.errors.frequency, 'Choose how often you would like to give.');
  assert.equal(bad.errors.terms, 'You have not yet agreed to the terms.');
});
