// Dutch paths carry no prefix; English paths sit under /en, the English home page at /en.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localePath, splitLocale, type Locale } from '../../src/i18n/locale';

const cases: Array<[locale: Locale, pathname: string, full: string]> = [
  ['nl', '/', '/'],
  ['nl', '/over-ons', '/over-ons'],
  ['en', '/', '/en'],
  ['en', '/about', '/en/about'],
  ['en', '/regio/utrecht', '/en/regio/utrecht'],
];
for (const [locale, pathname, full] of cases) {
  test(`${locale} ${pathname} <-> ${full}`, () => {
    assert.equal(localePath(locale, pathname), full);
    assert.deepEqual(splitLocale(full), { locale, pathname });
  });
}

test('a Dutch path that merely starts with "en" stays Dutch', () => {
  assert.deepEqual(splitLocale('/energie'), { locale: 'nl', pathname: '/energie' });
  assert.deepEqual(splitLocale('/en/'), { locale: 'en', pathname: '/' });
});
