import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { ORIGIN } from '../../server/forms/helpers';
import { accountSite, postForm, providerLoginUpToCallback, sessionCookie, startProviderLogin } from './helpers';
import { expectErrorLines } from '../../support/error-guard';

const anna = { username: 'anna', email: 'anna@example.org', password: 'Geheim123!', passwordConfirmation: 'Geheim123!' };

describe('accounts over HTTP, without JavaScript', () => {
  test('the account pages answer in both languages; none is in the sitemap', async () => {
    const { app } = await accountSite();
    for (const path of ['/login', '/registreren', '/wachtwoord-vergeten', '/wachtwoord-herstellen', '/bevestiging-opnieuw', '/en/login', '/en/register', '/en/forgot-password', '/en/reset-password', '/en/resend-confirmation']) {
      const res = await request(app).get(path);
      assert.equal(res.status, 200, path);
      assert.match(res.text, /<form/, path);
      assert.match(res.text, /noindex/, path);
    }
    const sitemap = await request(app).get('/sitemap.xml').expect(200);
    assert.doesNotMatch(sitemap.text, /login|registreren|wachtwoord|account/);
  });

  test('the guard: /account without a session goes to the log-in page with a return path, no-store', async () => {
    const { app } = await accountSite();
    const res = await request(app).get('/account').expect(302);
    assert.equal(res.headers.location, '/login?terug=%2Faccount');
    assert.equal(res.headers['cache-control'], 'no-store');
    const en = await request(app).get('/en/account/password').expect(302);
    assert.equal(en.headers.location, '/en/login?terug=%2Fen%2Faccount%2Fpassword');
    const flight = await request(app).get('/account?_rsc=1').expect(204);
    assert.equal(flight.headers['x-rsc-redirect'], '/login?terug=%2Faccount');
  });

  test('register, log in (cookie flags), /account shows who, change password, log out', async () => {
    const { app, fake } = await accountSite();
    const registered = await postForm(app, 'register', { ...anna, _page: '/registreren' }).expect(303);
    assert.equal(registered.headers.location, '/registreren?verzonden=register');
    assert.equal(sessionCookie(registered), undefined, 'registering signs nobody in: the mail says the account is ready');
    assert.equal(fake.users.length, 1);

    const login = await postForm(app, 'login', { email: anna.email, password: anna.password }).expect(303);
    assert.equal(login.headers.location, '/account');
    const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    const line = setCookie.find((c) => /^joinus_session=[\w-]+~jwt/.test(c))!;
    assert.match(line, /HttpOnly/);
    assert.match(line, /SameSite=Lax/);
    assert.doesNotMatch(line, /Secure/, 'plain http origin: not Secure');
    // Any old token is cleared first, in the same answer.
    assert.ok(setCookie.some((c) => c.startsWith('joinus_session=;')));
    const cookie = sessionCookie(login)!;

    const account = await request(app).get('/account').set('Cookie', cookie).expect(200);
    assert.match(account.text, /Je bent ingelogd als anna \(anna@example\.org\)/);
    assert.equal(account.headers['cache-control'], 'no-store');
    assert.doesNotMatch(account.text, new RegExp(cookie.split('~')[1]!), 'the token never in the page');
    assert.doesNotMatch(account.text, new RegExp(cookie.split('=')[1]!.split('~')[0]!), 'nor the session id');

    const wrongCurrent = await postForm(app, 'change-password', { _page: '/account/wachtwoord', currentPassword: 'fout', password: 'Nieuw123!', passwordConfirmation: 'Nieuw123!' }, cookie).expect(422);
    assert.match(wrongCurrent.text, /Je huidige wachtwoord klopt niet/);
    const mismatch = await postForm(app, 'change-password', { _page: '/account/wachtwoord', currentPassword: anna.password, password: 'Nieuw123!', passwordConfirmation: 'Anders123!' }, cookie).expect(422);
    assert.match(mismatch.text, /De twee wachtwoorden zijn niet hetzelfde/);
    const changed = await postForm(app, 'change-password', { _page: '/account/wachtwoord', currentPassword: anna.password, password: 'Nieuw123!', passwordConfirmation: 'Nieuw123!' }, cookie).expect(303);
    assert.equal(changed.headers.location, '/account/wachtwoord?verzonden=change-password');
    assert.equal(fake.users[0]!.password, 'Nieuw123!');

    const out = await request(app).post('/account/uitloggen').set('Origin', ORIGIN).set('Cookie', cookie).type('form').send({ _locale: 'nl' }).expect(303);
    assert.equal(out.headers.location, '/login?uitgelogd=1');
    assert.ok(([] as string[]).concat(out.headers['set-cookie'] ?? []).some((c) => c.startsWith('joinus_session=;')));
  });

  test("Strapi's refusals in plain words, the page again with the email kept and no password", async () => {
    const { app } = await accountSite({ confirmEmail: true });
    await postForm(app, 'register', { ...anna, _page: '/registreren' }).expect(303);
    const unconfirmed = await postForm(app, 'login', { email: anna.email, password: anna.password }).expect(422);
    assert.match(unconfirmed.text, /Je e-mailadres is nog niet bevestigd/);
    const wrongCode = await postForm(app, 'reset-password', { _page: '/wachtwoord-herstellen', code: 'nope', password: 'Nieuw123!', passwordConfirmation: 'Nieuw123!' }).expect(422);
    assert.match(wrongCode.text, /Deze link om je wachtwoord te herstellen klopt niet/);
    const json = await postForm(app, 'login', { email: anna.email, password: 'fout' }).set('Accept', 'application/json').expect(422);
    assert.equal(json.body.message, 'Dit e-mailadres en wachtwoord horen niet bij elkaar. Controleer ze en probeer het opnieuw.');
  });

  test('forgot and reset: the code from the mail logs in; a safe return path after log in', async (t) => {
    // The reset page is opened below and its form sent: a person takes at least this long, on
    // the test's own clock (Date.now(), moved by hand).
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const { app, fake } = await accountSite({ minFillMs: 200 });
    await postForm(app, 'register', { ...anna, _page: '/registreren' }).expect(303);
    const forgot = await postForm(app, 'forgot-password', { _page: '/wachtwoord-vergeten', email: anna.email }).expect(303);
    assert.equal(forgot.headers.location, '/wachtwoord-vergeten?verzonden=forgot-password');
    const code = fake.resetCodes.get(anna.email)!;
    const page = await request(app).get(`/wachtwoord-herstellen?code=${code}`).expect(200);
    assert.match(page.text, new RegExp(`value="${code}"`));
    t.mock.timers.tick(250);
    const reset = await postForm(app, 'reset-password', { _page: '/wachtwoord-herstellen', code, password: 'Nieuw123!', passwordConfirmation: 'Nieuw123!' }).expect(303);
    assert.ok(sessionCookie(reset));
    const back = await postForm(app, 'login', { email: anna.email, password: 'Nieuw123!', context: 'return:/account/wachtwoord' }).expect(303);
    assert.equal(back.headers.location, '/account/wachtwoord');
    const evil = await postForm(app, 'login', { email: anna.email, password: 'Nieuw123!', context: 'return:/.//evil.example' }).expect(303);
    assert.equal(evil.headers.location, '/account');
  });

  test('a post from another origin is refused; wrong log-ins are limited per address and client', async () => {
    const { app } = await accountSite({ accountLimits: { windowMs: 60_000, perAddress: 2, perIp: 100 } });
    await request(app).post('/forms/login').set('Origin', 'https://evil.example').type('form').send({ email: 'a@b.nl', password: 'x' }).expect(403);
    await request(app).post('/account/uitloggen').set('Origin', 'https://evil.example').type('form').send({}).expect(403);
    await postForm(app, 'login', { email: 'a@b.nl', password: 'x' }).expect(422);
    await postForm(app, 'login', { email: 'A@b.nl', password: 'y' }).expect(422);
    const step = await postForm(app, 'login', { email: 'a@b.nl', password: 'z' }).expect(429);
    assert.match(step.text, /controleren we dat je geen robot bent/);
    await postForm(app, 'login', { email: 'c@b.nl', password: 'z' }).expect(422);
  });

  test('one visitor never sees another: /account is never cached, each sees their own name', async () => {
    const { app, renderCache } = await accountSite();
    await postForm(app, 'register', { ...anna, _page: '/registreren' }).expect(303);
    await postForm(app, 'register', { username: 'bram', email: 'bram@example.org', password: 'Geheim123!', passwordConfirmation: 'Geheim123!', _page: '/registreren' }).expect(303);
    const annaCookie = sessionCookie(await postForm(app, 'login', { email: anna.email, password: anna.password }))!;
    const bramCookie = sessionCookie(await postForm(app, 'login', { email: 'bram@example.org', password: 'Geheim123!' }))!;
    const before = renderCache.size;
    for (const [cookie, own, other] of [[annaCookie, 'anna', 'bram'], [bramCookie, 'bram', 'anna'], [annaCookie, 'anna', 'bram']] as const) {
      for (const path of ['/account', '/account?_rsc=1']) {
        const res = await request(app).get(path).set('Cookie', cookie).expect(200);
        assert.ok(res.text.includes(`${own}@example.org`), `${own} sees their own address`);
        assert.ok(!res.text.includes(other), `${own} never sees ${other}`);
      }
    }
    assert.equal(renderCache.size, before, 'nothing personal went into the render cache');
    const anonymous = await request(app).get('/account').expect(302);
    assert.doesNotMatch(anonymous.text, /anna|bram/);
    // The home page for a visitor with a session is the cached page everyone gets.
    const home = await request(app).get('/').set('Cookie', annaCookie).expect(200);
    assert.doesNotMatch(home.text, /anna/);
  });

  test('an expired token: the guard sends to log in (and leaves the cookie: logout.test.ts)', async () => {
    const { app } = await accountSite();
    const res = await request(app).get('/account').set('Cookie', 'joinus_session=some-id~jwt-99-1').expect(302);
    assert.equal(res.headers.location, '/login?terug=%2Faccount');
  });

  test('provider login: the log-in page\'s button to the content service, the callback sets the session', async () => {
    const { app, upstream } = await accountSite({ loginProviders: ['github'] });
    const login = await request(app).get('/login').expect(200);
    assert.match(login.text, /<form action="\/connect\/github" method="post">.*?<button type="submit" class="button button-secondary">Inloggen met GitHub<\/button><\/form>/);
    const { state, callback: back, connect } = await providerLoginUpToCallback(app, 'github');
    assert.ok(connect.text.includes(`url=${upstream.url}/__provider/github/authorize?`));
    const callback = await request(app).get(back).set('Cookie', state).expect(303);
    assert.equal(callback.headers.location, '/account');
    const account = await request(app).get('/account').set('Cookie', sessionCookie(callback)!).expect(200);
    assert.match(account.text, /github\.\d+@example\.org/);
    const again = await providerLoginUpToCallback(app, 'github');
    const refused = await request(app).get(again.callback.replace(/code=[\w-]+/, 'code=wrong')).set('Cookie', again.state).expect(400);
    assert.ok(refused.text.includes('Inloggen via deze dienst is niet gelukt'), 'the provider failure in plain words');
  });
});

/** The account form of a page, or undefined when the page shows none. */
const accountForm = (html: string, form: string) => new RegExp(`id="formulier-${form}"[^]*?<form`).exec(html)?.[0];
const OFF = 'Een account maken en inloggen kan op deze website nu niet.';
const DOWN = 'Een account maken en inloggen lukt nu even niet door een storing bij ons.';

describe('accounts without a content service (the embedded content)', () => {
  test('each account page says so before any form, and shows none; the guard sends to log in', async () => {
    expectErrorLines('request errored (failed with status code 503)');
    const { testApp } = await import('../../support/test-app');
    const { app } = testApp();
    for (const [path, form, notice] of [
      ['/registreren', 'register', OFF],
      ['/login', 'login', OFF],
      ['/wachtwoord-vergeten', 'forgot-password', OFF],
      ['/wachtwoord-herstellen', 'reset-password', OFF],
      ['/bevestiging-opnieuw', 'resend-confirmation', OFF],
      ['/en/register', 'register', 'Creating an account and logging in are not possible on this website right now.'],
    ] as const) {
      const res = await request(app).get(path).expect(200);
      assert.ok(res.text.includes(notice), path);
      assert.equal(accountForm(res.text, form), undefined, `${path}: no form that could only be refused`);
      assert.doesNotMatch(res.text, /name="password"/, path);
    }
    const page = (await request(app).get('/registreren')).text;
    assert.ok(page.indexOf('<h1') < page.indexOf(OFF), 'under the title');
    assert.match(page, /href="\/locaties"/);
    assert.match(page, /href="\/contact"/);
    // A post from a page opened before (or a script) still gets the plain answer.
    const res = await postForm(app, 'login', { email: anna.email, password: anna.password }).expect(503);
    assert.ok(res.text.includes(OFF));
    const json = await postForm(app, 'login', { email: anna.email, password: anna.password }).set('Accept', 'application/json').expect(503);
    assert.match(json.body.message, /Dit lukt nu even niet/);
    await request(app).get('/account').expect(302);
    await request(app).get('/connect/github').expect(404);
    await startProviderLogin(app, 'github').expect(404);
  });
});

describe('accounts while the content service keeps failing', () => {
  test('the account pages answer 503 and say so before the form; a post that met the outage comes back with its answers', async () => {
    expectErrorLines('content service failed and nothing is cached for this key', 'content service error', 'request errored (failed with status code 503)', 'content service keeps failing');
    const { app, upstream } = await accountSite();
    assert.ok(accountForm((await request(app).get('/registreren').expect(200)).text, 'register'), 'the form while the service answers');
    upstream.respond(() => ({ status: 500, json: { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } } }));
    for (let i = 0; i < 3; i++) await postForm(app, 'login', { email: anna.email, password: anna.password }).set('Accept', 'application/json').expect(503);
    const down = await request(app).get('/wachtwoord-vergeten').expect(503);
    assert.ok(down.text.includes(DOWN));
    assert.equal(accountForm(down.text, 'forgot-password'), undefined);
    assert.equal(down.headers['cache-control'], 'no-store', 'no cache keeps the outage');
    const post = await postForm(app, 'forgot-password', { _page: '/wachtwoord-vergeten', email: anna.email }).expect(503);
    assert.ok(accountForm(post.text, 'forgot-password'), 'the form again');
    assert.match(post.text, /value="anna@example.org"/);
    assert.match(post.text, /Dit lukt nu even niet/);
  });
});
