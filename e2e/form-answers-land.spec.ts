// The class: every answer to a form post without JavaScript (a mistake, the next step, a
// question to confirm, sent) lands the visitor at what it says: the message is in view and
// focused, and the title says what happened. The form's action carries its anchor, which the
// answering element takes. Every form of the site at 375 px, a neighbour at 1280 px.
import { expect, test, type Page } from '@playwright/test';

type Case = { name: string; path: string; form: string; selector?: string; before?: (page: Page) => Promise<void> };

const CASES: Case[] = [
  { name: 'contact', path: '/contact', form: 'contact' },
  { name: 'contact (English)', path: '/en/contact', form: 'contact' },
  { name: 'sign-up step 1', path: '/aanmelden?locatie=tiel-12-16', form: 'sign-up' },
  { name: 'vacancy', path: '/vacatures/jongerenwerker-tiel', form: 'vacancy-application' },
  { name: 'course', path: '/academy/eenzaamheid-herkennen-bij-jongeren', form: 'course-information' },
  { name: 'start-a-location', path: '/start-een-locatie', form: 'start-location' },
  { name: 'donation', path: '/doneren', form: 'donation' },
  { name: 'keep-me-posted', path: '/locaties?age=20&postcode=9999+AB', form: 'keep-me-posted' },
  { name: 'the event sign-up', path: '/stronger-together-2027', form: 'contact' },
];

const INCOMPLETE = /^(Formulier onvolledig|Form incomplete) – /;

async function sendEmpty(page: Page, c: Case) {
  await page.goto(c.path);
  await c.before?.(page);
  await page.locator(`form[action^="/forms/${c.form}"]`).first().locator('button[type=submit]').first().click();
}

async function expectLandedAtMessage(page: Page, form: string) {
  const message = page.locator(`#formulier-${form}-antwoord`);
  await expect(message).toHaveText(/Formulier onvolledig|Form incomplete/);
  await expect(message).toBeInViewport();
  await expect(message).toBeFocused();
  await expect(page).toHaveTitle(INCOMPLETE);
}

test.describe('every no-JS form answer lands at its message, focused and titled', () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [375, 1280]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 740 } });
      for (const c of width === 375 ? CASES : CASES.filter((x) => ['vacancy', 'course', 'sign-up step 1'].includes(x.name))) {
        test(`${c.name}: a post with a mistake comes back at the message`, async ({ page }) => {
          await sendEmpty(page, c);
          await expectLandedAtMessage(page, c.form);
        });
      }
    });
  }

  test.describe('a form in steps at 375 px', () => {
    test.use({ viewport: { width: 375, height: 740 } });
    test('sign-up: the next step lands at that step, titled "Stap 2 van 2"; a mistake there at its message', async ({ page }) => {
      await page.goto('/aanmelden?locatie=tiel-12-16');
      const form = page.locator('form[action^="/forms/sign-up"]');
      await form.getByLabel('Voornaam').fill('Sam');
      await form.getByLabel('Achternaam').fill('de Vries');
      const born = new Date(Date.now() - 14.5 * 365.25 * 86_400_000).toISOString().slice(0, 10);
      await form.getByLabel('Geboortedatum').fill(born);
      await form.locator('button[type=submit]').first().click();
      const step = page.locator('#formulier-sign-up-antwoord');
      await expect(step).toContainText('Stap 2 van 2');
      await expect(step).toBeInViewport();
      await expect(step).toBeFocused();
      await expect(page).toHaveTitle(/^Stap 2 van 2 – /);
      await page.locator('form[action^="/forms/sign-up"] button[type=submit]').first().click();
      await expectLandedAtMessage(page, 'sign-up');
    });

    test('the loneliness test sent empty: every unanswered question has its message, the summary links to each, in view and focused', async ({ page }) => {
      await page.goto('/doe-de-test/start');
      await page.locator('form.test-plain-form button[type=submit]').click();
      const summary = page.locator('#formulier-loneliness-test');
      await expect(summary).toBeInViewport();
      await expect(summary).toBeFocused();
      await expect(page).toHaveTitle(INCOMPLETE);
      for (let n = 1; n <= 11; n++) {
        await expect(page.locator(`#q${n}-error`)).toBeVisible();
        await expect(summary.locator(`a[href="#q${n}-error"]`)).toHaveText(`Vraag ${n}`);
      }
      await expect(summary.locator('a[href="#test-postcode"]')).toHaveCount(1);
      await expect(summary.locator('a[href="#test-age"]')).toHaveCount(1);
    });
  });
});
