// Account limits per (account, client) with a captcha step instead of a lock: an attacker can
// slow guessing down, but cannot keep the owner out.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RequestListener } from 'node:http';
import { solvedCaptcha } from '../../server/forms/helpers';
import { accountSite, postForm, sessionCookie } from './helpers';

const anna = { username: 'anna', email: 'anna@example.org', password: 'Geheim123!', passwordConfirmation: 'Geheim123!' };
const CAPTCHA_STEP = 'controleren we dat je geen robot bent';

/** A log-in post from one client address (the test app trusts the proxy header). */
const loginFrom = (app: RequestListener, address: string, password: string, extra: Record<string, string> = {}) =>
  postForm(app, 'login', { email: anna.email, password, ...extra }).set('X-Forwarded-For', address);

async function siteWithAnna(limits: { perAddress: number; perIp: number; perAccount?: number }, confirmEmail = false) {
  const site = await accountSite({ accountLimits: { windowMs: 60_000, ...limits }, confirmEmail });
  await postForm(site.app, 'register', { ...anna, _page: '/registreren' }).set('X-Forwarded-For', '192.0.2.1').expect(303);
  return site;
}

describe('account limits', () => {
  test("an attacker's wrong passwords from one address never keep the owner at another address out", async () => {
    const { app } = await siteWithAnna({ perAddress: 3, perIp: 100 });
    const attacker: number[] = [];
    for (let i = 0; i < 10; i++) attacker.push((await loginFrom(app, '198.51.100.66', `fout-${i}`)).status);
    assert.deepEqual(attacker, [422, 422, 422, 429, 429, 429, 429, 429, 429, 429], 'past three wrong tries the attacker must solve the captcha');
    const owner = await loginFrom(app, '203.0.113.5', anna.password).expect(303);
    assert.ok(sessionCookie(owner), 'the owner signs in at once');
  });

  test('past the limit a try needs the captcha step, not a lock: with a solved captcha it is tried, a false one is refused', async () => {
    const { app } = await siteWithAnna({ perAddress: 2, perIp: 100 });
    for (let i = 0; i < 2; i++) await loginFrom(app, '198.51.100.7', `fout-${i}`).expect(422);
    const step = await loginFrom(app, '198.51.100.7', anna.password).expect(429);
    assert.ok(step.text.includes(CAPTCHA_STEP), 'the page says what to do');
    assert.match(step.text, /value="anna@example.org"/, 'the address typed is kept');
    const json = await loginFrom(app, '198.51.100.7', anna.password).set('Accept', 'application/json').expect(429);
    assert.ok(String(json.body.message).includes(CAPTCHA_STEP));
    await loginFrom(app, '198.51.100.7', 'nog-fout', { altcha: await solvedCaptcha(app) }).expect(422);
    const forged = await loginFrom(app, '198.51.100.7', anna.password, { altcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') });
    assert.ok(forged.status >= 400 && !sessionCookie(forged), 'a captcha that is not solved lets nobody in');
    const owner = await loginFrom(app, '198.51.100.7', anna.password, { altcha: await solvedCaptcha(app) }).expect(303);
    assert.ok(sessionCookie(owner), 'the owner at the same address, with the captcha solved, signs in');
  });

  test('an attack spread over many addresses puts the captcha before everyone, and the owner who solves it signs in', async () => {
    const { app } = await siteWithAnna({ perAddress: 2, perIp: 100, perAccount: 6 });
    // Two wrong tries from each of three addresses: none is past its own limit, the account is past its ceiling.
    for (let i = 0; i < 6; i++) await loginFrom(app, `198.51.100.${10 + (i % 3)}`, `fout-${i}`).expect(422);
    await loginFrom(app, '198.51.100.20', 'fout').expect(429);
    const plain = await loginFrom(app, '203.0.113.5', anna.password).expect(429);
    assert.ok(plain.text.includes(CAPTCHA_STEP));
    const solved = await loginFrom(app, '203.0.113.5', anna.password, { altcha: await solvedCaptcha(app) }).expect(303);
    assert.ok(sessionCookie(solved));
  });

  test("one client's wrong tries on many accounts are refused outright past the per-client limit; logins that work never count", async () => {
    const { app } = await siteWithAnna({ perAddress: 5, perIp: 4 });
    // A class behind one school address, all logging in correctly.
    for (let i = 0; i < 12; i++) await loginFrom(app, '192.0.2.50', anna.password).expect(303);
    for (let i = 0; i < 4; i++) await postForm(app, 'login', { email: `iemand${i}@example.org`, password: 'x' }).set('X-Forwarded-For', '198.51.100.99').expect(422);
    const refused = await postForm(app, 'login', { email: 'nog-iemand@example.org', password: 'x', altcha: await solvedCaptcha(app) }).set('X-Forwarded-For', '198.51.100.99').expect(429);
    assert.ok(!refused.text.includes(CAPTCHA_STEP), 'the guessing address is refused, not asked for a captcha');
    await loginFrom(app, '203.0.113.5', anna.password).expect(303);
  });

  test('register is under the account limits too: past them the same address needs the captcha step', async () => {
    const { app, upstream } = await accountSite({ accountLimits: { windowMs: 60_000, perAddress: 2, perIp: 100 } });
    const registrations = () => upstream.requests.filter((r) => r.path.endsWith('/auth/local/register')).length;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await postForm(app, 'register', { ...anna, username: `anna${i}`, _page: '/registreren' }).set('X-Forwarded-For', '198.51.100.3')).status);
    assert.deepEqual(statuses.slice(2), [429, 429]);
    assert.equal(registrations(), 2, 'the content service was asked twice only');
    await postForm(app, 'register', { ...anna, username: 'anna9', _page: '/registreren', altcha: await solvedCaptcha(app) }).set('X-Forwarded-For', '198.51.100.3');
    assert.equal(registrations(), 3, 'with the captcha solved it is asked again');
  });

  for (const form of ['forgot-password', 'resend-confirmation'] as const) {
    test(`mails to an address are limited per (address, client): others asking for the owner's address never use up the owner's own (${form})`, async () => {
      // The confirmation again is for an address still to be confirmed.
      const { app, upstream } = await siteWithAnna({ perAddress: 2, perIp: 100 }, form === 'resend-confirmation');
      const [path, page] = form === 'forgot-password' ? ['/auth/forgot-password', '/wachtwoord-vergeten'] : ['/auth/send-email-confirmation', '/bevestiging-opnieuw'];
      const asked = () => upstream.requests.filter((r) => r.path.endsWith(path)).length;
      const mail = (address: string, extra: Record<string, string> = {}) => postForm(app, form, { email: anna.email, _page: page, ...extra }).set('X-Forwarded-For', address);
      const others: number[] = [];
      for (let i = 0; i < 5; i++) others.push((await mail('198.51.100.66')).status);
      assert.deepEqual(others, [303, 303, 429, 429, 429], 'one place is refused past two mails to the address');
      // Another place asking for the same address, and then the owner, each have a budget of their own.
      await mail('198.51.100.67').expect(303);
      await mail('198.51.100.67').expect(303);
      const before = asked();
      await mail('203.0.113.5').expect(303);
      assert.equal(asked(), before + 1, "the owner's mail is sent");
      // The address's ceiling over all places (five times the limit) asks for the captcha step, never refuses.
      for (let i = 0; i < 5; i++) await mail(`198.51.100.${70 + i}`);
      const step = await mail('203.0.113.8').expect(429);
      assert.ok(step.text.includes(CAPTCHA_STEP), 'past the ceiling: the captcha step');
      await mail('203.0.113.8', { altcha: await solvedCaptcha(app) }).expect(303);
    });
  }

  test('the captcha step is passable without JavaScript: the form again says how long to wait, a post after the wait goes on once, a sooner one does not', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const { app, upstream } = await siteWithAnna({ perAddress: 2, perIp: 100, perAccount: 6 });
    // Others' wrong tries, spread over three places: the ceiling over all clients is reached.
    for (let i = 0; i < 6; i++) await loginFrom(app, `198.51.100.${10 + (i % 3)}`, `fout-${i}`).expect(422);
    const asked = () => upstream.requests.filter((r) => r.path.endsWith('/auth/local')).length;
    const before = asked();

    const step = await loginFrom(app, '203.0.113.5', anna.password).expect(429);
    assert.ok(step.text.includes('wacht 10 seconden en verstuur het formulier dan nog een keer'), 'the page says how long to wait');
    assert.ok(step.text.includes('vul het opnieuw in'), 'and that the password is typed again');
    assert.match(step.text, /value="anna@example.org"/, 'the address typed is kept');
    t.mock.timers.tick(4_000);
    const soon = await loginFrom(app, '203.0.113.5', anna.password).expect(429);
    assert.ok(soon.text.includes('wacht 6 seconden'), 'sent sooner: the rest of the same wait, not a new one');
    assert.equal(sessionCookie(soon), undefined);
    t.mock.timers.tick(6_000);
    const passed = await loginFrom(app, '203.0.113.5', anna.password).expect(303);
    assert.ok(sessionCookie(passed), 'after the wait the owner without JavaScript signs in');
    assert.equal(asked(), before + 1, 'only the post after the wait was tried');
    // The wait is used up: the next try past the ceiling waits again.
    await loginFrom(app, '203.0.113.5', 'fout').expect(429);

    // A neighbour: the forgot-password mail past its ceiling, without JavaScript, after the wait.
    const forgot = (address: string) => postForm(app, 'forgot-password', { email: anna.email, _page: '/wachtwoord-vergeten' }).set('X-Forwarded-For', address);
    for (let i = 0; i < 10; i++) await forgot(`198.51.100.${40 + i}`);
    const mailStep = await forgot('203.0.113.5').expect(429);
    assert.ok(mailStep.text.includes('wacht 10 seconden'), 'the forgot-password page says how long to wait');
    assert.ok(!mailStep.text.includes('vul het opnieuw in'), 'no password to type again on this form');
    t.mock.timers.tick(10_000);
    await forgot('203.0.113.5').expect(303);
  });
});
