// Accounts against the real Strapi of `cms/`: its users-permissions with email confirmation on
// (set by the cms bootstrap), its mails caught by a test SMTP server, the built site in front.
// Every flow a visitor has: register, confirm by the mail's link, log in, /account, change
// password, log out, forgot and reset by the mail's code, the confirmation again, and Strapi's
// refusals in plain Dutch. And provider login through Strapi's own OAuth flow, with a Keycloak
// realm standing in for the provider (support/fake-keycloak.ts): the login works, and another
// login's answer sent to the visitor's browser signs nobody in.
//
// Run: `npm run test:contract -- contract/accounts-contract.test.ts` (alone; Strapi seeded once,
// this file's Strapi started from a copy: contract/run.ts).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createFormStamps } from '../server/forms/bot-guard';
import { request as httpsRequest } from 'node:https';
import { readFileSync } from 'node:fs';
import { startSmtp, type TestSmtp } from '../test/server/store/helpers/smtp';
import { startFakeKeycloak, type FakeKeycloak } from './support/fake-keycloak';
import { ADMIN, FORM_SECRET, freePort, startSite, startStrapi, strapiEnvIn, waitFor, type Running } from './support/processes';

const work = mkdtempSync(path.join(tmpdir(), 'joinus-accounts-contract-'));
const token = randomBytes(32).toString('hex');
const webhookSecret = randomBytes(24).toString('hex');
const previewSecret = randomBytes(24).toString('hex');
const stamps = createFormStamps(FORM_SECRET);
let strapi: Running;
let site: Running;
let smtp: TestSmtp;
let keycloak: FakeKeycloak;

type Answer = { status: number; location: string | null; cookie: string | null; text: string };

/** A form of the site posted as a browser without JavaScript does. */
async function post(form: string, fields: Record<string, string>, cookie?: string): Promise<Answer> {
  const body = new URLSearchParams({ _page: '/login', _locale: 'nl', _ts: stamps.stamp(Date.now() - 5000), website: '', ...fields });
  const res = await fetch(`${site.url}/forms/${form}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: site.url, 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
  return answer(res);
}

async function get(pathname: string, cookie?: string): Promise<Answer> {
  return answer(await fetch(`${site.url}${pathname}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} }));
}

async function answer(res: Response): Promise<Answer> {
  const session = res.headers.getSetCookie().find((c) => c.startsWith('joinus_session=') && !c.startsWith('joinus_session=;'));
  return { status: res.status, location: res.headers.get('location'), cookie: session?.split(';')[0] ?? null, text: await res.text() };
}

/** The newest mail to an address, its quoted-printable soft breaks undone. */
async function mailTo(address: string, since: number): Promise<string> {
  await waitFor(`a mail to ${address}`, async () => smtp.received.slice(since).some((m) => m.to.includes(address)), 20_000, strapi);
  const raw = smtp.received.slice(since).filter((m) => m.to.includes(address)).at(-1)!.raw;
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

describe('accounts against the real Strapi', { concurrency: false }, () => {
  const email = `anna${Date.now()}@example.org`;
  let cookie = '';

  before(async () => {
    smtp = await startSmtp();
    keycloak = await startFakeKeycloak(work);
    const strapiPort = await freePort();
    const sitePort = await freePort();
    strapi = await startStrapi(strapiEnvIn(work, { port: strapiPort, sitePort, token, webhookSecret, previewSecret }, { smtpPort: smtp.port, env: { NODE_EXTRA_CA_CERTS: keycloak.certFile } }));
    site = await startSite({
      port: sitePort,
      dataDir: path.join(work, 'site-data'),
      logFile: path.join(work, 'site.log'),
      strapi: { url: strapi.url, token, webhookSecret, previewSecret },
      // Every post here comes from one client without JavaScript; the limits have tests of their own.
      env: { FORM_RATE_LIMIT: '1000', FORM_RATE_LIMIT_NO_CAPTCHA: '1000', LOGIN_PROVIDERS: 'keycloak' },
    });
  });

  after(async () => {
    await Promise.all([site?.stop(), strapi?.stop(), smtp?.close(), keycloak?.close()]);
    if (process.env.CONTRACT_KEEP !== '1') rmSync(work, { recursive: true, force: true });
    else console.log(`# kept ${work}`);
  });

  test('register: no session yet, a confirmation mail; log in before confirming is refused in Dutch', async () => {
    const since = smtp.received.length;
    const registered = await post('register', { _page: '/registreren', username: `anna${Date.now()}`, email, password: 'Geheim123!', passwordConfirmation: 'Geheim123!' });
    assert.equal(registered.status, 303, registered.text.slice(0, 500));
    assert.equal(registered.location, '/registreren?verzonden=register');
    assert.equal(registered.cookie, null);
    const mail = await mailTo(email, since);
    assert.match(mail, /email-confirmation\?confirmation=[\w-]+/);
    const early = await post('login', { email, password: 'Geheim123!' });
    assert.equal(early.status, 422);
    assert.match(early.text, /Je e-mailadres is nog niet bevestigd/);
  });

  test('the confirmation again sends a new mail; its link confirms and leads to the log-in page', async () => {
    const since = smtp.received.length;
    const again = await post('resend-confirmation', { _page: '/bevestiging-opnieuw', email });
    assert.equal(again.location, '/bevestiging-opnieuw?verzonden=resend-confirmation');
    const mail = await mailTo(email, since);
    const confirmation = /confirmation=([\w-]+)/.exec(mail)![1]!;
    const confirmed = await fetch(`${strapi.url}/api/auth/email-confirmation?confirmation=${confirmation}`, { redirect: 'manual' });
    assert.equal(confirmed.status, 302);
    assert.equal(confirmed.headers.get('location'), `${site.url}/login?bevestigd=1`);
  });

  test('log in: wrong password in plain words; right one sets an httpOnly Lax cookie and /account shows who', async () => {
    const wrong = await post('login', { email, password: 'Fout12345!' });
    assert.equal(wrong.status, 422);
    assert.match(wrong.text, /Dit e-mailadres en wachtwoord horen niet bij elkaar/);
    const res = await fetch(`${site.url}/forms/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: site.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _page: '/login', _locale: 'nl', _ts: stamps.stamp(Date.now() - 5000), email, password: 'Geheim123!' }),
    });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/account');
    const line = res.headers.getSetCookie().find((c) => /^joinus_session=[\w-]+~eyJ/.test(c))!;
    assert.match(line, /HttpOnly/);
    assert.match(line, /SameSite=Lax/);
    cookie = line.split(';')[0]!;
    const account = await get('/account', cookie);
    assert.equal(account.status, 200);
    assert.ok(account.text.includes(email));
  });

  test('register with a taken address answers as for a new one (the mail says the rest): no account made, nobody signed in', async () => {
    const taken = await post('register', { _page: '/registreren', username: `other${Date.now()}`, email, password: 'Geheim123!', passwordConfirmation: 'Geheim123!' });
    assert.equal(taken.status, 303, taken.text.slice(0, 300));
    assert.equal(taken.location, '/registreren?verzonden=register');
    assert.equal(taken.cookie, null);
  });

  test('change password: the current one checked by Strapi, the new one logs in', async () => {
    const wrong = await post('change-password', { _page: '/account/wachtwoord', currentPassword: 'Fout12345!', password: 'Nieuw1234!', passwordConfirmation: 'Nieuw1234!' }, cookie);
    assert.equal(wrong.status, 422);
    assert.match(wrong.text, /Je huidige wachtwoord klopt niet/);
    const changed = await post('change-password', { _page: '/account/wachtwoord', currentPassword: 'Geheim123!', password: 'Nieuw1234!', passwordConfirmation: 'Nieuw1234!' }, cookie);
    assert.equal(changed.status, 303, changed.text.slice(0, 300));
    if (changed.cookie) cookie = changed.cookie;
    const again = await post('login', { email, password: 'Nieuw1234!' });
    assert.equal(again.status, 303);
  });

  test('log out clears the session; /account then leads to log in', async () => {
    const res = await fetch(`${site.url}/account/uitloggen`, { method: 'POST', redirect: 'manual', headers: { Origin: site.url, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: '_locale=nl' });
    assert.equal(res.status, 303);
    assert.ok(res.headers.getSetCookie().some((c) => c.startsWith('joinus_session=;')));
    const account = await get('/account');
    assert.equal(account.status, 302);
    assert.equal(account.location, '/login?terug=%2Faccount');
  });

  test("forgot and reset: the mail's link opens the site's reset page with the code, which logs in", async () => {
    const since = smtp.received.length;
    const forgot = await post('forgot-password', { _page: '/wachtwoord-vergeten', email });
    assert.equal(forgot.location, '/wachtwoord-vergeten?verzonden=forgot-password');
    const mail = await mailTo(email, since);
    const link = new RegExp(`${site.url.replace(/[.:/]/g, '\\$&')}/wachtwoord-herstellen\\?code=([\\w-]+)`).exec(mail);
    assert.ok(link, `the reset mail links to the site: ${mail.slice(-800)}`);
    const page = await get(`/wachtwoord-herstellen?code=${link[1]}`);
    assert.ok(page.text.includes(`value="${link[1]}"`));
    const wrong = await post('reset-password', { _page: '/wachtwoord-herstellen', code: 'not-the-code', password: 'Derde1234!', passwordConfirmation: 'Derde1234!' });
    assert.equal(wrong.status, 422);
    assert.match(wrong.text, /Deze link om je wachtwoord te herstellen klopt niet/);
    const reset = await post('reset-password', { _page: '/wachtwoord-herstellen', code: link[1]!, password: 'Derde1234!', passwordConfirmation: 'Derde1234!' });
    assert.equal(reset.status, 303, reset.text.slice(0, 300));
    assert.equal(reset.location, '/account');
    const account = await get('/account', reset.cookie!);
    assert.ok(account.text.includes(email));
  });

  test("Strapi's limits per address see the site's one address: twelve log-ins and twelve provider-login starts in a minute all go through the site, while a direct caller is still limited", async () => {
    const logins = [];
    for (let i = 0; i < 12; i++) logins.push((await post('login', { email, password: 'Derde1234!' })).status);
    assert.deepEqual(logins, Array(12).fill(303), 'every log-in through the site signed in');
    await enableKeycloak();
    const starts = [];
    for (let i = 0; i < 12; i++) starts.push(await startKeycloakLogin(new Jar()).then(() => 'started', (err: Error) => err.message));
    assert.deepEqual(starts, Array(12).fill('started'));
    // Someone calling Strapi directly keeps Strapi's own limit.
    const direct = [];
    for (let i = 0; i < 12; i++) direct.push((await fetch(`${strapi.url}/api/auth/local`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ identifier: email, password: 'Fout12345!' }) })).status);
    assert.ok(direct.includes(429), `a direct caller is limited: ${direct.join(' ')}`);
  });

  test("provider login through Strapi's own OAuth flow: the site runs it for the browser and the visitor is signed in", async () => {
    await enableKeycloak();
    const providers = await adminCall('/users-permissions/providers');
    assert.equal((providers.keycloak as { redirectUri?: string }).redirectUri, `${site.url}/auth/keycloak/callback`, "the redirect URI the admin shows to register is the site's");
    const jar = new Jar();
    const person = `kim${Date.now()}@example.org`;
    keycloak.signInAs(person);
    const callback = await startKeycloakLogin(jar);
    assert.match(callback, new RegExp(`^${site.url.replace(/[.:/]/g, '\\$&')}/auth/keycloak/callback\\?state=\\w+&session_state=\\w+&code=\\w+$`));
    const back = await jar.get(callback);
    assert.equal(back.status, 303, back.text.slice(0, 500));
    assert.equal(back.location, '/account');
    const account = await jar.get(`${site.url}/account`);
    assert.equal(account.status, 200);
    assert.ok(account.text.includes(person), 'the account page names the person the provider signed in');
    assert.ok(!jar.names().some((n) => n.startsWith('koa.sess')), "Strapi's session never reached the browser");
    // The same answer again (a script kept it): the state is spent, nobody else is signed in.
    const replay = await new Jar(jar.header()).get(callback);
    assert.equal(replay.status, 400);
  });

  test("another login's answer, sent to the visitor's browser while the visitor's own login is under way, signs nobody in: Strapi's state check through the session the site kept", async () => {
    await enableKeycloak();
    // The attacker's own login, stopped where the provider sends the browser back.
    keycloak.signInAs(`mallory${Date.now()}@example.org`);
    const attacker = await startKeycloakLogin(new Jar());
    // The visitor's own login, under way (at the provider's page).
    const visitor = new Jar();
    keycloak.signInAs(`vera${Date.now()}@example.org`);
    const own = await startKeycloakLogin(visitor);
    const exchanged = keycloak.exchanges.asked;
    const raced = await visitor.get(attacker);
    assert.equal(raced.status, 400, raced.text.slice(0, 300));
    assert.match(raced.text, /Inloggen via deze dienst is niet gelukt/);
    assert.ok(!visitor.names().includes('joinus_session'), 'nobody is signed in');
    assert.equal(keycloak.exchanges.asked, exchanged, "Strapi refused the state before trading the attacker's code");
    // And with no login started at all (a foreign page's two steps): refused before Strapi is asked.
    const bare = await new Jar().get(attacker);
    assert.equal(bare.status, 400);
    assert.match(bare.text, /we konden niet nagaan dat jij dit inloggen net zelf op deze website bent begonnen/);
    // The visitor's state was spent by the raced answer: their own answer asks them to begin again.
    assert.equal((await visitor.get(own)).status, 400);
  });
});

/** Cookies of the site's origin, as a browser keeps them; requests without following redirects. */
class Jar {
  private readonly cookies = new Map<string, string>();
  constructor(header = '') {
    for (const pair of header.split('; ').filter(Boolean)) this.cookies.set(pair.split('=')[0]!, pair.slice(pair.indexOf('=') + 1));
  }
  header = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  names = () => [...this.cookies.keys()];
  async send(url: string, init: RequestInit = {}): Promise<Answer> {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), Cookie: this.header() } });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.split('=')[0]!;
      const value = pair.slice(name.length + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer(res);
  }
  get = (url: string) => this.send(url);
}

/** The provider's page, over https with the fake's own certificate. */
function providerPage(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    httpsRequest(url, { ca: readFileSync(keycloak.certFile) }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve(text));
    })
      .on('error', reject)
      .end();
  });
}

const unescape = (value: string) => value.replace(/&amp;|&#38;/g, '&');

/** "Log in with Keycloak" on the site's log-in page, on to the provider, agreed there: the
 * address the provider sends the browser back to (the site's callback with its code and state). */
async function startKeycloakLogin(jar: Jar): Promise<string> {
  const login = await jar.get(`${site.url}/login`);
  const stamp = /<form action="\/connect\/keycloak" method="post"><input type="hidden" name="_locale" value="nl"\/><input type="hidden" name="_ts" value="([^"]+)"/.exec(login.text)?.[1];
  if (!stamp) throw new Error('no "log in with Keycloak" on the log-in page');
  const start = await jar.send(`${site.url}/connect/keycloak`, { method: 'POST', headers: { Origin: site.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ _locale: 'nl', _ts: stamp }) });
  if (start.status !== 303) throw new Error(`start: ${start.status}`);
  const onTheWay = await jar.get(`${site.url}${start.location}`);
  const to = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(onTheWay.text)?.[1];
  if (onTheWay.status !== 200 || !to) throw new Error(`on the way: ${onTheWay.status} ${onTheWay.text.slice(0, 300)}`);
  const agree = /<a id="agree" href="([^"]+)">/.exec(await providerPage(unescape(to)))?.[1];
  if (!agree) throw new Error('no agree link on the provider page');
  return unescape(agree);
}

/** The admin API as the admin panel calls it, logged in once. */
let adminJwt = '';
async function adminCall(p: string, method = 'GET', body?: unknown): Promise<Record<string, unknown>> {
  if (!adminJwt) {
    const login = await fetch(`${strapi.url}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const session = (await login.json()) as { data?: { token?: string; accessToken?: string } };
    adminJwt = session.data?.token ?? session.data?.accessToken ?? '';
    assert.ok(adminJwt, `admin login: ${login.status}`);
  }
  const res = await fetch(`${strapi.url}${p}`, { method, headers: { Authorization: `Bearer ${adminJwt}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  assert.ok(res.ok, `${method} ${p}: ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Keycloak enabled in Strapi's Settings → Providers, as an operator fills it in: the realm, the
 * client and its secret; the front end's callback (Strapi sends the site's call there, the site
 * reads only whether it carries an error). */
let keycloakEnabled = false;
async function enableKeycloak(): Promise<void> {
  if (keycloakEnabled) return;
  const providers = await adminCall('/users-permissions/providers');
  const current = providers.keycloak as Record<string, unknown>;
  providers.keycloak = { ...current, enabled: true, key: keycloak.clientId, secret: keycloak.clientSecret, subdomain: keycloak.subdomain, callback: `${site.url}/account` };
  await adminCall('/users-permissions/providers', 'PUT', { providers });
  keycloakEnabled = true;
}

