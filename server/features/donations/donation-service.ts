// A donation from form to settled record. `start` stores it, then asks the provider for a
// payment (and, for a monthly or yearly gift, a customer first); `webhook` hears only an id,
// asks the provider what became of that payment and moves the stored status forward; a paid
// first payment gets its subscription; a settled donation goes to the content service through
// the outbox (once: its key is the donation's id), and a paid one is mailed. `view` tells the
// status page the truth, asking the provider itself while the webhook has not come yet. The
// provider is asked through one shared lookup (payment-lookup.ts): however many webhooks and
// views arrive for a payment, a couple of calls at once and then one per few seconds.
import { DONATION_WEBHOOK_PATH } from '../../../src/routing/endpoints';
import { pathTo } from '../../../src/routing/path-to';
import type { Logger } from 'pino';
import type { Locale } from '../../../src/i18n/locale';
import { today } from '../../../src/forms/dates';
import type { DonationView } from '../../../src/routing/donation-view';
import type { DonationForm } from '../../../src/features/donations/forms/donation';
import type { FormSink } from '../../forms/form-post';
import { addMonths, deliveredRecord, mailData, retryValues } from './donation-record';
import { isFinal, type Donation, type DonationStore } from './donation-store';
import { PAYMENT_ID, type PaymentGateway, type ProviderPayment } from './payment-gateway';
import { createPaymentLookup, type PaymentLookupSettings } from './payment-lookup';
import { limitedLog } from '../../http/warn-limit';

export const DONATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type DonationServiceDeps = {
  store: DonationStore;
  gateway: PaymentGateway;
  sink: Pick<FormSink, 'save' | 'notify'>;
  publicOrigin: string;
  logger: Logger;
  now?: () => Date;
  /** How often the provider may be asked about one payment (payment-lookup.ts's defaults). */
  paymentLookup?: Partial<PaymentLookupSettings>;
  /** The clock (ms) of that pace, and its timer for the later look a flood of webhooks leaves;
   * default `performance.now()` and a timer that keeps no process alive. A test moves its own. */
  paceClock?: PaceClock;
};

export type PaceClock = { now(): number; setTimeout(fn: () => void, ms: number): unknown };

export type WebhookOutcome = 'updated' | 'unchanged' | 'unknown';
export type DonationService = ReturnType<typeof createDonationService>;
export type DonationStart = { key: string; form: DonationForm; locale: Locale };

/** What the form's hooks and the donation routes ask: of this replica's store, or with replicas
 * of whichever replica holds the donation (donation-replicas.ts). */
export type DonationActions = {
  start(input: DonationStart): Promise<{ checkoutUrl: string }>;
  webhook(paymentId: string): Promise<WebhookOutcome>;
  view(id: unknown): Promise<DonationView>;
};

const INTERVALS = { monthly: '1 month', yearly: '12 months' } as const;
const DESCRIPTIONS: Record<Donation['frequency'], Record<Locale, string>> = {
  once: { nl: 'Gift aan Stichting Join Us', en: 'Gift to Stichting Join Us' },
  monthly: { nl: 'Maandelijkse gift aan Stichting Join Us', en: 'Monthly gift to Stichting Join Us' },
  yearly: { nl: 'Jaarlijkse gift aan Stichting Join Us', en: 'Yearly gift to Stichting Join Us' },
};

export function createDonationService(deps: DonationServiceDeps) {
  const { store, gateway, sink, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const webhookUrl = `${deps.publicOrigin}${DONATION_WEBHOOK_PATH}`;
  const statusUrl = (d: Donation) => `${deps.publicOrigin}${pathTo('doneren-bedankt', d.locale, undefined, { donatie: d.id })}`;
  const recurring = (d: Donation) => d.frequency !== 'once';
  const lookup = createPaymentLookup((id) => gateway.getPayment(id), deps.paymentLookup, deps.paceClock?.now);
  const schedule = deps.paceClock?.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms).unref());
  // Lines anyone can cause per request (an id is in every checkout address): counted, not repeated.
  const limited = limitedLog(logger);

  // One thing at a time per donation in this process: a double click or two webhooks at once
  // wait for each other, then find the work done (and the provider's idempotency keys cover
  // a second process).
  const locks = new Map<string, Promise<unknown>>();
  function serial<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = locks.get(id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    locks.set(id, next);
    void next.catch(() => undefined).finally(() => locks.get(id) === next && locks.delete(id));
    return next;
  }

  async function ensurePayment(donation: Donation): Promise<Donation> {
    let d = store.get(donation.id)!;
    if (d.paymentId) return d;
    const name = `${d.donor.firstname} ${d.donor.lastname}`;
    if (recurring(d) && !d.customerId) {
      const customer = await gateway.createCustomer({ name, email: d.donor.email, idempotencyKey: `customer-${d.id}` });
      d = store.setCustomer(d.id, customer.id);
    }
    const payment = await gateway.createPayment({
      amountCents: d.amountCents,
      description: DESCRIPTIONS[d.frequency][d.locale],
      redirectUrl: statusUrl(d),
      webhookUrl,
      locale: d.locale === 'en' ? 'en_GB' : 'nl_NL',
      sequenceType: recurring(d) ? 'first' : 'oneoff',
      customerId: d.customerId ?? undefined,
      donationId: d.id,
      idempotencyKey: `payment-${d.id}`,
    });
    d = store.setPayment(d.id, payment.id, payment.checkoutUrl);
    logger.info({ donation: d.id, payment: payment.id, frequency: d.frequency, amountCents: d.amountCents, gateway: gateway.kind }, 'donation payment created');
    return d;
  }

  async function ensureSubscription(d: Donation): Promise<Donation> {
    if (!d.customerId) {
      logger.error({ donation: d.id }, 'paid first payment without a customer: no subscription made');
      return d;
    }
    try {
      if (d.mandateId && !(await gateway.mandateUsable(d.customerId, d.mandateId))) {
        logger.error({ donation: d.id, mandate: d.mandateId }, 'mandate of a paid first payment is not usable: no subscription made');
        return d;
      }
      const months = d.frequency === 'yearly' ? 12 : 1;
      const subscription = await gateway.createSubscription({
        customerId: d.customerId,
        mandateId: d.mandateId,
        amountCents: d.amountCents,
        interval: INTERVALS[d.frequency as 'monthly' | 'yearly'],
        // The first payment paid for the first period; the subscription takes over after it.
        startDate: addMonths(today(now()), months),
        description: DESCRIPTIONS[d.frequency][d.locale],
        webhookUrl,
        donationId: d.id,
        idempotencyKey: `subscription-${d.id}`,
      });
      logger.info({ donation: d.id, subscription: subscription.id }, 'donation subscription created');
      return store.setSubscription(d.id, subscription.id);
    } catch (err) {
      // Tried again on the next webhook or status-page visit for this donation.
      logger.error({ err, donation: d.id }, 'subscription could not be created; will try again');
      return d;
    }
  }

  /** Hands a settled donation to the content service (once) and mails a paid one. */
  function deliver(d: Donation): void {
    const saved = sink.save({ form: 'donation', collection: 'donations', data: deliveredRecord(d), files: [], idempotencyKey: `donation-${d.id}`, dedupe: 'key-only' });
    store.setDelivered(d.id, saved.id);
    // The mail outbox keeps one mail per kind and submission: a replay mails nobody twice.
    if (d.status === 'paid') sink.notify({ form: 'donation', id: saved.id, data: mailData(d), locale: d.locale, confirm: true });
    logger.info({ donation: d.id, submission: saved.id, status: d.status, duplicate: saved.duplicate }, 'donation settled');
  }

  /** What follows from the provider's word on one payment of this donation. */
  async function settle(donation: Donation, payment: ProviderPayment): Promise<WebhookOutcome> {
    if (payment.amountCents !== donation.amountCents || (payment.donationId && payment.donationId !== donation.id)) {
      logger.error({ donation: donation.id, payment: payment.id }, 'payment does not match its donation: status not taken over');
      return 'unchanged';
    }
    const { changed, donation: advanced } = store.advance(donation.id, payment.status, { mandateId: payment.mandateId, paidAt: payment.paidAt });
    let d = advanced ?? donation;
    if (changed) logger.info({ donation: d.id, payment: payment.id, status: d.status }, 'donation status changed');
    // Also when nothing changed: a replay finishes what a failure left undone.
    if (d.status === 'paid' && recurring(d) && !d.subscriptionId) d = await ensureSubscription(d);
    const complete = d.status !== 'paid' || !recurring(d) || d.subscriptionId !== null;
    if (isFinal(d.status) && !d.deliveredAs && complete) deliver(d);
    return changed ? 'updated' : 'unchanged';
  }

  /**
   * What the webhook that arrived at `since` (the lookup's clock) means. When the provider was
   * asked before it came and may not be asked again yet, the answer so far is used and the
   * payment looked at once more as soon as it may: a real change of status is never lost in a
   * flood of webhooks for the same id.
   */
  async function webhook(paymentId: string, since: number): Promise<WebhookOutcome> {
    const donation = PAYMENT_ID.test(paymentId) ? store.byPayment(paymentId) : undefined;
    if (!donation) {
      // A subscription's later payments come here too; they are the provider's to keep.
      limited.warn({ payment: paymentId.slice(0, 64) }, 'webhook for a payment of no donation here; ignored');
      return 'unknown';
    }
    return serial(donation.id, async () => {
      const { payment, current } = await lookup.get(paymentId, since);
      if (!current) lookAgain(paymentId, since);
      if (!payment) {
        limited.warn({ donation: donation.id, payment: paymentId }, 'webhook for a payment the provider does not know; ignored');
        return 'unknown';
      }
      return settle(store.get(donation.id)!, payment);
    });
  }

  // One later look per payment, covering every webhook that came before it.
  const later = new Map<string, { since: number }>();
  function lookAgain(paymentId: string, since: number): void {
    const waiting = later.get(paymentId);
    if (waiting) return void (waiting.since = Math.max(waiting.since, since));
    const entry = { since };
    later.set(paymentId, entry);
    schedule(() => {
      later.delete(paymentId);
      webhook(paymentId, entry.since).catch((err: unknown) => limited.error({ err, payment: paymentId }, 'payment could not be looked at again; the next webhook or status-page visit will'));
    }, lookup.retryInMs(paymentId) + 1);
  }

  return {
    /** Stores the donation (or finds the one this key made) and gives the page to send the visitor to. */
    async start(input: DonationStart): Promise<{ donation: Donation; checkoutUrl: string }> {
      const { form } = input;
      const organisation = form.organisation ?? null;
      const { donation, created } = store.create({
        idempotencyKey: input.key,
        donor: { firstname: form.firstname, lastname: form.lastname, email: form.email, organisation, newsletter: form.newsletter },
        amountCents: form.amountCents,
        frequency: form.frequency,
        locale: input.locale,
      });
      if (!created) logger.info({ donation: donation.id }, 'donation posted again: the same donation');
      const d = await serial(donation.id, () => ensurePayment(donation));
      // Paid or given up already: the status page says so, no second checkout.
      const checkoutUrl = d.status === 'open' && d.checkoutUrl ? d.checkoutUrl : statusUrl(d);
      return { donation: d, checkoutUrl };
    },

    /** The provider's word that a payment changed. Only the id is read; the rest is asked of the provider. */
    webhook: (paymentId: string) => webhook(paymentId, lookup.now()),

    /** The status page's answer for this donation id (from the store, refreshed from the provider). */
    async view(id: unknown): Promise<DonationView> {
      const found = typeof id === 'string' && DONATION_ID.test(id) ? store.get(id) : undefined;
      if (!found) return { state: 'not-found' };
      let d = found;
      if (d.paymentId && (!isFinal(d.status) || (!d.deliveredAs && d.status !== 'created'))) {
        const paymentId = d.paymentId;
        try {
          await serial(d.id, async () => {
            const { payment } = await lookup.get(paymentId);
            if (payment) await settle(store.get(d.id)!, payment);
          });
        } catch (err) {
          limited.warn({ err, donation: d.id }, 'payment status could not be asked; showing the stored one');
        }
        d = store.get(d.id)!;
      }
      if (d.status === 'paid') return { state: 'paid', frequency: d.frequency, amountCents: d.amountCents };
      // Final without payment, or no payment ever made (the provider was down): try again.
      if (isFinal(d.status) || !d.paymentId) return { state: 'failed', retry: retryValues(d) };
      return { state: 'pending', frequency: d.frequency, amountCents: d.amountCents };
    },

    statusUrl,
  };
}
