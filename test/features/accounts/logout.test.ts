// A session the visitor ended is refused wherever its token comes back: the content service
// would still take the token (a JWT is good until it expires), so the site remembers it ended.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { lifetimeLeft, DEFAULT_TOKEN_LIFETIME_MS } from '../../../server/features/accounts/session-revocations';
import { ORIGIN } from '../../server/forms/helpers';
import { accountSite, postForm, sessionCookie } from './helpers';

const anna = { username: 'anna', email: 'anna@example.org', password: 'Geheim123!', passwordConfirmation: 'Geheim123!' };

/** `now`: the content service's clock, for its tokens (held still: every sign-in in one second). */
async function signedIn(now?: () => number) {
  const site = await accountSite({ now });
  await postForm(site.app, 'register', { ...anna, _page: '/registreren' }).expect(303);
  const login = await postForm(site.app, 'login', { email: anna.email, password: anna.password }).expect(303);
  return { ...site, cookie: sessionCookie(login)! };
}

const logout = (app: Parameters<typeof request>[0], cookie: string) => request(app).post('/account/uitloggen').set('Origin', ORIGIN).set('Cookie', cookie).type('form').send({ _locale: 'nl' }).expect(303);

describe('ended sessions', () => {
  test('a logged-out session is refused wherever its token is carried: the guarded pages as HTML and Flight in both languages, and the change-password post', async () => {
    const { app, fake, upstream, cookie } = await signedIn();
    await request(app).get('/account').set('Cookie', cookie).expect(200);
    await logout(app, cookie);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('~')[1]!;
    // The content service itself still takes the token: the refusal below is the site's own.
    const me = await fetch(`${upstream.url}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(me.status, 200);

    for (const path of ['/account', '/en/account', '/account/wachtwoord', '/en/account/password']) {
      const res = await request(app).get(path).set('Cookie', cookie).expect(302);
      assert.match(res.headers.location!, /\/login\?terug=/, path);
    }
    const flight = await request(app).get('/account?_rsc=1').set('Cookie', cookie).expect(204);
    assert.equal(flight.headers['x-rsc-redirect'], '/login?terug=%2Faccount');
    const change = await postForm(app, 'change-password', { _page: '/account/wachtwoord', currentPassword: anna.password, password: 'Nieuw123!', passwordConfirmation: 'Nieuw123!' }, cookie).expect(401);
    assert.ok(change.text.includes('Je bent niet meer ingelogd'));
    const json = await postForm(app, 'change-password', { _page: '/account/wachtwoord', currentPassword: anna.password, password: 'Nieuw123!', passwordConfirmation: 'Nieuw123!' }, cookie).set('Accept', 'application/json').expect(401);
    assert.equal(json.body.ok, false);
    assert.equal(fake.users[0]!.password, anna.password, 'the password is unchanged');
    assert.equal(upstream.requests.filter((r) => r.path.endsWith('/auth/change-password')).length, 0, 'the content service was not asked');

    // Logging in again gives a new session that works.
    const again = await postForm(app, 'login', { email: anna.email, password: anna.password }).expect(303);
    await request(app).get('/account').set('Cookie', sessionCookie(again)!).expect(200);
  });

  test('a password change ends the token it replaced; the new one works', async () => {
    const { app, cookie } = await signedIn();
    const changed = await postForm(app, 'change-password', { _page: '/account/wachtwoord', currentPassword: anna.password, password: 'Nieuw123!', passwordConfirmation: 'Nieuw123!' }, cookie).expect(303);
    const renewed = sessionCookie(changed)!;
    assert.notEqual(renewed, cookie);
    await request(app).get('/account').set('Cookie', cookie).expect(302);
    await request(app).get('/account').set('Cookie', renewed).expect(200);
  });

  // The class: the content service gives one account the same token twice (Strapi signs {id,
  // iat} in whole seconds), and ending one session must not end the other. Reported: log out,
  // then the password reset's new sign-in within the second opened nothing. Neighbours: two
  // devices signed in within the second, and a password change right after logging in.
  test('same token, separate sessions: ending one session never ends another that got the same token (log out then log in again, two devices, a change of password)', async () => {
    const second = Date.now();
    const { app, cookie } = await signedIn(() => second);
    await logout(app, cookie);
    const again = sessionCookie(await postForm(app, 'login', { email: anna.email, password: anna.password }).expect(303))!;
    const tokenOf = (c: string) => decodeURIComponent(c.split('=')[1]!).split('~')[1];
    assert.equal(tokenOf(again), tokenOf(cookie), 'the content service gave the same token within the second');
    await request(app).get('/account').set('Cookie', again).expect(200);
    await request(app).get('/account').set('Cookie', cookie).expect(302);

    const phone = sessionCookie(await postForm(app, 'login', { email: anna.email, password: anna.password }).expect(303))!;
    const laptop = sessionCookie(await postForm(app, 'login', { email: anna.email, password: anna.password }).expect(303))!;
    await logout(app, phone);
    await request(app).get('/account').set('Cookie', laptop).expect(200);
    await request(app).get('/account').set('Cookie', phone).expect(302);

    const changed = await postForm(app, 'change-password', { _page: '/account/wachtwoord', currentPassword: anna.password, password: 'Nieuw123!', passwordConfirmation: 'Nieuw123!' }, laptop).expect(303);
    const renewed = sessionCookie(changed)!;
    await request(app).get('/account').set('Cookie', renewed).expect(200);
    await request(app).get('/account').set('Cookie', laptop).expect(302);
  });

  // The class: an answer to a request that carried an old session writes nothing to the session
  // cookie, since the browser may hold a newer one by the time it arrives. Reported: a preload of
  // /account (Flight) sent with the old cookie while the password change's answer set the new one
  // came back clearing it, and the visitor was logged out. Neighbours: the guarded pages as HTML
  // in both languages, a change-password post with the ended session, a token the content service
  // refuses, and the content service down.
  test('answers about an old session never clear a newer one: guarded pages (HTML and Flight), an ended session\'s post, a refused token, an outage', async () => {
    const { app, upstream, cookie } = await signedIn();
    const changed = await postForm(app, 'change-password', { _page: '/account/wachtwoord', currentPassword: anna.password, password: 'Nieuw123!', passwordConfirmation: 'Nieuw123!' }, cookie).expect(303);
    const renewed = sessionCookie(changed)!;
    const sessionWrites = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).filter((c) => /^(__Host-)?joinus_session=/.test(c));
    // The old session's requests, as they would arrive after the new cookie was set.
    const stale = [
      await request(app).get('/account?_rsc=1').set('Cookie', cookie).expect(204),
      await request(app).get('/account').set('Cookie', cookie).expect(302),
      await request(app).get('/en/account/password').set('Cookie', cookie).expect(302),
      await postForm(app, 'change-password', { _page: '/account/wachtwoord', currentPassword: 'Nieuw123!', password: 'Derde123!', passwordConfirmation: 'Derde123!' }, cookie).expect(401),
      await request(app).get('/account').set('Cookie', 'joinus_session=some-id~jwt-99-1').expect(302),
    ];
    for (const res of stale) assert.deepEqual(sessionWrites(res), [], `${res.request.method} ${res.request.url}: no session cookie written`);
    await request(app).get('/account').set('Cookie', renewed).expect(200);
    // The content service down: the visitor is sent to log in, and the session is kept for after.
    await upstream.down();
    const outage = await request(app).get('/account').set('Cookie', renewed).expect(302);
    assert.deepEqual(sessionWrites(outage), [], 'an outage ends no session');
  });

  test('a made-up token posted to log out is not remembered; an ended JWT is remembered until its own expiry', async () => {
    const { app, upstream } = await signedIn();
    const before = upstream.requests.length;
    await logout(app, 'joinus_session=made-up-token');
    assert.equal(upstream.requests.length, before, 'a cookie without a session id is no session: nothing asked');
    await logout(app, 'joinus_session=some-id~made-up-token');
    assert.equal(upstream.requests.length, before + 1, 'asked once whether it is a session at all');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const jwt = `e30.${Buffer.from(JSON.stringify({ id: 1, exp })).toString('base64url')}.sig`;
    assert.ok(Math.abs(lifetimeLeft(jwt, Date.now()) - 3_600_000) < 2000);
    assert.equal(lifetimeLeft('jwt-1-2', Date.now()), DEFAULT_TOKEN_LIFETIME_MS);
  });
});
