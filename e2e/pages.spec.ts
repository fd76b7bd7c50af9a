// Page types, SEO and metadata against the production build with the embedded snapshot:
// every route with its own page answers with its content, detail pages, blog filter
// and pagination with and without JavaScript, axe, structured data, canonical/OG, sitemap.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { PORT } from '../playwright.config';
import { expectNoAxeViolations, hydrated, markWindow, windowMarked } from './support';

const ORIGIN = `http://127.0.0.1:${PORT}`;
type Raw = Record<string, unknown> & { slug: string; title?: string; name?: string; updatedAt?: string; seo?: { noIndex?: boolean } | null };
const snapshot = (locale: string, name: string) => JSON.parse(readFileSync(`content/snapshot/${locale}/${name}.json`, 'utf8')) as Raw[];
const bySlug = (locale: string, name: string, slug: string) => snapshot(locale, name).find((r) => r.slug === slug)!;
/** Dates as the site shows them: medium style, UTC. */
const nlDate = (iso: unknown) => new Intl.DateTimeFormat('nl', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(String(iso)));

/** The h1 a content page shows: its opening intro or hero carries it, else the page title. */
function pageHeading(locale: string, slug: string): string {
  const page = bySlug(locale, 'pages', slug);
  const first = (page.blocks as Array<{ __component: string; title?: string }>)[0];
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

const DETAIL_ROUTES: Array<[path: string, heading: string]> = [
  ['/blog/nieuwe-groep-in-geldermalsen', bySlug('nl', 'blog-posts', 'nieuwe-groep-in-geldermalsen').title!],
  ['/academy/eenzaamheid-herkennen-bij-jongeren', bySlug('nl', 'courses', 'eenzaamheid-herkennen-bij-jongeren').title!],
  ['/vacatures/jongerenwerker-tiel', bySlug('nl', 'vacancies', 'jongerenwerker-tiel').title!],
  ['/locatie/tiel-12-16', bySlug('nl', 'locations', 'tiel-12-16').name!],
  ['/locatie/online-groep', bySlug('nl', 'locations', 'online-groep').name!],
  ['/over-ons/ons-team/marieke-van-dijk', bySlug('nl', 'team-members', 'marieke-van-dijk').name!],
];

test.describe('every route of spec section 2 answers with its content', () => {
  for (const [path, locale, slug] of CONTENT_ROUTES) {
    test(`content page ${path}`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveText(pageHeading(locale, slug));
      await expect(page.locator('h1')).toHaveCount(1);
    });
  }
  for (const [path, heading] of DETAIL_ROUTES) {
    test(`detail page ${path}`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveText(heading);
    });
  }
  test('/doe-de-test/start answers in the test layout', async ({ page }) => {
    expect((await page.goto('/doe-de-test/start'))?.status()).toBe(200);
  });
  test('/nl/over-ons/faq redirects to /over-ons/faq', async ({ page }) => {
    await page.goto('/nl/over-ons/faq');
    await expect(page).toHaveURL(`${ORIGIN}/over-ons/faq`);
  });
  for (const [n, target] of [[1, '/doe-de-test'], [2, '/locaties'], [3, '/eenzaamheid'], [4, '/over-ons/support-onze-missie']] as const) {
    test(`/qr/waaier${n} redirects (302) to ${target}`, async ({ request }) => {
      const res = await request.get(`/qr/waaier${n}`, { maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers().location).toBe(target);
    });
  }
  for (const path of ['/blog/bestaat-niet', '/academy/bestaat-niet', '/vacatures/bestaat-niet', '/locatie/bestaat-niet', '/over-ons/ons-team/bestaat-niet', '/a/b/c']) {
    test(`missing ${path} is a 404 with the spec text`, async ({ page }) => {
      expect((await page.goto(path))?.status()).toBe(404);
      await expect(page.getByText(`Pagina niet gevonden: ${path}`)).toBeVisible();
    });
  }
});

test.describe('detail pages show what a visitor needs', () => {
  test('blog post: category, date, author, cover with size, back link, related posts', async ({ page }) => {
    await page.goto('/blog/nieuwe-groep-in-geldermalsen');
    await expect(page.getByRole('main').getByRole('link', { name: 'Nieuws', exact: true })).toHaveAttribute('href', '/blog?categorie=news');
    const post = bySlug('nl', 'blog-posts', 'nieuwe-groep-in-geldermalsen');
    await expect(page.locator('time').first()).toHaveText(nlDate(post.publishedDate));
    await expect(page.getByText(`Door ${String(post.author)}`)).toBeVisible();
    const cover = page.locator('img.detail-cover');
    await expect(cover).toHaveAttribute('width', String((post.cover as { width: number }).width));
    // The browser chose a copy fitted to the page, in AVIF, not the camera's 4352 px original.
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    const chosen = await cover.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, natural: img.naturalWidth }));
    expect(chosen.src).toMatch(/\/uploads\/w\d+-[0-9a-z]{8}\/brug_[0-9a-f]{10}\.jpg\.avif$/);
    expect(chosen.natural).toBeLessThanOrEqual(1280);
    await expect(page.getByRole('link', { name: 'Terug naar de blog' })).toHaveAttribute('href', '/blog');
    await expect(page.getByRole('heading', { name: 'Lees ook' })).toBeVisible();
  });
  test('vacancy: hours, location, closing date, type and how to apply', async ({ page }) => {
    await page.goto('/vacatures/jongerenwerker-tiel');
    const vacancy = bySlug('nl', 'vacancies', 'jongerenwerker-tiel');
    for (const text of [String(vacancy.hours), String(vacancy.location), 'Betaalde baan', nlDate(vacancy.closingDate)]) {
      await expect(page.locator('.detail-facts')).toContainText(text);
    }
    await expect(page.getByRole('heading', { name: 'Solliciteren' })).toBeVisible();
  });
  test('location: day in words, ages, address, district and sign-up link', async ({ page }) => {
    await page.goto('/locatie/tiel-12-16');
    const facts = page.locator('.detail-facts');
    const group = bySlug('nl', 'locations', 'tiel-12-16') as Raw & { meetingTime: string; minAge: number; maxAge: number; address: string };
    const expected = [`Om de week op woensdag, ${group.meetingTime}`, `${group.minAge} tot en met ${group.maxAge} jaar`, group.address, 'Rivierenland'];
    for (const text of expected) await expect(facts).toContainText(text);
    await expect(page.getByRole('link', { name: 'Meld je aan' }).first()).toHaveAttribute('href', '/aanmelden?locatie=tiel-12-16');
  });
  test('online group: 18 to 30, four months, weekly digital meeting', async ({ page }) => {
    await page.goto('/locatie/online-groep');
    const facts = page.locator('.detail-facts');
    for (const text of ['18 tot en met 30 jaar', 'Een programma van 4 maanden', 'Elke week een digitale bijeenkomst', 'Elke dinsdag']) await expect(facts).toContainText(text);
  });
  test('team page groups members under the three Dutch headings', async ({ page }) => {
    await page.goto('/over-ons/ons-team');
    await expect(page.locator('h2')).toContainText(['Raad van toezicht', 'Ambassadeurs', 'Jongerenraad']);
    await page.getByRole('link', { name: 'Marieke van Dijk' }).click();
    await expect(page).toHaveURL(/\/over-ons\/ons-team\/marieke-van-dijk$/);
    await expect(page.getByText('Raad van toezicht', { exact: true })).toBeVisible();
  });
});

async function blogCardBadges(page: Page) {
  return page.locator('.card-blog .badge').allTextContents();
}

for (const js of [false, true]) {
  test(`blog filter and pagination work ${js ? 'with' : 'without'} JavaScript`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: js });
    const page = await context.newPage();
    await page.goto('/blog');
    if (js) {
      await hydrated(page);
      await markWindow(page);
    }
    await expect(page.locator('.card-blog')).toHaveCount(6);
    const firstPage = await page.locator('.card-blog .card-title').allTextContents();
    await page.getByRole('link', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(`${ORIGIN}/blog?pagina=2`);
    // The client router may change the address before it swaps the page: wait for the new list.
    await expect(page.locator('.card-blog')).toHaveCount(snapshot('nl', 'blog-posts').length - 6);
    const secondPage = await page.locator('.card-blog .card-title').allTextContents();
    expect(secondPage.some((title) => firstPage.includes(title))).toBe(false);

    await page.getByRole('main').getByRole('link', { name: 'Nieuws', exact: true }).click();
    await expect(page).toHaveURL(`${ORIGIN}/blog?categorie=news`);
    const news = snapshot('nl', 'blog-posts').filter((p) => p.category === 'news').length;
    await expect(page.locator('.card-blog')).toHaveCount(news);
    expect(new Set(await blogCardBadges(page))).toEqual(new Set(['Nieuws']));
    if (js) expect(await windowMarked(page)).toBe(true);
    await context.close();
  });
}

test.describe('accessibility (axe, WCAG 2.2 AA) on every page type', () => {
  const pages = ['/', '/en', '/blog', '/blog?categorie=news', '/doe-de-test', '/stronger-together-2025', '/stronger-together-2027', '/over-ons/support-onze-missie', '/over-ons/ons-team', '/eenzaamheid/eenzaamheid-op-school/voorkom-eenzaamheid-in-de-klas', ...DETAIL_ROUTES.map(([p]) => p), '/bestaat-niet'];
  for (const path of pages) {
    test(`no violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('SEO and metadata', () => {
  const ld: Array<[path: string, type: string]> = [
    ['/', 'NGO'],
    ['/blog/nieuwe-groep-in-geldermalsen', 'BlogPosting'],
    ['/vacatures/jongerenwerker-tiel', 'JobPosting'],
    ['/academy/eenzaamheid-herkennen-bij-jongeren', 'Course'],
    ['/stronger-together-2025', 'Event'],
    ['/stronger-together-2027', 'Event'],
  ];
  for (const [path, type] of ld) {
    test(`${path} carries parseable ${type} JSON-LD`, async ({ page }) => {
      await page.goto(path);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const types = blocks.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
      expect(types).toContain(type);
    });
  }
  test('title, description, canonical, Open Graph, manifest and theme colour', async ({ page }) => {
    await page.goto('/blog/nieuwe-groep-in-geldermalsen');
    await expect(page).toHaveTitle('Nieuwe groep in Geldermalsen van start | Join Us');
    const meta = (selector: string, attr = 'content') => page.locator(selector).getAttribute(attr);
    expect(await meta('meta[name="description"]')).toMatch(/^Vanaf februari/);
    expect(await meta('link[rel="canonical"]', 'href')).toBe(`${ORIGIN}/blog/nieuwe-groep-in-geldermalsen`);
    expect(await meta('meta[property="og:url"]')).toBe(`${ORIGIN}/blog/nieuwe-groep-in-geldermalsen`);
    expect(await meta('meta[property="og:type"]')).toBe('article');
    expect(await meta('meta[property="og:locale"]')).toBe('nl_NL');
    // The post's cover photo, as its 1280 px JPEG copy (not the camera's original).
    expect(await meta('meta[property="og:image"]')).toMatch(new RegExp(`^${ORIGIN}/uploads/w1280-[0-9a-z]{8}/brug_[0-9a-f]{10}\\.jpg\\.jpg$`));
    expect(await meta('meta[name="theme-color"]')).toBe('#1f6b3a');
    const manifest = await page.request.get((await meta('link[rel="manifest"]', 'href'))!);
    expect(((await manifest.json()) as { name: string }).name).toBe('Join Us');
    await page.goto('/en');
    expect(await meta('meta[property="og:locale"]')).toBe('en_GB');
    expect(await meta('link[rel="canonical"]', 'href')).toBe(`${ORIGIN}/en`);
  });
  test('sitemap.xml lists every public page of the snapshot; robots.txt names it', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    const detail: Record<string, string> = { 'blog-posts': '/blog/', courses: '/academy/', vacancies: '/vacatures/', locations: '/locatie/', 'team-members': '/over-ons/ons-team/', districts: '/regio/' };
    const expected = new Set<string>();
    for (const locale of ['nl', 'en']) {
      const prefix = locale === 'en' ? '/en' : '';
      for (const p of snapshot(locale, 'pages')) if (!p.seo?.noIndex) expected.add(ORIGIN + (p.slug === 'home' ? prefix || '/' : `${prefix}/${p.slug}`));
      for (const [name, base] of Object.entries(detail)) for (const r of snapshot(locale, name)) expected.add(`${ORIGIN}${prefix}${base}${r.slug}`);
    }
    expect(locs).toEqual(expected);
    expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
