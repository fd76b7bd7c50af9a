// The one catalogue: every area's keys its own, Dutch and English alike, each text valid ICU,
// and the texts the browser fills (forms, the form view, the test flow) filled there exactly as
// the server's @formatjs fills them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { t } from '../../src/i18n/intl';
import { AREAS, catalogues, type MessageKey } from '../../src/i18n/messages';
import { formatPlain } from '../../src/i18n/plain';

/** The values a text asks for: `{name}`, and the argument of a plural (`{count, plural, ...}`),
 * each once. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)(?:\}|, *plural,)/g)].map((m) => m[1]!))].sort();

test('no key is defined by two areas', () => {
  const seen = new Map<string, string>();
  for (const [area, [nl]] of Object.entries(AREAS)) {
    for (const key of Object.keys(nl)) {
      assert.equal(seen.get(key), undefined, `${key} in ${area} and ${seen.get(key)}`);
      seen.set(key, area);
    }
  }
});

test('Dutch and English have the same keys and the same placeholders', () => {
  const keys = Object.keys(catalogues.nl) as MessageKey[];
  assert.deepEqual(Object.keys(catalogues.en).sort(), [...keys].sort());
  for (const key of keys) assert.deepEqual(placeholders(catalogues.en[key]), placeholders(catalogues.nl[key]), key);
});

test('every text formats on the server, in both languages', () => {
  for (const locale of ['nl', 'en'] as const) {
    for (const key of Object.keys(catalogues.nl) as MessageKey[]) {
      const values = Object.fromEntries(placeholders(catalogues.nl[key]).map((name) => [name, 7]));
      const text = t(locale, key, values);
      assert.ok(text.length > 0 && !text.includes('{'), `${locale} ${key}: ${text}`);
    }
  }
});

test('the texts the browser fills come out as the server fills them', () => {
  for (const area of ['forms', 'formView', 'testFlow'] as const) {
    for (const [index, locale] of (['nl', 'en'] as const).entries()) {
      const texts = AREAS[area][index] as Readonly<Record<MessageKey, string>>;
      for (const key of Object.keys(texts) as MessageKey[]) {
        const values = Object.fromEntries(placeholders(texts[key]).map((name) => [name, `<${name}>`]));
        assert.equal(formatPlain(texts[key], values), t(locale, key, values), `${area} ${locale} ${key}`);
      }
    }
  }
});

test('a formatted text is the same on every call (the formatter is kept, not rebuilt)', () => {
  assert.equal(t('nl', 'testFlow.progress', { n: 2, total: 11 }), 'Vraag 2 van 11');
  assert.equal(t('nl', 'testFlow.progress', { n: 3, total: 11 }), 'Vraag 3 van 11');
  assert.equal(t('en', 'formView.step', { step: 1, total: 2 }), 'Step 1 of 2');
});
