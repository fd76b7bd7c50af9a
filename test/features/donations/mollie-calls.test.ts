// How often Mollie is asked about one payment. The payment id is in the checkout address, so
// anyone can post it to the webhook or open its status page as often as they like: the site
// asks Mollie at most a couple of times at once and then once per few seconds, whatever
// arrives, and still hears a real change of status (a paid donation is settled once). The pace
// runs on a clock the test moves (each reading a hundredth of a millisecond on, as requests
// one after another see performance.now()): how long the machine takes changes nothing.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { setupDonations } from '../../../server/features/donations/donation-setup';
import { createMollieGateway } from '../../../server/features/donations/mollie-gateway';
import { openDatabase } from '../../../server/store/database';
import { createSubmissionStore } from '../../../server/store/submissions';
import { oldStamp, ORIGIN as SITE } from '../../server/forms/helpers';
import { captureLogger, tempDir } from '../../server/store/helpers/setup';
import { startFakeMollie } from '../../support/fake-mollie';
import { testApp } from '../../support/test-app';
import { fakeClock, type FakeClock } from '../../support/fake-clock';
import { until } from '../../support/until';
import { donationForm, donationRig } from './helpers';

// The client pins its own root certificates; the fake server's certificate is self-signed.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

let mollie: Awaited<ReturnType<typeof startFakeMollie>>;
before(async () => (mollie = await startFakeMollie()));
after(() => mollie.close());

const asked = (paymentId: string) => mollie.requests.filter((r) => r.method === 'GET' && r.path.startsWith(`/v2/payments/${paymentId}`)).length;
const settings = () => ({ mollieApiKey: 'test_abcdefghijklmnopqrstuvwxyz0123', mollieApiEndpoint: mollie.endpoint, mollieMethods: ['ideal'], mollieCheckoutOrigin: 'https://www.mollie.com', testCheckoutEnabled: false, nodeEnv: 'production' });

/** The whole site on a port, with donations through the fake Mollie (Mollie's pace on `clock`); one donation made through the form. */
async function siteWithDonation(t: { after(fn: () => void | Promise<void>): void }, clock: FakeClock = fakeClock(1_000_000, { step: 0.01 })) {
  const dir = tempDir(t);
  const db = openDatabase(dir);
  t.after(() => void db.close());
  const submissions = createSubmissionStore(db);
  const mailed: string[] = [];
  const sink = { save: submissions.save, notify: (input: { form: string }) => void mailed.push(input.form) };
  const { logger } = captureLogger();
  const { app } = testApp({ dataDir: dir, sink, donations: (s, publicOrigin) => setupDonations(settings(), { db, sink: s, publicOrigin, logger, paceClock: clock }) });
  const server = createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => new Promise<void>((r) => server.close(() => r())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const form = { firstname: 'Eva', lastname: 'Smit', email: 'eva@example.nl', amount: '25', frequency: 'once', terms: 'on', _page: '/doneren', _locale: 'nl', _ts: oldStamp() };
  const post = await fetch(`${base}/forms/donation`, { method: 'POST', redirect: 'manual', headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
  assert.equal(post.status, 303);
  const paymentId = /tr_[0-9a-f]+$/.exec(post.headers.get('location') ?? '')![0];
  const statusPath = new URL(String(mollie.payments.get(paymentId)!.redirectUrl)).pathname + new URL(String(mollie.payments.get(paymentId)!.redirectUrl)).search;
  const webhook = () => fetch(`${base}/api/donaties/webhook`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `id=${paymentId}` }).then(async (r) => ({ status: r.status, text: await r.text() }));
  const view = () => fetch(`${base}${statusPath}`).then(async (r) => ({ status: r.status, text: await r.text() }));
  const delivered = () => submissions.list({ form: 'donation' });
  return { paymentId, webhook, view, delivered, mailed, clock };
}

/** 50 webhooks and 50 status-page views at once. */
const flood = (s: { webhook(): Promise<{ status: number }>; view(): Promise<{ status: number }> }) =>
  Promise.all(Array.from({ length: 50 }, () => [s.webhook(), s.view()]).flat().map((p) => p.then((r) => r.status)));

test('50 webhooks and 50 status-page views at once for an open payment ask Mollie at most twice', async (t) => {
  const s = await siteWithDonation(t);
  const statuses = await flood(s);
  assert.ok(statuses.every((status) => status === 200), `all answered 200: ${[...new Set(statuses)].join(', ')}`);
  const calls = asked(s.paymentId);
  assert.ok(calls >= 1 && calls <= 2, `Mollie asked ${calls} times`);
  assert.equal(s.delivered().length, 0, 'an open payment is not settled');
});

test('50 webhooks and 50 views at once for a payment just paid: Mollie asked at most twice, settled and mailed once', async (t) => {
  const s = await siteWithDonation(t);
  mollie.settle(s.paymentId, 'paid');
  const statuses = await flood(s);
  assert.ok(statuses.every((status) => status === 200));
  const calls = asked(s.paymentId);
  assert.ok(calls >= 1 && calls <= 2, `Mollie asked ${calls} times`);
  assert.equal(s.delivered().length, 1);
  assert.equal(s.delivered()[0]!.data.status, 'paid');
  assert.deepEqual(s.mailed, ['donation']);
  // A final status does not change: later webhooks and views do not ask again.
  await s.webhook();
  assert.match((await s.view()).text, /<h1[^>]*>Dank je wel!<\/h1>/);
  assert.equal(asked(s.paymentId), calls);
});

test('a webhook sent one after another 200 times asks Mollie a few times, not 200', async (t) => {
  const s = await siteWithDonation(t);
  const started = s.clock.now();
  // One every 50 ms: ten seconds of webhooks.
  for (let i = 0; i < 200; i++) {
    assert.equal((await s.webhook()).status, 200);
    s.clock.advance(50);
  }
  // One more waits for the looks again that fell due meanwhile (a donation's work is done in turn).
  assert.equal((await s.webhook()).status, 200);
  const seconds = (s.clock.now() - started) / 1000;
  // Two at once, then one per five seconds.
  assert.ok(asked(s.paymentId) <= 2 + Math.ceil(seconds / 5), `Mollie asked ${asked(s.paymentId)} times in ${seconds.toFixed(1)} s`);
  assert.ok(asked(s.paymentId) >= 3, 'a webhook after the pause is looked at: the pace is a pace, not a stop');
});

test('a real change that comes in a flood is not lost: the payment is looked at again once Mollie may be asked', async (t) => {
  const { logger } = captureLogger();
  const gateway = createMollieGateway({ apiKey: 'test_abcdefghijklmnopqrstuvwxyz0123', apiEndpoint: mollie.endpoint, methods: ['ideal'], checkoutOrigin: 'https://www.mollie.com' });
  const clock = fakeClock(1_000_000, { step: 0.01 });
  const r = donationRig(tempDir(t), gateway, logger, { paymentLookup: { everyMs: 300 }, paceClock: clock });
  t.after(() => r.close());
  const { donation } = await r.service.start({ key: 'sid:flood', form: donationForm(), locale: 'nl' });
  const paymentId = r.store.get(donation.id)!.paymentId!;
  for (let i = 0; i < 20; i++) await r.service.webhook(paymentId);
  const before = asked(paymentId);
  assert.ok(before <= 2, `Mollie asked ${before} times`);
  // The bank says paid, and Mollie's webhook comes while the site may not ask yet.
  mollie.settle(paymentId, 'paid');
  await r.service.webhook(paymentId);
  assert.equal(r.store.get(donation.id)!.status, 'open', 'not yet: the site may not ask Mollie now');
  assert.equal(clock.pending(), 1, 'one look again, for every webhook that had to wait');
  clock.advance(290);
  assert.equal(clock.pending(), 1, 'Mollie is not asked before the pace allows');
  clock.advance(20); // 300 ms after the two calls at once
  assert.equal(clock.pending(), 0);
  assert.ok(await until(() => r.store.get(donation.id)!.status === 'paid', 10_000, 10), 'the donation became paid');
  assert.ok(await until(() => r.delivered().length === 1, 10_000, 10));
  assert.deepEqual(r.mails().map((m) => m.kind).sort(), ['donation.confirmation', 'donation.notification']);
});
