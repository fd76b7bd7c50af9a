// Which replica holds a donation. Each replica keeps its donations in its own SQLite (durable on
// its own volume); the shared store only says where: `donation-owner:<id>` and
// `payment-owner:<paymentId>` name the owner's internal address (REPLICA_URL). A replica that
// hears of a donation or payment it does not hold asks here, then asks the owner.
import type { SharedRecords } from '../../shared/records';

/** Longer than a payment stays open, a donor keeps a status link, or Mollie retries a webhook. */
export const OWNER_KEEP_MS = 90 * 24 * 60 * 60_000;

/** Covers a double click or a reload of the post, whose two posts may reach two replicas. */
export const FORM_KEEP_MS = 24 * 60 * 60_000;

export type DonationOwners = {
  /** This replica's internal address, as the others reach it. */
  readonly self: string;
  /** Says this replica holds the donation and its payment; fails when the shared store does not answer. */
  hold(donationId: string, paymentId: string | null): Promise<void>;
  /** Who takes this filled-in form (its idempotency key): this replica when it is the first. */
  forForm(key: string): Promise<string>;
  /** The owner's address, or null when no replica said it holds one; fails when the shared store does not answer. */
  ofDonation(id: string): Promise<string | null>;
  ofPayment(id: string): Promise<string | null>;
};

export function donationOwners(records: SharedRecords, self: string): DonationOwners {
  return {
    self,
    async hold(donationId, paymentId) {
      await records.set(`donation-owner:${donationId}`, self, OWNER_KEEP_MS);
      if (paymentId) await records.set(`payment-owner:${paymentId}`, self, OWNER_KEEP_MS);
    },
    async forForm(key) {
      const name = `donation-form:${key}`;
      if (await records.claim(name, self, FORM_KEEP_MS)) return self;
      return (await records.get(name)) ?? self;
    },
    ofDonation: (id) => records.get(`donation-owner:${id}`),
    ofPayment: (id) => records.get(`payment-owner:${id}`),
  };
}
