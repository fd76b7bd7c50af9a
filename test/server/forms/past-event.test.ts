// A past event takes no sign-ups: its page shows no "Meld je aan" and no form, and a post of
// its form (an open tab, a crafted request) is refused with a clear message, in both modes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import { recordingSink, testApp } from '../../support/test-app';
import { oldStamp, ORIGIN, solvedCaptcha, validContact } from './helpers';

// The embedded Stronger Together 2025 ended on 20 November 2025.
const EVENT_PAGE = '/stronger-together-2025';

test('the past event page: "Dit event is geweest", no sign-up button and no form', async () => {
  const { app } = testApp();
  const res = await request(app).get(EVENT_PAGE).expect(200);
  assert.match(res.text, /Dit event is geweest/);
  assert.doesNotMatch(res.text, /Meld je aan/);
  assert.doesNotMatch(res.text, /action="\/forms\//);
  assert.match(res.text, /Dit event is geweest: aanmelden kan niet meer\./);
});

test('without JavaScript: a post of its form is refused with a readable page and nothing is stored', async () => {
  const rec = recordingSink();
  const { app } = testApp({ sink: rec.sink });
  const res = await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _page: EVENT_PAGE, _ts: oldStamp() }).expect(410);
  assert.match(res.text, /Dit event is geweest: aanmelden kan niet meer\./);
  assert.equal(rec.saved.length, 0);
});

test('with JavaScript: the same refusal as JSON, in English from the English site', async () => {
  const rec = recordingSink();
  const { app } = testApp({ sink: rec.sink });
  const nl = await request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...validContact, altcha: await solvedCaptcha(app), _page: EVENT_PAGE }).expect(410);
  assert.deepEqual(nl.body, { ok: false, message: 'Dit event is geweest: aanmelden kan niet meer.' });
  const en = await request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...validContact, altcha: await solvedCaptcha(app), _page: `/en${EVENT_PAGE}`, _locale: 'en' }).expect(410);
  assert.equal(en.body.message, 'This event has taken place: signing up is closed.');
  assert.equal(rec.saved.length, 0);
});

test('the same form from another page is still sent', async () => {
  const rec = recordingSink();
  const { app } = testApp({ sink: rec.sink });
  await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _page: '/contact', _ts: oldStamp() }).expect(303);
  assert.equal(rec.saved.length, 1);
});

test('the header promotes the coming edition on every page, never the past one; the past page stays as an archive', async () => {
  const { app } = testApp();
  for (const [path, href] of [['/', '/stronger-together-2027'], ['/contact', '/stronger-together-2027'], [EVENT_PAGE, '/stronger-together-2027'], ['/en', '/en/stronger-together-2027']]) {
    const res = await request(app).get(path!).expect(200);
    const buttons = [...res.text.matchAll(/<a class="event-button[^"]*" href="([^"]*)"/g)].map((m) => m[1]);
    // One in the top bar, one in the phone menu.
    assert.deepEqual(buttons, [href, href], path);
    assert.match(res.text, />Event: Stronger Together</, path);
    assert.doesNotMatch(res.text, /class="event-button[^"]*" href="[^"]*2025/, path);
  }
});

test("the coming edition's page takes sign-ups, with its own date, and the event's JSON-LD", async () => {
  const { app } = testApp();
  for (const path of ['/stronger-together-2027', '/en/stronger-together-2027']) {
    const res = await request(app).get(path).expect(200);
    assert.match(res.text, /<h1[^>]*>Stronger Together 2027<\/h1>/, path);
    assert.match(res.text, /action="\/forms\/contact(?:#[^"]*)?"/, path);
    assert.doesNotMatch(res.text, /Dit event is geweest|This event has taken place/, path);
    assert.match(res.text, /<time dateTime="2027-11-18T12:30:00.000Z"/, path);
    assert.doesNotMatch(res.text, /<time dateTime="2025/, path);
    assert.match(res.text, /"@type":"Event","name":"Stronger Together 2027"/, path);
  }
  const past = await request(app).get(EVENT_PAGE).expect(200);
  assert.match(past.text, /<time dateTime="2025-11-20T12:30:00.000Z"/);
  assert.doesNotMatch(past.text, /<time dateTime="2027/);
});
