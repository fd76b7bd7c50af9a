// One walk of the sitemap per viewport, each page loaded once and checked for everything a page
// of the sitemap must do; every problem is collected and reported at the end with its page.
// - The sitemap lists every public page of the snapshot (both languages) and robots.txt names it.
// - 320 px wide (small phones, and any phone at 400% zoom: WCAG reflow): the page answers 200
//   and nothing scrolls sideways, long Dutch words in titles included; no heading skips a level
//   (an h3 under an h1), on the pages a query, a form or an account link reaches too; no word in
//   a card or a heading stands on two lines (e2e/layout.spec.ts: other widths). The same page
//   load then with the browser's text at 200% at 375 and 320 px (WCAG 1.4.4 on a phone): nothing
//   scrolls sideways either.
// - 1280 px with the browser's text size at 200% (a setting many visitors with low vision use;
//   unlike page zoom it changes only the text, so breakpoints in px did not follow it): nothing
//   scrolls sideways; and the two languages: the page answers 200 in its language (<html lang>),
//   each of its language links (the switcher, the flag, the hreflang alternates) leads to a
//   page that exists in that language, its alternates name itself, and an English page links
//   English pages wherever one exists (the blog, the courses and the vacancies are written in
//   Dutch: their English pages say so and lead there).
// Pages are loaded as first painted: the site's scripts (/assets/*.js) are blocked, its inline
// scripts run (the consent banner shows: no choice is stored). The walks are the suite's longest
// tests: this file's name sorts them first, so the other worker runs the rest meanwhile.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PORT } from '../playwright.config';
import { pagesOffTheSitemap } from './site-pages';
import { headingSkips, largeText, sideways, splitWords, textSizes } from './support';

const ORIGIN = `http://127.0.0.1:${PORT}`;
const langOf = (path: string) => (path === '/en' || path.startsWith('/en/') ? 'en' : 'nl');

type Raw = { slug: string; seo?: { noIndex?: boolean } | null };
const snapshot = (locale: string, name: string) => JSON.parse(readFileSync(`content/snapshot/${locale}/${name}.json`, 'utf8')) as Raw[];

/** Every public page of the snapshot, computed without the router. */
function snapshotUrls(): Set<string> {
  const detail: Record<string, string> = { 'blog-posts': '/blog/', courses: '/academy/', vacancies: '/vacatures/', locations: '/locatie/', 'team-members': '/over-ons/ons-team/', districts: '/regio/' };
  const expected = new Set<string>();
  for (const locale of ['nl', 'en']) {
    const prefix = locale === 'en' ? '/en' : '';
    for (const p of snapshot(locale, 'pages')) if (!p.seo?.noIndex) expected.add(ORIGIN + (p.slug === 'home' ? prefix || '/' : `${prefix}/${p.slug}`));
    for (const [name, base] of Object.entries(detail)) for (const r of snapshot(locale, name)) expected.add(`${ORIGIN}${prefix}${base}${r.slug}`);
  }
  return expected;
}

/** The sitemap's pages (paths); what is wrong with the list goes to `problems`. */
async function sitemapPaths(page: Page, problems: string[]): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const listed = new Set(locs);
  const expected = snapshotUrls();
  for (const url of expected) if (!listed.has(url)) problems.push(`sitemap.xml: ${url} missing`);
  for (const url of listed) if (!expected.has(url)) problems.push(`sitemap.xml: ${url} is no public page of the snapshot`);
  if (listed.size !== locs.length) problems.push(`sitemap.xml: ${locs.length - listed.size} pages listed twice`);
  const paths = locs.map((loc) => new URL(loc).pathname);
  expect(paths.length, 'the sitemap lists the site').toBeGreaterThan(100);
  return paths;
}

/** Loads each page as first painted (the site's scripts blocked) and runs `check` on it. */
async function walk(page: Page, paths: string[], problems: string[], check: (path: string) => Promise<void>): Promise<void> {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  for (const path of paths) {
    const res = await page.goto(path, { waitUntil: 'load' });
    if (res?.status() !== 200) {
      problems.push(`${path}: ${res?.status()}`);
      continue;
    }
    await check(path);
  }
}

/** Each address's answer, asked once per walk outside the browser, without a cookie jar: each
 * link is judged on its own, and the choice a switch link writes does not follow the walk to the
 * next page. `follow`: where its redirects lead (a language link); else the answer itself. */
function answers() {
  const known = new Map<string, Promise<{ status: number; url: string; lang: string | null }>>();
  return (href: string, { follow }: { follow: boolean }) => {
    const key = `${follow} ${href}`;
    if (!known.has(key)) {
      known.set(key, (async () => {
        const res = await fetch(ORIGIN + href, { redirect: follow ? 'follow' : 'manual' });
        const html = await res.text();
        return { status: res.status, url: new URL(res.url).pathname, lang: /<html lang="(\w+)"/.exec(html)?.[1] ?? null };
      })());
    }
    return known.get(key)!;
  };
}

test.describe('every page of the sitemap', () => {
  test('at 320 px, and at 320 and 375 px with text at 200%: answers 200, nothing scrolls sideways; heading levels never skip one; no word in a card or heading splits at normal text size', async ({ page }) => {
    test.setTimeout(360_000);
    await page.setViewportSize({ width: 320, height: 640 });
    const textSize = await textSizes(page);
    const problems: string[] = [];
    const paths = await sitemapPaths(page, problems);
    await walk(page, paths, problems, async (path) => {
      const by = await sideways(page);
      if (by > 0) problems.push(`${path}: scrolls sideways by ${by} px at 320 px`);
      const skips = await headingSkips(page);
      for (const skip of skips) problems.push(`${path}: ${skip}`);
      for (const word of await splitWords(page)) problems.push(`${path}: the word ${word} is split over two lines at 320 px`);
      // The same page with the browser's text at 200%, on a phone and on the narrowest phone.
      await textSize(32);
      for (const width of [375, 320]) {
        await page.setViewportSize({ width, height: 640 });
        const large = await sideways(page);
        if (large > 0) problems.push(`${path}: scrolls sideways by ${large} px at ${width} px with text at 200%`);
      }
      await textSize(16);
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('pages off the sitemap (a sign-up for a group, a search, a sent form, an account page): heading levels never skip one', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const problems: string[] = [];
    for (const path of pagesOffTheSitemap()) {
      const res = await page.goto(path, { waitUntil: 'load' });
      if (![200, 404].includes(res?.status() ?? 0)) problems.push(`${path}: ${res?.status()}`);
      if ((await page.locator('h1').count()) !== 1) problems.push(`${path}: ${await page.locator('h1').count()} h1`);
      for (const skip of await headingSkips(page)) problems.push(`${path}: ${skip}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('at 1280 px with text at 200%: nothing scrolls sideways; its language and every language link are right; English pages link English pages', async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await largeText(page);
    const problems: string[] = [];
    const robots = await (await page.request.get('/robots.txt')).text();
    if (!robots.includes(`Sitemap: ${ORIGIN}/sitemap.xml`)) problems.push('robots.txt does not name the sitemap');
    const paths = await sitemapPaths(page, problems);
    expect(paths.filter((p) => langOf(p) === 'en').length).toBeGreaterThanOrEqual(14);
    for (const key of ['/en/doe-de-test', '/en/doneren', '/en/blog', '/en/academy', '/en/vacatures']) expect(paths, key).toContain(key);
    const answer = answers();
    let englishPages = 0;
    await walk(page, paths, problems, async (path) => {
      const by = await sideways(page);
      if (by > 0) problems.push(`${path}: scrolls sideways by ${by} px at 1280 px with text at 200%`);

      const lang = await page.locator('html').getAttribute('lang');
      if (lang !== langOf(path)) problems.push(`${path}: <html lang="${lang}">, not ${langOf(path)}`);
      const links = await page.locator('a[hreflang], link[rel="alternate"][hreflang]:not([hreflang="x-default"])').evaluateAll((els) =>
        els.map((el) => {
          const url = new URL(el.getAttribute('href')!, location.href);
          return { href: url.pathname + url.search, lang: el.getAttribute('hreflang')! };
        }),
      );
      if (links.length < 3) problems.push(`${path}: ${links.length} language links, not the switcher, the flag and the alternates`);
      for (const link of links) {
        const a = await answer(link.href, { follow: true });
        if (a.status !== 200 || a.lang !== link.lang) problems.push(`${path} -> ${link.href} (${link.lang}): ${a.status} ${a.url} lang=${a.lang}`);
      }
      // The hreflang alternates of a page in both languages point at each other.
      const alternates = await page.locator('link[rel="alternate"][hreflang="en"], link[rel="alternate"][hreflang="nl"]').evaluateAll((els) => els.map((el) => new URL(el.getAttribute('href')!).pathname));
      if (alternates.length > 0 && !alternates.includes(path)) problems.push(`${path}: its alternates ${alternates.join(', ')} do not name it`);

      if (langOf(path) !== 'en') return;
      englishPages++;
      const hrefs = await page.locator('a[href^="/"]:not([hreflang])').evaluateAll((els) => els.map((el) => el.getAttribute('href')!));
      for (const href of new Set(hrefs)) {
        const bare = href.split(/[?#]/)[0]!;
        // English pages, and the page's own Dutch version.
        if (langOf(bare) === 'en' || `/en${bare}` === path) continue;
        const en = bare === '/' ? '/en' : `/en${bare}`;
        if ((await answer(en, { follow: false })).status === 200) problems.push(`${path} links ${href}, which exists as ${en}`);
      }
    });
    expect(englishPages, 'English pages walked').toBeGreaterThanOrEqual(14);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
