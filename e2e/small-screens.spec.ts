// Small screens: at 320 px wide (small phones, and any phone at 400% zoom: WCAG
// reflow) nothing scrolls sideways and the menu button is on screen; the map's pins are
// targets of at least 24 x 24 px (WCAG 2.2 target size) at every width. Every page of the
// sitemap, at 320 px and at 1280 px with text at 200%: the one walk of it (e2e/all-pages.spec.ts).
import { expect, test } from '@playwright/test';
import { hydrated, largeText, sideways as overflow } from './support';

/** One page of each type: home, content, lists, every detail route, the forms, the test, the find-a-group outcomes, the 404, English. */
const PAGES = [
  '/', '/over-ons', '/eenzaamheid/gevolgen', '/blog', '/blog/vlog-een-avond-in-tiel', '/academy', '/academy/een-veilige-groep-begeleiden',
  '/vacatures', '/vacatures/vrijwillige-groepsbegeleider-utrecht', '/locaties', '/locaties?age=13&postcode=5301AB', '/locaties?age=20&postcode=9999AB',
  '/locatie/tiel-12-16', '/regio/rivierenland', '/over-ons/ons-team', '/contact', '/aanmelden?locatie=tiel-12-16', '/doneren', '/doe-de-test',
  '/doe-de-test/start', '/stronger-together-2025', '/over-ons/faq', '/login', '/bestaat-niet?x=1', '/en', '/en/contact',
];

test.describe('320 px wide', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const path of PAGES) {
    test(`${path}: nothing scrolls sideways, the menu button is on screen`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      const toggle = page.locator('.mobile-menu-toggle');
      if ((await toggle.count()) > 0) {
        const box = (await toggle.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(320);
      }
    });
  }

  test('the open mobile menu does not scroll sideways either', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.locator('.mobile-menu-toggle').click();
    await expect(page.locator('#mobile-menu-panel')).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});

// The browser's own text size at 200% (a setting many visitors with low vision use; unlike page
// zoom it changes only the text, so breakpoints in px did not follow it): at 1280 px no page of
// the sitemap scrolls sideways (e2e/all-pages.spec.ts), the header's actions stay on screen,
// and icons grow with the text.
test.describe('text size 200% at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the header fits and its icons grow with the text', async ({ page }) => {
    await largeText(page);
    await page.goto('/');
    await hydrated(page);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    for (const action of [page.locator('.site-header').getByRole('link', { name: 'Doe de test' }).first(), page.locator('.mobile-menu-toggle')]) {
      await expect(action).toBeVisible();
      const box = (await action.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(1280);
    }
    // Its size attribute is the size at 16 px text.
    const icon = page.locator('.mobile-menu-toggle svg.icon').first();
    const size = Number(await icon.getAttribute('width'));
    expect((await icon.boundingBox())!.width).toBe(2 * size);
  });
});

for (const width of [320, 375, 1280]) {
  test.describe(`map pins at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of ['/', '/locaties']) {
      test(`${path}: every pin is at least 24 x 24 px`, async ({ page }) => {
        await page.goto(path);
        const pins = page.locator('a.map-marker');
        expect(await pins.count()).toBeGreaterThan(0);
        const sizes = await pins.evaluateAll((els) => els.map((e) => ({ name: e.getAttribute('aria-label'), ...e.getBoundingClientRect().toJSON() as { width: number; height: number } })));
        const small = sizes.filter((s) => s.width < 24 || s.height < 24).map((s) => `${s.name}: ${s.width.toFixed(1)} x ${s.height.toFixed(1)}`);
        expect(small).toEqual([]);
      });
    }
  });
}

for (const width of [1024, 1100, 1280, 1440]) {
  test.describe(`the desktop header at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    test('the primary menu and the test button fit in the bar, nothing scrolls sideways', async ({ page }) => {
      await page.goto('/');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      const bar = await page.locator('.main-bar').evaluate((b) => ({ scroll: b.scrollWidth, client: b.clientWidth }));
      expect(bar.scroll).toBeLessThanOrEqual(bar.client);
    });
  });
}
