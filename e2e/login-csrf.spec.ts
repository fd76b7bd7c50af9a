// Login CSRF in Chromium, from another origin: a login is accepted only when this browser started
// it from this site's own log-in page, and finished only with the provider's answer to that very
// login. The attacker's page is served by this test on http://localhost:<port>, another site than
// the site's http://127.0.0.1:<port> for the browser; the victim clicks on it, it takes the two
// steps the audit found (start a login here in a window of its own, then send the browser to the
// callback with the answer the provider gave the attacker's own login), and the victim must not
// end up signed in, for every provider the site offers. The same attacker page also posts the
// start and the password log-in form from its own origin. The race: the same answer sent while
// the victim's own login is under way. A login the visitor starts on the log-in page still works,
// with and without JavaScript.
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

/** The attacker's own provider login through the site, stopped where the provider sends the
 * browser back: that address (the site's callback with the provider's code and state) is theirs. */
async function attackerCallback(api: APIRequestContext, provider: string): Promise<string> {
  const stamp = await pageStamp(api);
  const start = await api.post(`${SITE}/connect/${provider}`, { headers: { Origin: SITE }, form: { _locale: 'nl', _ts: stamp }, maxRedirects: 0 });
  expect(start.status()).toBe(303);
  const onTheWay = await (await api.get(`${SITE}/connect/${provider}`)).text();
  const to = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(onTheWay)?.[1];
  expect(to, onTheWay.slice(0, 300)).toBeTruthy();
  const agree = await (await api.get(unescape(to!))).text();
  const back = /<a href="([^"]+)">Authorize<\/a>/.exec(agree)?.[1];
  expect(back, agree).toBeTruthy();
  return unescape(back!);
}

const unescape = (value: string) => value.replace(/&amp;|&#38;/g, '&');

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
  test(`a login callback is taken only for a login this browser started on this site's own log-in page: another origin's two steps sign nobody in (${provider})`, async ({ page, context, playwright }) => {
    const attackerApi = await playwright.request.newContext();
    const callback = await attackerCallback(attackerApi, provider);
    const mallory = await attackerAccount(attackerApi);
    const stamp = await pageStamp(attackerApi);
    const attacker = await attackerSite(
      `<!doctype html><html lang="en"><title>Win a prize</title><main><h1>Win a prize</h1>` +
        // Step one, as the audit did it: the start in a window of its own (a GET) ...
        `<a id="start-get" href="${SITE}/connect/${provider}" target="start-get">Claim</a>` +
        // ... or posted as the log-in page posts it, with a stamp read from that page.
        `<form id="start-post" method="post" action="${SITE}/connect/${provider}" target="start-post">${hidden({ _locale: 'nl', _ts: stamp })}<button>Claim again</button></form>` +
        // The password form's neighbour: the log-in form posted with the attacker's own password.
        `<form id="password" method="post" action="${SITE}/forms/login" target="password">${hidden({ _page: '/login', _locale: 'nl', _ts: stamp, website: '', email: mallory.email, password: mallory.password })}<button>Claim once more</button></form>` +
        // Step two: back to the site's callback with the provider's answer to the attacker's login.
        `<a id="callback" href="${callback.replace(/&/g, '&amp;')}">Collect</a></main></html>`,
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
      await attackerApi.dispose();
    }
  });

  test(`a login callback is finished only with the provider's answer to this browser's own login: another login's answer, sent while the victim's own login is under way, signs nobody in (${provider})`, async ({ page, context, playwright }) => {
    const attackerApi = await playwright.request.newContext();
    const callback = await attackerCallback(attackerApi, provider);
    const attacker = await attackerSite(`<!doctype html><html lang="en"><title>Win a prize</title><main><h1>Win a prize</h1><a id="callback" href="${callback.replace(/&/g, '&amp;')}">Collect</a></main></html>`);
    try {
      // The victim's own login, under way: at the provider's page.
      await page.goto(`${SITE}/login`);
      await page.getByRole('button', { name: provider === 'github' ? 'Inloggen met GitHub' : 'Inloggen met Google' }).click();
      await expect(page).toHaveURL(new RegExp(`^${CMS}/__provider/${provider}/authorize\\?`));
      // Meanwhile, in another tab, the attacker's page sends the browser to the callback.
      const other = await context.newPage();
      await other.goto(attacker.url);
      await other.locator('#callback').click();
      await other.waitForLoadState('load');
      await expect(other.getByText('Inloggen via deze dienst is niet gelukt')).toBeVisible();
      await expectSignedOut(other);
    } finally {
      attacker.server.close();
      await attackerApi.dispose();
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
        await expect(page).toHaveURL(new RegExp(`^${CMS}/__provider/${provider}/authorize\\?`));
        await page.getByRole('link', { name: 'Authorize' }).click();
        await expect(page).toHaveURL(`${SITE}/account`);
        await expect(page.getByTestId('account-who')).toContainText(new RegExp(`${provider}\\.\\d+@example\\.org`));
      });
    }
  });
}
