// Mollie through its official client. Amounts cross as Mollie's "12.50" strings made from and
// read back to whole cents; our donation id travels in the metadata; every create carries an
// idempotency key, so a retried or doubled request makes one payment, customer or subscription.
// `apiEndpoint` is the client's own option: the tests point it at a Mollie-shaped server.
import { createMollieClient, Locale, MollieApiError, PaymentMethod, SequenceType, type Payment } from '@mollie/api-client';
import { centsToDecimal, decimalToCents } from '../../../src/features/donations/money';
import { PAYMENT_STATUSES, type PaymentGateway, type PaymentStatus, type ProviderPayment } from './payment-gateway';

export type MollieSettings = {
  apiKey: string;
  /** Mollie's API root; the client's default (`https://api.mollie.com:443/v2/`) when absent. */
  apiEndpoint?: string;
  /** The payment methods offered, in this order; iDEAL first. */
  methods: readonly string[];
  /** Where Mollie's checkout pages live (the CSP's form-action). */
  checkoutOrigin: string;
};

const LOCALES = { nl_NL: Locale.nl_NL, en_GB: Locale.en_GB } as const;

export function createMollieGateway(settings: MollieSettings): PaymentGateway {
  const client = createMollieClient({ apiKey: settings.apiKey, ...(settings.apiEndpoint ? { apiEndpoint: settings.apiEndpoint } : {}) });
  const known = new Set<string>(Object.values(PaymentMethod));
  const methods = settings.methods.filter((m) => known.has(m)) as PaymentMethod[];
  const euro = (cents: number) => ({ currency: 'EUR', value: centsToDecimal(cents) });

  return {
    kind: 'mollie',
    checkoutOrigin: settings.checkoutOrigin,

    async createCustomer({ name, email, idempotencyKey }) {
      const customer = await client.customers.create({ name, email, idempotencyKey });
      return { id: customer.id };
    },

    async createPayment(input) {
      const payment = await client.payments.create({
        amount: euro(input.amountCents),
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        locale: LOCALES[input.locale],
        sequenceType: input.sequenceType === 'first' ? SequenceType.first : SequenceType.oneoff,
        ...(input.customerId ? { customerId: input.customerId } : {}),
        ...(methods.length ? { method: methods.length === 1 ? methods[0]! : methods } : {}),
        metadata: { donationId: input.donationId },
        idempotencyKey: input.idempotencyKey,
      });
      return fromMollie(payment);
    },

    async getPayment(id) {
      try {
        return fromMollie(await client.payments.get(id));
      } catch (err) {
        if (err instanceof MollieApiError && err.statusCode === 404) return null;
        throw err;
      }
    },

    async mandateUsable(customerId, mandateId) {
      const mandate = await client.customerMandates.get(mandateId, { customerId });
      return mandate.status === 'valid' || mandate.status === 'pending';
    },

    async createSubscription(input) {
      const subscription = await client.customerSubscriptions.create({
        customerId: input.customerId,
        ...(input.mandateId ? { mandateId: input.mandateId } : {}),
        amount: euro(input.amountCents),
        interval: input.interval,
        startDate: input.startDate,
        description: input.description,
        webhookUrl: input.webhookUrl,
        metadata: { donationId: input.donationId },
        idempotencyKey: input.idempotencyKey,
      } as Parameters<typeof client.customerSubscriptions.create>[0]);
      return { id: subscription.id };
    },
  };
}

function fromMollie(payment: Payment): ProviderPayment {
  const cents = decimalToCents(payment.amount.value);
  if (cents === null) throw new Error(`Mollie gave an amount that is not in cents: ${payment.amount.value}`);
  const status = payment.status as string;
  if (!(PAYMENT_STATUSES as readonly string[]).includes(status)) throw new Error(`Mollie gave an unknown payment status: ${status}`);
  const metadata = payment.metadata as { donationId?: unknown } | null | undefined;
  return {
    id: payment.id,
    status: status as PaymentStatus,
    amountCents: cents,
    currency: payment.amount.currency,
    sequenceType: payment.sequenceType as ProviderPayment['sequenceType'],
    customerId: payment.customerId ?? null,
    mandateId: payment.mandateId ?? null,
    subscriptionId: payment.subscriptionId ?? null,
    paidAt: payment.paidAt ?? null,
    checkoutUrl: payment.getCheckoutUrl() ?? null,
    donationId: typeof metadata?.donationId === 'string' ? metadata.donationId : null,
  };
}
