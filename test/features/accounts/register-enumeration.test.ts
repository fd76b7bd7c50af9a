// Registering does not say whether an address already has an account: the same answer for a new
// and a known address (status, page, texts, cookies), and the mail says the rest.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { accountSite, postForm } from './helpers';

const anna = { username: 'anna', email: 'anna@example.org', password: 'Geheim123!', passwordConfirmation: 'Geheim123!' };

/** What a visitor (or a script) can see of an answer, with the parts that differ per request left out. */
function seen(res: request.Response) {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split('=')[0] + (c.includes('=;') ? ' cleared' : ' set'));
  return { status: res.status, location: res.headers.location, cacheControl: res.headers['cache-control'], cookies, body: res.type === 'application/json' ? res.body : res.text };
}

describe('register', () => {
  for (const confirmEmail of [false, true]) {
    test(`a new and a known address get the same answer, with and without JavaScript (email confirmation ${confirmEmail ? 'on' : 'off'})`, async () => {
      const { app, fake, mails } = await accountSite({ confirmEmail });
      const fresh = await postForm(app, 'register', { ...anna, _page: '/registreren' });
      const known = await postForm(app, 'register', { ...anna, username: 'anna2', _page: '/registreren' });
      assert.deepEqual(seen(known), seen(fresh));
      assert.equal(fresh.status, 303);
      assert.ok(!seen(fresh).cookies.includes('joinus_session set'), 'nobody is signed in');

      const freshJson = await postForm(app, 'register', { ...anna, email: 'bram@example.org', username: 'bram', _page: '/registreren' }).set('Accept', 'application/json');
      const knownJson = await postForm(app, 'register', { ...anna, username: 'anna3', _page: '/registreren' }).set('Accept', 'application/json');
      assert.deepEqual(seen(knownJson), seen(freshJson));
      assert.equal(freshJson.body.message, 'Kijk in je mail: we hebben je een mail over je account gestuurd. Daarin staat hoe je verder gaat.');

      // The page the answer leads to says the same for both.
      const page = await request(app).get(fresh.headers.location as string).expect(200);
      assert.ok(page.text.includes('Kijk in je mail'));
      assert.equal(fake.users.length, 2, 'anna and bram, once each');

      // The mails say the rest: the site's own, and Strapi's confirmation (the fake's map) when it sends one.
      const to = (address: string) => mails.filter((m) => m.to === address).map((m) => m.kind);
      assert.deepEqual(to('anna@example.org'), confirmEmail ? ['account.exists'] : ['account.welcome', 'account.exists'], 'one "already an account" mail however often the address is tried');
      assert.equal(fake.confirmations.has('anna@example.org'), confirmEmail);
      const exists = mails.find((m) => m.kind === 'account.exists')!;
      assert.match(exists.subject, /Er is al een account met dit e-mailadres \| Stichting Join Us/);
      assert.ok(exists.text.startsWith('Hoi,\n\n'));
      assert.ok(exists.text.includes('http://localhost:3000/login'));
      assert.ok(exists.text.includes('http://localhost:3000/wachtwoord-vergeten'));
      assert.ok(!exists.text.includes(anna.password), 'no password in a mail');
    });
  }

  test('a registration in English gets the mails in English', async () => {
    const { app, mails } = await accountSite();
    await postForm(app, 'register', { ...anna, _page: '/en/register', _locale: 'en' }).expect(303);
    await postForm(app, 'register', { ...anna, username: 'x', _page: '/en/register', _locale: 'en' }).expect(303);
    assert.deepEqual(mails.map((m) => m.subject), ['Your account is ready | Stichting Join Us', 'There is already an account with this email address | Stichting Join Us']);
    assert.ok(mails[1]!.text.includes('http://localhost:3000/en/forgot-password'));
  });
});
