// The built-in test checkout: a payment provider in this process that behaves like Mollie's
// test mode, for a machine without Mollie keys (a fresh checkout, the tests). Payments,
// customers, mandates and subscriptions live in memory (a restart forgets them, as test data
// may), or with replicas in the shared store for a week, so the donor's choice and the webhook
// work on whichever replica they reach; the donor picks the outcome on a page of the site, which
// then calls the site's webhook with the payment's id, as Mollie would. Never in production
// unless asked for by name.
import { pathTo } from '../../../src/routing/path-to';
import { randomBytes } from 'node:crypto';
import type { NewPayment, PaymentGateway, PaymentStatus, ProviderPayment } from './payment-gateway';
import { jsonRecord, memoryRecords, type SharedRecords } from '../../shared/records';

/** The outcomes the test page offers, as Mollie's test mode does. */
export const TEST_OUTCOMES = ['paid', 'failed', 'canceled', 'expired', 'open'] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

type TestPayment = ProviderPayment & { description: string; redirectUrl: string; webhookUrl: string; locale: NewPayment['locale'] };

export type TestCheckout = PaymentGateway & {
  /** The payment as the test page shows it. */
  payment(id: string): Promise<TestPayment | undefined>;
  /** The donor's choice: an open payment takes the outcome (a paid first payment gets a mandate). */
  complete(id: string, outcome: TestOutcome, now?: Date): Promise<TestPayment | undefined>;
};

/** How long a test payment and what belongs to it are kept: time enough to come back from a
 * test checkout left open in a tab. */
export const TEST_CHECKOUT_KEEP_MS = 7 * 24 * 60 * 60_000;

type Customer = { id: string; name: string; email: string };
type Mandate = { id: string; customerId: string; status: 'valid' };
type Subscription = { id: string; customerId: string; amountCents: number; interval: string; startDate: string };
type Kinds = { payment: TestPayment; customer: Customer; mandate: Mandate; subscription: Subscription };

const newId = (prefix: string) => `${prefix}_test${randomBytes(8).toString('hex')}`;

/**
 * A hostname on this machine: the test checkout runs there whatever NODE_ENV says. Elsewhere in
 * production only with the explicit flag, so a live site without keys never fakes payments.
 */
export function testCheckoutAllowed(settings: { nodeEnv: string; publicOrigin: string; enabled: boolean }): boolean {
  if (settings.enabled || settings.nodeEnv !== 'production') return true;
  return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(settings.publicOrigin).hostname);
}

/** `records`: where payments and the rest are kept; this process's memory by default. */
export function createTestCheckout(publicOrigin: string, records: SharedRecords = memoryRecords()): TestCheckout {
  const key = (kind: string, id: string) => `test-checkout:${kind}:${id}`;
  const read = <K extends keyof Kinds>(kind: K, id: string) => jsonRecord.get<Kinds[K]>(records, key(kind, id));
  const write = <K extends keyof Kinds>(kind: K, value: Kinds[K]) => jsonRecord.set(records, key(kind, value.id), value, TEST_CHECKOUT_KEEP_MS);
  // Mollie answers a repeated idempotency key with the first answer. The record is written
  // before its key is claimed, so whoever loses the claim finds the winner's record.
  const once = async <K extends keyof Kinds>(idempotencyKey: string, kind: K, make: () => Kinds[K]): Promise<Kinds[K]> => {
    const byKey = key('key', `${kind}:${idempotencyKey}`);
    const known = await records.get(byKey);
    const found = known ? await read(kind, known) : null;
    if (found) return found;
    const made = make();
    await write(kind, made);
    if (await records.claim(byKey, made.id, TEST_CHECKOUT_KEEP_MS)) return made;
    const winner = await records.get(byKey);
    return (winner && (await read(kind, winner))) || made;
  };

  return {
    kind: 'test',
    checkoutOrigin: null,

    createCustomer: ({ name, email, idempotencyKey }) => once(idempotencyKey, 'customer', () => ({ id: newId('cst'), name, email })),

    async createPayment(input) {
      if (input.sequenceType === 'first' && !(input.customerId && (await read('customer', input.customerId)))) throw new Error('a first payment needs a known customer');
      return once(input.idempotencyKey, 'payment', (): TestPayment => {
        const id = newId('tr');
        return {
          id, status: 'open', amountCents: input.amountCents, currency: 'EUR', sequenceType: input.sequenceType,
          customerId: input.customerId ?? null, mandateId: null, subscriptionId: null, paidAt: null,
          checkoutUrl: `${publicOrigin}${pathTo('doneren-testbetaling', 'nl', { id })}`, donationId: input.donationId,
          description: input.description, redirectUrl: input.redirectUrl, webhookUrl: input.webhookUrl, locale: input.locale,
        };
      });
    },

    getPayment: (id) => read('payment', id),

    async mandateUsable(customerId, mandateId) {
      return (await read('mandate', mandateId))?.customerId === customerId;
    },

    async createSubscription(input) {
      if (!(await read('customer', input.customerId))) throw new Error('no such customer');
      return once(input.idempotencyKey, 'subscription', () => ({
        id: newId('sub'), customerId: input.customerId, amountCents: input.amountCents, interval: input.interval, startDate: input.startDate,
      }));
    },

    payment: async (id) => (await read('payment', id)) ?? undefined,

    // Read, changed and written back: the donor answers one test page once, so two replicas never
    // change one payment at the same moment.
    async complete(id, outcome, now = new Date()) {
      const payment = await read('payment', id);
      if (!payment) return undefined;
      if (payment.status !== 'open' || outcome === 'open') return payment;
      payment.status = outcome as PaymentStatus;
      if (outcome === 'paid') {
        payment.paidAt = now.toISOString();
        if (payment.sequenceType === 'first' && payment.customerId) {
          const mandate: Mandate = { id: newId('mdt'), customerId: payment.customerId, status: 'valid' };
          await write('mandate', mandate);
          payment.mandateId = mandate.id;
        }
      }
      await write('payment', payment);
      return payment;
    },
  };
}
