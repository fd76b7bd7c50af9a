// Donations over HTTP with the built-in test checkout, through the real app: the form with and
// without JavaScript, the test checkout calling the webhook, the status page reading the real
// state (never the address), the webhook trusting nothing but the id, and the CSP.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import { setupDonations, type DonationSettings } from '../../../server/features/donations/donation-setup';
import { testCheckoutAllowed } from '../../../server/features/donations/test-checkout';
import { openDatabase } from '../../../server/store/database';
import { createSubmissionStore } from '../../../server/store/submissions';
import { oldStamp, ORIGIN, solvedCaptcha } from '../../server/forms/helpers';
import { captureLogger, tempDir } from '../../server/store/helpers/setup';
import { testApp } from '../../support/test-app';
import { expectErrorLines } from '../../support/error-guard';

const NO_KEYS: DonationSettings = { mollieMethods: ['ideal'], mollieCheckoutOrigin: 'https://www.mollie.com', testCheckoutEnabled: false, nodeEnv: 'production' };
const valid = { firstname: 'Eva', lastname: 'Smit', email: 'eva@example.nl', amount: 'other', amountOther: '12,34', frequency: 'once', terms: 'on', _page: '/doneren', _locale: 'nl' };

function site(t: { after(fn: () => void): void }, settings: DonationSettings = NO_KEYS) {
  const dir = tempDir(t);
  const db = openDatabase(dir);
  t.after(() => db.close());
  const submissions = createSubmissionStore(db);
  const mailed: string[] = [];
  const sink = { save: submissions.save, notify: (input: { form: string }) => void mailed.push(input.form) };
  const { logger, lines } = captureLogger();
  const { app } = testApp({ dataDir: dir, sink, donations: (s, publicOrigin) => setupDonations(settings, { db, sink: s, publicOrigin, logger }) });
  const donations = () => db.prepare('SELECT * FROM donations ORDER BY created_at').all() as Array<Record<string, unknown>>;
  return { app, db, submissions, mailed, lines, donations };
}

/** The path and query of a Location (the app answers with its public origin). */
const path = (url: string | undefined) => {
  const parsed = new URL(url ?? '', ORIGIN);
  return parsed.pathname + parsed.search;
};

test('the donation page shows the form, not "binnenkort online", and no invented account number', async (t) => {
  const { app } = site(t);
  const res = await request(app).get('/doneren').expect(200);
  assert.ok(!res.text.includes('binnenkort online'));
  assert.ok(!res.text.includes('NL00'));
  assert.match(res.text, /action="\/forms\/donation"/);
  for (const label of ['€ 10', '€ 25', '€ 50', '€ 100', 'Ander bedrag', 'Eenmalig', 'Maandelijks', 'Jaarlijks', 'Minimaal € 1, maximaal € 10.000.']) assert.ok(res.text.includes(label), label);
});

test('without JavaScript: stored, to the test checkout, paid there, webhook called, status page thanks', async (t) => {
  const { app, donations, submissions, mailed } = site(t);
  const post = await request(app).post('/forms/donation').set('Origin', ORIGIN).type('form').send({ ...valid, _ts: oldStamp() }).expect(303);
  assert.match(post.headers.location ?? '', /^http:\/\/localhost:3000\/doneren\/testbetaling\/tr_test[0-9a-f]+$/);
  // Stored before the visitor left, in cents.
  assert.equal(donations().length, 1);
  assert.equal(donations()[0]!.amount_cents, 1234);
  assert.equal(donations()[0]!.status, 'open');

  const checkout = await request(app).get(path(post.headers.location)).expect(200);
  assert.match(checkout.text, /€ 12,34/);
  for (const outcome of ['paid', 'failed', 'canceled', 'expired', 'open']) assert.match(checkout.text, new RegExp(`value="${outcome}"`));
  const back = await request(app).post(path(post.headers.location)).set('Origin', ORIGIN).type('form').send({ outcome: 'paid' }).expect(303);
  const id = donations()[0]!.id as string;
  assert.equal(back.headers.location, `http://localhost:3000/doneren/bedankt?donatie=${id}`);
  assert.equal(donations()[0]!.status, 'paid');
  assert.equal(submissions.list({ form: 'donation' }).length, 1);
  assert.deepEqual(mailed, ['donation']);

  const status = await request(app).get(path(back.headers.location)).expect(200);
  assert.equal(status.headers['cache-control'], 'no-store');
  assert.match(status.text, /Dank je wel!/);
  assert.match(status.text, /Je gift: € 12,34, eenmalig\./);
  // A second visit, a replayed checkout post: nothing new.
  await request(app).get(path(back.headers.location)).expect(200);
  await request(app).post(path(post.headers.location)).set('Origin', ORIGIN).type('form').send({ outcome: 'failed' }).expect(303);
  assert.equal(donations()[0]!.status, 'paid');
  assert.equal(submissions.list({ form: 'donation' }).length, 1);
});

test('with JavaScript: the answer names the checkout; the same form twice is one donation and one payment', async (t) => {
  const { app, donations } = site(t);
  const send = async () =>
    (await request(app).post('/forms/donation').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...valid, frequency: 'monthly', _sid: 'sid-12345678', altcha: await solvedCaptcha(app) }).expect(200)).body as { ok: boolean; redirect: string };
  const [a, b] = await Promise.all([send(), send()]);
  assert.equal(a.ok, true);
  assert.equal(a.redirect, b.redirect);
  assert.equal(donations().length, 1);
  assert.match(String(donations()[0]!.customer_id), /^cst_test/);
});

test('without JavaScript a double click (the same answers from the same rendering of the form) is one donation', async (t) => {
  const { app, donations } = site(t);
  const stamp = oldStamp();
  const first = await request(app).post('/forms/donation').set('Origin', ORIGIN).type('form').send({ ...valid, _ts: stamp }).expect(303);
  const second = await request(app).post('/forms/donation').set('Origin', ORIGIN).type('form').send({ ...valid, _ts: stamp }).expect(303);
  assert.equal(first.headers.location, second.headers.location);
  // Another visitor (another rendering of the form) giving the same is another donation.
  await request(app).post('/forms/donation').set('Origin', ORIGIN).type('form').send({ ...valid, _ts: oldStamp() }).expect(303);
  assert.equal(donations().length, 2);
});

test('an invalid donation is answered with its errors, nothing stored', async (t) => {
  const { app, donations } = site(t);
  const res = await request(app).post('/forms/donation').set('Origin', ORIGIN).set('Accept', 'application/json').type('form')
    .send({ ...valid, amountOther: '0,50', terms: '', altcha: await solvedCaptcha(app) }).expect(422);
  assert.equal(res.body.errors.amountOther, 'Het bedrag moet minstens € 1 zijn.');
  assert.equal(res.body.errors.terms, 'Je bent nog niet akkoord gegaan met de voorwaarden.');
  const page = await request(app).post('/forms/donation').set('Origin', ORIGIN).type('form').send({ ...valid, amountOther: '10000,01', _ts: oldStamp() }).expect(422);
  assert.match(page.text, /maximaal € 10\.000/);
  assert.equal(donations().length, 0);
});

test('failed, canceled and expired: the status page says so and shows the form filled in again', async (t) => {
  const { app, donations } = site(t);
  for (const outcome of ['failed', 'canceled', 'expired']) {
    const post = await request(app).post('/forms/donation').set('Origin', ORIGIN).type('form').send({ ...valid, firstname: `Eva-${outcome}`, _ts: oldStamp() }).expect(303);
    const back = await request(app).post(path(post.headers.location)).set('Origin', ORIGIN).type('form').send({ outcome }).expect(303);
    const status = await request(app).get(path(back.headers.location)).expect(200);
    assert.match(status.text, /De betaling is niet gelukt/, outcome);
    assert.deepEqual([...status.text.matchAll(/<h1[^>]*>([^<]*)<\/h1>/g)].map((m) => m[1]), ['De betaling is niet gelukt'], outcome);
    assert.match(status.text, new RegExp(`value="Eva-${outcome}"`));
    assert.match(status.text, /value="12,34"/);
  }
  assert.deepEqual(donations().map((d) => d.status), ['failed', 'canceled', 'expired']);
});

test('open: the status page says we will let you know; the address cannot make it paid', async (t) => {
  const { app, donations } = site(t);
  const post = await request(app).post('/forms/donation').set('Origin', ORIGIN).type('form').send({ ...valid, _ts: oldStamp() }).expect(303);
  const back = await request(app).post(path(post.headers.location)).set('Origin', ORIGIN).type('form').send({ outcome: 'open' }).expect(303);
  const status = await request(app).get(`${path(back.headers.location)}&status=paid`).expect(200);
  assert.match(status.text, /Je betaling wordt verwerkt/);
  assert.ok(!status.text.includes('Dank je wel!'));
  assert.deepEqual([...status.text.matchAll(/<h1[^>]*>([^<]*)<\/h1>/g)].map((m) => m[1]), ['Je betaling wordt verwerkt']);
  assert.equal(donations()[0]!.status, 'open');
});

test('not found: no id, an unknown id, a made-up status', async (t) => {
  const { app } = site(t);
  for (const query of ['', '?donatie=3e9f2be8-ad4f-43f8-a655-8baac9397126', '?donatie=x&status=paid']) {
    const res = await request(app).get(`/doneren/bedankt${query}`).expect(200);
    assert.match(res.text, /Betaling niet gevonden/, query);
    // The outcome is the page's one heading: no "Bedankt" above a payment that is not there.
    assert.deepEqual([...res.text.matchAll(/<h1[^>]*>([^<]*)<\/h1>/g)].map((m) => m[1]), ['Betaling niet gevonden'], query);
    assert.match(res.text, /Neem dan <a[^>]*>contact<\/a> met ons op\./);
  }
  // A client navigation asks for the Flight payload: the same truth, never cached either.
  const flight = await request(app).get('/doneren/bedankt?donatie=x&_rsc=1').expect(200);
  assert.match(String(flight.headers['content-type']), /text\/x-component/);
  assert.equal(flight.headers['cache-control'], 'no-store');
  assert.match(flight.text, /Betaling niet gevonden/);
});

test('the webhook reads only the id: a posted status is ignored, an unknown id is 200 and logged', async (t) => {
  const { app, donations, lines } = site(t);
  await request(app).post('/forms/donation').set('Origin', ORIGIN).type('form').send({ ...valid, _ts: oldStamp() }).expect(303);
  const paymentId = donations()[0]!.payment_id as string;
  const res = await request(app).post('/api/donaties/webhook').type('form').send({ id: paymentId, status: 'paid', amount: '0.01' }).expect(200);
  assert.equal(res.text, 'ok');
  assert.equal(donations()[0]!.status, 'open');
  assert.equal((await request(app).post('/api/donaties/webhook').type('form').send({ id: 'tr_unknown123' }).expect(200)).text, 'unknown');
  await request(app).post('/api/donaties/webhook').type('form').send({}).expect(200);
  await request(app).post('/api/donaties/webhook').type('json').send({ id: paymentId }).expect(200);
  assert.ok(lines.some((l) => l.msg === 'webhook for a payment of no donation here; ignored'));
});

test('CSP form-action: this site with the test checkout; exactly Mollie\'s checkout origin with a key', async (t) => {
  const test = site(t);
  const own = (await request(test.app).get('/doneren').expect(200)).headers['content-security-policy'] as string;
  assert.match(own, /form-action 'self';/);
  const mollie = site(t, { ...NO_KEYS, mollieApiKey: 'test_abcdefghijklmnopqrstuvwxyz0123' });
  const csp = (await request(mollie.app).get('/doneren').expect(200)).headers['content-security-policy'] as string;
  assert.match(csp, /form-action 'self' https:\/\/www\.mollie\.com;/);
  await request(mollie.app).get('/doneren/testbetaling/tr_test1234').expect(404);
});

test('the test checkout never runs on a public production site unless asked for by name', async (t) => {
  expectErrorLines('donations are off: MOLLIE_API_KEY is not set', 'donation could not be started', 'request errored (failed with status code 503)');
  assert.equal(testCheckoutAllowed({ nodeEnv: 'production', publicOrigin: 'https://www.stichtingjoinus.nl', enabled: false }), false);
  assert.equal(testCheckoutAllowed({ nodeEnv: 'production', publicOrigin: 'https://www.stichtingjoinus.nl', enabled: true }), true);
  assert.equal(testCheckoutAllowed({ nodeEnv: 'production', publicOrigin: 'http://127.0.0.1:4173', enabled: false }), true);
  assert.equal(testCheckoutAllowed({ nodeEnv: 'production', publicOrigin: 'http://localhost:3000', enabled: false }), true);
  assert.equal(testCheckoutAllowed({ nodeEnv: 'development', publicOrigin: 'https://staging.example', enabled: false }), true);

  // Without it, a donation is refused with a reason, and nothing is stored.
  const { logger, lines } = captureLogger();
  const db = openDatabase(tempDir(t));
  t.after(() => db.close());
  const off = setupDonations(NO_KEYS, { db, sink: { save: () => ({ id: 'x', duplicate: false }), notify: () => undefined }, publicOrigin: 'https://www.stichtingjoinus.nl', logger });
  assert.equal(off, null);
  assert.ok(lines.some((l) => l.level === 50 && String(l.msg).includes('DONATIONS_TEST_CHECKOUT')));
  const { app } = testApp({ dataDir: tempDir(t), donations: () => null });
  const res = await request(app).post('/forms/donation').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...valid, altcha: await solvedCaptcha(app) }).expect(503);
  assert.match(res.body.message, /Online doneren lukt nu even niet/);
});

/** The document's title up to the site's name. */
const titleOf = (html: string) => /<title>([^<|]*?)(?: [|–-] [^<]*)?<\/title>/.exec(html)?.[1];

test('the class "a page is titled with what it shows": each donation outcome and "not found" title the status page, in Dutch and English', async (t) => {
  const { app } = site(t);
  const expected: Record<string, string> = { paid: 'Dank je wel!', failed: 'De betaling is niet gelukt', canceled: 'De betaling is niet gelukt', open: 'Je betaling wordt verwerkt' };
  for (const [outcome, want] of Object.entries(expected)) {
    const post = await request(app).post('/forms/donation').set('Origin', ORIGIN).type('form').send({ ...valid, firstname: `Eva-${outcome}`, _ts: oldStamp() }).expect(303);
    const back = await request(app).post(path(post.headers.location)).set('Origin', ORIGIN).type('form').send({ outcome }).expect(303);
    const status = await request(app).get(path(back.headers.location)).expect(200);
    const heading = [...status.text.matchAll(/<h1[^>]*>([^<]*)<\/h1>/g)].map((m) => m[1]);
    assert.deepEqual(heading, [want], outcome);
    assert.equal(titleOf(status.text), want, `${outcome}: the title says what the heading says`);
    // English: the title is the English page's heading, never a Dutch or a thank-you one.
    const english = await request(app).get(`/en${path(back.headers.location)}`).expect(200);
    const englishHeading = /<h1[^>]*>([^<]*)<\/h1>/.exec(english.text)?.[1];
    assert.ok(englishHeading, outcome);
    assert.equal(titleOf(english.text), englishHeading, `${outcome} in English`);
  }
  for (const prefix of ['', '/en']) {
    const missing = await request(app).get(`${prefix}/doneren/bedankt?donatie=3e9f2be8-ad4f-43f8-a655-8baac9397126`).expect(200);
    const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(missing.text)?.[1];
    assert.equal(titleOf(missing.text), heading, `not found ${prefix || '(nl)'}`);
    assert.ok(!/Bedankt|Thank you/.test(titleOf(missing.text) ?? ''), `not found ${prefix || '(nl)'}: no thank-you title`);
  }
});

test('the class "an address the site does not know is a page of the site": an unknown test payment is a 404 page in the visitor\'s language with the way back to donating', async (t) => {
  const { app } = site(t);
  const dutch = await request(app).get('/doneren/testbetaling/tr_test_bestaat_niet').expect(404);
  assert.match(String(dutch.headers['content-type']), /text\/html/);
  assert.match(dutch.text, /<html lang="nl"/);
  assert.equal(titleOf(dutch.text), 'Testbetaling niet gevonden');
  assert.match(dutch.text, /<h1[^>]*>Testbetaling niet gevonden<\/h1>/);
  assert.match(dutch.text, /er is niets afgeschreven/);
  assert.match(dutch.text, /<a[^>]*href="\/doneren"[^>]*>Naar doneren<\/a>/);
  // Neighbour: a visitor who came from an English page reads it in English.
  const english = await request(app).get('/doneren/testbetaling/tr_test_gone').set('Referer', `${ORIGIN}/en/doneren`).expect(404);
  assert.match(english.text, /<html lang="en"/);
  assert.equal(titleOf(english.text), 'Test payment not found');
  assert.match(english.text, /<a[^>]*href="\/en\/doneren"[^>]*>To donate<\/a>/);
});
