import { expect, test, type Page } from '@playwright/test';
import { storedWith } from './stored';
import { expectNoAxeViolations, hydrated, watchConsole } from './support';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

async function fillContact(page: Page, marker: string) {
  const form = page.locator('#formulier-contact');
  await form.getByLabel('Naam').fill('Sam de Vries');
  await form.getByLabel('E-mailadres').fill(`sam+${marker}@example.nl`);
  await form.getByLabel('Je bericht').fill(`Ik wil graag meedoen. (${marker})`);
  await form.getByLabel('Ik ga akkoord met het privacybeleid van Stichting Join Us.').check();
}

test.describe('contact form with JavaScript', () => {
  test('errors show after leaving a field, submit marks all and focuses the first problem', async ({ page }) => {
    const consoleWatch = watchConsole(page);
    await page.goto('/contact');
    await hydrated(page);
    const form = page.locator('#formulier-contact');
    await form.getByLabel('E-mailadres').fill('geen-mailadres');
    await expect(form.getByText('Je hebt geen geldig e-mailadres ingevuld.')).toHaveCount(0);
    await form.getByLabel('E-mailadres').blur();
    await expect(form.getByText('Je hebt geen geldig e-mailadres ingevuld.')).toBeVisible();
    await form.getByRole('button', { name: 'Verstuur', exact: true }).click();
    await expect(form.getByRole('alert').first()).toHaveText('Formulier onvolledig. Sorry, niet alle velden zijn goed ingevuld.');
    await expect(form.getByText('Je hebt geen naam ingevuld.')).toBeVisible();
    await expect(form.getByText('Je bent nog niet akkoord gegaan met het privacybeleid.')).toBeVisible();
    await expect(form.getByLabel('Naam')).toBeFocused();
    await expect(form.getByLabel('Naam')).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await form.getByLabel('Naam').getAttribute('aria-describedby');
    await expect(page.locator(`#${describedBy}`)).toHaveText('Je hebt geen naam ingevuld.');
    consoleWatch.expectNone();
  });

  test('a valid form is sent without a page load, stored once even when clicked twice', async ({ page }) => {
    const marker = unique();
    await page.goto('/contact');
    await hydrated(page);
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    await fillContact(page, marker);
    const button = page.locator('#formulier-contact').getByRole('button', { name: 'Verstuur', exact: true });
    await button.dblclick();
    await expect(page.getByRole('status')).toHaveText(['Bericht verstuurd', 'Je gegevens zijn verstuurd. We nemen zo snel mogelijk contact met je op.'].join(''));
    expect(documents).toEqual([]);
    expect(storedWith(marker)).toHaveLength(1);
  });

  test('axe finds no violations on the form with its errors showing', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page);
    await page.locator('#formulier-contact').getByRole('button', { name: 'Verstuur', exact: true }).click();
    await expect(page.locator('#formulier-contact .form-error').first()).toBeVisible();
    await expectNoAxeViolations(page, { include: ['#formulier-contact'] });
  });
});

test.describe('forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('contact: errors next to the fields with the values kept, then the success state', async ({ page }) => {
    const marker = unique();
    await page.goto('/contact');
    const form = page.locator('#formulier-contact');
    await form.getByLabel('Naam').fill('Sam de Vries');
    await form.getByLabel('E-mailadres').fill('sam@');
    await form.getByRole('button', { name: 'Verstuur', exact: true }).click();
    await expect(page.locator('#formulier-contact').getByText('Je hebt geen geldig e-mailadres ingevuld.')).toBeVisible();
    await expect(page.locator('#formulier-contact').getByText('Sorry, niet alle velden zijn goed ingevuld.')).toBeVisible();
    await expect(page.locator('#formulier-contact').getByLabel('Naam')).toHaveValue('Sam de Vries');
    await expect(page.locator('#formulier-contact').getByLabel('E-mailadres')).toHaveValue('sam@');

    await fillContact(page, marker);
    await page.locator('#formulier-contact').getByRole('button', { name: 'Verstuur', exact: true }).click();
    await expect(page).toHaveURL(/\/contact\?verzonden=contact#formulier-contact$/);
    await expect(page.getByText('Je gegevens zijn verstuurd. We nemen zo snel mogelijk contact met je op.')).toBeVisible();
    expect(storedWith(marker)).toHaveLength(1);
  });

  test('start a location: the required fields and their messages', async ({ page }) => {
    const marker = unique();
    await page.goto('/start-een-locatie');
    const form = page.locator('#formulier-start-location');
    await form.getByRole('button', { name: 'Verstuur', exact: true }).click();
    const errors = page.locator('#formulier-start-location');
    await expect(errors.getByText('Je hebt geen functie ingevuld.')).toBeVisible();
    await expect(errors.getByText('Dit veld is verplicht.')).toHaveCount(2);
    await expect(errors.getByText('Je hebt geen telefoonnummer ingevuld.')).toBeVisible();
    await errors.getByLabel('Naam').fill('Mirjam Bakker');
    await errors.getByLabel('E-mailadres').fill(`mirjam+${marker}@gemeente.nl`);
    await errors.getByLabel('Telefoonnummer').fill('0612345678');
    await errors.getByLabel('Je functie').fill('Beleidsmedewerker jeugd');
    await errors.getByLabel('In welke gemeente ben je actief?').fill('Tiel');
    await errors.getByLabel('Hoe heb je voor het eerst van Join Us gehoord?').fill('Via een collega');
    await errors.getByLabel('Ik ga akkoord met het privacybeleid van Stichting Join Us.').check();
    await errors.getByRole('button', { name: 'Verstuur', exact: true }).click();
    await expect(page.getByText('We bellen je binnen een week.')).toBeVisible();
    expect(storedWith(marker).map((s) => s.form)).toEqual(['start-location']);
  });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test.describe('vacancy application and course information', () => {
  test('apply with a CV (JavaScript): validated, uploaded, stored with the vacancy it was for', async ({ page }) => {
    const marker = unique();
    await page.goto('/vacatures/jongerenwerker-tiel');
    await hydrated(page);
    const form = page.locator('#formulier-vacancy-application');
    await form.getByRole('button', { name: 'Versturen' }).click();
    await expect(form.getByText('Je hebt geen cv toegevoegd.')).toBeVisible();
    await form.getByLabel('Naam').fill('Noor Jansen');
    await form.getByLabel('E-mailadres').fill(`noor+${marker}@example.nl`);
    await form.getByLabel('Telefoonnummer').fill('0612345678');
    await form.getByLabel('Je cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByLabel('Ik ga akkoord met het privacybeleid van Stichting Join Us.').check();
    await form.getByRole('button', { name: 'Versturen' }).click();
    await expect(page.getByRole('status')).toHaveText('Je gegevens zijn verstuurd. We nemen snel contact met je op.');
    const [stored] = storedWith(marker);
    expect(stored?.data.about).toBe('vacancy:jongerenwerker-tiel');
    expect(stored?.files).toHaveLength(1);
  });

  test('apply without JavaScript, with a file of the wrong kind first', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const marker = unique();
    await page.goto('/vacatures/vrijwillige-groepsbegeleider-utrecht');
    const form = () => page.locator('#formulier-vacancy-application');
    await form().getByLabel('Naam').fill('Noor Jansen');
    await form().getByLabel('E-mailadres').fill(`noor+${marker}@example.nl`);
    await form().getByLabel('Telefoonnummer').fill('0612345678');
    await form().getByLabel('Je cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) });
    await form().getByLabel('Ik ga akkoord met het privacybeleid van Stichting Join Us.').check();
    await form().getByRole('button', { name: 'Versturen' }).click();
    await expect(form().getByText(/Dit soort bestand kunnen we niet openen/)).toBeVisible();
    await expect(form().getByLabel('Naam')).toHaveValue('Noor Jansen');
    await form().getByLabel('Je cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form().getByLabel('Ik ga akkoord met het privacybeleid van Stichting Join Us.').check();
    await form().getByRole('button', { name: 'Versturen' }).click();
    await expect(page.getByText('Je gegevens zijn verstuurd. We nemen snel contact met je op.')).toBeVisible();
    expect(storedWith(marker)).toHaveLength(1);
    await context.close();
  });

  test('course information request: a date in the past is refused, then sent', async ({ page }) => {
    const marker = unique();
    await page.goto('/academy/een-veilige-groep-begeleiden');
    await hydrated(page);
    const form = page.locator('#formulier-course-information');
    await form.getByLabel('Naam').fill('Fatima El Amrani');
    await form.getByLabel('E-mailadres').fill(`fatima+${marker}@school.nl`);
    await form.getByLabel('Telefoonnummer').fill('0201234567');
    await form.getByLabel('Waar wil je de cursus volgen?').fill('Utrecht');
    await form.getByLabel('Welke datum past jou?').fill('2020-01-01');
    await form.getByLabel('Je vraag').fill('Kunnen we dit met ons hele team volgen?');
    await form.getByLabel('Ik ga akkoord met het privacybeleid van Stichting Join Us.').check();
    await form.getByRole('button', { name: 'Versturen' }).click();
    await expect(form.getByText('Kies een datum vanaf vandaag.')).toBeVisible();
    const next = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Welke datum past jou?').fill(next);
    await form.getByRole('button', { name: 'Versturen' }).click();
    await expect(page.getByRole('status')).toHaveText('Je gegevens zijn verstuurd. We nemen snel contact met je op.');
    expect(storedWith(marker)[0]?.data.about).toBe('course:een-veilige-groep-begeleiden');
  });
});

test('course information without JavaScript: errors, then sent', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const marker = unique();
  await page.goto('/academy/eenzaamheid-herkennen-bij-jongeren');
  const form = () => page.locator('#formulier-course-information');
  await form().getByRole('button', { name: 'Versturen' }).click();
  await expect(form().getByText('Je hebt geen locatie ingevuld.')).toBeVisible();
  await expect(form().getByText('Je hebt geen datum ingevuld.')).toBeVisible();
  await form().getByLabel('Naam').fill('Fatima El Amrani');
  await form().getByLabel('E-mailadres').fill(`fatima+${marker}@school.nl`);
  await form().getByLabel('Telefoonnummer').fill('0201234567');
  await form().getByLabel('Waar wil je de cursus volgen?').fill('Tiel');
  await form().getByLabel('Welke datum past jou?').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
  await form().getByLabel('Je vraag').fill('Is er plek voor tien collega’s?');
  await form().getByLabel('Ik ga akkoord met het privacybeleid van Stichting Join Us.').check();
  await form().getByRole('button', { name: 'Versturen' }).click();
  await expect(page.getByText('Je gegevens zijn verstuurd. We nemen snel contact met je op.')).toBeVisible();
  expect(storedWith(marker)[0]?.data.about).toBe('course:eenzaamheid-herkennen-bij-jongeren');
  await context.close();
});

test('start a location with JavaScript, keyboard only', async ({ page }) => {
  const marker = unique();
  await page.goto('/start-een-locatie');
  await hydrated(page);
  const form = page.locator('#formulier-start-location');
  await form.getByLabel('Naam').focus();
  await page.keyboard.type('Mirjam Bakker');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`mirjam+${marker}@gemeente.nl`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('0612345678');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Beleidsmedewerker jeugd');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Culemborg');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Op een congres');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(form.getByLabel('Ik ga akkoord met het privacybeleid van Stichting Join Us.')).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Bedankt!We bellen je binnen een week.');
  expect(storedWith(marker).map((s) => s.form)).toEqual(['start-location']);
});
