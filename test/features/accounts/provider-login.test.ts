// Provider login is accepted only for the login this browser started from this site's own log-in
// page: a state cookie set by the page's post alone (never by a GET, nor by a post from another
// origin or without the page's stamp), checked and cleared on the way back; the provider's answer
// finished only with the content service's session the site kept for that login, so the content
// service's own OAuth state check applies to it; the callback is rate-limited per client.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import express from 'express';
import request from 'supertest';
import { PROVIDER_CALLBACK_LIMIT } from '../../../server/features/accounts/account-routes';
import { providerState } from '../../../server/features/accounts/provider-state';
import { oldStamp, ORIGIN } from '../../server/forms/helpers';
import { accountSite, cookiesSet, providerLoginUpToCallback, sessionCookie, startProviderLogin } from './helpers';

const setCookies = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
const stateOf = (res: request.Response) => setCookies(res).find((c) => c.startsWith('joinus_login_state=') && !c.startsWith('joinus_login_state=;'));
/** The content service's provider-login calls so far (pages rendered meanwhile read content too). */
const loginCalls = (upstream: { requests: Array<{ path: string }> }) => upstream.requests.filter((r) => /\/(connect|auth)\//.test(r.path)).length;
const connectCallbacks = (upstream: { requests: Array<{ path: string }> }, provider = 'github') => upstream.requests.filter((r) => r.path.endsWith(`/connect/${provider}/callback`)).length;

describe('provider login', () => {
  test("a link to the callback with someone else's code signs nobody in and asks the content service nothing", async () => {
    const { app, fake, upstream } = await accountSite({ loginProviders: ['github'] });
    const { callback } = await providerLoginUpToCallback(app, 'github', '203.0.113.66');
    const before = loginCalls(upstream);
    const res = await request(app).get(callback).expect(400);
    assert.equal(sessionCookie(res), undefined, 'no session set');
    assert.ok(!setCookies(res).some((c) => c.startsWith('joinus_session=')), "the visitor's own session is left alone");
    assert.ok(res.text.includes('we konden niet nagaan dat jij dit inloggen net zelf op deze website bent begonnen'), 'the login page says why, in Dutch');
    assert.match(res.text, /<form/);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(loginCalls(upstream), before, 'the content service was not asked');
    assert.equal(fake.users.length, 0);
  });

  for (const provider of ['github', 'google']) {
    test(`a login is started only by a post from this site's own log-in page, never by a GET or another origin's post (${provider})`, async () => {
      const { app, fake, upstream } = await accountSite({ loginProviders: ['github', 'google'] });
      // The attacker's own login, stopped where the provider sends the browser back.
      const attacker = await providerLoginUpToCallback(app, provider, '203.0.113.66');
      const noState = (res: request.Response, what: string) => assert.equal(stateOf(res), undefined, `${what}: no state cookie`);

      // Step one of the attack, as a foreign page can make it: a GET (a window, a link) starts nothing.
      const get = await request(app).get(`/connect/${provider}`).expect(303);
      assert.equal(get.headers.location, '/login', 'a GET leads to the log-in page');
      noState(get, 'a GET');
      // A post from another origin, or with none named, even with a real stamp of the page.
      const foreign = await request(app).post(`/connect/${provider}`).set('Origin', 'http://evil.example').type('form').send({ _locale: 'nl', _ts: oldStamp() }).expect(403);
      noState(foreign, 'a post from another origin');
      const nameless = await request(app).post(`/connect/${provider}`).type('form').send({ _locale: 'nl', _ts: oldStamp() }).expect(403);
      noState(nameless, 'a post without Origin or Referer');
      const viaReferer = await request(app).post(`/connect/${provider}`).set('Referer', 'http://evil.example/page').type('form').send({ _ts: oldStamp() }).expect(403);
      noState(viaReferer, "a post whose Referer is another site's");
      // From this origin but not from the page: no stamp, or one that is not ours.
      const unstamped = await request(app).post(`/connect/${provider}`).set('Origin', ORIGIN).type('form').send({ _locale: 'nl' }).expect(400);
      noState(unstamped, 'a post without the stamp');
      assert.ok(unstamped.text.includes('Begin opnieuw met de knop om in te loggen'));
      const forgedStamp = await request(app).post(`/connect/${provider}`).set('Origin', ORIGIN).type('form').send({ _ts: `${Date.now()}.forged` }).expect(400);
      noState(forgedStamp, 'a post with a forged stamp');
      // A provider the site does not offer cannot be started at all.
      noState(await startProviderLogin(app, 'microsoft').expect(404), 'a provider not offered');

      // Step two: the callback with the attacker's code, with whatever the browser now holds.
      const before = loginCalls(upstream);
      const cookies = [get, foreign, nameless, viaReferer, unstamped, forgedStamp].map(cookiesSet).filter(Boolean).join('; ');
      const callback = await request(app).get(attacker.callback).set('Cookie', cookies).expect(400);
      assert.equal(sessionCookie(callback), undefined, 'nobody is signed in');
      assert.equal(loginCalls(upstream), before, 'the content service was not asked');
      assert.equal(fake.users.length, 0);
    });
  }

  for (const provider of ['github', 'google']) {
    test(`a callback is finished only with the content service's session of the login this browser started: another login's code and state, sent while the visitor's own login is under way, sign nobody in (${provider})`, async () => {
      const { app, fake } = await accountSite({ loginProviders: ['github', 'google'] });
      const attacker = await providerLoginUpToCallback(app, provider, '203.0.113.66');
      // The visitor's own login, under way: at the provider's page now.
      const visitor = await providerLoginUpToCallback(app, provider, '198.51.100.7');
      // A foreign page sends the visitor's browser to the callback with the attacker's code and state.
      const raced = await request(app).get(attacker.callback).set('Cookie', visitor.state).set('X-Forwarded-For', '198.51.100.7').expect(400);
      assert.equal(sessionCookie(raced), undefined, 'nobody is signed in');
      assert.ok(raced.text.includes('Inloggen via deze dienst is niet gelukt'), raced.text.slice(0, 200));
      assert.equal(fake.users.length, 0, 'no account made for the attacker either');
      // The state was spent on it: the visitor's own answer now asks to begin again, and signs nobody in.
      const late = await request(app).get(visitor.callback).set('Cookie', visitor.state).set('X-Forwarded-For', '198.51.100.7').expect(400);
      assert.equal(sessionCookie(late), undefined);
      // A new login of the visitor's own goes through.
      const again = await providerLoginUpToCallback(app, provider, '198.51.100.7');
      const done = await request(app).get(again.callback).set('Cookie', again.state).set('X-Forwarded-For', '198.51.100.7').expect(303);
      assert.equal(done.headers.location, '/account');
      assert.ok(sessionCookie(done));
    });
  }

  for (const tokenInAddress of [false, true]) {
    test(`a login started here: the state cookie on the way out, the content service's session kept by the site, taken once on the way back (${tokenInAddress ? "Strapi 4's token in the address" : "Strapi 5's token in its session"})`, async () => {
      const { app, upstream } = await accountSite({ loginProviders: ['github'], tokenInAddress });
      const login = await request(app).get('/login').expect(200);
      assert.match(login.text, /<form action="\/connect\/github" method="post"><input type="hidden" name="_locale" value="nl"\/><input type="hidden" name="_ts" value="\d+\.[\w-]+"\/><button type="submit" class="button button-secondary">Inloggen met GitHub<\/button><\/form>/);
      const start = await startProviderLogin(app, 'github').expect(303);
      assert.equal(start.headers.location, '/connect/github');
      const line = stateOf(start)!;
      assert.match(line, /HttpOnly/);
      assert.match(line, /SameSite=Lax/);
      assert.match(line, /Path=\/;/);
      assert.match(line, /Max-Age=600/);

      const { state, callback, connect } = await providerLoginUpToCallback(app, 'github');
      assert.equal(connect.headers['cache-control'], 'no-store');
      assert.ok(connect.text.includes(`<meta http-equiv="refresh" content="0;url=${upstream.url}/__provider/github/authorize?`), 'on to the provider at once');
      assert.ok(connect.text.includes(`href="${upstream.url}/__provider/github/authorize?`), 'and a link should the refresh not happen');
      assert.deepEqual(setCookies(connect), [], "the content service's session stays with the site");
      assert.match(callback, /^\/auth\/github\/callback\?code=[\w-]+&state=\w+$/, "the provider's answer comes to the site");

      const back = await request(app).get(callback).set('Cookie', state).expect(303);
      assert.equal(back.headers.location, '/account');
      assert.ok(sessionCookie(back));
      assert.ok(setCookies(back).some((c) => c.startsWith('joinus_login_state=;')), 'the state cookie is cleared');
      const account = await request(app).get('/account').set('Cookie', sessionCookie(back)!).expect(200);
      assert.match(account.text, /github\.\d+@example\.org/);

      // The same state again (kept by a script, not the browser): refused, not asked upstream.
      const before = loginCalls(upstream);
      const replay = await request(app).get(callback).set('Cookie', state).expect(400);
      assert.equal(sessionCookie(replay), undefined);
      assert.equal(loginCalls(upstream), before);
      // Nor does it lead on to the content service again.
      await request(app).get('/connect/github').set('Cookie', state).expect(303);
    });
  }

  test('a state for another provider, or a forged one, is refused; a refused answer still clears the state', async () => {
    const { app, upstream } = await accountSite({ loginProviders: ['github', 'google'] });
    const google = await providerLoginUpToCallback(app, 'google');
    const github = await providerLoginUpToCallback(app, 'github');
    const before = loginCalls(upstream);
    await request(app).get(github.callback).set('Cookie', google.state).expect(400);
    const [name, value] = github.state.split('=') as [string, string];
    const forged = `${name}=${value.replace(/^github\.\d+/, `github.${Date.now() + 1}`)}`;
    await request(app).get(github.callback).set('Cookie', forged).expect(400);
    assert.equal(loginCalls(upstream), before, 'neither asked the content service');
    const wrong = await request(app).get(github.callback.replace(/code=[\w-]+/, 'code=wrong')).set('Cookie', github.state).expect(400);
    assert.ok(wrong.text.includes('Inloggen via deze dienst is niet gelukt'));
    assert.ok(setCookies(wrong).some((c) => c.startsWith('joinus_login_state=;')));
    assert.equal(connectCallbacks(upstream), 1);
  });

  test('a provider login that cannot start says why in words a visitor can act on, never as a wrong password: the provider switched off at the content service, the content service down', async () => {
    // The site offers Google, the content service has it switched off.
    const { app, upstream } = await accountSite({ loginProviders: ['github', 'google'], enabledProviders: ['github'] });
    const off = await startProviderLogin(app, 'google').expect(303);
    const offPage = await request(app).get('/connect/google').set('Cookie', cookiesSet(off)).expect(400);
    assert.ok(offPage.text.includes('Inloggen via deze dienst kan op dit moment niet.'), offPage.text.slice(0, 200));
    const started = await startProviderLogin(app, 'github').expect(303);
    await upstream.down();
    const down = await request(app).get('/connect/github').set('Cookie', cookiesSet(started)).expect(400);
    assert.ok(down.text.includes('Dit lukt nu even niet door een storing bij ons.'));
    assert.ok(!down.text.includes('wachtwoord horen niet bij elkaar'));
  });

  test('on https the state is a __Host- cookie: a bare one another host tossed in is not a started login', async () => {
    const states = providerState('a-secret-for-the-state-cookie-0123', { secure: true });
    const app = express();
    app.post('/start', (_req, res) => void (states.start(res, 'github'), res.end()));
    app.get('/back', async (req, res) => void res.json({ ok: (await states.consume(req, res, 'github')) !== null }));
    const start = await request(app).post('/start').expect(200);
    const line = setCookies(start)[0]!;
    assert.match(line, /^__Host-joinus_login_state=github\.\d+\.[\w-]+\.[\w-]+; Max-Age=600; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/, 'Secure, Path=/, no Domain');
    const value = line.split(';')[0]!.split('=')[1]!;
    // The same signed value under the bare name, as a neighbouring host could set it with Domain=.
    assert.deepEqual((await request(app).get('/back').set('Cookie', `joinus_login_state=${value}`)).body, { ok: false });
    assert.deepEqual((await request(app).get('/back').set('Cookie', `__Host-joinus_login_state=${value}`)).body, { ok: true });
  });

  test('40 guesses from one client, each with a login started, make at most the limit of upstream callbacks', async () => {
    const { app, upstream } = await accountSite({ loginProviders: ['github'] });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const { state, callback } = await providerLoginUpToCallback(app, 'github');
      statuses.push((await request(app).get(callback.replace(/code=[\w-]+/, `code=guess-${i}`)).set('Cookie', state)).status);
    }
    assert.equal(connectCallbacks(upstream), PROVIDER_CALLBACK_LIMIT.failures);
    assert.deepEqual([...new Set(statuses)], [400, 429]);
    assert.equal(statuses.filter((s) => s === 429).length, 40 - PROVIDER_CALLBACK_LIMIT.failures);
    // Another client is not held up by this one.
    const { state, callback } = await providerLoginUpToCallback(app, 'github', '203.0.113.9');
    await request(app).get(callback).set('X-Forwarded-For', '203.0.113.9').set('Cookie', state).expect(303);
  });
});
