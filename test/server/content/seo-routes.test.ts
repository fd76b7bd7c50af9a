import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { seoRoutes, sitemapEntries, sitemapXml, xmlEscape } from '../../../server/content/seo-routes';
import { createContentClient } from '../../../src/content/client';
import { parseContentSettings } from '../../../src/content/settings';
import { createSiteContent, type SiteContent } from '../../../src/content/site-content';
import { PATH_TABLE, type PathRow } from '../../../src/routing/path-table';
import { matchPattern } from '../../../src/routing/route-match';
import { splitLocale } from '../../../src/i18n/locale';

const ORIGIN = 'https://www.stichtingjoinus.nl';
const client = createContentClient({
  logger: pino({ level: 'silent' }),
  snapshotDir: 'content/snapshot',
  settings: parseContentSettings({ timeoutMs: 1000, cache: { ttlMs: 60_000, maxEntries: 100, maxSizeBytes: 10_000_000 } }),
});
const app = express().use(seoRoutes({ content: createSiteContent(client, pino({ level: 'silent' })), publicOrigin: `${ORIGIN}/` }));

type Raw = { slug: string; documentId?: string; updatedAt?: string; seo?: { noIndex?: boolean | null } | null };
const snapshot = (locale: string, name: string) =>
  JSON.parse(readFileSync(`content/snapshot/${locale}/${name}.json`, 'utf8')) as Raw[];
const DETAIL: Record<string, string> = {
  'blog-posts': '/blog/',
  courses: '/academy/',
  vacancies: '/vacatures/',
  locations: '/locatie/',
  'team-members': '/over-ons/ons-team/',
  districts: '/regio/',
};

/** Every public page the snapshot has, computed independently of the router. */
function expectedUrls(): Map<string, string | undefined> {
  const urls = new Map<string, string | undefined>();
  for (const locale of ['nl', 'en']) {
    const prefix = locale === 'en' ? '/en' : '';
    for (const page of snapshot(locale, 'pages')) {
      if (page.seo?.noIndex) continue;
      urls.set(ORIGIN + (page.slug === 'home' ? prefix || '/' : `${prefix}/${page.slug}`), page.updatedAt);
    }
    for (const [name, base] of Object.entries(DETAIL)) {
      for (const record of snapshot(locale, name)) if (!record.seo?.noIndex) urls.set(`${ORIGIN}${prefix}${base}${record.slug}`, record.updatedAt);
    }
  }
  return urls;
}

const locs = (xml: string) => [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>(?:\s*<lastmod>([^<]+)<\/lastmod>)?/g)];

describe('sitemap.xml', () => {
  test('answers XML in the sitemaps.org namespace', async () => {
    const res = await request(app).get('/sitemap.xml').expect(200);
    assert.match(String(res.headers['content-type']), /^application\/xml/);
    assert.match(res.text, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"/);
  });

  test('lists every public page of both locales exactly once, with lastmod from updatedAt', async () => {
    const res = await request(app).get('/sitemap.xml').expect(200);
    const found = locs(res.text);
    const expected = expectedUrls();
    assert.deepEqual(new Set(found.map((m) => m[1])), new Set(expected.keys()));
    assert.equal(found.length, expected.size, 'no duplicates');
    for (const [, loc, lastmod] of found) assert.equal(lastmod, expected.get(loc!), loc);
  });

  test('home is / in Dutch and /en in English; detail pages sit under their routes', async () => {
    const res = await request(app).get('/sitemap.xml');
    assert.match(res.text, /<loc>https:\/\/www.stichtingjoinus.nl\/<\/loc>/);
    assert.match(res.text, /<loc>https:\/\/www.stichtingjoinus.nl\/en<\/loc>/);
    assert.match(res.text, /<loc>https:\/\/www.stichtingjoinus.nl\/blog\/nieuwe-groep-in-geldermalsen<\/loc>/);
    assert.match(res.text, /<loc>https:\/\/www.stichtingjoinus.nl\/locatie\/online-groep<\/loc>/);
    assert.match(res.text, /<loc>https:\/\/www.stichtingjoinus.nl\/eenzaamheid\/eenzaamheid-op-school\/voorkom-eenzaamheid-in-de-klas<\/loc>/);
  });

  test('pages marked noIndex are left out', async () => {
    const res = await request(app).get('/sitemap.xml');
    assert.doesNotMatch(res.text, /doneren\/bedankt/);
    assert.doesNotMatch(res.text, /doe-de-test\/start/);
  });

  test('a page in both languages names its translation with hreflang', async () => {
    const res = await request(app).get('/sitemap.xml');
    const about = res.text.split('<url>').find((u) => u.includes('<loc>https://www.stichtingjoinus.nl/over-ons</loc>'));
    assert.ok(about);
    assert.match(about, /hreflang="nl" href="https:\/\/www.stichtingjoinus.nl\/over-ons"/);
    assert.match(about, /hreflang="en" href="https:\/\/www.stichtingjoinus.nl\/en\/about"/);
  });

  test('the English test, donation, blog, Academy and vacancies pages are listed, each naming its Dutch page', async () => {
    const res = await request(app).get('/sitemap.xml');
    for (const path of ['/doe-de-test', '/doneren', '/blog', '/academy', '/vacatures']) {
      for (const loc of [path, `/en${path}`]) {
        const entry = res.text.split('<url>').find((u) => u.includes(`<loc>https://www.stichtingjoinus.nl${loc}</loc>`));
        assert.ok(entry, loc);
        assert.ok(entry.includes(`hreflang="nl" href="https://www.stichtingjoinus.nl${path}"`), `${loc} names the Dutch page`);
        assert.ok(entry.includes(`hreflang="en" href="https://www.stichtingjoinus.nl/en${path}"`), `${loc} names the English page`);
      }
    }
  });

  test('a region page is listed in both languages, each naming the other', async () => {
    const res = await request(app).get('/sitemap.xml');
    const region = res.text.split('<url>').find((u) => u.includes('<loc>https://www.stichtingjoinus.nl/regio/rivierenland</loc>'));
    assert.ok(region);
    assert.match(region, /hreflang="nl" href="https:\/\/www.stichtingjoinus.nl\/regio\/rivierenland"/);
    assert.match(region, /hreflang="en" href="https:\/\/www.stichtingjoinus.nl\/en\/regio\/rivierenland"/);
  });

  test('values are XML-escaped', () => {
    assert.equal(xmlEscape(`a&b<c>"d'`), 'a&amp;b&lt;c&gt;&quot;d&apos;');
    const xml = sitemapXml([{ loc: 'https://x.nl/?a=1&b=2', lastmod: '2025-01-01T00:00:00.000Z', alternates: [] }]);
    assert.match(xml, /<loc>https:\/\/x.nl\/\?a=1&amp;b=2<\/loc>/);
  });
});

describe('the path table and the sitemap', () => {
  const rows: readonly PathRow[] = PATH_TABLE;
  const sitemapPaths = async () => locs((await request(app).get('/sitemap.xml')).text).map((m) => splitLocale(m[1]!.slice(ORIGIN.length) || '/'));

  test('every public route of the table has a page in the sitemap, or is left out with a reason', async () => {
    const paths = await sitemapPaths();
    for (const row of rows) {
      const inDutch = paths.some((p) => p.locale === 'nl' && matchPattern(row.path, p.pathname));
      if (row.sitemap !== 'collection') {
        assert.ok(row.sitemap.leftOut.trim().length > 0, `${row.name}: say why it is left out`);
        assert.ok(!paths.some((p) => p.pathname === row.path), `${row.name} is left out, yet listed`);
        continue;
      }
      assert.ok(inDutch, `${row.name} (${row.path}) is not in the sitemap`);
      if (row.en !== undefined) {
        const en = row.en;
        assert.ok(paths.some((p) => p.locale === 'en' && matchPattern(en, p.pathname)), `${row.name}: English ${en} is not in the sitemap`);
      }
    }
  });

  test('a route left out of the sitemap stays out even when its content record is indexable', async () => {
    const pages = [{ slug: 'doe-de-test', documentId: 'a' }, { slug: 'doe-de-test/start', documentId: 'b' }];
    const content = { sitemapRecords: async (collection: string) => (collection === 'pages' ? pages : []) } as unknown as SiteContent;
    const entries = await sitemapEntries(content, ORIGIN);
    assert.deepEqual(entries.map((e) => e.loc), [`${ORIGIN}/doe-de-test`, `${ORIGIN}/en/doe-de-test`]);
  });
});

describe('robots.txt', () => {
  test('allows everything and names the sitemap on the public origin', async () => {
    const res = await request(app).get('/robots.txt').expect(200);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    assert.equal(res.text, `User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
  });
});
