// Every route of spec section 2 answers with its content: its status and, for a page, its one
// h1 from the embedded snapshot; the redirects (the QR codes of the printed fan, the /nl prefix)
// and the 404s of unknown detail slugs and paths, with the spec text. One table through the
// composed app (supertest): no browser is needed to read a status and a heading. (Moved from
// e2e/pages.spec.ts, which kept what needs a browser: the detail pages' layout, the blog's filter
// and pages with and without JavaScript, axe, structured data and metadata.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import request from 'supertest';
import { testApp } from '../../support/test-app';

type Raw = { slug: string; title?: string; name?: string; blocks?: Array<{ __component: string; title?: string }> };
const snapshot = (locale: string, name: string) => JSON.parse(readFileSync(`content/snapshot/${locale}/${name}.json`, 'utf8')) as Raw[];
function bySlug(locale: string, name: string, slug: string): Raw {
  const found = snapshot(locale, name).find((r) => r.slug === slug);
  assert.ok(found, `${name}/${slug} is in the ${locale} snapshot`);
  return found;
}

/** The h1 a content page shows: its opening intro or hero carries it, else the page title. */
function pageHeading(locale: string, slug: string): string {
  const page = bySlug(locale, 'pages', slug);
  const first = page.blocks?.[0];
  return first && ['blocks.intro', 'blocks.hero-cards'].includes(first.__component) ? first.title! : page.title!;
}

const CONTENT_ROUTES: Array<[path: string, locale: string, slug: string]> = [
  ['/', 'nl', 'home'],
  ['/doe-de-test', 'nl', 'doe-de-test'],
  ['/stronger-together-2025', 'nl', 'stronger-together-2025'],
  ['/stronger-together-2027', 'nl', 'stronger-together-2027'],
  ['/en/stronger-together-2027', 'en', 'stronger-together-2027'],
  ['/over-ons/support-onze-missie', 'nl', 'over-ons/support-onze-missie'],
  ['/en', 'en', 'home'],
  ['/over-ons/ons-team', 'nl', 'over-ons/ons-team'],
  ['/blog', 'nl', 'blog'],
  ['/general-condition', 'nl', 'general-condition'],
  ['/privacy-policy', 'nl', 'privacy-policy'],
  ['/research', 'nl', 'research'],
  ['/tips', 'nl', 'tips'],
  ['/eenzaamheid', 'nl', 'eenzaamheid'],
  ['/eenzaamheid/gevolgen', 'nl', 'eenzaamheid/gevolgen'],
  ['/eenzaamheid/signalereneenzaamheid', 'nl', 'eenzaamheid/signalereneenzaamheid'],
  ['/eenzaamheid/eenzaamheid-op-school', 'nl', 'eenzaamheid/eenzaamheid-op-school'],
  ['/eenzaamheid/eenzaamheid-op-school/voorkom-eenzaamheid-in-de-klas', 'nl', 'eenzaamheid/eenzaamheid-op-school/voorkom-eenzaamheid-in-de-klas'],
  ['/maak-impact-als-maatschappelijk-partner/gemeenten/eenzaamheidskosten', 'nl', 'maak-impact-als-maatschappelijk-partner/gemeenten/eenzaamheidskosten'],
];

const DETAIL_ROUTES: Array<[path: string, collection: string, slug: string, field: 'title' | 'name']> = [
  ['/blog/nieuwe-groep-in-geldermalsen', 'blog-posts', 'nieuwe-groep-in-geldermalsen', 'title'],
  ['/academy/eenzaamheid-herkennen-bij-jongeren', 'courses', 'eenzaamheid-herkennen-bij-jongeren', 'title'],
  ['/vacatures/jongerenwerker-tiel', 'vacancies', 'jongerenwerker-tiel', 'title'],
  ['/locatie/tiel-12-16', 'locations', 'tiel-12-16', 'name'],
  ['/locatie/online-groep', 'locations', 'online-groep', 'name'],
  ['/over-ons/ons-team/marieke-van-dijk', 'team-members', 'marieke-van-dijk', 'name'],
];

/** What a request must answer: a status, and the page's one h1, a Location, or a text in it. */
type Row = { path: string; status: number; h1?: string; location?: string; text?: string };

const TABLE: Row[] = [
  ...CONTENT_ROUTES.map(([path, locale, slug]) => ({ path, status: 200, h1: pageHeading(locale, slug) })),
  ...DETAIL_ROUTES.map(([path, collection, slug, field]) => ({ path, status: 200, h1: bySlug('nl', collection, slug)[field]! })),
  // The test's own layout (no site menu: test/server/pages/pages.test.ts) answers.
  { path: '/doe-de-test/start', status: 200 },
  { path: '/nl/over-ons/faq', status: 301, location: '/over-ons/faq' },
  { path: '/qr/waaier1', status: 302, location: '/doe-de-test' },
  { path: '/qr/waaier2', status: 302, location: '/locaties' },
  { path: '/qr/waaier3', status: 302, location: '/eenzaamheid' },
  { path: '/qr/waaier4', status: 302, location: '/over-ons/support-onze-missie' },
  ...['/blog/bestaat-niet', '/academy/bestaat-niet', '/vacatures/bestaat-niet', '/locatie/bestaat-niet', '/over-ons/ons-team/bestaat-niet', '/a/b/c'].map((path) => ({
    path,
    status: 404,
    text: `Pagina niet gevonden: ${path}`,
  })),
];

/** Text as the browser reads an element's textContent: tags dropped, entities decoded, white
 * space collapsed (what Playwright's toHaveText compares). */
function textOf(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) => {
      if (code[0] !== '#') return named[code.toLowerCase()] ?? whole;
      return String.fromCodePoint(code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1)));
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every h1 of the document (outside scripts), as text. */
function headingsOf(html: string): string[] {
  const body = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<template\b[^>]*>[\s\S]*?<\/template>/gi, '');
  return [...body.matchAll(/<h1(?:\s[^>]*)?>([\s\S]*?)<\/h1>/gi)].map((m) => textOf(m[1]!));
}

test('the reading of headings sees what a browser sees', () => {
  assert.deepEqual(headingsOf('<h1 class="x">Tom &amp; Jerry&#x27;s <span>eerste</span>\n  dag</h1><h10>nee</h10><script>"<h1>nee</h1>"</script><h1>Twee&#8217;</h1>'), ["Tom & Jerry's eerste dag", 'Twee\u2019']);
});

test('every route of spec section 2 answers its status, with its content: one h1, the redirect, the 404 text', async (t) => {
  const { app } = testApp();
  assert.equal(new Set(TABLE.map((r) => r.path)).size, TABLE.length, 'each path once');
  for (const row of TABLE) {
    await t.test(`${row.path} → ${row.status}${row.h1 ? `, h1 "${row.h1}"` : ''}${row.location ? ` to ${row.location}` : ''}`, async () => {
      const res = await request(app).get(row.path).redirects(0);
      assert.equal(res.status, row.status, row.path);
      if (row.status === 200 || row.status === 404) assert.match(String(res.headers['content-type']), /^text\/html/, row.path);
      if (row.h1 !== undefined) assert.deepEqual(headingsOf(res.text), [textOf(row.h1)], `${row.path}: one h1, the snapshot's`);
      if (row.location !== undefined) {
        assert.equal(res.headers.location, row.location, row.path);
        // The redirect leads to a page that answers.
        await request(app).get(row.location).redirects(0).expect(200);
      }
      if (row.text !== undefined) assert.ok(textOf(res.text).includes(row.text), `${row.path}: "${row.text}"`);
    });
  }
});
