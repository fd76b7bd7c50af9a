import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createIntl } from '@formatjs/intl';
import { z } from 'zod';
import { formsEn as en } from '../../src/i18n/messages/forms-en';
import { formatMessage, formMessages, type MessageKey } from '../../src/forms/messages/index';
import { formsNl as nl } from '../../src/i18n/messages/forms-nl';
import { submitForm } from '../../src/forms/submit-flow';
import { validateForm } from '../../src/forms/validate';

const keys = Object.keys(nl) as MessageKey[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('nl and en have the same keys', () => {
  assert.deepEqual(Object.keys(en).sort(), [...keys].sort());
});

test('nl and en use the same placeholders for each key', () => {
  for (const key of keys) assert.deepEqual(placeholders(en[key]), placeholders(nl[key]), key);
});

test('formatMessage gives exactly what @formatjs/intl gives, for every message', () => {
  for (const locale of ['nl', 'en'] as const) {
    const intl = createIntl({ locale, messages: formMessages[locale], onError: (e) => assert.fail(e) });
    for (const key of keys) {
      const values = Object.fromEntries(placeholders(nl[key]).map((name) => [name, `<${name}>`]));
      assert.equal(formatMessage(locale, key, values), intl.formatMessage({ id: key }, values), key);
    }
  }
});

test('a placeholder without a value stays visible instead of vanishing', () => {
  assert.equal(formatMessage('en', 'age.belowMin'), 'Your age cannot be lower than {min}.');
});

test('the incomplete-form message, in both languages', async () => {
  const expected = {
    nl: 'Sorry, niet alle velden zijn goed ingevuld.',
    en: 'Sorry, not all fields are filled out correctly.',
  };
  for (const locale of ['nl', 'en'] as const) {
    const outcome = await submitForm({
      locale,
      validate: () => ({ ok: false, errors: { name: 'x' }, formErrors: [] }),
      onSubmit: () => assert.fail('must not submit'),
    });
    assert.equal(outcome.status === 'invalid' && outcome.message, expected[locale]);
  }
});

test('a check without its own message falls back to "This field is not valid."', () => {
  const schema = z.object({ code: z.string().regex(/^\d+$/) });
  const expected = { nl: 'Dit veld is niet geldig.', en: 'This field is not valid.' };
  for (const locale of ['nl', 'en'] as const) {
    const result = validateForm(schema, { code: 'abc' }, locale);
    assert.equal(result.ok ? undefined : result.errors.code, expected[locale]);
  }
});

test('contact form success and error texts (spec section 8)', () => {
  assert.equal(formatMessage('nl', 'contact.success'), 'Je gegevens zijn verstuurd. We nemen snel contact met je op.');
  assert.equal(formatMessage('en', 'contact.success'), 'Your details have been sent. We will contact you soon.');
  assert.equal(formatMessage('nl', 'contact.error'),
    'Er ging iets mis bij het versturen van je gegevens. Probeer het later nog eens.');
  assert.equal(formatMessage('en', 'contact.error'),
    'Something went wrong while sending your details. Please try again later.');
});
