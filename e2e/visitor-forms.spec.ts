// What a new visitor tripped over in the forms, each in both modes: with
// JavaScript and without. The site's own messages, never the browser's bubbles; errors
// after leaving an untouched field; a heading that names the groups it lists; the course
// form's privacy agreement; the library's 'Form incomplete.' message.
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './support';

const MODES = [
  { name: 'with JavaScript', js: true },
  { name: 'without JavaScript', js: false },
] as const;

/** Whether the browser would show a bubble of its own: a form it validates itself. */
async function browserValidates(page: Page): Promise<string[]> {
  return page.locator('form').evaluateAll((forms) =>
    (forms as HTMLFormElement[])
      .filter((f) => !f.noValidate && [...f.elements].some((e) => e instanceof HTMLInputElement && (e.required || e.min !== '' || e.max !== '' || e.pattern !== '' || e.type === 'email')))
      .map((f) => f.action || f.className),
  );
}

for (const mode of MODES) {
  test.describe(`forms ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.js });
    const ready = (page: Page) => (mode.js ? hydrated(page) : Promise.resolve());

    test('find a group: an empty search shows "Vul alle velden in." and no browser bubble', async ({ page }) => {
      await page.goto('/locaties');
      await ready(page);
      expect(await browserValidates(page)).toEqual([]);
      const form = page.locator('form.find-form').first();
      await form.getByRole('button').click();
      await expect(page.getByRole('alert').filter({ hasText: 'Vul alle velden in.' })).toBeVisible();
      await expect(page).toHaveURL(/\/locaties\?age=&postcode=/);
    });

    test('find a group: an age above 120 shows the site message next to the field', async ({ page }) => {
      await page.goto('/locaties');
      await ready(page);
      const form = page.locator('form.find-form').first();
      await form.getByLabel('Leeftijd').fill('121');
      await form.getByLabel('Postcode', { exact: true }).fill('4001 AB');
      await form.getByRole('button').click();
      await expect(page.locator('form.find-form').first().getByText('Je leeftijd kan niet hoger zijn dan 120.')).toBeVisible();
      await expect(page.locator('form.find-form').first().getByLabel('Leeftijd')).toHaveAttribute('aria-invalid', 'true');
    });

    test('no form on the form pages lets the browser validate', async ({ page }) => {
      for (const path of ['/contact', '/locaties', '/start-een-locatie', '/academy/een-veilige-groep-begeleiden', '/doneren', '/aanmelden?locatie=tiel-12-16', '/login', '/registreren']) {
        await page.goto(path);
        await ready(page);
        expect(await browserValidates(page), path).toEqual([]);
      }
    });

    test('/locaties?age=13&postcode=5301AB: the heading names the places of the groups it lists, nearest first', async ({ page }) => {
      await page.goto('/locaties?age=13&postcode=5301AB');
      await ready(page);
      const outcome = page.locator('.find-outcome');
      // Nearest first (src/content/nearest-groups.ts): postcode area 4101 (Culemborg) lies nearer 5301 than 4001 (Tiel).
      await expect(outcome.getByRole('heading', { level: 2 })).toHaveText('Er is een groep voor jou in Culemborg en Tiel');
      await expect(outcome.getByText('In Zaltbommel zelf is nog geen groep voor 13 jaar. Deze groepen in de regio Rivierenland passen bij jou:')).toBeVisible();
      const names = await outcome.locator('.find-group-name').allTextContents();
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toMatch(/Tiel|Culemborg/);
    });

    test('course information: without the privacy agreement nothing is sent, "Form incomplete." shown', async ({ page }) => {
      await page.goto('/academy/een-veilige-groep-begeleiden');
      await ready(page);
      const form = page.locator('#formulier-course-information');
      await form.getByLabel('Naam').fill('Fatima El Amrani');
      await form.getByLabel('E-mailadres').fill('fatima@school.nl');
      await form.getByLabel('Telefoonnummer').fill('0201234567');
      await form.getByLabel('Waar wil je de cursus volgen?').fill('Utrecht');
      await form.getByLabel('Welke datum past jou?').fill(new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10));
      await form.getByLabel('Je vraag').fill('Kunnen we dit met ons hele team volgen?');
      await form.getByRole('button', { name: 'Versturen' }).click();
      const again = page.locator('#formulier-course-information');
      await expect(again.getByText('Je bent nog niet akkoord gegaan met het privacybeleid.')).toBeVisible();
      await expect(again.getByRole('alert').first()).toHaveText('Formulier onvolledig. Sorry, niet alle velden zijn goed ingevuld.');
      await expect(page.getByText('Je gegevens zijn verstuurd.')).toHaveCount(0);
    });

    test('English: the incomplete form says "Form incomplete."', async ({ page }) => {
      await page.goto('/en/contact');
      await ready(page);
      await page.locator('#formulier-contact').getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.locator('#formulier-contact').getByRole('alert').first()).toHaveText('Form incomplete. Sorry, not all fields are filled out correctly.');
    });
  });
}

test('leaving an untouched required field shows its error (Tab out of "Naam")', async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page);
  const form = page.locator('#formulier-contact');
  await form.getByLabel('Naam').focus();
  await page.keyboard.press('Tab');
  await expect(form.getByText('Je hebt geen naam ingevuld.')).toBeVisible();
  await expect(form.getByLabel('Naam')).toHaveAttribute('aria-invalid', 'true');
  // Only the field that was left: the next one has not been visited yet.
  await expect(form.getByText('Je hebt geen e-mailadres ingevuld.')).toHaveCount(0);
});

test('leaving an untouched field by clicking elsewhere shows its error too', async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page);
  const form = page.locator('#formulier-contact');
  await form.getByLabel('E-mailadres').click();
  await page.locator('h1').first().click();
  await expect(form.getByText('Je hebt geen e-mailadres ingevuld.')).toBeVisible();
});
