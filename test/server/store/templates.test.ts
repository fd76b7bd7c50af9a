import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { confirmationMail, notificationMail } from '../../../server/mail/templates';
import { FORM_DEFINITIONS, formDefinition } from '../../../src/forms/catalogue/index';
import { mailFieldsOf, mailOf } from '../../../src/forms/form-fields';
import type { Locale } from '../../../src/i18n/locale';

const mailOfForm = (form: string) => mailOf(formDefinition(form)!)!;
const notification = (form: string, data: Record<string, unknown>, locale: Locale, meta?: Parameters<typeof notificationMail>[3]) => notificationMail(mailOfForm(form), data, locale, meta);
const confirmation = (form: string, data: Record<string, unknown>, locale: Locale) => confirmationMail(mailOfForm(form).confirmation!, data, locale);

const SAMPLES: Record<string, Record<string, unknown>> = {
  contact: { name: 'Sanne de Vries', organisation: 'Gemeente Utrecht', email: 'sanne@example.org', phone: '06 12345678', message: 'Hallo!\nIk heb een vraag.', privacy: true },
  'vacancy-application': {
    name: 'Sanne de Vries', email: 'sanne@example.org', phone: '06 12345678',
    cv: { name: 'cv.pdf', size: 245_000, type: 'application/pdf', stored: 'a1' }, remarks: 'Ik kan vanaf maart.', privacy: true,
  },
  'course-information': {
    name: 'Sanne de Vries', email: 'sanne@example.org', phone: '06 12345678', message: 'Is er plek?',
    preferredLocation: 'Utrecht', preferredDate: '2030-03-01',
  },
  'start-location': {
    name: 'Sanne de Vries', email: 'sanne@example.org', jobTitle: 'Beleidsmedewerker', municipality: 'Utrecht',
    howHeard: 'Via een collega', phone: '06 12345678', privacy: true,
  },
  'sign-up': {
    location: 'utrecht-centrum', firstname: 'Sanne', lastname: 'de Vries', date_of_birth: '2008-05-01',
    email: 'sanne@example.org', telephone: '06 12345678', agreement: true,
  },
  'keep-me-posted': { variant: 'no-location', email: 'sanne@example.org', postcode: '3511 AB', privacy: true },
};

describe('mail templates', () => {
  for (const [form, data] of Object.entries(SAMPLES)) {
    for (const locale of ['nl', 'en'] as const) {
      test(`${form} (${locale}): the notification lists every answer, the confirmation thanks without repeating them`, () => {
        const notified = notification(form, data, locale, { submissionId: 'sub-1', visitorLocale: locale });
        assert.ok(notified.subject.startsWith('[Website] '));
        assert.ok(!notified.subject.includes('\n'));
        for (const [key, value] of Object.entries(data)) {
          // The variant is shown as words, checked below.
          if (typeof value === 'string' && key !== 'variant') for (const line of value.split('\n')) assert.ok(notified.text.includes(line), `${line} missing`);
        }
        assert.match(notified.text, locale === 'nl' ? /Kenmerk: sub-1/ : /Reference: sub-1/);

        const confirmed = confirmation(form, data, locale);
        assert.match(confirmed.subject, /Stichting Join Us$/);
        // Keep-me-posted asks no name.
        const greeting = form === 'keep-me-posted' ? '' : ' Sanne';
        assert.ok(confirmed.text.startsWith(`${locale === 'nl' ? 'Hoi' : 'Hi'}${greeting},\n`));
        assert.match(confirmed.text, locale === 'nl' ? /Hartelijke groet,\nStichting Join Us/ : /Warm regards,\nStichting Join Us/);
        for (const personal of ['sanne@example.org', '06 12345678', 'de Vries']) assert.ok(!confirmed.text.includes(personal));
      });
    }
  }

  test('labels, ticks, files and long text are readable', () => {
    const { text } = notification('vacancy-application', SAMPLES['vacancy-application']!, 'nl');
    assert.match(text, /^Naam: Sanne de Vries$/m);
    assert.match(text, /^Cv: cv\.pdf \(245 kB\)$/m);
    assert.match(text, /^Akkoord met het privacybeleid: ja$/m);
    const contact = notification('contact', SAMPLES.contact!, 'en').text;
    assert.match(contact, /^Message:\n {4}Hallo!\n {4}Ik heb een vraag\.$/m);
    assert.match(contact, /^Agreed to the privacy policy: yes$/m);
  });

  test('a line break typed into a name does not break the subject', () => {
    assert.equal(notification('contact', { name: 'Sanne\r\nBcc: x@example.org' }, 'nl').subject, '[Website] Contactformulier van Sanne Bcc: x@example.org');
  });

  test('keep-me-posted: the variant in words; the too-young confirmation says what happens next', () => {
    assert.match(notification('keep-me-posted', SAMPLES['keep-me-posted']!, 'nl').text, /^Situatie: nog geen groep in de buurt$/m);
    const { text } = confirmation('keep-me-posted', { variant: 'too-young', email: 'a@example.org', age: 15 }, 'nl');
    assert.match(text, /zodra je oud genoeg bent/);
    assert.match(text, /^Hoi,$/m);
  });

  test('every form that mails labels each field its page asks', () => {
    for (const def of FORM_DEFINITIONS) {
      if (!def.mail) continue;
      for (const field of def.fields) assert.ok(mailFieldsOf(def)[field.name], `${def.name}: no mail label for ${field.name}`);
    }
  });
});
