// The foundation's contact and ANBI facts with the embedded content, which knows only its name
// and mail: no page shows a phone number or a postal address nobody gave us, at 375 and 1280
// px, and /anbi does not announce details it does not show. (Each line shows once the global
// settings hold it: test/server/pages/foundation-facts.test.ts.)
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support';

const INVENTED = /0344|344 123 456|Postbus|4000 BA/;

for (const viewport of [{ width: 375, height: 800 }, { width: 1280, height: 900 }]) {
  test(`at ${viewport.width} px the footer, /contact and /anbi show no invented phone or address`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const path of ['/', '/contact', '/anbi', '/en/contact']) {
      await page.goto(path);
      await expect(page.locator('body')).not.toContainText(INVENTED);
      await expect(page.locator('a[href^="tel:03"]')).toHaveCount(0);
      const footer = page.locator('footer.site-footer');
      await expect(footer.getByRole('link', { name: /Mail ons|Email us/ })).toHaveAttribute('href', 'mailto:info@stichtingjoinus.nl');
      await expect(footer.getByRole('link', { name: /Bel ons|Call us/ })).toHaveCount(0);
    }
  });
}

test('/contact: how to reach us is the mail address and the form', async ({ page }) => {
  await page.goto('/contact');
  const facts = page.locator('[data-block="blocks.foundation-facts"]');
  await expect(facts.getByRole('heading', { name: 'Zo bereik je ons' })).toBeVisible();
  await expect(facts.getByRole('link', { name: 'info@stichtingjoinus.nl' })).toHaveAttribute('href', 'mailto:info@stichtingjoinus.nl');
  await expect(facts.getByText('Telefoon')).toHaveCount(0);
  await expect(facts.getByText('Postadres')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Stuur ons een bericht' })).toBeVisible();
});

test('/anbi: no "Hieronder staan de gegevens" without them; it says which are missing and where to ask', async ({ page }) => {
  await page.goto('/anbi');
  await expect(page.getByText('Hieronder staan de gegevens', { exact: false })).toHaveCount(0);
  const facts = page.locator('[data-block="blocks.foundation-facts"]');
  await expect(facts.getByRole('note')).toContainText('Nog niet alle gegevens die een ANBI publiceert staan op deze pagina.');
  await expect(facts.getByRole('note').getByRole('link', { name: 'info@stichtingjoinus.nl' })).toHaveAttribute('href', 'mailto:info@stichtingjoinus.nl');
  await expect(facts.locator('dt')).toHaveText(['Naam', 'E-mail']);
  await expectNoAxeViolations(page);
});
