// A past event (Stronger Together 2025 ended on 20 November 2025) takes no sign-ups and is not
// promoted (the coming 2027 edition is), with and without JavaScript.
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './support';

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js });
    const ready = (page: Page) => (js ? hydrated(page) : Promise.resolve());

    test('the event page says it took place, offers no "Meld je aan" and no form', async ({ page }) => {
      await page.goto('/stronger-together-2025');
      await ready(page);
      await expect(page.getByText('Dit event is geweest', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Meld je aan' })).toHaveCount(0);
      await expect(page.locator('main form')).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'Dit event is geweest: aanmelden kan niet meer.' })).toBeVisible();
    });

    test('no page promotes the past event in the header: the button leads to the coming edition', async ({ page }) => {
      for (const path of ['/', '/contact', '/stronger-together-2025']) {
        await page.goto(path);
        await ready(page);
        const buttons = page.locator('header.site-header .event-button');
        await expect(buttons).toHaveCount(2); // the top bar's and the phone menu's
        for (const button of await buttons.all()) await expect(button).toHaveAttribute('href', '/stronger-together-2027');
      }
    });
  });
}
