// What the donation status page shows, decided on the server from the stored donation and the
// payment provider, never from the address bar: the four texts of the content's
// donation-status block, and for a failed payment the form filled in again.
import { donationStates, type DonationState } from '../content/model/blocks/engagement';

export const DONATION_VIEW_STATES = donationStates;
export type DonationViewState = DonationState;

export type DonationView = {
  state: DonationViewState;
  /** How often the donor gives, for the thank-you line of a paid donation. */
  frequency?: 'once' | 'monthly' | 'yearly';
  /** In cents. */
  amountCents?: number;
  /** The form's values to try again with (a failed, canceled or expired payment). */
  retry?: Record<string, string>;
};
