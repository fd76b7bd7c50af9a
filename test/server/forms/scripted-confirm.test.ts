// A script against the no-JavaScript confirm step (confirm-step.ts) and against the mails the
// site sends to an address a visitor types. The confirmation is a person's second look: it
// must come at least the fill time after the page that asked, with that page's own stamp, once;
// confirmations count per address and form, and mails to visitors per address and per
// recipient, so neither a script nor a crowd of them makes the site store or mail at will.
// The fill time is read from Date.now(): moved here with t.mock.timers, never waited for.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import request from 'supertest';
import type { MailToQueue } from '../../../server/mail/mailer';
import { parseEnv } from '../../../server/env';
import { MAILS_PER_RECIPIENT } from '../../../server/forms/rate-limits';
import { recordingSink, testApp } from '../../support/test-app';
import { oldStamp, ORIGIN, PDF, solvedCaptcha, stamps, validContact, vacancyPost } from './helpers';

const stampIn = (html: string) => /name="_ts" value="([^"]+)"/.exec(html)?.[1];
const ASKED = /verstuur het formulier nog een keer/;
const course = {
  name: 'Sam de Vries', email: 'sam@example.nl', phone: '0612345678', message: 'Wij willen de cursus graag volgen.', preferredLocation: 'Utrecht',
  preferredDate: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10), privacy: 'on', _page: '/academy/eenzaamheid-herkennen-bij-jongeren',
};

/** The site at the production defaults of the environment, with a sink that also takes mails. */
function productionSite() {
  const parsed = parseEnv({});
  assert.ok(parsed.ok);
  const rec = recordingSink();
  const mails: MailToQueue[] = [];
  const sink = { ...rec.sink, queueMail: (mail: MailToQueue) => void mails.push(mail) };
  return { ...testApp({ sink, rateLimit: parsed.env.FORM_RATE_LIMIT, rateLimitWithoutCaptcha: parsed.env.FORM_RATE_LIMIT_NO_CAPTCHA }), rec, mails };
}

describe('a script against the confirm step', () => {
  test('the class, a confirmation within the fill time of the page that asked is asked again: a hundred instant posts from one address, each confirmed at once with its page\'s stamp, store nothing and mail no one; the neighbour, another form, the same', async () => {
    const { app, rec } = productionSite();
    for (const [form, fields] of [['contact', { ...validContact, _page: '/contact' }], ['course-information', course]] as const) {
      const statuses = new Set<number>();
      for (let i = 0; i < 50; i++) {
        const post = (stamp: string) => request(app).post(`/forms/${form}`).set('Origin', ORIGIN).set('X-Forwarded-For', '203.0.113.50').type('form').send({ ...fields, email: `slachtoffer${i}@example.nl`, _ts: stamp });
        const asked = await post(stamps.stamp());
        statuses.add(asked.status);
        const stamp = stampIn(asked.text);
        if (!stamp) continue;
        const again = await post(stamp);
        statuses.add(again.status);
        if (again.status === 200) assert.match(again.text, ASKED, 'asked again, its answers in it');
      }
      assert.deepEqual([...statuses].filter((s) => s !== 200 && s !== 429), [], `${form}: only questions and, past the posts' budget, "wait"`);
    }
    assert.equal(rec.saved.length, 0, 'nothing stored');
    assert.equal(rec.notified.length, 0, 'no mail queued');
  });

  test("a confirmation sent sooner than a person reads the page is asked again with the answers and the upload kept; after the fill time it is stored once; the page's stamp then answers nothing more, nor does the first page's", async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const multipart = (stamp: string) => vacancyPost(app, stamp);
    const first = await multipart(stamps.stamp()).attach('cv', PDF, { filename: 'cv.pdf', contentType: 'application/pdf' }).expect(200);
    const s1 = stampIn(first.text)!;
    t.mock.timers.tick(2_000);
    const again = await multipart(s1).expect(200);
    assert.match(again.text, ASKED);
    assert.match(again.text, /Je bestand hebben we bewaard/);
    assert.match(again.text, /value="Noor Jansen"/);
    const s2 = stampIn(again.text)!;
    assert.notEqual(s2, s1, 'a new question with a stamp of its own');
    assert.equal(rec.saved.length, 0);
    t.mock.timers.tick(3_000);
    await multipart(s2).expect(303);
    assert.equal(rec.saved.length, 1);
    assert.deepEqual(readFileSync(rec.saved[0]!.files[0]!.path), PDF, 'the CV chosen once');
    // Each stamp of a question is spent: sent again (the CV chosen anew), even long after, it is asked once more.
    t.mock.timers.tick(60_000);
    for (const spent of [s2, s1]) assert.match((await multipart(spent).attach('cv', PDF, { filename: 'cv.pdf', contentType: 'application/pdf' }).expect(200)).text, ASKED);
    assert.equal(rec.saved.length, 1);
  });

  test('a patient script (waiting the fill time before each confirmation) is bounded per address and form: past one confirmation a person, a confirmation gets the "wait" page; another address, and the neighbour form, keep theirs', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink, rateLimit: 50, rateLimitWithoutCaptcha: 2 });
    const send = (form: string, fields: Record<string, string>, client: string, stamp: string) =>
      request(app).post(`/forms/${form}`).set('Origin', ORIGIN).set('X-Forwarded-For', client).type('form').send({ ...fields, _ts: stamp });
    const askAndConfirm = async (form: string, fields: Record<string, string>, client: string) => {
      const asked = await send(form, fields, client, stamps.stamp()).expect(200);
      t.mock.timers.tick(3_000);
      return send(form, fields, client, stampIn(asked.text)!);
    };
    const contact = { ...validContact, _page: '/contact' };
    for (let i = 0; i < 2; i++) await askAndConfirm('contact', contact, '203.0.113.60').then((r) => assert.equal(r.status, 303, `confirmation ${i + 1}`));
    const past = await askAndConfirm('contact', contact, '203.0.113.60');
    assert.equal(past.status, 429);
    assert.match(past.text, /Wacht een paar minuten/);
    assert.equal((await askAndConfirm('contact', contact, '198.51.100.60')).status, 303, 'another address');
    assert.equal((await askAndConfirm('course-information', course, '203.0.113.60')).status, 303, 'another form');
    for (let i = 0; i < 1; i++) await askAndConfirm('course-information', course, '203.0.113.60');
    assert.equal((await askAndConfirm('course-information', course, '203.0.113.60')).status, 429, 'the other form past its own budget');
    assert.equal(rec.saved.length, 5);
  });
});

describe('mails to the address a visitor types', () => {
  test(`the class, mails to one recipient are bounded whoever asks: past ${MAILS_PER_RECIPIENT} confirmations to one address, from as many clients, each with a solved captcha, the form is stored and nothing more is mailed to it; the neighbour, the test's result mail to it, is refused too`, async () => {
    const { app, rec, mails } = productionSite();
    for (let i = 0; i < MAILS_PER_RECIPIENT + 2; i++) {
      await request(app).post('/forms/contact').set('Origin', ORIGIN).set('X-Forwarded-For', `198.51.100.${70 + i}`).set('Accept', 'application/json').type('form')
        .send({ ...validContact, email: i % 2 ? 'Slachtoffer@Example.nl' : 'slachtoffer@example.nl', message: `bericht ${i}`, altcha: await solvedCaptcha(app) }).expect(200);
    }
    assert.equal(rec.saved.length, MAILS_PER_RECIPIENT + 2, 'every post stored: the foundation hears of each');
    assert.deepEqual(rec.notified.map((n) => n.confirm), [...Array(MAILS_PER_RECIPIENT).fill(true), false, false]);
    const answers = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`q${i + 1}`, 'ja']));
    const result = await request(app).post('/forms/loneliness-test').set('Origin', ORIGIN).set('X-Forwarded-For', '198.51.100.90').set('Accept', 'application/json').type('form')
      .send({ ...answers, postcode: '4001 AA', age: '15', email: 'slachtoffer@example.nl', _mailOnly: '1', _locale: 'nl', altcha: await solvedCaptcha(app) });
    assert.equal(result.status, 429);
    assert.equal(mails.length, 0, 'no result mail to that address');
    // Another recipient is mailed as usual.
    await request(app).post('/forms/loneliness-test').set('Origin', ORIGIN).set('X-Forwarded-For', '198.51.100.91').set('Accept', 'application/json').type('form')
      .send({ ...answers, postcode: '4001 AA', age: '15', email: 'iemand@example.nl', _mailOnly: '1', _locale: 'nl', altcha: await solvedCaptcha(app) }).expect(200);
    assert.equal(mails.length, 1);
  });

  test('mails to visitors are bounded per client address, two a person: past them a form from that address is stored and not mailed; another address is mailed', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink, rateLimitWithoutCaptcha: 2 });
    const post = async (client: string, i: number) =>
      request(app).post('/forms/contact').set('Origin', ORIGIN).set('X-Forwarded-For', client).type('form').send({ ...validContact, email: `ontvanger${i}@example.nl`, _page: '/contact', _ts: oldStamp() }).expect(303);
    for (let i = 0; i < 2; i++) await post('203.0.113.80', i);
    for (let i = 2; i < 5; i++) {
      const altcha = await solvedCaptcha(app);
      await request(app).post('/forms/contact').set('Origin', ORIGIN).set('X-Forwarded-For', '203.0.113.80').set('Accept', 'application/json').type('form').send({ ...validContact, email: `ontvanger${i}@example.nl`, altcha }).expect(200);
    }
    await post('198.51.100.80', 9);
    assert.equal(rec.saved.length, 6);
    assert.deepEqual(rec.notified.map((n) => n.confirm), [true, true, true, true, false, true]);
  });
});
