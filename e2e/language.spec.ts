// The two languages: the English visitor gets the test, the find-a-group flow and donating in
// English; the locale cookie brings a visitor who chose English back to English, and the
// language switch to Dutch keeps them in Dutch, with and without JavaScript. That every page of
// the sitemap (both languages) answers in its language, that every language link on it leads to
// a page that exists in that language, and that English pages link English pages: the one walk
// of the sitemap (e2e/all-pages.spec.ts).
import { expect, test } from '@playwright/test';
import { PORT } from '../playwright.config';
import { expectLocaleCookie, hydrated } from './support';

const ORIGIN = `http://127.0.0.1:${PORT}`;

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'consent', value: encodeURIComponent(JSON.stringify({ analytics: false })), url: ORIGIN }]);
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
    await expect(page.locator('.site-nav a', { hasText: /^Find a group$/ })).toHaveAttribute('href', '/en/locaties');
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

// The class: the language switch (the header's flag, the footer's switcher) keeps the page's own
// query, its search, filter and page number, on every page that has one; only what answered
// something done on this page (a form sent) stays behind.
for (const javaScript of [true, false]) {
  test.describe(`the language switch keeps the page's query ${javaScript ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled: javaScript });

    const pages = [
      { kind: 'a search', from: '/locaties?age=14&postcode=4001+LK', to: '/en/locaties?age=14&postcode=4001+LK', heading: /Tiel/ },
      { kind: 'a list filter and page', from: '/blog?categorie=news&pagina=2', to: '/en/blog?categorie=news&pagina=2' },
      { kind: 'a list filter', from: '/vacatures?categorie=news', to: '/en/vacatures?categorie=news' },
    ];
    for (const p of pages) {
      test(`${p.kind}: the flag and the footer's switch lead to the same query in English, and back`, async ({ page }) => {
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(p.from);
        if (javaScript) await hydrated(page);
        const expected = new URL(p.to, ORIGIN);
        for (const link of [page.locator('.top-bar a.flag-link'), page.getByRole('navigation', { name: 'Taal' }).getByRole('link', { name: /EN/ })]) {
          const href = new URL((await link.getAttribute('href'))!, ORIGIN);
          expect(href.pathname).toBe(expected.pathname);
          for (const [key, value] of expected.searchParams) expect(href.searchParams.get(key), `${key} in ${href}`).toBe(value);
          expect(href.searchParams.get('taal')).toBe('en');
        }
        await page.locator('.top-bar a.flag-link').click();
        await expect(page).toHaveURL(`${ORIGIN}${p.to}`);
        if (p.heading) await expect(page.locator('#find-outcome-title')).toContainText(p.heading);
        await page.screenshot({ path: `shots/flag-query-${p.kind.replace(/\W+/g, '-')}-${javaScript ? 'js' : 'nojs'}-1280.png` });
        // And back to Dutch, the query still there.
        if (javaScript) await hydrated(page);
        await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: /NL/ }).click();
        await expect(page).toHaveURL(`${ORIGIN}${p.from}`);
      });
    }

    test('what answered something done on the page (a form sent) is not carried', async ({ page }) => {
      await page.goto('/contact?verzonden=contact');
      const href = new URL((await page.locator('.top-bar a.flag-link').getAttribute('href'))!, ORIGIN);
      expect(href.searchParams.has('verzonden')).toBe(false);
    });
  });
}
