// The built-in test checkout: a payment provider in this process that behaves like Mollie's
// test mode, for a machine without Mollie keys (a fresh checkout, the tests). Payments,
// customers, mandates and subscriptions live in memory (a restart forgets them, as test data
// may); the donor picks the outcome on a page of the site, which then calls the site's webhook
// with the payment's id, as Mollie would. Never in production unless asked for by name.
import { pathTo } from '../../../src/routing/path-to';
import { randomBytes } from 'node:crypto';
import type { NewPayment, PaymentGateway, PaymentStatus, ProviderPayment } from './payment-gateway';

/** The outcomes the test page offers, as Mollie's test mode does. */
export const TEST_OUTCOMES = ['paid', 'failed', 'canceled', 'expired', 'open'] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

type TestPayment = ProviderPayment & { description: string; redirectUrl: string; webhookUrl: string; locale: NewPayment['locale'] };

export type TestCheckout = PaymentGateway & {
  /** The payment as the test page shows it. */
  payment(id: string): TestPayment | undefined;
  /** The donor's choice: an open payment takes the outcome (a paid first payment gets a mandate). */
  complete(id: string, outcome: TestOutcome, now?: Date): TestPayment | undefined;
};

const newId = (prefix: string) => `${prefix}_test${randomBytes(8).toString('hex')}`;

/**
 * A hostname on this machine: the test checkout runs there whatever NODE_ENV says. Elsewhere in
 * production only with the explicit flag, so a live site without keys never fakes payments.
 */
export function testCheckoutAllowed(settings: { nodeEnv: string; publicOrigin: string; enabled: boolean }): boolean {
  if (settings.enabled || settings.nodeEnv !== 'production') return true;
  return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(settings.publicOrigin).hostname);
}

export function createTestCheckout(publicOrigin: string): TestCheckout {
  const payments = new Map<string, TestPayment>();
  const customers = new Map<string, { id: string; name: string; email: string }>();
  const mandates = new Map<string, { id: string; customerId: string; status: 'valid' }>();
  const subscriptions = new Map<string, { id: string; customerId: string; amountCents: number; interval: string; startDate: string }>();
  // Mollie answers a repeated idempotency key with the first answer.
  const byKey = new Map<string, string>();
  const once = <T extends { id: string }>(key: string, store: Map<string, T>, make: () => T): T => {
    const known = byKey.get(key);
    if (known && store.has(known)) return store.get(known)!;
    const made = make();
    store.set(made.id, made);
    byKey.set(key, made.id);
    return made;
  };

  return {
    kind: 'test',
    checkoutOrigin: null,

    async createCustomer({ name, email, idempotencyKey }) {
      return once(`customer:${idempotencyKey}`, customers, () => ({ id: newId('cst'), name, email }));
    },

    async createPayment(input) {
      if (input.sequenceType === 'first' && !(input.customerId && customers.has(input.customerId))) throw new Error('a first payment needs a known customer');
      return once(`payment:${input.idempotencyKey}`, payments, (): TestPayment => {
        const id = newId('tr');
        return {
          id, status: 'open', amountCents: input.amountCents, currency: 'EUR', sequenceType: input.sequenceType,
          customerId: input.customerId ?? null, mandateId: null, subscriptionId: null, paidAt: null,
          checkoutUrl: `${publicOrigin}${pathTo('doneren-testbetaling', 'nl', { id })}`, donationId: input.donationId,
          description: input.description, redirectUrl: input.redirectUrl, webhookUrl: input.webhookUrl, locale: input.locale,
        };
      });
    },

    async getPayment(id) {
      const payment = payments.get(id);
      return payment ? { ...payment } : null;
    },

    async mandateUsable(customerId, mandateId) {
      return mandates.get(mandateId)?.customerId === customerId;
    },

    async createSubscription(input) {
      if (!customers.has(input.customerId)) throw new Error('no such customer');
      return once(`subscription:${input.idempotencyKey}`, subscriptions, () => ({
        id: newId('sub'), customerId: input.customerId, amountCents: input.amountCents, interval: input.interval, startDate: input.startDate,
      }));
    },

    payment: (id) => payments.get(id),

    complete(id, outcome, now = new Date()) {
      const payment = payments.get(id);
      if (!payment || payment.status !== 'open' || outcome === 'open') return payment;
      payment.status = outcome as PaymentStatus;
      if (outcome === 'paid') {
        payment.paidAt = now.toISOString();
        if (payment.sequenceType === 'first' && payment.customerId) {
          const mandate = { id: newId('mdt'), customerId: payment.customerId, status: 'valid' as const };
          mandates.set(mandate.id, mandate);
          payment.mandateId = mandate.id;
        }
      }
      return payment;
    },
  };
}
