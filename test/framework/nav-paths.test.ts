// The language switcher, the flag and the hreflang links stay on the same page when it exists
// in both languages, and lead to the other language's home page when it does not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { alternatesFor, counterpart } from '../../src/app/chrome/nav-paths';

const cases: Array<[from: string, to: 'nl' | 'en', expected: string]> = [
  ['/', 'en', '/en'],
  ['/en', 'nl', '/'],
  ['/over-ons', 'en', '/en/about'],
  ['/en/about', 'nl', '/over-ons'],
  ['/locaties?age=17&postcode=4001+AB', 'en', '/en/locaties'],
  ['/en/aanmelden', 'nl', '/aanmelden'],
  ['/locatie/tiel-12-16', 'en', '/en/locatie/tiel-12-16'],
  ['/en/regio/rivierenland', 'nl', '/regio/rivierenland'],
  ['/blog/een-bericht', 'en', '/en'],
  ['/locatie/', 'en', '/en'],
  ['/en/tips', 'nl', '/tips'],
  ['/tips', 'en', '/en/tips'],
];
for (const [from, to, expected] of cases) {
  test(`${from} in ${to}: ${expected}`, () => assert.equal(counterpart(from, to), expected));
}

test('hreflang alternates only for pages in both languages', () => {
  assert.deepEqual(alternatesFor('/en/locatie/culemborg'), [
    { hrefLang: 'nl', path: '/locatie/culemborg' },
    { hrefLang: 'en', path: '/en/locatie/culemborg' },
  ]);
  assert.deepEqual(alternatesFor('/blog'), []);
});
