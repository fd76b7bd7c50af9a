// The two languages: every page of the sitemap (both languages) answers, and every language
// link on it (the switcher, the flag, the hreflang alternates) leads to a page that exists, in
// that language; the English visitor gets the test, the find-a-group flow and donating in
// English; the locale cookie brings a visitor who chose English back to English, and the
// language switch to Dutch keeps them in Dutch, with and without JavaScript.
import { expect, test, type Page } from '@playwright/test';
import { PORT } from '../playwright.config';
import { expectLocaleCookie, hydrated } from './support';

const ORIGIN = `http://127.0.0.1:${PORT}`;

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'consent', value: encodeURIComponent(JSON.stringify({ analytics: false })), url: ORIGIN }]);
});

async function sitemapPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')).pathname);
}

const langOf = (path: string) => (path === '/en' || path.startsWith('/en/') ? 'en' : 'nl');

test.describe('every page in both languages', () => {
  test.use({ javaScriptEnabled: false });

  test('each sitemap page answers 200, and each of its language links leads to a page in that language', async ({ page }) => {
    test.setTimeout(240_000);
    const paths = await sitemapPaths(page);
    expect(paths.filter((p) => langOf(p) === 'en').length).toBeGreaterThanOrEqual(14);
    for (const key of ['/en/doe-de-test', '/en/doneren', '/en/blog', '/en/academy', '/en/vacatures']) expect(paths, key).toContain(key);
    const checked = new Map<string, { status: number; url: string; lang: string | null }>();
    const follow = async (href: string) => {
      if (!checked.has(href)) {
        // Outside the browser, without a cookie jar: each link is judged on its own, and the
        // choice a switch link writes does not follow the test to the next page.
        const res = await fetch(ORIGIN + href);
        const html = await res.text();
        checked.set(href, { status: res.status, url: new URL(res.url).pathname, lang: /<html lang="(\w+)"/.exec(html)?.[1] ?? null });
      }
      return checked.get(href)!;
    };
    const problems: string[] = [];
    for (const path of paths) {
      const res = await page.goto(path);
      if (res?.status() !== 200) {
        problems.push(`${path}: ${res?.status()}`);
        continue;
      }
      expect(await page.locator('html').getAttribute('lang'), path).toBe(langOf(path));
      const links = await page.locator('a[hreflang], link[rel="alternate"][hreflang]:not([hreflang="x-default"])').evaluateAll((els) =>
        els.map((el) => ({ href: new URL(el.getAttribute('href')!, location.href).pathname + new URL(el.getAttribute('href')!, location.href).search, lang: el.getAttribute('hreflang')! })),
      );
      expect(links.length, `${path} has language links`).toBeGreaterThanOrEqual(3);
      for (const link of links) {
        const answer = await follow(link.href);
        if (answer.status !== 200 || answer.lang !== link.lang) problems.push(`${path} -> ${link.href} (${link.lang}): ${answer.status} ${answer.url} lang=${answer.lang}`);
      }
      // The hreflang alternates of a page in both languages point at each other.
      const alternates = await page.locator('link[rel="alternate"][hreflang="en"], link[rel="alternate"][hreflang="nl"]').evaluateAll((els) => els.map((el) => new URL(el.getAttribute('href')!).pathname));
      if (alternates.length > 0) expect(alternates, path).toContain(path);
    }
    expect(problems).toEqual([]);
  });

  test('the English pages link English pages wherever one exists', async ({ page }) => {
    test.setTimeout(120_000);
    const english = (await sitemapPaths(page)).filter((p) => langOf(p) === 'en');
    const exists = new Map<string, boolean>();
    const problems: string[] = [];
    for (const path of english) {
      await page.goto(path);
      const hrefs = await page.locator('a[href^="/"]:not([hreflang])').evaluateAll((els) => els.map((el) => el.getAttribute('href')!));
      for (const href of new Set(hrefs)) {
        const bare = href.split(/[?#]/)[0]!;
        // English pages, and the page's own Dutch version (the blog, the courses and the
        // vacancies are written in Dutch: their English pages say so and lead there).
        if (langOf(bare) === 'en' || `/en${bare}` === path) continue;
        const en = bare === '/' ? '/en' : `/en${bare}`;
        if (!exists.has(en)) exists.set(en, (await page.request.get(en, { maxRedirects: 0 })).status() === 200);
        if (exists.get(en)) problems.push(`${path} links ${href}, which exists as ${en}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

test.describe('the English visitor', () => {
  test('the test: the introduction, then the test itself in English', async ({ page }) => {
    await page.goto('/en/doe-de-test');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Do you ever feel lonely?');
    await page.getByRole('link', { name: 'Start the test' }).click();
    await expect(page).toHaveURL(/\/en\/doe-de-test\/start$/);
    await hydrated(page);
    await page.getByTestId('test-flow-ready').click();
    await expect(page.getByText('Question 1 of 11')).toBeVisible();
    await expect(page.locator('.test-header-stop')).toHaveAttribute('href', '/en/doe-de-test');
  });

  test('finding a group: the search answers in English and the groups it lists are English pages', async ({ page }) => {
    await page.goto('/en/locaties');
    await hydrated(page);
    const form = page.locator('form[action^="/en/locaties"]').first();
    await form.getByLabel(/age/i).fill('17');
    await form.getByLabel(/postcode/i).fill('4001 AB');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/en\/locaties\?.*age=17/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const groupLinks = page.locator('main a[href*="/locatie/"]');
    expect(await groupLinks.count()).toBeGreaterThan(0);
    for (const href of await groupLinks.evaluateAll((els) => els.map((el) => el.getAttribute('href')!))) expect(href).toMatch(/^\/en\/locatie\//);
  });

  test('donating in English: the form, the test checkout and the status page in English', async ({ page }) => {
    await page.goto('/en/doneren');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Donate');
    const form = page.locator('#formulier-donation');
    await form.getByLabel('€25', { exact: true }).check();
    await form.getByLabel('Once', { exact: true }).check();
    await form.getByLabel('First name').fill('Emma');
    await form.getByLabel('Last name').fill(`Jones ${Date.now()}`);
    await form.getByLabel('Email address').fill('emma@example.org');
    await form.getByLabel('I agree to the general conditions and the privacy policy.').check();
    await form.getByRole('button', { name: 'Donate', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Test payment' })).toBeVisible();
    await page.getByLabel('Paid', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/en\/doneren\/bedankt\?donatie=/);
    await expect(page.locator('.block-donation-status h1').first()).toHaveText('Thank you!');
    await expect(page.getByText(/^Your gift: /)).toBeVisible();
  });

  test('the English menus lead to the English test, groups and donation pages', async ({ page }) => {
    await page.goto('/en');
    const header = page.locator('header.site-header');
    await expect(header.locator('.main-bar').getByRole('link', { name: 'Take the test' })).toHaveAttribute('href', '/en/doe-de-test');
    await expect(page.locator('.desktop-nav a', { hasText: /^Find a group$/ })).toHaveAttribute('href', '/en/locaties');
    await expect(header.getByRole('link', { name: 'Donate', exact: true }).first()).toHaveAttribute('href', '/en/doneren');
  });
});

for (const javaScript of [true, false]) {
  test.describe(`the locale cookie ${javaScript ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test('a visitor who chose English gets English at /, and the switch back to Dutch keeps them in Dutch', async ({ page, context }) => {
      const ready = async () => (javaScript ? hydrated(page) : undefined);
      await page.goto('/over-ons');
      await ready();
      await page.getByRole('navigation', { name: 'Taal' }).getByRole('link', { name: /EN/ }).click();
      await expect(page).toHaveURL(`${ORIGIN}/en/about`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expectLocaleCookie(context, 'en');

      // Coming back later: the Dutch home page (already in the render cache) sends them on.
      await page.goto('/');
      await expect(page).toHaveURL(`${ORIGIN}/en`);
      await page.goto('/locaties?age=17&postcode=4001AB');
      await expect(page).toHaveURL(`${ORIGIN}/en/locaties?age=17&postcode=4001AB`);
      // A page only in Dutch is still shown.
      await page.goto('/over-ons/ons-team');
      await expect(page).toHaveURL(`${ORIGIN}/over-ons/ons-team`);

      // The switch to Dutch is a choice too: no trap.
      await page.goto('/en');
      await ready();
      await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: /NL/ }).click();
      await expect(page).toHaveURL(`${ORIGIN}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
      expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('nl');
      await page.goto('/over-ons');
      await expect(page).toHaveURL(`${ORIGIN}/over-ons`);
    });
  });
}
