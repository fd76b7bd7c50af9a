// Donations over three replicas on one real Redis, each a listening server with its own SQLite
// store, as production runs them: a donation taken by one replica is settled and delivered by
// that one alone, whichever replica the test checkout, the provider's webhook or the donor's
// return reaches; while it is away the others say "try again" (webhook) or "being processed"
// (status page), and it settles the donation once it is back.
import assert from 'node:assert/strict';
import { createServer, type RequestListener, type Server } from 'node:http';
import { after, before, describe, test, type TestContext } from 'node:test';
import pino from 'pino';
import request from 'supertest';
import { DONATION_REPLICA_PATH, DONATION_WEBHOOK_PATH } from '../../../src/routing/endpoints';
import { donationOwners } from '../../../server/features/donations/donation-owners';
import { setupDonations, type DonationSettings } from '../../../server/features/donations/donation-setup';
import { REPLICA_SIGNATURE_HEADER, signQuestion } from '../../../server/features/donations/replica-forward';
import { memoryRecords, type SharedRecords } from '../../../server/shared/records';
import { connectSharedStore, type SharedStore } from '../../../server/shared/shared-store';
import { openDatabase } from '../../../server/store/database';
import { startRedis } from '../../support/redis';
import { recordingSink, testApp } from '../../support/test-app';
import { ORIGIN, solvedCaptcha } from '../forms/helpers';
import { captureLogger, tempDir } from '../store/helpers/setup';
import { expectErrorLines } from '../../support/error-guard';

/** FORM_SECRET, the same on every replica (test-app.ts's). */
const SECRET = 'test-secret-for-forms-0123456789';
const SETTINGS: DonationSettings = { mollieMethods: ['ideal'], mollieCheckoutOrigin: 'https://www.mollie.com', testCheckoutEnabled: false, nodeEnv: 'production' };
const PAID = /Dank je wel!/;
const PROCESSING = /Je betaling wordt verwerkt/;

let redis: Awaited<ReturnType<typeof startRedis>>;
const stores: SharedStore[] = [];
before(async () => {
  redis = await startRedis();
});
after(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await redis.stop();
});

const listen = (server: Server, port = 0) => new Promise<number>((resolve, reject) => {
  server.once('error', reject);
  server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
});

/** One replica: its own store, its own connection to Redis, listening on its own port (REPLICA_URL). */
async function replica(t: TestContext) {
  let handler: RequestListener = (_req, res) => void res.writeHead(503).end();
  let server = createServer((req, res) => handler(req, res));
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}`;
  const dir = tempDir(t);
  const db = openDatabase(dir);
  // Redis is up throughout (an owner away is simulated above it): a command may take 10 s on a busy machine.
  const shared = connectSharedStore(redis.url, pino({ level: 'silent' }), { commandDeadlineMs: 10_000 });
  stores.push(shared);
  const { sink, saved, notified } = recordingSink();
  const { logger } = captureLogger();
  const site = testApp({
    dataDir: dir,
    sink,
    shared,
    donations: (s, publicOrigin, records) => setupDonations(SETTINGS, { db, sink: s, publicOrigin, logger, records, replicas: { owners: donationOwners(records, url), secret: SECRET } }),
  });
  handler = site.app;
  const stop = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  t.after(async () => {
    await stop();
    db.close();
  });
  return {
    app: site.app,
    url,
    /** Donations in this replica's own store. */
    donations: () => db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM donations').get()?.n,
    saved,
    notified,
    /** Down: connections to its address are refused. */
    stop,
    /** Back on the same address with the same store. */
    async restart() {
      server = createServer((req, res) => handler(req, res));
      await listen(server, port);
    },
  };
}

type Replica = Awaited<ReturnType<typeof replica>>;

/** A donation of € 12,34 posted to `r`; its test checkout's path and its status page's path. */
async function donate(r: Replica, sid: string) {
  const res = await post(r, sid);
  const checkout = new URL((res.body as { redirect: string }).redirect, ORIGIN).pathname;
  const paymentId = checkout.split('/').pop() ?? '';
  assert.match(paymentId, /^tr_/);
  return { checkout, paymentId };
}

/** The donation form, filled in once (its browser key `sid`), posted to `r`. */
async function post(r: Replica, sid: string) {
  const form = { firstname: 'Eva', lastname: 'Smit', email: 'eva@example.nl', amount: 'other', amountOther: '12,34', frequency: 'once', terms: 'on', _page: '/doneren', _locale: 'nl', _sid: sid };
  return request(r.app).post('/forms/donation').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...form, altcha: await solvedCaptcha(r.app) }).expect(200);
}

/** The donor's choice on the test checkout page, as served by `r`; the address the donor is sent back to. */
async function pay(r: Replica, checkout: string): Promise<string> {
  const back = await request(r.app).post(checkout).set('Origin', ORIGIN).type('form').send({ outcome: 'paid' }).expect(303);
  const status = new URL(back.headers.location ?? '', ORIGIN);
  return status.pathname + status.search;
}

const webhook = (r: Replica, id: string) => request(r.app).post(DONATION_WEBHOOK_PATH).type('form').send({ id });

describe('donations over replicas', () => {
  test('made on A, paid in the checkout served by B, webhooks on B and C: settled and delivered once, by A; the return page on B and C says paid', async (t) => {
    const [a, b, c] = [await replica(t), await replica(t), await replica(t)];
    const { checkout, paymentId } = await donate(a, 'sid-replicas-paid');
    const statusPage = await pay(b, checkout);
    for (const r of [b, c, b]) {
      const res = await webhook(r, paymentId).expect(200);
      assert.equal(res.text, 'ok', 'the replica without the donation answers as its owner did');
    }
    assert.equal(a.saved.length, 1, 'A delivered the donation once');
    assert.match(a.saved[0]?.idempotencyKey ?? '', /^donation-[0-9a-f-]{36}$/);
    assert.deepEqual([a.saved[0]?.data.status, a.saved[0]?.data.amount, a.saved[0]?.data.molliePaymentId], ['paid', 1234, paymentId]);
    assert.equal(a.notified.length, 1, 'one thank-you mail');
    assert.deepEqual([b.saved.length, c.saved.length, b.notified.length, c.notified.length], [0, 0, 0, 0], 'B and C hold no donation and deliver nothing');
    for (const r of [b, c]) {
      const page = await request(r.app).get(statusPage).expect(200);
      assert.match(page.text, PAID, 'the return page on another replica shows the donation paid');
      assert.match(page.headers['cache-control'] ?? '', /no-store/);
    }
    assert.equal(a.saved.length, 1, 'still delivered once after the return pages');
  });

  test('A away: a webhook on B answers 503 and the return page on B says "being processed"; A back: the next webhook settles it on A', async (t) => {
    expectErrorLines('donation webhook failed; the provider will retry', 'request errored (failed with status code 503)');
    const [a, b] = [await replica(t), await replica(t)];
    const { checkout, paymentId } = await donate(a, 'sid-replicas-away');
    await a.stop();
    const statusPage = await pay(b, checkout);
    assert.equal((await webhook(b, paymentId)).status, 503, 'the provider is told to try again later');
    const page = await request(b.app).get(statusPage).expect(200);
    assert.match(page.text, PROCESSING, 'the donor is told the donation is being processed');
    assert.doesNotMatch(page.text, /niet gevonden/i);
    assert.match(page.headers['cache-control'] ?? '', /no-store/);
    assert.equal(a.saved.length, 0);

    await a.restart();
    assert.equal((await webhook(b, paymentId).expect(200)).text, 'ok');
    assert.equal(a.saved.length, 1, 'A settled and delivered it once back');
    assert.match((await request(b.app).get(statusPage).expect(200)).text, PAID);
  });

  test('the same form posted to A, then to B and C (a double click over replicas): one donation, on A, one checkout; A away: B makes it', async (t) => {
    const [a, b, c] = [await replica(t), await replica(t), await replica(t)];
    const { checkout } = await donate(a, 'sid-replicas-twice');
    for (const r of [b, c]) assert.equal(new URL((await post(r, 'sid-replicas-twice')).body.redirect as string, ORIGIN).pathname, checkout, 'the checkout of the first post');
    assert.deepEqual([a.donations(), b.donations(), c.donations()], [1, 0, 0]);

    await donate(a, 'sid-replicas-twice-away');
    await a.stop();
    const again = await donate(b, 'sid-replicas-twice-away');
    assert.deepEqual([a.donations(), b.donations()], [2, 1], 'the donor is not kept waiting for A');
    const statusPage = await pay(c, again.checkout);
    assert.match((await request(c.app).get(statusPage).expect(200)).text, PAID, "B's donation is paid and found from C");
  });

  test('a webhook for a payment no replica holds is "unknown" everywhere, as with one replica', async (t) => {
    const [a, b] = [await replica(t), await replica(t)];
    for (const r of [a, b]) assert.equal((await webhook(r, 'tr_nobodyhasthis1').expect(200)).text, 'unknown');
    const page = await request(b.app).get('/doneren/bedankt?donatie=00000000-0000-4000-8000-000000000000').expect(200);
    assert.doesNotMatch(page.text, PROCESSING);
  });

  test("a question to the owner without the replicas' signature is refused; a signed one is answered from its own store only", async (t) => {
    const [a, b] = [await replica(t), await replica(t)];
    const { checkout, paymentId } = await donate(a, 'sid-replicas-forged');
    // Paid while A is away, so only the questions below can tell A.
    await a.stop();
    await pay(b, checkout);
    await a.restart();
    const body = JSON.stringify({ ask: 'webhook', paymentId });
    const ask = (r: Replica, signature: string | null) => {
      const req = request(r.app).post(DONATION_REPLICA_PATH).set('Content-Type', 'application/json');
      return (signature === null ? req : req.set(REPLICA_SIGNATURE_HEADER, signature)).send(body);
    };
    assert.equal((await ask(a, null)).status, 403, 'no signature');
    assert.equal((await ask(a, signQuestion('another-secret-0123456789abc', body))).status, 403, 'signed with another secret');
    assert.equal((await ask(a, signQuestion(SECRET, body, Date.now() - 5 * 60_000))).status, 403, 'signed five minutes ago');
    assert.equal((await ask(a, signQuestion(SECRET, JSON.stringify({ ask: 'webhook', paymentId: 'tr_other1234' })))).status, 403, 'signed for another question');
    assert.equal(a.saved.length, 0, 'nothing settled by a refused question');
    // B does not hold it and answers from its own store: a forwarded question never goes round.
    assert.deepEqual((await ask(b, signQuestion(SECRET, body)).expect(200)).body, { outcome: 'unknown' });
    assert.deepEqual((await ask(a, signQuestion(SECRET, body)).expect(200)).body, { outcome: 'updated' });
    assert.equal(a.saved.length, 1);
  });

  test('the class, a signed question is answered once: the same signed question again within its minute is refused, on the owner and on any other replica (its nonce in the shared store)', async (t) => {
    const [a, b] = [await replica(t), await replica(t)];
    const { paymentId } = await donate(a, 'sid-replicas-replay');
    const body = JSON.stringify({ ask: 'webhook', paymentId });
    const signed = signQuestion(SECRET, body);
    const ask = (r: Replica) => request(r.app).post(DONATION_REPLICA_PATH).set('Content-Type', 'application/json').set(REPLICA_SIGNATURE_HEADER, signed).send(body);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await ask(i % 2 === 0 ? a : b)).status);
    assert.deepEqual(statuses, [200, ...Array(19).fill(403)], 'the copied question is answered once in twenty');
    // A new question (its own nonce) is answered as ever.
    assert.equal((await request(a.app).post(DONATION_REPLICA_PATH).set('Content-Type', 'application/json').set(REPLICA_SIGNATURE_HEADER, signQuestion(SECRET, body)).send(body)).status, 200);
  });

  test("the class, the owner stores only what the donation form's own schema accepts, whoever signed it: an amount past the form's maximum, an address that is none, an organisation without its name are refused; the form as the site sends it starts", async (t) => {
    const [a] = [await replica(t)];
    const form = { donateAs: 'person', firstname: 'Eva', lastname: 'Smit', email: 'eva@example.nl', frequency: 'once', newsletter: false, terms: true, amountCents: 1234 };
    const start = (key: string, changes: object) => {
      const body = JSON.stringify({ ask: 'start', key, form: { ...form, ...changes }, locale: 'nl' });
      return request(a.app).post(DONATION_REPLICA_PATH).set('Content-Type', 'application/json').set(REPLICA_SIGNATURE_HEADER, signQuestion(SECRET, body)).send(body);
    };
    const refused = { amount: { amountCents: 10 ** 15 }, email: { email: 'not-an-email' }, organisation: { donateAs: 'organisation' }, tooLittle: { amountCents: 1 } };
    for (const [what, changes] of Object.entries(refused)) assert.equal((await start(`key-${what}`, changes)).status, 400, what);
    assert.equal(a.donations(), 0, 'nothing stored');
    const accepted = await start('key-valid', {});
    assert.equal(accepted.status, 200);
    assert.match((accepted.body as { checkoutUrl: string }).checkoutUrl, /^https?:/);
    assert.equal(a.donations(), 1);
  });

  test('the owner cannot be recorded (the shared store away): the donor hears "not possible now" before any checkout; trying again makes the same donation and payment', async (t) => {
    expectErrorLines('donation could not be started', 'request errored (failed with status code 503)');
    const kept = memoryRecords();
    let away = true;
    const records: SharedRecords = {
      get: (key) => (away ? Promise.reject(new Error('no answer')) : kept.get(key)),
      set: (key, value, ttl) => (away ? Promise.reject(new Error('no answer')) : kept.set(key, value, ttl)),
      claim: (key, value, ttl) => kept.claim(key, value, ttl),
    };
    const dir = tempDir(t);
    const db = openDatabase(dir);
    t.after(() => db.close());
    const { logger } = captureLogger();
    const { app } = testApp({ dataDir: dir, donations: (s, publicOrigin) => setupDonations(SETTINGS, { db, sink: s, publicOrigin, logger, replicas: { owners: donationOwners(records, 'http://127.0.0.1:1'), secret: SECRET } }) });
    const form = { firstname: 'Eva', lastname: 'Smit', email: 'eva@example.nl', amount: '25', frequency: 'once', terms: 'on', _page: '/doneren', _locale: 'nl', _sid: 'sid-replicas-no-owner' };
    const post = async () => request(app).post('/forms/donation').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...form, altcha: await solvedCaptcha(app) });
    const refused = await post();
    assert.equal(refused.status, 503);
    assert.equal((refused.body as { redirect?: string }).redirect, undefined, 'no checkout to go to');
    away = false;
    const accepted = await post();
    assert.equal(accepted.status, 200);
    const paymentId = new URL((accepted.body as { redirect: string }).redirect, ORIGIN).pathname.split('/').pop() ?? '';
    assert.equal(await kept.get(`payment-owner:${paymentId}`), 'http://127.0.0.1:1', 'the payment names its owner');
    assert.equal(db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM donations').get()?.n, 1, 'one donation for both posts');
  });
});
