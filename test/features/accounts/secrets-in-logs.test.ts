// No secret or one-time code in any log line or cache: a whole account session (register, log
// in, forgot and reset the password, log in with a provider, a refused provider token) with every
// line the site logged kept, then each token, code and password it used looked for in them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { maskUrl } from '../../../server/http/logger';
import { accountSite, postForm, providerLoginUpToCallback, sessionCookie } from './helpers';

const anna = { username: 'anna', email: 'anna@example.org', password: 'Geheim123!', passwordConfirmation: 'Geheim123!' };

describe('secrets in logs and caches', () => {
  test('a run that logs in, resets a password and uses a provider writes none of its tokens or codes to any log line', async () => {
    const { app, fake, logs, renderCache, upstream } = await accountSite({ loginProviders: ['github'], minFillMs: 1 });
    const used: string[] = [anna.password, 'Nieuw123!'];
    await postForm(app, 'register', { ...anna, _page: '/registreren' }).expect(303);
    const login = await postForm(app, 'login', { email: anna.email, password: anna.password }).expect(303);
    used.push(sessionCookie(login)!.split('=')[1]!);

    await postForm(app, 'forgot-password', { _page: '/wachtwoord-vergeten', email: anna.email }).expect(303);
    const code = fake.resetCodes.get(anna.email)!;
    used.push(code);
    const cachedBefore = renderCache.size;
    for (const path of [`/wachtwoord-herstellen?code=${code}`, `/wachtwoord-herstellen?code=${code}&_rsc=1`, `/en/reset-password?code=${encodeURIComponent(code)}`]) {
      const page = await request(app).get(path).expect(200);
      assert.equal(page.headers['cache-control'], 'no-store', `${path}: the page with the code is kept by no cache`);
      assert.ok(page.text.includes(code), 'the page does carry the code (in its form)');
    }
    assert.equal(renderCache.size, cachedBefore, 'the page with the code never entered the render cache');
    const reset = await postForm(app, 'reset-password', { _page: '/wachtwoord-herstellen', code, password: 'Nieuw123!', passwordConfirmation: 'Nieuw123!' }).expect(303);
    used.push(sessionCookie(reset)!.split('=')[1]!);

    const known = new Set(fake.providerTokens.keys());
    const provider = await providerLoginUpToCallback(app, 'github');
    used.push(...provider.state.split('; ').map((c) => c.split('=')[1]!));
    const answer = new URL(provider.callback, 'http://x').searchParams;
    used.push(answer.get('code')!, answer.get('state')!);
    const callback = await request(app).get(provider.callback).set('Cookie', provider.state).expect(303);
    // The content service's session for the login, as the site sent it back: never logged.
    const sessions = upstream.requests.filter((r) => r.headers.cookie).map((r) => String(r.headers.cookie).split('=')[1]!);
    assert.ok(sessions.length > 0);
    used.push(...sessions);
    used.push(...[...fake.providerTokens.keys()].filter((t) => !known.has(t)), sessionCookie(callback)!.split('=')[1]!);
    // A refused code is logged as a failed provider login: without the code.
    const again = await providerLoginUpToCallback(app, 'github');
    await request(app).get(again.callback.replace(/code=[\w-]+/, 'code=gh-wrong-0b1c2d3e4f')).set('Cookie', again.state).expect(400);
    used.push('gh-wrong-0b1c2d3e4f');

    const text = logs.map((line) => JSON.stringify(line)).join('\n');
    assert.ok(logs.some((l) => l.msg === 'request completed' && JSON.stringify(l).includes('/auth/github/callback')), 'the callback was logged at all');
    assert.ok(logs.some((l) => l.msg === 'provider login failed'), 'the refused token was logged at all');
    for (const secret of used.filter(Boolean)) assert.ok(!text.includes(secret), `${secret.slice(0, 12)}… appears in a log line`);
  });

  test('every secret or one-time parameter is masked in a logged URL, whatever its spelling', () => {
    assert.equal(maskUrl('/auth/github/callback?access_token=a&id_token=b&refresh_token=c&raw[access_token]=d'), '/auth/github/callback?access_token=[redacted]&id_token=[redacted]&refresh_token=[redacted]&raw[access_token]=[redacted]');
    assert.equal(maskUrl('/wachtwoord-herstellen?code=abc&terug=%2Faccount'), '/wachtwoord-herstellen?code=[redacted]&terug=%2Faccount');
    assert.equal(maskUrl('/x?STATE=s&%63ode=c&auth_code=e&reset-token=f&confirmation=g'), '/x?STATE=[redacted]&%63ode=[redacted]&auth_code=[redacted]&reset-token=[redacted]&confirmation=[redacted]');
    assert.equal(maskUrl('/locaties?age=16&categorie=sport&pagina=2'), '/locaties?age=16&categorie=sport&pagina=2');
  });
});
