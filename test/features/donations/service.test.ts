// The donation service when the provider fails: nothing is lost, the same form tries again
// with the same keys, and the status page never claims a payment that was not made.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestCheckout } from '../../../server/features/donations/test-checkout';
import type { PaymentGateway } from '../../../server/features/donations/payment-gateway';
import { captureLogger, tempDir } from '../../server/store/helpers/setup';
import { donationForm, donationRig, ORIGIN } from './helpers';

test('the provider down: the donation is kept, the form is offered again, a retry pays once', async (t) => {
  const { logger } = captureLogger();
  const checkout = createTestCheckout(ORIGIN);
  let down = true;
  const keys: string[] = [];
  const gateway: PaymentGateway = {
    ...checkout,
    async createPayment(input) {
      keys.push(input.idempotencyKey);
      if (down) throw new Error('connect ECONNREFUSED');
      return checkout.createPayment(input);
    },
  };
  const rig = donationRig(tempDir(t), gateway, logger);
  t.after(() => rig.close());
  const form = donationForm({ amount: '50' });
  await assert.rejects(rig.service.start({ key: 'sid:down', form, locale: 'nl' }), /ECONNREFUSED/);
  const stored = rig.db.prepare('SELECT id, status, payment_id FROM donations').all() as Array<{ id: string; status: string; payment_id: string | null }>;
  assert.equal(stored.length, 1);
  assert.equal(stored[0]!.status, 'created');
  const view = await rig.service.view(stored[0]!.id);
  assert.equal(view.state, 'failed');
  assert.equal(view.retry?.amount, '50');

  down = false;
  const again = await rig.service.start({ key: 'sid:down', form, locale: 'nl' });
  assert.equal(again.donation.id, stored[0]!.id);
  assert.match(again.checkoutUrl, /\/doneren\/testbetaling\/tr_test/);
  assert.deepEqual(keys, [`payment-${again.donation.id}`, `payment-${again.donation.id}`]);
  assert.equal((await rig.service.view(again.donation.id)).state, 'pending');
});

test('a paid donation posted again goes to the status page, not to a second checkout', async (t) => {
  const { logger } = captureLogger();
  const checkout = createTestCheckout(ORIGIN);
  const rig = donationRig(tempDir(t), checkout, logger);
  t.after(() => rig.close());
  const first = await rig.service.start({ key: 'sid:again', form: donationForm(), locale: 'nl' });
  await checkout.complete(first.donation.paymentId!, 'paid');
  await rig.service.webhook(first.donation.paymentId!);
  const second = await rig.service.start({ key: 'sid:again', form: donationForm(), locale: 'nl' });
  assert.equal(second.checkoutUrl, `${ORIGIN}/doneren/bedankt?donatie=${first.donation.id}`);
  assert.equal(rig.delivered().length, 1);
});
