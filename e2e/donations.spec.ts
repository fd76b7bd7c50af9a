import Database from 'better-sqlite3';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_DATA_DIR, PORT } from '../playwright.config';
import { expectNoAxeViolations, hydrated, watchConsole } from './support';

type Frequency = 'once' | 'monthly' | 'yearly';
type Outcome = 'paid' | 'failed' | 'canceled' | 'expired' | 'open';

const FREQUENCY_LABEL: Record<Frequency, string> = { once: 'Eenmalig', monthly: 'Maandelijks', yearly: 'Jaarlijks' };
const OUTCOME_LABEL: Record<Outcome, string> = { paid: 'Betaald', failed: 'Mislukt', canceled: 'Geannuleerd', expired: 'Verlopen', open: 'Nog open (de bank heeft nog niets laten weten)' };
const TITLE: Record<Outcome, string> = { paid: 'Dank je wel!', failed: 'De betaling is niet gelukt', canceled: 'De betaling is niet gelukt', expired: 'De betaling is niet gelukt', open: 'Je betaling wordt verwerkt' };

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** The donation the e2e server stored for this marker (in the last name), and what it delivered. */
function stored(marker: string) {
  const db = new Database(`${E2E_DATA_DIR}/${PORT}/joinus.sqlite`, { readonly: true, fileMustExist: true });
  try {
    const donations = db.prepare('SELECT * FROM donations WHERE donor LIKE ?').all(`%${marker}%`) as Array<Record<string, unknown>>;
    const delivered = db.prepare("SELECT data FROM submissions WHERE form = 'donation' AND data LIKE ?").all(`%${marker}%`) as Array<{ data: string }>;
    return { donations, delivered: delivered.map((r) => JSON.parse(r.data) as Record<string, unknown>) };
  } finally {
    db.close();
  }
}

async function fillDonation(page: Page, marker: string, frequency: Frequency, amount: string | { other: string }) {
  const form = page.locator('#formulier-donation');
  if (typeof amount === 'string') await form.getByLabel(amount, { exact: true }).check();
  else await form.getByLabel('Ander bedrag in euro').fill(amount.other);
  await form.getByLabel(FREQUENCY_LABEL[frequency], { exact: true }).check();
  await form.getByLabel('Voornaam').fill('Eva');
  await form.getByLabel('Achternaam').fill(`Smit ${marker}`);
  await form.getByLabel('E-mailadres').fill(`eva+${marker}@example.nl`);
  await form.getByLabel('Ik ga akkoord met de algemene voorwaarden en het privacybeleid.').check();
}

/** Axe runs as script in the page: a page shown without JavaScript is checked again, at its
 * address, in a page with it (the server sends the same HTML to both). */
async function axe(page: Page, browser: Browser | null, label: string) {
  if (!browser) return expectNoAxeViolations(page, { label });
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const scripted = await context.newPage();
    await scripted.goto(page.url());
    await expectNoAxeViolations(scripted, { label });
  } finally {
    await context.close();
  }
}

/** Which pages of a payment get an axe run: each page once per mode, not once per case (the
 * checkout is the same page for every case, a status page the same for every frequency). */
type AxeRuns = { checkout: boolean; status: boolean };

async function pay(page: Page, browser: Browser | null, outcome: Outcome, label: string, axeRuns: AxeRuns) {
  await expect(page).toHaveURL(/\/doneren\/testbetaling\/tr_test/);
  await expect(page.getByRole('heading', { level: 1, name: 'Testbetaling' })).toBeVisible();
  if (axeRuns.checkout) await axe(page, browser, `test checkout (${label})`);
  await page.getByLabel(OUTCOME_LABEL[outcome], { exact: true }).check();
  await page.getByRole('button', { name: 'Verder' }).click();
  await expect(page).toHaveURL(/\/doneren\/bedankt\?donatie=[0-9a-f-]{36}$/);
  await expect(page.locator('.block-donation-status h1').first()).toHaveText(TITLE[outcome]);
  if (axeRuns.status) await axe(page, browser, `status ${outcome} (${label})`);
}

for (const javaScript of [true, false]) {
  const mode = javaScript ? 'with JavaScript' : 'without JavaScript';
  test.describe(`donating ${mode}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    const cases: Array<[Frequency, Outcome, string | { other: string }, number]> = [
      ['once', 'paid', { other: '12,34' }, 1234],
      ['monthly', 'paid', '€ 25', 2500],
      ['yearly', 'paid', '€ 100', 10000],
      ['once', 'failed', '€ 10', 1000],
      ['monthly', 'canceled', { other: '7,5' }, 750],
      ['yearly', 'expired', '€ 50', 5000],
      ['once', 'open', '€ 25', 2500],
    ];
    for (const [frequency, outcome, amount, cents] of cases) {
      test(`${frequency}, ${outcome}`, async ({ page, browser }) => {
        const checker = javaScript ? null : browser;
        const consoleWatch = javaScript ? watchConsole(page) : null;
        const marker = unique();
        await page.goto('/doneren');
        if (javaScript) await hydrated(page);
        await fillDonation(page, marker, frequency, amount);
        await page.locator('#formulier-donation').getByRole('button', { name: 'Doneer', exact: true }).click();
        // The first case checks the checkout and the paid status page; the others their own status page.
        const first = frequency === 'once' && outcome === 'paid';
        await pay(page, checker, outcome, `${frequency} ${mode}`, { checkout: first, status: first || outcome !== 'paid' });

        const { donations, delivered } = stored(marker);
        expect(donations).toHaveLength(1);
        const donation = donations[0]!;
        expect(donation.amount_cents).toBe(cents);
        expect(donation.frequency).toBe(frequency);
        expect(donation.status).toBe(outcome);
        if (outcome === 'paid') {
          await expect(page.getByText(/^Je gift: /)).toBeVisible();
          expect(delivered).toHaveLength(1);
          expect(delivered[0]!.amount).toBe(cents);
          expect(delivered[0]!.status).toBe('paid');
          if (frequency === 'once') expect(donation.subscription_id).toBeNull();
          else expect(String(donation.subscription_id)).toMatch(/^sub_test/);
        } else if (outcome === 'open') {
          expect(delivered).toHaveLength(0);
        } else {
          expect(delivered).toHaveLength(1);
          expect(delivered[0]!.status).toBe(outcome);
          // Try again: the form is filled in as it was.
          const retry = page.locator('.status-retry');
          await expect(retry.getByLabel('Voornaam')).toHaveValue('Eva');
          await expect(retry.getByLabel('Achternaam')).toHaveValue(`Smit ${marker}`);
          await expect(retry.getByLabel(FREQUENCY_LABEL[frequency], { exact: true })).toBeChecked();
          if (typeof amount === 'string') await expect(retry.getByLabel(amount, { exact: true })).toBeChecked();
          else await expect(retry.getByLabel('Ander bedrag in euro')).toHaveValue(amount.other.replace(/,(\d)$/, ',$10'));
          await retry.getByLabel('Ik ga akkoord met de algemene voorwaarden en het privacybeleid.').check();
          await retry.getByRole('button', { name: 'Doneer', exact: true }).click();
          await pay(page, checker, 'paid', `retry ${mode}`, { checkout: false, status: false });
          expect(stored(marker).donations.map((d) => d.status).sort()).toEqual(['paid', outcome].sort());
        }
        consoleWatch?.expectNone();
      });
    }

    test('the form with its errors passes axe, values kept', async ({ page }) => {
      await page.goto('/doneren');
      if (javaScript) await hydrated(page);
      const form = page.locator('#formulier-donation');
      await form.getByLabel('Ander bedrag in euro').fill('0,50');
      await form.getByRole('button', { name: 'Doneer', exact: true }).click();
      await expect(page.locator('#formulier-donation').getByText('Het bedrag moet minstens € 1 zijn.')).toBeVisible();
      await expect(page.locator('#formulier-donation').getByText('Je hebt geen voornaam ingevuld.')).toBeVisible();
      await expect(page.locator('#formulier-donation').getByLabel('Ander bedrag in euro')).toHaveValue('0,50');
      // Without JavaScript this is the answer to a POST, which cannot be opened again; the same
      // markup is checked with JavaScript.
      if (javaScript) await expectNoAxeViolations(page, { label: `donation form errors ${mode}` });
    });
  });
}

test('a double click with JavaScript makes one donation and one payment', async ({ page }) => {
  const marker = unique();
  await page.goto('/doneren');
  await hydrated(page);
  await fillDonation(page, marker, 'once', '€ 50');
  await page.locator('#formulier-donation').getByRole('button', { name: 'Doneer', exact: true }).dblclick();
  await expect(page).toHaveURL(/\/doneren\/testbetaling\/tr_test/);
  expect(stored(marker).donations).toHaveLength(1);
});

test('the status page without a donation says the spec\'s "not found"', async ({ page }) => {
  await page.goto('/doneren/bedankt?donatie=3e9f2be8-ad4f-43f8-a655-8baac9397126&status=paid');
  await expect(page.locator('.block-donation-status h1')).toHaveText('Betaling niet gevonden');
  await expect(page.getByText('We kunnen deze betaling niet vinden.')).toBeVisible();
  await expectNoAxeViolations(page, { label: 'status not found' });
});
