// Accounts in the browser, with and without JavaScript: register, confirm by the mail's link,
// log in, /account, change password, log out, forgot and reset; axe on every page. The site
// runs on its own port over the users-permissions-shaped content service (playwright.config.ts).
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS_CMS_PORT, ACCOUNTS_PORT } from '../playwright.config';
import { expectNoAxeViolations, hydrated, watchConsole } from './support';

const SITE = `http://127.0.0.1:${ACCOUNTS_PORT}`;
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** The links the mails to this address would hold (the fake service keeps them). */
async function mails(page: Page, email: string): Promise<{ confirm: string | null; reset: string | null }> {
  const res = await page.request.get(`http://127.0.0.1:${ACCOUNTS_CMS_PORT}/__mails?email=${encodeURIComponent(email)}`);
  return (await res.json()) as { confirm: string | null; reset: string | null };
}

async function submit(page: Page, form: string, label: string, js: boolean) {
  const button = page.locator(`#formulier-${form}`).getByRole('button', { name: label, exact: true });
  if (js) return button.click();
  await Promise.all([page.waitForURL(() => true, { waitUntil: 'load' }), button.click()]);
}

for (const js of [true, false]) {
  test.describe(`accounts ${js ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled: js, baseURL: SITE });

    test('register, confirm, log in, account, change password, log out, forgot and reset', async ({ page }) => {
      const consoleWatch = watchConsole(page);
      const name = `anna${unique()}`;
      const email = `${name}@example.org`;
      const ready = async () => (js ? hydrated(page) : undefined);
      // axe runs in the page: the same pages in the same states are checked in the JavaScript run.
      const axe = async (label: string) => (js ? expectNoAxeViolations(page, { label }) : undefined);

      // The guard: /account without a session leads to the log-in page.
      await page.goto('/account');
      await expect(page).toHaveURL(/\/login\?terug=%2Faccount$/);
      await expect(page.getByText('Log eerst in om verder te gaan.')).toBeVisible();
      await axe('login');

      await page.goto('/registreren');
      await ready();
      await axe('register');
      const register = page.locator('#formulier-register');
      await register.getByLabel('Gebruikersnaam').fill(name);
      await register.getByLabel('E-mailadres').fill(email);
      await register.getByLabel('Wachtwoord', { exact: true }).fill('Geheim123!');
      await register.getByLabel('Herhaal het wachtwoord').fill('Geheim123!');
      await submit(page, 'register', 'Account aanmaken', js);
      await expect(page.getByText('Kijk in je mail: we hebben je een mail over je account gestuurd.', { exact: false })).toBeVisible();

      // Not yet confirmed: Strapi's refusal in plain Dutch.
      await page.goto('/login');
      await ready();
      const login = page.locator('#formulier-login');
      await login.getByLabel('E-mailadres').fill(email);
      await login.getByLabel('Wachtwoord').fill('Geheim123!');
      await submit(page, 'login', 'Inloggen', js);
      await expect(page.getByText('Je e-mailadres is nog niet bevestigd.', { exact: false })).toBeVisible();
      await axe('login with an error');

      // The confirmation link from the mail, through the content service, back to log in.
      const { confirm } = await mails(page, email);
      await page.goto(confirm!);
      await expect(page).toHaveURL(/\/login\?bevestigd=1$/);
      await expect(page.getByText('Je e-mailadres is bevestigd.')).toBeVisible();
      await ready();
      await page.locator('#formulier-login').getByLabel('E-mailadres').fill(email);
      await page.locator('#formulier-login').getByLabel('Wachtwoord').fill('Geheim123!');
      await submit(page, 'login', 'Inloggen', js);
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByTestId('account-who')).toHaveText(`Je bent ingelogd als ${name} (${email}).`);
      await axe('account');
      const cookies = await page.context().cookies();
      const session = cookies.find((c) => c.name === 'joinus_session')!;
      expect(session.httpOnly).toBe(true);
      expect(session.sameSite).toBe('Lax');
      if (js) expect(await page.evaluate(() => document.cookie)).not.toContain('joinus_session');

      await page.getByRole('link', { name: 'Wachtwoord wijzigen' }).click();
      await expect(page).toHaveURL(/\/account\/wachtwoord$/);
      await ready();
      await axe('change password');
      const change = page.locator('#formulier-change-password');
      await change.getByLabel('Huidig wachtwoord').fill('Geheim123!');
      await change.getByLabel('Nieuw wachtwoord').fill('Nieuw1234!');
      await change.getByLabel('Herhaal het nieuwe wachtwoord').fill('Nieuw1234!');
      await submit(page, 'change-password', 'Wachtwoord wijzigen', js);
      await expect(page.getByText('Je wachtwoord is gewijzigd.')).toBeVisible();

      await page.goto('/account');
      await page.getByRole('button', { name: 'Uitloggen' }).click();
      await expect(page).toHaveURL(/\/login\?uitgelogd=1$/);
      await expect(page.getByText('Je bent uitgelogd.')).toBeVisible();
      await page.goto('/account');
      await expect(page).toHaveURL(/\/login\?terug=/);

      await page.goto('/wachtwoord-vergeten');
      await ready();
      await axe('forgot password');
      await page.locator('#formulier-forgot-password').getByLabel('E-mailadres').fill(email);
      await submit(page, 'forgot-password', 'Stuur de link', js);
      await expect(page.getByText('Als er een account bij dit e-mailadres hoort', { exact: false })).toBeVisible();

      const { reset } = await mails(page, email);
      await page.goto(reset!);
      await ready();
      await axe('reset password');
      const resetForm = page.locator('#formulier-reset-password');
      await resetForm.getByLabel('Nieuw wachtwoord').fill('Derde1234!');
      await resetForm.getByLabel('Herhaal het nieuwe wachtwoord').fill('Derde1234!');
      await submit(page, 'reset-password', 'Wachtwoord opslaan', js);
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByTestId('account-who')).toContainText(email);
      // The refused log in (not yet confirmed) is a 422 the browser reports; nothing else.
      expect(consoleWatch.errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
    });
  });
}

test.describe('the captcha step without JavaScript', () => {
  test.use({ javaScriptEnabled: false, baseURL: SITE });

  test("after wrong tries the captcha step is passed without JavaScript by waiting, then the owner signs in", async ({ page }) => {
    const name = `bram${unique()}`;
    const email = `${name}@example.org`;
    const stamp = /name="_ts" value="([^"]+)"/.exec(await (await page.request.get('/login')).text())![1]!;
    const registered = await page.request.post('/forms/register', {
      headers: { Origin: SITE },
      form: { _page: '/registreren', _locale: 'nl', _ts: stamp, website: '', username: name, email, password: 'Geheim123!', passwordConfirmation: 'Geheim123!' },
      maxRedirects: 0,
    });
    expect(registered.status()).toBe(303);
    await page.request.get((await mails(page, email)).confirm!, { maxRedirects: 0 });

    await page.goto('/login');
    const login = page.locator('#formulier-login');
    const attempt = async (password: string) => {
      await login.getByLabel('E-mailadres').fill(email);
      await login.getByLabel('Wachtwoord').fill(password);
      await submit(page, 'login', 'Inloggen', false);
    };
    // Wrong tries from this browser's address, up to the limit per account and client (5).
    for (let i = 0; i < 5; i++) {
      await attempt(`Fout${i}1234!`);
      await expect(page.getByText('Dit e-mailadres en wachtwoord horen niet bij elkaar.', { exact: false })).toBeVisible();
    }
    await attempt('Geheim123!');
    await expect(page.getByText('wacht 10 seconden en verstuur het formulier dan nog een keer', { exact: false })).toBeVisible();
    await expect(login.getByLabel('E-mailadres')).toHaveValue(email);
    // A person waits as asked (the wall clock: this is the browser's own wait).
    await page.waitForTimeout(10_500);
    await login.getByLabel('Wachtwoord').fill('Geheim123!');
    await submit(page, 'login', 'Inloggen', false);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId('account-who')).toContainText(email);
  });
});

test.describe('account pages in English and the confirmation again', () => {
  test.use({ baseURL: SITE });
  test('each English page answers in English, passes axe', async ({ page }) => {
    for (const [path, heading] of [
      ['/en/login', 'Log in'],
      ['/en/register', 'Create an account'],
      ['/en/forgot-password', 'Forgot your password'],
      ['/en/reset-password', 'Choose a new password'],
      ['/en/resend-confirmation', 'Send the confirmation mail again'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expectNoAxeViolations(page, { label: path });
    }
  });

  test('the confirmation mail again', async ({ page }) => {
    await page.goto('/bevestiging-opnieuw');
    await hydrated(page);
    await expectNoAxeViolations(page, { label: 'resend confirmation' });
    await page.locator('#formulier-resend-confirmation').getByLabel('E-mailadres').fill(`niemand${unique()}@example.org`);
    await page.locator('#formulier-resend-confirmation').getByRole('button', { name: 'Stuur de mail opnieuw' }).click();
    await expect(page.getByText('Als dit e-mailadres nog bevestigd moet worden', { exact: false })).toBeVisible();
  });
});

// Registering: each problem said once, where it belongs. The repeat field speaks only when it is
// its turn (the first password given); an empty form says "no password" under the first alone.
for (const js of [true, false]) {
  test.describe(`registration's messages ${js ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled: js, baseURL: SITE });

    test('an empty form: "no password" once; then "again" under the repeat; then the mismatch', async ({ page }) => {
      await page.goto('/registreren');
      if (js) await hydrated(page);
      const form = page.locator('#formulier-register');
      const first = form.getByLabel('Wachtwoord', { exact: true });
      const repeat = form.getByLabel('Herhaal het wachtwoord');
      await submit(page, 'register', 'Account aanmaken', js);
      await expect(form.getByText('Je hebt geen gebruikersnaam ingevuld.')).toBeVisible();
      await expect(form.getByText('Je hebt geen wachtwoord ingevuld.')).toHaveCount(1);
      await expect(first).toHaveAttribute('aria-invalid', 'true');
      await expect(repeat).not.toHaveAttribute('aria-invalid', 'true');

      // Without JavaScript a password never comes back in the page: typed again each time.
      await first.fill('Geheim123!');
      await submit(page, 'register', 'Account aanmaken', js);
      await expect(form.getByText('Vul hetzelfde wachtwoord hier nog een keer in.')).toBeVisible();
      await expect(form.getByText('Je hebt geen wachtwoord ingevuld.')).toHaveCount(0);
      await expect(repeat).toHaveAttribute('aria-invalid', 'true');

      await first.fill('Geheim123!');
      await repeat.fill('Geheim124!');
      await submit(page, 'register', 'Account aanmaken', js);
      await expect(form.getByText('De twee wachtwoorden zijn niet hetzelfde.')).toHaveCount(1);
      await expect(form.getByText('Vul hetzelfde wachtwoord hier nog een keer in.')).toHaveCount(0);
    });
  });

  // The main e2e site runs on the embedded content, which has no users: every account page says
  // so under its title, with no form to fill in for nothing.
  test.describe(`accounts unavailable ${js ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test('the register and log-in pages say so before any form', async ({ page }) => {
      for (const path of ['/registreren', '/login']) {
        await page.goto(path);
        if (js) await hydrated(page);
        await expect(page.getByRole('status')).toHaveText(/^Een account maken en inloggen kan op deze website nu niet\./);
        await expect(page.locator('main form')).toHaveCount(0);
        await expect(page.getByRole('link', { name: 'Zoek een groep bij jou in de buurt' })).toHaveAttribute('href', '/locaties');
        if (js) await expectNoAxeViolations(page, { label: path });
      }
      await page.goto('/en/register');
      await expect(page.getByRole('status')).toContainText('Creating an account and logging in are not possible on this website right now.');
    });
  });
}
