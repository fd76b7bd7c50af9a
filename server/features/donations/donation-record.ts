// What a donation becomes outside the store: the record the content service gets, the answers
// as the mails show them, the form filled in again after a failed payment, and the date a
// subscription starts. Amounts stay whole cents until a person reads them.
import { DONATION_SUGGESTED_CENTS } from '../../../src/forms/constants';
import { centsToInput, formatEuro } from '../../../src/features/donations/money';
import type { Donation } from './donation-store';

/** The record the content service gets (collection `donations`); `submissionId` is added on delivery. */
export function deliveredRecord(d: Donation): Record<string, unknown> {
  return {
    amount: d.amountCents,
    currency: d.currency,
    frequency: d.frequency,
    firstname: d.donor.firstname,
    lastname: d.donor.lastname,
    email: d.donor.email,
    organisation: d.donor.organisation,
    newsletter: d.donor.newsletter,
    status: d.status,
    molliePaymentId: d.paymentId,
    mollieCustomerId: d.customerId,
    mollieSubscriptionId: d.subscriptionId,
    paidAt: d.paidAt,
  };
}

/** The answers as the mails show them: the amount in euros, not cents. */
export function mailData(d: Donation): Record<string, unknown> {
  return {
    firstname: d.donor.firstname,
    lastname: d.donor.lastname,
    email: d.donor.email,
    organisation: d.donor.organisation ?? undefined,
    amount: formatEuro(d.amountCents, d.locale),
    frequency: d.frequency,
    newsletter: d.donor.newsletter,
  };
}

/** The form filled in as it was, to try again. */
export function retryValues(d: Donation): Record<string, string> {
  const suggested = (DONATION_SUGGESTED_CENTS as readonly number[]).includes(d.amountCents);
  return {
    amount: suggested ? String(d.amountCents / 100) : 'other',
    amountOther: suggested ? '' : centsToInput(d.amountCents, d.locale),
    frequency: d.frequency,
    firstname: d.donor.firstname,
    lastname: d.donor.lastname,
    email: d.donor.email,
    donateAs: d.donor.organisation ? 'organisation' : 'person',
    organisation: d.donor.organisation ?? '',
    newsletter: d.donor.newsletter ? 'on' : '',
  };
}

/** `YYYY-MM-DD` plus whole months, on the last day of a shorter month (31 January + 1 = 28/29 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, dd] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(dd, last)).padStart(2, '0')}`;
}
