// Login CSRF in Chromium, from another origin: a login is accepted only when this browser started
// it from this site's own log-in page. The attacker's page is served by this test on
// http://localhost:<port>, another site than the site's http://127.0.0.1:<port> for the browser;
// the victim clicks on it, it takes the two steps the audit found (start a login here in a window
// of its own, then send the browser to the callback with the attacker's token), and the victim
// must not end up signed in, for every provider the site offers. The same attacker page also
// posts the start and the password log-in form from its own origin. A login the visitor starts
// on the log-in page still works, with and without JavaScript.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS_CMS_PORT, ACCOUNTS_PORT } from '../playwright.config';

const SITE = `http://127.0.0.1:${ACCOUNTS_PORT}`;
const CMS = `http://127.0.0.1:${ACCOUNTS_CMS_PORT}`;
const PROVIDERS = ['github', 'google'] as const;
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** A page on another origin, served by this test. */
async function attackerSite(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/`, server };
}

/** The attacker's own provider login, stopped where the content service sends them back to the
 * site: the access token in that address is theirs. */
async function attackerToken(api: APIRequestContext, provider: string): Promise<string> {
  const back = await api.get(`${CMS}/api/connect/${provider}/callback`, { maxRedirects: 0 });
  const location = back.headers().location ?? '';
  const token = new URL(location).searchParams.get('access_token');
  expect(token, location).toBeTruthy();
  return token!;
}

/** An account of the attacker's own with a password, confirmed by the mail's link. */
async function attackerAccount(api: APIRequestContext): Promise<{ email: string; password: string }> {
  const name = `mallory${unique()}`;
  const email = `${name}@example.org`;
  const password = 'Geheim123!';
  const stamp = await pageStamp(api);
  const registered = await api.post(`${SITE}/forms/register`, {
    headers: { Origin: SITE },
    form: { _page: '/registreren', _locale: 'nl', _ts: stamp, website: '', username: name, email, password, passwordConfirmation: password },
    maxRedirects: 0,
  });
  expect(registered.status()).toBe(303);
  const mails = (await (await api.get(`${CMS}/__mails?email=${encodeURIComponent(email)}`)).json()) as { confirm: string };
  await api.get(mails.confirm, { maxRedirects: 0 });
  return { email, password };
}

/** A stamp of the log-in page, as anyone can read it there. */
async function pageStamp(api: APIRequestContext): Promise<string> {
  const html = await (await api.get(`${SITE}/login`)).text();
  return /name="_ts" value="([^"]+)"/.exec(html)![1]!;
}

const hidden = (fields: Record<string, string>) => Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`).join('');

/** No session in the browser, and /account leads to log in (it would name the attacker's account). */
async function expectSignedOut(page: Page) {
  expect((await page.context().cookies(SITE)).map((c) => c.name), 'no session cookie').not.toContain('joinus_session');
  await page.goto(`${SITE}/account`);
  await expect(page.getByTestId('account-who')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login\?terug=%2Faccount$/);
}

for (const provider of PROVIDERS) {
  test(`a login callback is taken only for a login this browser started on this site's own log-in page: another origin's two steps sign nobody in (${provider})`, async ({ page, context, request }) => {
    const token = await attackerToken(request, provider);
    const mallory = await attackerAccount(request);
    const stamp = await pageStamp(request);
    const attacker = await attackerSite(
      `<!doctype html><html lang="en"><title>Win a prize</title><main><h1>Win a prize</h1>` +
        // Step one, as the audit did it: the start in a window of its own (a GET) ...
        `<a id="start-get" href="${SITE}/connect/${provider}" target="start-get">Claim</a>` +
        // ... or posted as the log-in page posts it, with a stamp read from that page.
        `<form id="start-post" method="post" action="${SITE}/connect/${provider}" target="start-post">${hidden({ _locale: 'nl', _ts: stamp })}<button>Claim again</button></form>` +
        // The password form's neighbour: the log-in form posted with the attacker's own password.
        `<form id="password" method="post" action="${SITE}/forms/login" target="password">${hidden({ _page: '/login', _locale: 'nl', _ts: stamp, website: '', email: mallory.email, password: mallory.password })}<button>Claim once more</button></form>` +
        // Step two: back to the site's callback with the attacker's token.
        `<a id="callback" href="${SITE}/auth/${provider}/callback?access_token=${encodeURIComponent(token)}">Collect</a></main></html>`,
    );
    try {
      await page.goto(attacker.url);
      for (const [selector, refusal] of [
        ['#start-get', null],
        ['#start-post button', 'Dit formulier kwam niet van onze website'],
        ['#password button', 'Dit formulier kwam niet van onze website'],
      ] as const) {
        const [opened] = await Promise.all([context.waitForEvent('page'), page.locator(selector).click()]);
        await opened.waitForLoadState('load');
        // Soft: the attack goes on to its second step whatever the first got, as an attacker's would.
        if (refusal) await expect.soft(opened.locator('body')).toContainText(refusal);
        else await expect.soft(opened, 'a GET starts nothing: the log-in page').toHaveURL(`${SITE}/login`);
        await opened.close();
      }
      await page.locator('#callback').click();
      await page.waitForLoadState('load');
      await expectSignedOut(page);
      await page.goBack();
      await expect(page.getByText('we konden niet nagaan dat jij dit inloggen net zelf op deze website bent begonnen')).toBeVisible();
    } finally {
      attacker.server.close();
    }
  });
}

for (const js of [true, false]) {
  test.describe(`provider login ${js ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled: js, baseURL: SITE });

    for (const provider of PROVIDERS) {
      test(`the log-in page's button signs in through ${provider}`, async ({ page }) => {
        await page.goto('/login');
        const label = provider === 'github' ? 'Inloggen met GitHub' : 'Inloggen met Google';
        await page.getByRole('button', { name: label }).click();
        // The provider's own page (the fake's), reached through the site's way-out page.
        await expect(page).toHaveURL(`${CMS}/api/connect/${provider}`);
        await page.getByRole('link', { name: 'Authorize' }).click();
        await expect(page).toHaveURL(`${SITE}/account`);
        await expect(page.getByTestId('account-who')).toContainText(new RegExp(`${provider}\\.\\d+@example\\.org`));
      });
    }
  });
}
