// The header's "Event: Stronger Together" button comes from content: the next promoted event
// still to come (the embedded content's Stronger Together 2027), at 1280 px in the top bar and
// at 375 px in the menu, with and without JavaScript. The past edition stays as an archive.
import { expect, test, type Page } from '@playwright/test';
import { hydrated, openMobileMenu } from './support';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 800 };
const COMING = '/stronger-together-2027';

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js });
    const ready = (page: Page) => (js ? hydrated(page) : Promise.resolve());

    test('at 1280 px the top bar shows the button, and it leads to the coming edition', async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto('/');
      await ready(page);
      const button = page.locator('header .top-bar').getByRole('link', { name: 'Event: Stronger Together' });
      await expect(button).toBeVisible();
      await expect(button).toHaveAttribute('href', COMING);
      await button.click();
      await expect(page).toHaveURL(new RegExp(`${COMING}$`));
      await expect(page.locator('h1')).toHaveText('Stronger Together 2027');
      await expect(page.getByRole('link', { name: 'Meld je aan' }).first()).toBeVisible();
    });

    test('at 375 px the menu shows the button, and it leads to the coming edition', async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto('/contact');
      await ready(page);
      const button = page.locator('#mobile-menu-panel').getByRole('link', { name: 'Event: Stronger Together' });
      await expect(button).toBeHidden();
      // Without JavaScript the menu is a <details> that opens at once.
      if (js) await openMobileMenu(page);
      else await page.locator('summary.mobile-menu-toggle').click();
      await expect(button).toBeVisible();
      await expect(button).toHaveAttribute('href', COMING);
      await button.click();
      await expect(page).toHaveURL(new RegExp(`${COMING}$`));
      await expect(page.locator('h1')).toHaveText('Stronger Together 2027');
    });
  });
}

test('English pages lead to the English page of the coming edition', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/en');
  const button = page.locator('header .top-bar').getByRole('link', { name: 'Event: Stronger Together' });
  await expect(button).toHaveAttribute('href', `/en${COMING}`);
  await button.click();
  await expect(page.locator('h1')).toHaveText('Stronger Together 2027');
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
});

test('the 2025 edition still answers 200 at its address, as an archive', async ({ page }) => {
  const res = await page.goto('/stronger-together-2025');
  expect(res?.status()).toBe(200);
  await expect(page.locator('h1')).toHaveText('Stronger Together 2025');
  await expect(page.getByText('Dit event is geweest', { exact: true })).toBeVisible();
});
