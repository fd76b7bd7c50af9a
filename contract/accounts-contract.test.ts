// Accounts against the real Strapi of `cms/`: its users-permissions with email confirmation on
// (set by the cms bootstrap), its mails caught by a test SMTP server, the built site in front.
// Every flow a visitor has: register, confirm by the mail's link, log in, /account, change
// password, log out, forgot and reset by the mail's code, the confirmation again, and Strapi's
// refusals in plain Dutch.
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
import { startSmtp, type TestSmtp } from '../test/server/store/helpers/smtp';
import { FORM_SECRET, freePort, startSite, startStrapi, strapiEnvIn, waitFor, type Running } from './support/processes';

const work = mkdtempSync(path.join(tmpdir(), 'joinus-accounts-contract-'));
const token = randomBytes(32).toString('hex');
const webhookSecret = randomBytes(24).toString('hex');
const previewSecret = randomBytes(24).toString('hex');
const stamps = createFormStamps(FORM_SECRET);
let strapi: Running;
let site: Running;
let smtp: TestSmtp;

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
    const strapiPort = await freePort();
    const sitePort = await freePort();
    strapi = await startStrapi(strapiEnvIn(work, { port: strapiPort, sitePort, token, webhookSecret, previewSecret }, { smtpPort: smtp.port }));
    site = await startSite({
      port: sitePort,
      dataDir: path.join(work, 'site-data'),
      logFile: path.join(work, 'site.log'),
      strapi: { url: strapi.url, token, webhookSecret, previewSecret },
      // Every post here comes from one client without JavaScript; the limits have tests of their own.
      env: { FORM_RATE_LIMIT: '1000', FORM_RATE_LIMIT_NO_CAPTCHA: '1000' },
    });
  });

  after(async () => {
    await Promise.all([site?.stop(), strapi?.stop(), smtp?.close()]);
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
});
