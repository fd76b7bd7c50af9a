// The locale cookie: a visitor who chose English is sent from a Dutch page to its English
// counterpart before the render cache answers, the language switch writes the choice (so it
// never traps anyone in one language), and the cached pages stay the same bytes per URL with
// nothing personal stored by any cache.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { cookieLocale, localeDecision, pageVary } from '../../../server/pages/locale-preference';
import { REDIRECT_HEADER } from '../../../src/routing/protocol';
import { languageChoiceHref } from '../../../src/i18n/locale';
import { testApp } from '../../support/test-app';

const EN = 'locale=en';

describe('the locale decision', () => {
  test('reads the cookie among others, and only a known language', () => {
    assert.equal(cookieLocale('consent=%7B%7D; locale=en; x=1'), 'en');
    assert.equal(cookieLocale('locale=nl'), 'nl');
    assert.equal(cookieLocale('locale=fr'), undefined);
    assert.equal(cookieLocale('mylocale=en'), undefined);
    assert.equal(cookieLocale(undefined), undefined);
  });

  test('a Dutch page with an English counterpart, for a visitor who chose English', () => {
    assert.deepEqual(localeDecision('/', '', EN, false), { location: '/en' });
    assert.deepEqual(localeDecision('/over-ons', '', EN, false), { location: '/en/about' });
    assert.deepEqual(localeDecision('/locaties', 'age=17&postcode=4001%20AB&utm_source=x', EN, false), { location: '/en/locaties?age=17&postcode=4001%20AB&utm_source=x' });
    assert.deepEqual(localeDecision('/locaties', 'age=17&_rsc=1', EN, true), { location: '/en/locaties?age=17' });
  });

  test('nothing to do: no cookie, Dutch chosen, an English page, a page only in Dutch', () => {
    assert.equal(localeDecision('/', '', undefined, false), null);
    assert.equal(localeDecision('/', '', 'locale=nl', false), null);
    assert.equal(localeDecision('/en/about', '', EN, false), null);
    assert.equal(localeDecision('/over-ons/ons-team', '', EN, false), null);
    assert.equal(localeDecision('/', 'notaal=en', undefined, false), null);
  });

  test('a language choice is written and dropped from the URL, the rest kept as sent', () => {
    assert.deepEqual(localeDecision('/', 'taal=nl', EN, false), { location: '/', choice: 'nl' });
    assert.deepEqual(localeDecision('/en/locaties', 'age=17&taal=en', undefined, false), { location: '/en/locaties?age=17', choice: 'en' });
    assert.deepEqual(localeDecision('/', 'taal=fr', undefined, false), { location: '/', choice: undefined });
  });

  test('the switch links carry the choice, before any fragment', () => {
    assert.equal(languageChoiceHref('/', 'nl'), '/?taal=nl');
    assert.equal(languageChoiceHref('/en/locaties?age=17#x', 'en'), '/en/locaties?age=17&taal=en#x');
  });

  test('only the Dutch pages the cookie can redirect vary by cookie', () => {
    assert.equal(pageVary('/over-ons'), 'Accept, Accept-Encoding, Cookie');
    assert.equal(pageVary('/over-ons/ons-team'), 'Accept, Accept-Encoding');
    assert.equal(pageVary('/en/about'), 'Accept, Accept-Encoding');
  });
});

describe('the locale cookie over HTTP', () => {
  test('a visitor who chose English gets the English home page at /, also once / is in the render cache', async () => {
    const { app } = testApp();
    const dutch = await request(app).get('/').expect(200);
    assert.match(dutch.headers.vary ?? '', /Cookie/);
    // Now a render-cache hit for visitors without the cookie: the fast path must not answer it.
    for (const accept of ['text/html', 'text/html']) {
      const res = await request(app).get('/').set('Accept', accept).set('Cookie', 'consent=x; locale=en').expect(302);
      assert.equal(res.headers.location, '/en');
      assert.equal(res.headers['cache-control'], 'private, no-store');
      assert.match(res.headers.vary ?? '', /Cookie/);
      assert.equal(res.headers['set-cookie'], undefined, 'the cookie is only read');
    }
    const english = await request(app).get('/en').set('Cookie', EN).expect(200);
    assert.match(english.text, /<html lang="en"/);
  });

  test('the redirect is never cached for visitors without the cookie, and the cached page keeps its bytes', async () => {
    const { app } = testApp();
    const before = await request(app).get('/over-ons').expect(200);
    await request(app).get('/over-ons').set('Cookie', EN).expect(302).expect('Location', '/en/about');
    const after = await request(app).get('/over-ons').expect(200);
    assert.equal(after.headers.etag, before.headers.etag);
    assert.equal(after.text, before.text);
    assert.equal(after.headers['cache-control'], before.headers['cache-control']);
  });

  test('a client navigation (Flight) gets the redirect the router follows', async () => {
    const { app } = testApp();
    await request(app).get('/locaties?age=17&_rsc=1').expect(200);
    const res = await request(app).get('/locaties?age=17&_rsc=1').set('Cookie', EN).expect(204);
    assert.equal(res.headers[REDIRECT_HEADER], '/en/locaties?age=17');
    assert.equal(res.headers['cache-control'], 'private, no-store');
  });

  test('following the switch to Dutch writes the choice for a year and shows the Dutch page', async () => {
    const { app } = testApp();
    await request(app).get('/').expect(200);
    const choice = await request(app).get('/?taal=nl').set('Cookie', EN).expect(302);
    assert.equal(choice.headers.location, '/');
    assert.equal(choice.headers['cache-control'], 'private, no-store');
    const cookie = String(choice.headers['set-cookie']);
    assert.match(cookie, /^locale=nl;/);
    assert.match(cookie, /Max-Age=31536000/);
    assert.match(cookie, /Path=\//);
    assert.match(cookie, /SameSite=Lax/);
    assert.match(cookie, /HttpOnly/);
    const dutch = await request(app).get('/').set('Cookie', 'locale=nl').expect(200);
    assert.match(dutch.text, /<html lang="nl"/);
  });

  test('following the switch to English writes that choice; a page only in Dutch is still served', async () => {
    const { app } = testApp();
    const choice = await request(app).get('/en/about?taal=en').expect(302);
    assert.equal(choice.headers.location, '/en/about');
    assert.match(String(choice.headers['set-cookie']), /^locale=en;/);
    await request(app).get('/over-ons/ons-team').set('Cookie', EN).expect(200);
    // A form post is never redirected.
    const post = await request(app).post('/over-ons').set('Cookie', EN).set('Origin', 'http://localhost:3000');
    assert.notEqual(post.status, 302);
  });
});
