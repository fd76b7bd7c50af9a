// The language switcher, the flag and the hreflang links stay on the same page when it exists
// in both languages, and lead to the other language's home page when it does not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { alternatesFor, counterpart } from '../../src/routing/nav-paths';
import { PATH_TABLE, type PathRow } from '../../src/routing/path-table';
import { recordPath, sitemapPath } from '../../src/routing/path-lookup';
import { fillPattern } from '../../src/routing/route-match';
import { localePath } from '../../src/i18n/locale';

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
  ['/regio/utrecht/', 'en', '/en/regio/utrecht'],
  ['/en/contact', 'nl', '/contact'],
  ['/en/over-ons', 'nl', '/'],
  ['/about', 'en', '/en'],
  ['/en/blog/a-post', 'nl', '/'],
  ['/doe-de-test', 'en', '/en/doe-de-test'],
  ['/en/doe-de-test/start', 'nl', '/doe-de-test/start'],
  ['/doneren', 'en', '/en/doneren'],
  ['/blog', 'en', '/en/blog'],
  ['/en/academy', 'nl', '/academy'],
  ['/vacatures', 'en', '/en/vacatures'],
  ['/over-ons/ons-team', 'en', '/en'],
];
for (const [from, to, expected] of cases) {
  test(`${from} in ${to}: ${expected}`, () => assert.equal(counterpart(from, to), expected));
}

test('hreflang alternates only for pages in both languages', () => {
  assert.deepEqual(alternatesFor('/en/locatie/culemborg'), [
    { hrefLang: 'nl', path: '/locatie/culemborg' },
    { hrefLang: 'en', path: '/en/locatie/culemborg' },
  ]);
  assert.deepEqual(alternatesFor('/over-ons/ons-team'), []);
  assert.deepEqual(alternatesFor('/blog/een-bericht'), []);
});

test('every language pair of the path table leads both ways', () => {
  for (const row of PATH_TABLE as readonly PathRow[]) {
    if (row.en === undefined) continue;
    const params = { slug: 'een-slug' };
    const nl = fillPattern(row.path, params);
    const en = localePath('en', fillPattern(row.en, params));
    assert.equal(counterpart(nl, 'en'), en, row.name);
    assert.equal(counterpart(en, 'nl'), nl, row.name);
    assert.deepEqual(alternatesFor(en), [
      { hrefLang: 'nl', path: nl },
      { hrefLang: 'en', path: en },
    ]);
  }
});

test('a record\'s page path: the row that names it, else its collection\'s row; the sitemap leaves some out, the preview none', () => {
  assert.equal(recordPath('pages', 'home'), '/');
  assert.equal(recordPath('pages', 'over-ons/faq'), '/over-ons/faq');
  assert.equal(recordPath('blog-posts', 'een-bericht'), '/blog/een-bericht');
  assert.equal(recordPath('districts', 'rivierenland'), '/regio/rivierenland');
  assert.equal(recordPath('team-members', 'sam'), '/over-ons/ons-team/sam');
  assert.equal(recordPath('pages', 'doe-de-test/start'), '/doe-de-test/start');
  assert.equal(sitemapPath('pages', 'doe-de-test/start'), null);
  assert.equal(recordPath('events', 'stronger-together-2025'), null);
  assert.equal(recordPath('partners', 'x'), null);
});
