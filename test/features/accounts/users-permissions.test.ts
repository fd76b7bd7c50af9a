import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { authProblem } from '../../../server/features/accounts/auth-errors';
import { mergeCookies, providerConnect, ProviderRefused } from '../../../server/features/accounts/provider-connect';
import { createAuthClient, SITE_KEY_HEADER, siteKeyOf } from '../../../server/features/accounts/users-permissions';
import { createContentClient } from '../../../src/content/client';
import { ContentError } from '../../../src/content/errors';
import { parseContentSettings } from '../../../src/content/settings';
import { captureLogger } from '../../content/helpers/logger';
import { startFakeContentService, type FakeContentService } from '../../support/fake-content-service';
import { fakeUsersPermissions } from '../../support/fake-users-permissions';
import { expectErrorLines } from '../../support/error-guard';

const servers: FakeContentService[] = [];
after(() => Promise.all(servers.map((s) => s.down())));

async function setup(version: 'v3' | 'v4' | 'v5', options: { confirmEmail?: boolean; userQuery?: Record<string, unknown>; tokenInAddress?: boolean } = {}) {
  const fake = fakeUsersPermissions(version === 'v3' ? 'v3' : 'v4', options);
  const upstream = await startFakeContentService(fake.responder);
  servers.push(upstream);
  const settings = parseContentSettings({ url: upstream.url, version });
  const client = createContentClient({ settings, logger: captureLogger().logger, cache: null });
  const siteKey = siteKeyOf('the-site-api-token');
  return { fake, upstream, auth: createAuthClient(client.request, { userQuery: options.userQuery as never, siteKey }), settings, siteKey };
}

const problemOf = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (err) {
    return authProblem(err);
  }
  throw new Error('the call should have failed');
};

for (const version of ['v3', 'v4', 'v5'] as const) {
  const prefix = version === 'v3' ? '' : '/api';
  describe(`users-permissions ${version}`, () => {
    test('register, log in, load the user: the calls and bodies of the spec, with the prefix', async () => {
      const { auth, upstream } = await setup(version);
      const registered = await auth.register({ username: 'anna', email: 'anna@example.org', password: 'Geheim123!' });
      assert.ok(registered.jwt);
      const session = await auth.login({ identifier: 'anna@example.org', password: 'Geheim123!' });
      const me = await auth.me(session.jwt!);
      assert.equal(me.email, 'anna@example.org');
      assert.deepEqual(
        upstream.requests.map((r) => `${r.method} ${r.path}`),
        [`POST ${prefix}/auth/local/register`, `POST ${prefix}/auth/local`, `GET ${prefix}/users/me`],
      );
      assert.deepEqual(upstream.requests[1]!.body, { identifier: 'anna@example.org', password: 'Geheim123!' });
      assert.equal(upstream.requests[2]!.headers.authorization, `Bearer ${session.jwt}`);
    });

    test('Strapi errors become plain reasons: wrong password, email taken, wrong code, not confirmed', async () => {
      const { auth } = await setup(version, { confirmEmail: true });
      await auth.register({ username: 'bo', email: 'bo@example.org', password: 'Geheim123!' });
      assert.equal(await problemOf(auth.login({ identifier: 'bo@example.org', password: 'Geheim123!' })), 'unconfirmed');
      assert.equal(await problemOf(auth.login({ identifier: 'bo@example.org', password: 'fout' })), 'credentials');
      assert.equal(await problemOf(auth.register({ username: 'bo', email: 'bo@example.org', password: 'x' })), 'taken');
      assert.equal(await problemOf(auth.resetPassword({ code: 'nope', password: 'a', passwordConfirmation: 'a' })), 'code');
      assert.equal(await problemOf(auth.resetPassword({ code: 'nope', password: 'a', passwordConfirmation: 'b' })), 'mismatch');
      assert.equal(await problemOf(auth.me('not-a-token')), 'signedOut');
    });

    test('forgot and reset: the code from the mail sets a new password and answers a token', async () => {
      const { auth, fake, upstream } = await setup(version);
      await auth.register({ username: 'cas', email: 'cas@example.org', password: 'Oud12345!' });
      await auth.forgotPassword('cas@example.org');
      const code = fake.resetCodes.get('cas@example.org')!;
      const session = await auth.resetPassword({ code, password: 'Nieuw1234!', passwordConfirmation: 'Nieuw1234!' });
      assert.ok(session.jwt);
      assert.equal(await problemOf(auth.login({ identifier: 'cas@example.org', password: 'Oud12345!' })), 'credentials');
      await auth.login({ identifier: 'cas@example.org', password: 'Nieuw1234!' });
      assert.deepEqual(upstream.requests[1]!.body, { email: 'cas@example.org' });
      assert.equal(upstream.requests[2]!.path, `${prefix}/auth/reset-password`);
    });

    test('change password with the token; send the confirmation again; a provider callback', async () => {
      const { auth, fake, upstream } = await setup(version, { confirmEmail: true, tokenInAddress: true });
      await auth.register({ username: 'dee', email: 'dee@example.org', password: 'Oud12345!' });
      await auth.sendEmailConfirmation('dee@example.org');
      fake.users[0]!.confirmed = true;
      assert.equal(await problemOf(auth.sendEmailConfirmation('dee@example.org')), 'alreadyConfirmed');
      const { jwt } = await auth.login({ identifier: 'dee@example.org', password: 'Oud12345!' });
      assert.equal(await problemOf(auth.changePassword(jwt!, { currentPassword: 'fout', password: 'N1euw!!!', passwordConfirmation: 'N1euw!!!' })), 'currentPassword');
      await auth.changePassword(jwt!, { currentPassword: 'Oud12345!', password: 'N1euw!!!', passwordConfirmation: 'N1euw!!!' });
      await auth.login({ identifier: 'dee@example.org', password: 'N1euw!!!' });

      fake.providerTokens.set('gh-token', 'eve@example.org');
      const viaProvider = await auth.providerCallback('github', { accessToken: 'gh-token', cookie: '' });
      assert.equal(viaProvider.user.email, 'eve@example.org');
      const callback = upstream.requests.at(-1)!;
      assert.equal(`${callback.path}?${callback.query}`, `${prefix}/auth/github/callback?access_token=gh-token`);
      assert.equal(await problemOf(auth.providerCallback('google', { accessToken: 'x', cookie: '' })), 'providerDisabled');
    });

    test('never retried: a 503 on log in or on the current user is one request', async () => {
      expectErrorLines('content service error');
      const { auth, upstream } = await setup(version);
      upstream.respond(() => ({ status: 503, json: { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'down', details: {} } } }));
      assert.equal(await problemOf(auth.login({ identifier: 'a@b.nl', password: 'x' })), 'unavailable');
      assert.equal(await problemOf(auth.me('jwt-1-1')), 'unavailable');
      assert.equal(upstream.requests.length, 2);
    });

    for (const tokenInAddress of [false, true]) {
      test(`a provider login runs at the content service with the prefix: its session kept for the callback, the site's key on every call (${tokenInAddress ? 'token in the address' : 'token in the session'})`, async () => {
        const { auth, upstream, settings, siteKey } = await setup(version, { tokenInAddress });
        const connect = providerConnect(settings, siteKey);
        const start = await connect.begin('github');
        assert.match(start.location, new RegExp(`^${upstream.url}/__provider/github/authorize\\?`));
        assert.match(start.cookie, /^koa\.sess=\w+$/);
        const agree = await (await fetch(start.location)).text();
        const back = new URL(/<a href="([^"]+)">/.exec(agree)![1]!.replace(/&amp;/g, '&'));
        const done = await connect.finish('github', back.search.slice(1), start.cookie);
        assert.equal(done.accessToken !== undefined, tokenInAddress);
        const session = await auth.providerCallback('github', done);
        assert.match(session.user.email, /^github\.\d+@example\.org$/);
        const calls = upstream.requests.filter((r) => !r.path.startsWith('/__provider/'));
        assert.deepEqual(calls.map((r) => r.path), [`${prefix}/connect/github`, `${prefix}/connect/github/callback`, `${prefix}/auth/github/callback`]);
        for (const call of calls) assert.equal(call.headers[SITE_KEY_HEADER], siteKey);
        assert.equal(calls[1]!.headers.cookie, start.cookie, "the callback goes with the start's session");
        // Another session's answer is the content service's refusal, not an error of the service.
        const other = await connect.begin('github');
        await assert.rejects(connect.finish('github', back.search.slice(1), other.cookie), ProviderRefused);
        // A provider the content service does not offer, and a name that is none.
        assert.equal(await problemOf(connect.begin('google')), 'providerDisabled');
        await assert.rejects(connect.begin('../admin'), ProviderRefused);
      });
    }
  });
}

describe('mergeCookies', () => {
  test('a Cookie header with what an answer set, replaced or cleared', () => {
    assert.equal(mergeCookies('', ['koa.sess=a; path=/; httponly', 'koa.sess.sig=b; path=/']), 'koa.sess=a; koa.sess.sig=b');
    assert.equal(mergeCookies('koa.sess=a; koa.sess.sig=b', ['koa.sess=c; path=/']), 'koa.sess=c; koa.sess.sig=b');
    assert.equal(mergeCookies('koa.sess=a; koa.sess.sig=b', ['koa.sess=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT', 'koa.sess.sig=b; Max-Age=0']), '');
  });
});

describe('authProblem', () => {
  test('a network failure or a 5xx is "unavailable", a 429 "rateLimited", anything unknown "failed"', () => {
    const v4 = (status: number, message: string) => new ContentError({ data: null, error: { status, name: 'X', message, details: {} } }, { fromService: true });
    assert.equal(authProblem(new ContentError({ error: { status: 500, name: 'UnknownError', message: 'ECONNREFUSED', details: {} } }, { fromService: false })), 'unavailable');
    assert.equal(authProblem(v4(429, 'Too many requests, please try again later.')), 'rateLimited');
    assert.equal(authProblem(v4(400, 'Something new')), 'failed');
    assert.equal(authProblem(new Error('boom')), 'failed');
  });
});

test('GET /users/me carries the configured parameters, bracketed', async () => {
  const { auth, upstream } = await setup('v5', { userQuery: { populate: ['role'] } });
  const session = await auth.register({ username: 'bo', email: 'bo@example.org', password: 'Geheim123!' });
  await auth.me(session.jwt!);
  const me = upstream.requests.find((r) => r.path === '/api/users/me');
  assert.equal(decodeURIComponent(me?.query ?? ''), 'populate[0]=role');
});

