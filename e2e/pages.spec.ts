// Page types, SEO and metadata against the production build with the embedded snapshot:
// detail pages, blog filter and pagination with and without JavaScript, axe, structured data,
// canonical/OG. Each route's status and h1, the redirects and the 404s are read without a
// browser (test/server/pages/status-and-heading.test.ts); the sitemap's list is checked by the
// one walk of it (e2e/all-pages.spec.ts).
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { PORT } from '../playwright.config';
import { expectNoAxeViolations, hydrated, markWindow, windowMarked } from './support';

const ORIGIN = `http://127.0.0.1:${PORT}`;
type Raw = Record<string, unknown> & { slug: string; title?: string; name?: string };
const snapshot = (locale: string, name: string) => JSON.parse(readFileSync(`content/snapshot/${locale}/${name}.json`, 'utf8')) as Raw[];
const bySlug = (locale: string, name: string, slug: string) => snapshot(locale, name).find((r) => r.slug === slug)!;
/** Dates as the site shows them: medium style, UTC. */
const nlDate = (iso: unknown) => new Intl.DateTimeFormat('nl', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(String(iso)));

/** One page of each detail route (their status and h1: test/server/pages/status-and-heading.test.ts). */
const DETAIL_PATHS = ['/blog/nieuwe-groep-in-geldermalsen', '/academy/eenzaamheid-herkennen-bij-jongeren', '/vacatures/jongerenwerker-tiel', '/locatie/tiel-12-16', '/locatie/online-groep', '/over-ons/ons-team/marieke-van-dijk'];

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
  const pages = ['/', '/en', '/blog', '/blog?categorie=news', '/doe-de-test', '/stronger-together-2025', '/stronger-together-2027', '/over-ons/support-onze-missie', '/over-ons/ons-team', '/eenzaamheid/eenzaamheid-op-school/voorkom-eenzaamheid-in-de-klas', ...DETAIL_PATHS, '/bestaat-niet'];
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
});
