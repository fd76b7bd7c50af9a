// The class: a form on an event's page is a sign-up for that event. What the page's intro asks
// (name, organisation, email address) and the privacy agreement are enough: the block's own
// success text shows, and the sign-up is stored for that event, in both modes. A sign-up the
// server refuses (the event is over: a tab left open, a forged context) says why at the form,
// with the answers kept.
import { expect, test, type Page, type Route } from '@playwright/test';
import { storedWith } from './stored';
import { expectNoAxeViolations, hydrated } from './support';

const MODES = [
  { name: 'with JavaScript', js: true },
  { name: 'without JavaScript', js: false },
] as const;

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** Sends the form as if its page named another event (the only way a visitor's post can). */
async function namingEvent(page: Page, context: string): Promise<void> {
  await page.route('**/forms/contact', (route: Route) => {
    const body = route.request().postData() ?? '';
    return route.continue({ postData: body.replace('event:stronger-together-2027', context).replace('event%3Astronger-together-2027', encodeURIComponent(context)) });
  });
}

for (const mode of MODES) {
  test.describe(`a form on an event's page is a sign-up for that event, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.js });
    const ready = (page: Page) => (mode.js ? hydrated(page) : Promise.resolve());

    for (const [path, words] of [
      ['/stronger-together-2027', { name: 'Naam', organisation: 'Organisatie', email: 'E-mailadres', remark: 'Opmerking', send: 'Aanmelden', sent: 'Je bent aangemeld' }],
      ['/en/stronger-together-2027', { name: 'Name', organisation: 'Organisation', email: 'Email address', remark: 'Remarks', send: 'Sign up', sent: 'You are signed up' }],
    ] as const) {
      test(`${path}: name, organisation, email and privacy are enough; the block's success text shows and the sign-up is stored for the event`, async ({ page }) => {
        const marker = unique();
        await page.goto(`${path}#aanmelden`);
        await ready(page);
        const form = page.locator('#formulier-contact');
        await expect(form.getByLabel(words.remark)).not.toHaveAttribute('aria-required', 'true');
        if (mode.js) await expectNoAxeViolations(page, { include: ['#formulier-contact'], label: 'the sign-up form' });
        await form.getByLabel(words.name, { exact: true }).fill('Fatima El Amrani');
        await form.getByLabel(words.organisation).fill('Het Lyceum Tiel');
        await form.getByLabel(words.email).fill(`fatima+${marker}@example.nl`);
        await form.getByRole('checkbox').check();
        await form.getByRole('button', { name: words.send, exact: true }).click();
        await expect(page.locator('.form-success')).toContainText(words.sent);
        await expect(page.locator('.form-success')).toBeFocused();
        const rows = storedWith(marker);
        expect(rows.map((r) => r.form)).toEqual(['contact']);
        expect(rows[0]!.data).toMatchObject({ about: 'event:stronger-together-2027', event: 'Stronger Together 2027', organisation: 'Het Lyceum Tiel' });
        expect(rows[0]!.data.message).toBeUndefined();
      });
    }

    test('a sign-up for an event that is over is refused at the form, which says so, focused, with the answers kept', async ({ page }) => {
      const marker = unique();
      await namingEvent(page, 'event:stronger-together-2025');
      await page.goto('/stronger-together-2027#aanmelden');
      await ready(page);
      const form = page.locator('#formulier-contact');
      await form.getByLabel('Naam', { exact: true }).fill('Fatima El Amrani');
      await form.getByLabel('E-mailadres').fill(`fatima+${marker}@example.nl`);
      await form.getByLabel('Opmerking').fill('Ik kom met twee collega’s.');
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: 'Aanmelden', exact: true }).click();
      const again = page.locator('#formulier-contact');
      await expect(again.getByRole('alert')).toHaveText('Dit event is geweest: aanmelden kan niet meer.');
      await expect(again.getByRole('alert')).toBeFocused();
      await expect(again.getByLabel('Naam', { exact: true })).toHaveValue('Fatima El Amrani');
      await expect(again.getByLabel('Opmerking')).toHaveValue('Ik kom met twee collega’s.');
      expect(storedWith(marker)).toEqual([]);
    });
  });
}

test('on the contact page the same answers without a message are not sent: "Je hebt geen bericht ingevuld."', async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page);
  const form = page.locator('#formulier-contact');
  await form.getByLabel('Naam', { exact: true }).fill('Fatima El Amrani');
  await form.getByLabel('E-mailadres').fill('fatima@example.nl');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Verstuur', exact: true }).click();
  await expect(form.getByText('Je hebt geen bericht ingevuld.')).toBeVisible();
  await expect(form.getByLabel('Je bericht')).toBeFocused();
});
