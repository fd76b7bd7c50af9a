// A donation service over a real store file, with the real outbox pieces behind it (the
// submissions store, the mail outbox), for any payment gateway.
import type { Logger } from 'pino';
import { createDonationService, type DonationServiceDeps } from '../../../server/features/donations/donation-service';
import { createDonationStore } from '../../../server/features/donations/donation-store';
import type { PaymentGateway } from '../../../server/features/donations/payment-gateway';
import { createFormMails } from '../../../server/mail/form-mails';
import { createMailer } from '../../../server/mail/mailer';
import { openDatabase } from '../../../server/store/database';
import { createSubmissionStore } from '../../../server/store/submissions';
import { validateForm } from '../../../src/forms/validate';
import { donationSchema, type DonationForm } from '../../../src/features/donations/forms/donation';

export const ORIGIN = 'https://www.stichtingjoinus.example';

export function donationRig(dir: string, gateway: PaymentGateway, logger: Logger, options: Pick<DonationServiceDeps, 'paymentLookup' | 'paceClock'> = {}) {
  const db = openDatabase(dir);
  const submissions = createSubmissionStore(db);
  const mailer = createMailer({ db, from: 'site@example.org', logger });
  const formMails = createFormMails({ mailer, mailTo: 'info@example.org' });
  const store = createDonationStore(db);
  const sink = { save: submissions.save, notify: formMails.notify };
  const service = createDonationService({ store, gateway, sink, publicOrigin: ORIGIN, logger, ...options });
  return {
    db, store, service, submissions, mailer,
    delivered: () => submissions.list({ form: 'donation' }),
    mails: () => mailer.outbox.list(),
    close: () => db.close(),
  };
}

/** A valid donation form as the schema gives it. */
export function donationForm(overrides: Record<string, string> = {}): DonationForm {
  const input = { firstname: 'Eva', lastname: 'Smit', email: 'eva@example.nl', amount: '25', frequency: 'once', terms: 'on', ...overrides };
  const result = validateForm(donationSchema('nl'), input, 'nl');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}
