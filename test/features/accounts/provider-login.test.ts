// Provider login is bound to the visitor who started it (a state cookie set on the way out,
// checked and cleared on the way back) and its callback is rate-limited per client.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { PROVIDER_CALLBACK_LIMIT } from '../../../server/features/accounts/account-routes';
import { accountSite, sessionCookie } from './helpers';

const setCookies = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
const stateOf = (res: request.Response) => setCookies(res).find((c) => c.startsWith('joinus_login_state=') && !c.startsWith('joinus_login_state=;'));
const callbackCalls = (upstream: { requests: Array<{ path: string }> }) => upstream.requests.filter((r) => r.path.endsWith('/auth/github/callback')).length;

describe('provider login', () => {
  test("a link to the callback with someone else's token signs nobody in and asks the content service nothing", async () => {
    const { app, fake, upstream } = await accountSite({ loginProviders: ['github'] });
    fake.providerTokens.set('gh-attacker', 'mallory@example.org');
    const res = await request(app).get('/auth/github/callback?access_token=gh-attacker').expect(400);
    assert.equal(sessionCookie(res), undefined, 'no session set');
    assert.ok(!setCookies(res).some((c) => c.startsWith('joinus_session=')), "the visitor's own session is left alone");
    assert.ok(res.text.includes('we konden niet nagaan dat jij dit inloggen net zelf op deze website bent begonnen'), 'the login page says why, in Dutch');
    assert.match(res.text, /<form/);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(callbackCalls(upstream), 0, 'the content service was not asked');
    assert.equal(fake.users.length, 0);
  });

  test('a login started here: the state cookie on the way out, taken once on the way back', async () => {
    const { app, fake, upstream } = await accountSite({ loginProviders: ['github'] });
    const connect = await request(app).get('/connect/github').expect(200);
    assert.equal(connect.headers['cache-control'], 'no-store');
    assert.equal(connect.headers['cross-origin-opener-policy'], 'same-origin', 'an opener loses its hold on the window here');
    assert.ok(connect.text.includes(`<meta http-equiv="refresh" content="0;url=${upstream.url}/api/connect/github">`), 'on to the content service at once');
    assert.ok(connect.text.includes(`href="${upstream.url}/api/connect/github"`), 'and a link should the refresh not happen');
    const line = stateOf(connect)!;
    assert.match(line, /HttpOnly/);
    assert.match(line, /SameSite=Lax/);
    assert.match(line, /Path=\/auth\//);
    assert.match(line, /Max-Age=600/);
    const state = line.split(';')[0]!;

    fake.providerTokens.set('gh-1', 'eve@example.org');
    const callback = await request(app).get('/auth/github/callback?access_token=gh-1').set('Cookie', state).expect(303);
    assert.equal(callback.headers.location, '/account');
    assert.ok(sessionCookie(callback));
    assert.ok(setCookies(callback).some((c) => c.startsWith('joinus_login_state=;')), 'the state cookie is cleared');
    const account = await request(app).get('/account').set('Cookie', sessionCookie(callback)!).expect(200);
    assert.match(account.text, /eve@example\.org/);

    // The same state again (kept by a script, not the browser): refused, not asked upstream.
    const before = callbackCalls(upstream);
    const replay = await request(app).get('/auth/github/callback?access_token=gh-1').set('Cookie', state).expect(400);
    assert.equal(sessionCookie(replay), undefined);
    assert.equal(callbackCalls(upstream), before);
  });

  test('a state for another provider, or a forged one, is refused; a refused token still clears the state', async () => {
    const { app, upstream } = await accountSite({ loginProviders: ['github', 'google'] });
    const google = stateOf(await request(app).get('/connect/google').expect(200))!.split(';')[0]!;
    await request(app).get('/auth/github/callback?access_token=x').set('Cookie', google).expect(400);
    const real = stateOf(await request(app).get('/connect/github').expect(200))!.split(';')[0]!;
    const [name, value] = real.split('=') as [string, string];
    const forged = `${name}=${value.replace(/^github\.\d+/, `github.${Date.now() + 1}`)}`;
    await request(app).get('/auth/github/callback?access_token=x').set('Cookie', forged).expect(400);
    assert.equal(callbackCalls(upstream), 0);
    const wrong = await request(app).get('/auth/github/callback?access_token=wrong').set('Cookie', real).expect(400);
    assert.ok(wrong.text.includes('Inloggen via deze dienst is niet gelukt'));
    assert.ok(setCookies(wrong).some((c) => c.startsWith('joinus_login_state=;')));
    assert.equal(callbackCalls(upstream), 1);
  });

  test('40 guesses from one client, each with a login started, make at most the limit of upstream calls', async () => {
    const { app, upstream } = await accountSite({ loginProviders: ['github'] });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const state = stateOf(await request(app).get('/connect/github').expect(200))!.split(';')[0]!;
      statuses.push((await request(app).get(`/auth/github/callback?access_token=guess-${i}`).set('Cookie', state)).status);
    }
    assert.equal(callbackCalls(upstream), PROVIDER_CALLBACK_LIMIT.failures);
    assert.deepEqual([...new Set(statuses)], [400, 429]);
    assert.equal(statuses.filter((s) => s === 429).length, 40 - PROVIDER_CALLBACK_LIMIT.failures);
    // Another client is not held up by this one.
    const state = stateOf(await request(app).get('/connect/github').set('X-Forwarded-For', '203.0.113.9').expect(200))!.split(';')[0]!;
    await request(app).get('/auth/github/callback?access_token=guess').set('X-Forwarded-For', '203.0.113.9').set('Cookie', state).expect(400);
  });
});
