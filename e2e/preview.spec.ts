// The editor preview in the browser: Strapi's preview link opens the document's page under the
// preview banner (accessible, no axe violations), never indexed or stored; its link to the live
// page is a client navigation to the published page, and back returns to the preview.
import { expect, test } from '@playwright/test';
import { E2E_PREVIEW_SECRET } from '../playwright.config';
import { dataLayerEvents, expectNoAxeViolations, hydrated, markWindow, watchConsole, windowMarked } from './support';

const OVER_ONS = 'nwzbwv0wbhawdb5buepfgy3v'; // page over-ons (nl), about (en)
const previewUrl = (locale: string, status: string) =>
  `/preview?${new URLSearchParams({ secret: E2E_PREVIEW_SECRET, uid: 'api::page.page', documentId: OVER_ONS, locale, status })}`;

test('a preview link shows the page under the preview banner; the live link leads to the published page and back returns', async ({ page }) => {
  const errors = watchConsole(page);
  const res = await page.goto(previewUrl('nl', 'draft'));
  expect(res?.status()).toBe(200);
  expect(res?.headers()['cache-control']).toBe('no-store');
  expect(res?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await hydrated(page);

  const banner = page.getByRole('region', { name: 'Voorbeeld' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Voorbeeld: deze versie is nog niet gepubliceerd.');
  await expect(banner).toContainText('Status: concept');
  await expect(page.locator('h1')).toHaveText('Over Join Us');
  // The banner is the first thing on the page, above the site header; no cookie question: the
  // preview shows the page as a visitor who has answered it.
  await expect(page.locator('[data-consent-banner]')).toHaveCount(0);
  const [bannerBox, headerBox] = [await banner.boundingBox(), await page.locator('.site-header').boundingBox()];
  expect(bannerBox!.y).toBe(0);
  expect(headerBox!.y).toBeGreaterThanOrEqual(bannerBox!.height - 1);
  await expectNoAxeViolations(page, { label: 'preview page' });
  expect(await dataLayerEvents(page), 'a preview is no page view').toEqual([]);

  await markWindow(page);
  await banner.getByRole('link', { name: 'Bekijk de live pagina' }).click();
  await expect(page).toHaveURL(/\/over-ons$/);
  await expect(page.getByRole('region', { name: 'Voorbeeld' })).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  expect(await windowMarked(page), 'a client navigation').toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/preview\?/);
  await expect(page.getByRole('region', { name: 'Voorbeeld' })).toBeVisible();
  expect(await windowMarked(page), 'back is a client navigation too (the Flight answer of the preview URL)').toBe(true);
  errors.expectNone();
});

test("in Strapi's preview panel a save loads the page again: the admin posts strapiUpdate to the frame", async ({ page }) => {
  await page.goto(previewUrl('nl', 'draft'));
  await hydrated(page);
  await markWindow(page);
  // Another message (or one from elsewhere) changes nothing.
  await page.evaluate(() => window.postMessage({ type: 'strapiFieldFocus' }, '*'));
  await page.waitForTimeout(300);
  expect(await windowMarked(page)).toBe(true);
  // Not framed here, so the page is its own parent, as the admin is for the frame.
  await Promise.all([page.waitForEvent('load'), page.evaluate(() => window.postMessage({ type: 'strapiUpdate' }, '*'))]);
  expect(await windowMarked(page), 'loaded again').toBe(false);
  await expect(page.getByRole('region', { name: 'Voorbeeld' })).toBeVisible();
});

test('in English, showing the published version', async ({ page }) => {
  await page.goto(previewUrl('en', 'published'));
  const banner = page.getByRole('region', { name: 'Preview' });
  await expect(banner).toContainText('Preview: this is the published version.');
  await expect(banner).toContainText('Status: published');
  await expect(banner.getByRole('link', { name: 'View the live page' })).toHaveAttribute('href', '/en/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the banner in dark mode passes axe too', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(previewUrl('nl', 'draft'));
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('region', { name: 'Voorbeeld' })).toBeVisible();
  await expectNoAxeViolations(page, { include: ['.preview-banner'], label: 'preview banner, dark' });
});

test('a wrong secret is the plain 404 page', async ({ page }) => {
  const res = await page.goto(previewUrl('nl', 'draft').replace(encodeURIComponent(E2E_PREVIEW_SECRET), 'wrong-secret'));
  expect(res?.status()).toBe(404);
  await expect(page.locator('.preview-banner')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveText('Deze pagina is helaas niet (meer) beschikbaar');
});
