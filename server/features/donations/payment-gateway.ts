// What the donations need from a payment provider, in the provider's own terms (Mollie's):
// one-off and first payments, customers, mandates and subscriptions. Two implementations:
// Mollie itself (mollie-gateway.ts) and the built-in test checkout (test-checkout.ts), which
// behaves like Mollie's test mode on a machine without keys.

/** Mollie's payment statuses. `open`, `pending` and `authorized` may still change; the others are final. */
export const PAYMENT_STATUSES = ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'failed', 'canceled', 'expired'];

/** A payment as the provider knows it: the only source of its status. */
export type ProviderPayment = {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  customerId: string | null;
  mandateId: string | null;
  subscriptionId: string | null;
  /** ISO time the payment was paid, as the provider says. */
  paidAt: string | null;
  checkoutUrl: string | null;
  /** What we attached when creating it: our donation's id. */
  donationId: string | null;
};

export type NewPayment = {
  amountCents: number;
  description: string;
  redirectUrl: string;
  webhookUrl: string;
  locale: 'nl_NL' | 'en_GB';
  /** `first` creates a mandate for the customer's later payments. */
  sequenceType: 'oneoff' | 'first';
  customerId?: string;
  donationId: string;
  /** The same key gives the same payment: a double click or a retry pays once. */
  idempotencyKey: string;
};

export type NewSubscription = {
  customerId: string;
  mandateId: string | null;
  amountCents: number;
  interval: '1 month' | '12 months';
  /** YYYY-MM-DD: the first payment paid for the first period. */
  startDate: string;
  description: string;
  webhookUrl: string;
  donationId: string;
  idempotencyKey: string;
};

export type PaymentGateway = {
  /** `mollie` or `test`: in logs and on the status of the health check. */
  readonly kind: 'mollie' | 'test';
  /** The origin of the checkout pages, for the CSP's form-action: a form post is answered
   * with a redirect there. Null when the checkout is a page of this site. */
  readonly checkoutOrigin: string | null;
  createCustomer(input: { name: string; email: string; idempotencyKey: string }): Promise<{ id: string }>;
  createPayment(input: NewPayment): Promise<ProviderPayment>;
  /** Null when the provider has no such payment. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /** Whether the customer's mandate may be charged (`valid` or `pending`). */
  mandateUsable(customerId: string, mandateId: string): Promise<boolean>;
  createSubscription(input: NewSubscription): Promise<{ id: string }>;
};

/** Provider payment ids look like `tr_WDqYK6vllg`; anything else is not looked up at all. */
export const PAYMENT_ID = /^tr_[A-Za-z0-9]{4,40}$/;
