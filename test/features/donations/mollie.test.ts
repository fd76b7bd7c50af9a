// The real Mollie adapter (the official client, its apiEndpoint pointed at a Mollie-shaped
// server) under the donation service: what is sent to Mollie, to the cent; once and recurring;
// the webhook read only by id, replayed and out of order; the settled donation delivered and
// mailed once.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import request from 'supertest';
import { setupDonations } from '../../../server/features/donations/donation-setup';
import { createMollieGateway } from '../../../server/features/donations/mollie-gateway';
import { openDatabase } from '../../../server/store/database';
import { oldStamp, ORIGIN as SITE } from '../../server/forms/helpers';
import { recordingSink, testApp } from '../../support/test-app';
import { addMonths } from '../../../server/features/donations/donation-record';
import { captureLogger, tempDir } from '../../server/store/helpers/setup';
import { startFakeMollie } from '../../support/fake-mollie';
import { flushLimitedLog } from '../../../server/http/warn-limit';
import { donationForm, donationRig, ORIGIN } from './helpers';
import { DUTCH_TIME_ZONE } from '../../../src/i18n/time-zone';

// The client pins its own root certificates; the fake server's certificate is self-signed.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

let mollie: Awaited<ReturnType<typeof startFakeMollie>>;
before(async () => (mollie = await startFakeMollie()));
after(() => mollie.close());

function rig(t: { after(fn: () => void): void }) {
  const { logger, lines } = captureLogger();
  const gateway = createMollieGateway({ apiKey: 'test_abcdefghijklmnopqrstuvwxyz0123', apiEndpoint: mollie.endpoint, methods: ['ideal'], checkoutOrigin: 'https://www.mollie.com' });
  const r = donationRig(tempDir(t), gateway, logger);
  t.after(() => r.close());
  return { ...r, lines, logger };
}

const sent = (path: string) => mollie.requests.filter((r) => r.method === 'POST' && r.path === path);

test('once: one iDEAL payment for the exact amount, stored before the checkout, paid by webhook', async (t) => {
  const { service, store, delivered, mails } = rig(t);
  const before = sent('/v2/payments').length;
  const { donation, checkoutUrl } = await service.start({ key: 'sid:once-1', form: donationForm({ amount: 'other', amountOther: '12,34' }), locale: 'nl' });
  assert.match(checkoutUrl, /^https:\/\/www\.mollie\.com\/checkout\//);
  const request = sent('/v2/payments').at(-1)!;
  assert.equal(sent('/v2/payments').length, before + 1);
  assert.deepEqual(request.body?.amount, { currency: 'EUR', value: '12.34' });
  assert.equal(request.body?.method, 'ideal');
  assert.equal(request.body?.sequenceType, 'oneoff');
  assert.equal(request.body?.redirectUrl, `${ORIGIN}/doneren/bedankt?donatie=${donation.id}`);
  assert.equal(request.body?.webhookUrl, `${ORIGIN}/api/donaties/webhook`);
  assert.deepEqual(request.body?.metadata, { donationId: donation.id });
  assert.equal(request.idempotencyKey, `payment-${donation.id}`);
  assert.equal(request.auth, 'Bearer test_abcdefghijklmnopqrstuvwxyz0123');

  const stored = store.get(donation.id)!;
  assert.equal(stored.status, 'open');
  assert.equal(stored.amountCents, 1234);
  assert.equal((await service.view(donation.id)).state, 'pending');

  mollie.settle(stored.paymentId!, 'paid');
  assert.equal(await service.webhook(stored.paymentId!), 'updated');
  const paid = store.get(donation.id)!;
  assert.equal(paid.status, 'paid');
  assert.ok(paid.paidAt);
  const records = delivered();
  assert.equal(records.length, 1);
  assert.deepEqual({ ...records[0]!.data }, {
    amount: 1234, currency: 'EUR', frequency: 'once', firstname: 'Eva', lastname: 'Smit', email: 'eva@example.nl', organisation: null,
    newsletter: false, status: 'paid', molliePaymentId: paid.paymentId, mollieCustomerId: null, mollieSubscriptionId: null, paidAt: paid.paidAt,
  });
  assert.deepEqual(mails().map((m) => m.kind).sort(), ['donation.confirmation', 'donation.notification']);
  const confirmation = mails().find((m) => m.kind === 'donation.confirmation')!;
  assert.equal(confirmation.message?.to, 'eva@example.nl');
  assert.match(confirmation.message?.text, /Je gaf € 12,34\./);
  assert.deepEqual(await service.view(donation.id), { state: 'paid', frequency: 'once', amountCents: 1234 });
});

test('a double click is one donation and one payment', async (t) => {
  const { service } = rig(t);
  const form = donationForm();
  const count = sent('/v2/payments').length;
  const [a, b] = await Promise.all([service.start({ key: 'sid:double', form, locale: 'nl' }), service.start({ key: 'sid:double', form, locale: 'nl' })]);
  assert.equal(a.donation.id, b.donation.id);
  assert.equal(a.checkoutUrl, b.checkoutUrl);
  assert.equal(sent('/v2/payments').length, count + 1);
});

for (const [frequency, interval, months] of [['monthly', '1 month', 1], ['yearly', '12 months', 12]] as const) {
  test(`${frequency}: a customer, a first payment, then a subscription of ${interval} once it is paid`, async (t) => {
    const { service, store, delivered } = rig(t);
    const { donation } = await service.start({ key: `sid:${frequency}`, form: donationForm({ amount: '50', frequency }), locale: 'en' });
    const customer = sent('/v2/customers').at(-1)!;
    assert.deepEqual(customer.body, { name: 'Eva Smit', email: 'eva@example.nl' });
    assert.equal(customer.idempotencyKey, `customer-${donation.id}`);
    const payment = sent('/v2/payments').at(-1)!;
    assert.equal(payment.body?.sequenceType, 'first');
    assert.equal(payment.body?.locale, 'en_GB');
    // An English donor comes back to the English status page.
    assert.equal(payment.body?.redirectUrl, `${ORIGIN}/en/doneren/bedankt?donatie=${donation.id}`);
    assert.equal(payment.body?.customerId, store.get(donation.id)!.customerId);
    assert.deepEqual(payment.body?.amount, { currency: 'EUR', value: '50.00' });

    const paymentId = store.get(donation.id)!.paymentId!;
    const subscriptionsBefore = mollie.subscriptions.size;
    // Pending first: no subscription yet, nothing delivered.
    mollie.settle(paymentId, 'pending');
    await service.webhook(paymentId);
    assert.equal(mollie.subscriptions.size, subscriptionsBefore);
    assert.equal(delivered().length, 0);

    mollie.settle(paymentId, 'paid');
    await service.webhook(paymentId);
    const made = sent(`/v2/customers/${store.get(donation.id)!.customerId}/subscriptions`);
    assert.equal(made.length, 1);
    assert.equal(made[0]!.body?.interval, interval);
    assert.deepEqual(made[0]!.body?.amount, { currency: 'EUR', value: '50.00' });
    assert.equal(made[0]!.body?.mandateId, store.get(donation.id)!.mandateId);
    assert.equal(made[0]!.body?.startDate, addMonths(new Intl.DateTimeFormat('en-CA', { timeZone: DUTCH_TIME_ZONE }).format(new Date()), months));
    assert.equal(made[0]!.idempotencyKey, `subscription-${donation.id}`);
    assert.ok(mollie.requests.some((r) => r.method === 'GET' && r.path.includes('/mandates/')), 'the mandate was checked');

    const d = store.get(donation.id)!;
    assert.match(d.subscriptionId ?? '', /^sub_/);
    assert.equal(delivered().length, 1);
    assert.equal(delivered()[0]!.data.mollieSubscriptionId, d.subscriptionId);
    assert.equal(delivered()[0]!.data.frequency, frequency);

    // The same webhook again: no second subscription, no second record.
    assert.equal(await service.webhook(paymentId), 'unchanged');
    assert.equal(sent(`/v2/customers/${d.customerId}/subscriptions`).length, 1);
    assert.equal(delivered().length, 1);
  });
}

test('out of order: a late "open" after "paid" changes nothing; a final status never changes', async (t) => {
  const { service, store, delivered, mails } = rig(t);
  const { donation } = await service.start({ key: 'sid:order', form: donationForm(), locale: 'nl' });
  const paymentId = store.get(donation.id)!.paymentId!;
  mollie.settle(paymentId, 'paid');
  await service.webhook(paymentId);
  // Mollie's payment read back as open (a stale answer) and as failed: both ignored.
  mollie.settle(paymentId, 'open');
  assert.equal(await service.webhook(paymentId), 'unchanged');
  mollie.payments.get(paymentId)!.status = 'failed';
  assert.equal(await service.webhook(paymentId), 'unchanged');
  assert.equal(store.get(donation.id)!.status, 'paid');
  assert.equal(delivered().length, 1);
  assert.equal(mails().length, 2);
});

test('failed, canceled and expired are delivered once with their status and show the form again', async (t) => {
  const { service, store, delivered, mails } = rig(t);
  for (const status of ['failed', 'canceled', 'expired'] as const) {
    const { donation } = await service.start({ key: `sid:${status}`, form: donationForm({ amount: '', amountOther: '7,5', frequency: 'monthly', donateAs: 'organisation', organisation: 'Bakkerij Smit', newsletter: 'on' }), locale: 'nl' });
    const paymentId = store.get(donation.id)!.paymentId!;
    mollie.settle(paymentId, status);
    await service.webhook(paymentId);
    await service.webhook(paymentId);
    const view = await service.view(donation.id);
    assert.equal(view.state, 'failed');
    assert.deepEqual(view.retry, {
      amount: 'other', amountOther: '7,50', frequency: 'monthly', firstname: 'Eva', lastname: 'Smit', email: 'eva@example.nl',
      donateAs: 'organisation', organisation: 'Bakkerij Smit', newsletter: 'on',
    });
  }
  assert.deepEqual(delivered().map((s) => s.data.status).sort(), ['canceled', 'expired', 'failed']);
  assert.ok(delivered().every((s) => s.data.amount === 750 && s.data.mollieSubscriptionId === null));
  assert.equal(mails().length, 0, 'no thank-you mail for a payment that did not happen');
});

test('the status page asks Mollie itself when the webhook has not come (a site Mollie cannot reach)', async (t) => {
  const { service, store, delivered } = rig(t);
  const { donation } = await service.start({ key: 'sid:no-webhook', form: donationForm(), locale: 'nl' });
  mollie.settle(store.get(donation.id)!.paymentId!, 'paid');
  assert.equal((await service.view(donation.id)).state, 'paid');
  assert.equal(delivered().length, 1);
});

test('a webhook for an unknown or malformed id changes nothing and is logged; so is one Mollie does not know', async (t) => {
  const { service, lines, delivered, logger } = rig(t);
  assert.equal(await service.webhook('tr_doesnotexist'), 'unknown');
  assert.equal(await service.webhook("'; DROP TABLE donations; --"), 'unknown');
  // Anyone can post ids: the first is a line, the next ones a count.
  assert.equal(lines.filter((l) => l.msg === 'webhook for a payment of no donation here; ignored').length, 1);
  flushLimitedLog(logger);
  assert.ok(lines.some((l) => l.msg === '1 more like this in the last minute: webhook for a payment of no donation here; ignored' && l.more === 1));
  assert.equal(delivered().length, 0);
  assert.deepEqual(await service.view('not-a-uuid'), { state: 'not-found' });
  assert.deepEqual(await service.view('3e9f2be8-ad4f-43f8-a655-8baac9397126'), { state: 'not-found' });
  // Mollie itself answers 404 for a payment our store names (say, another profile's key).
  const gateway = createMollieGateway({ apiKey: 'test_abcdefghijklmnopqrstuvwxyz0123', apiEndpoint: mollie.endpoint, methods: [], checkoutOrigin: 'https://www.mollie.com' });
  assert.equal(await gateway.getPayment('tr_unknown123'), null);
});

test('addMonths keeps the day, or the last day of a shorter month', () => {
  assert.equal(addMonths('2026-01-31', 1), '2026-02-28');
  assert.equal(addMonths('2028-01-31', 1), '2028-02-29');
  assert.equal(addMonths('2026-11-23', 12), '2027-11-23');
  assert.equal(addMonths('2026-12-15', 1), '2027-01-15');
});

test('the form post goes to Mollie\'s checkout: a 303 to the allowed checkout origin, else a page of the site with the link', async (t) => {
  const post = { firstname: 'Eva', lastname: 'Smit', email: 'eva@example.nl', amount: '10', frequency: 'once', terms: 'on', _page: '/doneren', _locale: 'nl' };
  for (const [checkoutOrigin, redirected] of [['https://www.mollie.com', true], ['https://pay.example', false]] as const) {
    const dir = tempDir(t);
    const db = openDatabase(dir);
    t.after(() => db.close());
    const { logger } = captureLogger();
    const settings = { mollieApiKey: 'test_abcdefghijklmnopqrstuvwxyz0123', mollieApiEndpoint: mollie.endpoint, mollieMethods: ['ideal'], mollieCheckoutOrigin: checkoutOrigin, testCheckoutEnabled: false, nodeEnv: 'production' };
    const { app } = testApp({ dataDir: dir, sink: recordingSink().sink, donations: (sink, origin) => setupDonations(settings, { db, sink, publicOrigin: origin, logger }) });
    const res = await request(app).post('/forms/donation').set('Origin', SITE).type('form').send({ ...post, _ts: oldStamp() });
    const checkout = /https:\/\/www\.mollie\.com\/checkout\/select-method\/tr_[0-9a-f]+/;
    if (redirected) {
      assert.equal(res.status, 303);
      assert.match(res.headers.location ?? '', checkout);
      assert.match(String(res.headers['content-security-policy']), /form-action 'self' https:\/\/www\.mollie\.com;/);
    } else {
      assert.equal(res.status, 200);
      assert.match(res.text, /Verder naar betalen/);
      assert.match(res.text, new RegExp(`href="${checkout.source}"`));
    }
  }
});
