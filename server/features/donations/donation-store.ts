// Donations in the durable store. Written before the visitor leaves for the checkout, found
// again by the idempotency key of the filled-in form (a double click is one donation), and
// moved forward only by what the payment provider says: a final status (paid, failed,
// canceled, expired) never changes again, so a replayed or late webhook changes nothing. The
// donor's address is stored with its key (src/forms/address-key.ts), by which an erasure finds it.
import { randomUUID } from 'node:crypto';
import { addressKeyOf } from '../../../src/forms/address-key';
import type { Db } from '../../store/database';
import type { DonationFrequency } from '../../../src/features/donations/forms/donation';
import type { Locale } from '../../../src/i18n/locale';
import { FINAL_PAYMENT_STATUSES, type PaymentStatus } from './payment-gateway';

export type DonationStatus = 'created' | PaymentStatus;

/** Who gives; personal data, kept only here and in the delivered record. The store's purge
 * (server/store/purge.ts) empties every field once the donation is settled and delivered and
 * its period is over: a donor with empty names and address, never a missing one. */
export type Donor = { firstname: string; lastname: string; email: string; organisation: string | null; newsletter: boolean };

export type Donation = {
  id: string;
  idempotencyKey: string;
  donor: Donor;
  amountCents: number;
  currency: 'EUR';
  frequency: DonationFrequency;
  locale: Locale;
  status: DonationStatus;
  paymentId: string | null;
  checkoutUrl: string | null;
  customerId: string | null;
  mandateId: string | null;
  subscriptionId: string | null;
  paidAt: string | null;
  /** The submission that carries the settled donation to the content service. */
  deliveredAs: string | null;
  createdAt: number;
  updatedAt: number;
  /** When the donor's details were removed (retention). */
  purgedAt: number | null;
};

export type NewDonation = Pick<Donation, 'idempotencyKey' | 'donor' | 'amountCents' | 'frequency' | 'locale'>;

/** How far a status is along: a status only moves to a later rank. */
const RANK: Record<DonationStatus, number> = { created: 0, open: 1, pending: 2, authorized: 3, paid: 4, failed: 4, canceled: 4, expired: 4 };

export function isFinal(status: DonationStatus): boolean {
  return (FINAL_PAYMENT_STATUSES as readonly string[]).includes(status);
}

type Row = {
  id: string; idempotency_key: string; donor: string; amount_cents: number; currency: 'EUR'; frequency: DonationFrequency; locale: Locale;
  status: DonationStatus; payment_id: string | null; checkout_url: string | null; customer_id: string | null; mandate_id: string | null;
  subscription_id: string | null; paid_at: string | null; delivered_as: string | null; created_at: number; updated_at: number;
  purged_at: number | null;
};

function fromRow(row: Row): Donation {
  return {
    id: row.id, idempotencyKey: row.idempotency_key, donor: JSON.parse(row.donor) as Donor, amountCents: row.amount_cents,
    currency: row.currency, frequency: row.frequency, locale: row.locale, status: row.status, paymentId: row.payment_id,
    checkoutUrl: row.checkout_url, customerId: row.customer_id, mandateId: row.mandate_id, subscriptionId: row.subscription_id,
    paidAt: row.paid_at, deliveredAs: row.delivered_as, createdAt: row.created_at, updatedAt: row.updated_at,
    purgedAt: row.purged_at,
  };
}

export type DonationStore = ReturnType<typeof createDonationStore>;

export function createDonationStore(db: Db) {
  const byId = db.prepare<[string], Row>('SELECT * FROM donations WHERE id = ?');
  const byKey = db.prepare<[string], Row>('SELECT * FROM donations WHERE idempotency_key = ?');
  const byPayment = db.prepare<[string], Row>('SELECT * FROM donations WHERE payment_id = ?');
  const insert = db.prepare(
    `INSERT INTO donations (id, idempotency_key, donor, donor_key, amount_cents, frequency, locale, created_at, updated_at)
     VALUES (@id, @key, @donor, @donorKey, @amountCents, @frequency, @locale, @now, @now)`,
  );
  const setCustomer = db.prepare<[string, number, string]>('UPDATE donations SET customer_id = ?, updated_at = ? WHERE id = ? AND customer_id IS NULL');
  const setPayment = db.prepare<[string, string | null, number, string]>(
    "UPDATE donations SET payment_id = ?, checkout_url = ?, status = CASE status WHEN 'created' THEN 'open' ELSE status END, updated_at = ? WHERE id = ? AND payment_id IS NULL",
  );
  const setStatus = db.prepare<[DonationStatus, string | null, string | null, number, string]>(
    'UPDATE donations SET status = ?, mandate_id = COALESCE(mandate_id, ?), paid_at = COALESCE(paid_at, ?), updated_at = ? WHERE id = ?',
  );
  const setSubscription = db.prepare<[string, number, string]>('UPDATE donations SET subscription_id = ?, updated_at = ? WHERE id = ? AND subscription_id IS NULL');
  const setDelivered = db.prepare<[string, number, string]>('UPDATE donations SET delivered_as = ?, updated_at = ? WHERE id = ? AND delivered_as IS NULL');

  const create = db.transaction((input: NewDonation, now: number) => {
    const existing = byKey.get(input.idempotencyKey);
    if (existing) return { donation: fromRow(existing), created: false };
    const id = randomUUID();
    insert.run({ id, key: input.idempotencyKey, donor: JSON.stringify(input.donor), donorKey: addressKeyOf(input.donor.email), amountCents: input.amountCents, frequency: input.frequency, locale: input.locale, now });
    return { donation: fromRow(byId.get(id)!), created: true };
  });

  // Read and write in one transaction: two webhooks at once cannot both move it.
  const advance = db.transaction((id: string, status: DonationStatus, extra: { mandateId?: string | null; paidAt?: string | null }, now: number) => {
    const row = byId.get(id);
    if (!row) return { changed: false, donation: undefined };
    if (RANK[status] <= RANK[row.status]) return { changed: false, donation: fromRow(row) };
    setStatus.run(status, extra.mandateId ?? null, status === 'paid' ? (extra.paidAt ?? null) : null, now, id);
    return { changed: true, donation: fromRow(byId.get(id)!) };
  });

  const get = (id: string) => {
    const row = byId.get(id);
    return row && fromRow(row);
  };

  return {
    /** The donation of this filled-in form: the existing one for a key seen before. */
    create: (input: NewDonation, now = Date.now()) => create.immediate(input, now),
    get,
    byPayment(paymentId: string): Donation | undefined {
      const row = byPayment.get(paymentId);
      return row && fromRow(row);
    },
    setCustomer(id: string, customerId: string, now = Date.now()) {
      setCustomer.run(customerId, now, id);
      return get(id)!;
    },
    /** The payment made for it; the first one stays (a second create with the same key gets the same payment). */
    setPayment(id: string, paymentId: string, checkoutUrl: string | null, now = Date.now()) {
      setPayment.run(paymentId, checkoutUrl, now, id);
      return get(id)!;
    },
    /** Moves the status forward; a status at or before the current one changes nothing. */
    advance: (id: string, status: DonationStatus, extra: { mandateId?: string | null; paidAt?: string | null } = {}, now = Date.now()) =>
      advance.immediate(id, status, extra, now),
    setSubscription(id: string, subscriptionId: string, now = Date.now()) {
      setSubscription.run(subscriptionId, now, id);
      return get(id)!;
    },
    setDelivered(id: string, submissionId: string, now = Date.now()) {
      return setDelivered.run(submissionId, now, id).changes === 1;
    },
  };
}
