import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { recordingSink, testApp } from '../../support/test-app';
import { oldStamp, ORIGIN, solvedCaptcha, stamps, validContact } from './helpers';

describe('form endpoints', () => {
  test('without JavaScript: a valid post is stored, mailed, and redirected to the success state', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const res = await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _page: '/contact', _ts: oldStamp() }).expect(303);
    assert.equal(res.headers.location, '/contact?verzonden=contact#formulier-contact');
    assert.equal(rec.saved.length, 1);
    assert.equal(rec.saved[0]!.collection, 'contact-submissions');
    assert.equal(rec.saved[0]!.data.email, 'sam@example.nl');
    assert.equal(rec.notified.length, 1);
  });

  test('with JavaScript: a solved captcha, JSON in and out, the spec success message', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const altcha = await solvedCaptcha(app);
    const res = await request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...validContact, altcha, _sid: 'abcdef12-3456' }).expect(200);
    assert.equal(res.body.ok, true);
    assert.equal(res.body.message, 'Je gegevens zijn verstuurd. We nemen snel contact met je op.');
    assert.equal(rec.saved[0]!.idempotencyKey, 'abcdef12-3456');
  });

  test('a captcha solution counts once', async () => {
    const { app } = testApp();
    const altcha = await solvedCaptcha(app);
    await request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...validContact, altcha }).expect(200);
    const again = await request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...validContact, altcha }).expect(400);
    assert.match(again.body.message, /robot/);
  });

  test('invalid input answers the spec messages per field and stores nothing (JSON)', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const altcha = await solvedCaptcha(app);
    const res = await request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ altcha, name: '', email: 'geen-mail', message: '' }).expect(422);
    assert.equal(res.body.message, 'Sorry, niet alle velden zijn goed ingevuld.');
    assert.equal(res.body.errors.name, 'Je hebt geen naam ingevuld.');
    assert.equal(res.body.errors.email, 'Je hebt geen geldig e-mailadres ingevuld.');
    assert.equal(res.body.errors.message, 'Je hebt geen bericht ingevuld.');
    assert.equal(res.body.errors.privacy, 'Je bent nog niet akkoord gegaan met het privacybeleid.');
    assert.equal(rec.saved.length, 0);
  });

  test('English messages on /en forms', async () => {
    const { app } = testApp();
    const altcha = await solvedCaptcha(app);
    const res = await request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ altcha, _locale: 'en', email: 'x' }).expect(422);
    assert.equal(res.body.message, 'Sorry, not all fields are filled out correctly.');
    assert.match(res.body.errors.name, /name/i);
  });

  test('a post from another origin is refused with a readable page', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const res = await request(app).post('/forms/contact').set('Origin', 'https://evil.example').type('form').send({ ...validContact, _ts: oldStamp() }).expect(403);
    assert.match(res.text, /niet van onze website/);
    await request(app).post('/forms/contact').type('form').send({ ...validContact, _ts: oldStamp() }).expect(403);
    assert.equal(rec.saved.length, 0);
  });

  test('without JavaScript: a filled honeypot is refused; a form sent too fast, or with a stamp not ours, is asked to confirm', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _ts: oldStamp(), website: 'http://spam' }).expect(400);
    const quick = await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _page: '/contact', _ts: stamps.stamp() }).expect(200);
    assert.match(quick.text, /Bijna verstuurd/);
    const forged = await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _page: '/contact', _ts: '123.forged' }).expect(200);
    assert.match(forged.text, /Bijna verstuurd/);
    assert.equal(rec.saved.length, 0);
  });

  test('the rate limit answers 429 with a readable page; past the budget without captcha a post is asked to confirm', async () => {
    const { app } = testApp({ rateLimit: 4, rateLimitWithoutCaptcha: 2 });
    for (let i = 0; i < 2; i++) await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, message: `bericht ${i}`, _ts: oldStamp() }).expect(303);
    const asked = await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _page: '/contact', _ts: oldStamp() }).expect(200);
    assert.match(asked.text, /Bijna verstuurd/);
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, message: 'vier', _ts: oldStamp() }).expect(200);
    const res = await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _ts: oldStamp() }).expect(429);
    assert.match(res.text, /Wacht een paar minuten/);
    assert.ok(res.headers['ratelimit-policy'] || res.headers.ratelimit, 'standard rate-limit headers');
  });

  test('correcting mistakes without JavaScript does not use up the budget: only accepted (and refused) posts count', async () => {
    const { app } = testApp({ rateLimit: 50, rateLimitWithoutCaptcha: 2 });
    for (let i = 0; i < 6; i++) {
      await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, email: 'not-an-address', _ts: oldStamp() }).expect(422);
    }
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, message: 'eindelijk goed', _ts: oldStamp() }).expect(303);
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, message: 'nog een', _ts: oldStamp() }).expect(303);
    const third = await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, message: 'een derde', _page: '/contact', _ts: oldStamp() }).expect(200);
    assert.match(third.text, /Bijna verstuurd/);
  });

  test('without JavaScript the fill time counts from this visitor\'s view of the page, not from when the cached page was rendered', async (t) => {
    // The fill time is read from Date.now(): the test's own clock, moved by hand (a busy machine
    // neither stretches "at once" past 300 ms nor needs a wait for "after a while").
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const { app } = testApp({ minFillMs: 300 });
    const post = (client: string, message: string) =>
      request(app).post('/forms/contact').set('Origin', ORIGIN).set('X-Forwarded-For', client).type('form').send({ ...validContact, message, _page: '/contact', _ts: oldStamp() });
    await request(app).get('/contact').set('X-Forwarded-For', '203.0.113.1').expect(200); // rendered, cached
    // Another visitor opens the cached page (stamped long ago) and a script posts at once.
    await request(app).get('/contact').set('X-Forwarded-For', '203.0.113.2').expect(200);
    assert.match((await post('203.0.113.2', 'meteen').expect(200)).text, /Bijna verstuurd/);
    t.mock.timers.tick(299);
    assert.match((await post('203.0.113.2', 'nog steeds te snel').expect(200)).text, /Bijna verstuurd/);
    t.mock.timers.tick(51);
    await post('203.0.113.2', 'na even invullen').expect(303);
    // No view known here (another instance served the page): the stamp alone decides.
    await post('198.51.100.9', 'elders geopend').expect(303);
    // With JavaScript the page comes as Flight from the fast path; the captcha stands in.
    await request(app).get('/contact?_rsc=1').set('X-Forwarded-For', '203.0.113.3').expect(200);
  });

  test('an unknown form is a 404', async () => {
    const { app } = testApp();
    await request(app).post('/forms/bestaat-niet').set('Origin', ORIGIN).type('form').send({}).expect(404);
    // Names of Object.prototype are unknown forms too, not a lookup that finds a function (was 500).
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) await request(app).post(`/forms/${name}`).set('Origin', ORIGIN).type('form').send({}).expect(404);
  });
});
