// What the site's own store holds about one email address, and its erasure (the operator's
// `find`, `export` and `erase`; AVG articles 15 and 17). An address is matched trimmed and
// without regard to case, in the answers of a submission (`email`), the addresses of a mail
// (to, reply-to, or the submission it belongs to) and a donation's donor.
//
// Erasure deletes the submissions and mails (a receipt would still be a trace of the person)
// and their files; a donation keeps its payment id, status and amount, which the payment
// provider's webhook needs and the foundation's books refer to, and loses its donor. A
// submission being delivered at this moment is erased here but may still reach the content
// service: `inFlight` counts those, and erasing again after the delivery lease takes them there.
import type { Db } from './database';
import type { MailMessage } from '../mail/mail-outbox';
import { compact, EMPTY_DONOR, removeFiles } from './purge';
import { createSubmissionStore, type RemoteFileId, type StoredFile, type Submission } from './submissions';

export type PersonMail = { id: string; kind: string; submissionId: string | null; status: string; createdAt: number; sentAt: number | null; message: MailMessage };
export type PersonDonation = {
  id: string; status: string; amountCents: number; currency: string; frequency: string; paymentId: string | null; customerId: string | null;
  subscriptionId: string | null; paidAt: string | null; createdAt: number; donor: Record<string, unknown>;
};
export type PersonFile = StoredFile & { submission: string };

export type SiteFindings = {
  submissions: Submission[];
  mails: PersonMail[];
  donations: PersonDonation[];
  /** Files of those submissions still on this machine. */
  files: PersonFile[];
  /** The content service's ids of files those submissions uploaded (an upload whose record
   * never arrived is in no entry there: this is the only way to it). */
  uploadedFileIds: RemoteFileId[];
};

export type SiteErasure = { submissions: number; mails: number; donations: number; files: number; inFlight: number };

/** The form of an address used for matching. */
export const normalAddress = (email: string) => email.trim().toLowerCase();

type DonationRow = {
  id: string; status: string; amount_cents: number; currency: string; frequency: string; payment_id: string | null; customer_id: string | null;
  subscription_id: string | null; paid_at: string | null; created_at: number; donor: string;
};
type MailRow = { id: string; kind: string; submission_id: string | null; status: string; created_at: number; sent_at: number | null; message: string };

export function createPersonData(db: Db) {
  const store = createSubmissionStore(db);
  // json_extract on every row: an operator's question, asked a few times a year, over a store
  // the retention keeps small. A purged row's '{}' has no email, so it is never found.
  const submissionIds = db.prepare<[string], { id: string }>(
    "SELECT id FROM submissions WHERE lower(trim(json_extract(data, '$.email'))) = ? ORDER BY created_at, rowid",
  );
  const mailsOf = db.prepare<[string, string, string], MailRow>(
    `SELECT id, kind, submission_id, status, created_at, sent_at, message FROM mail_outbox
     WHERE purged_at IS NULL AND (lower(trim(json_extract(message, '$.to'))) = ? OR lower(trim(json_extract(message, '$.replyTo'))) = ?
       OR submission_id IN (SELECT id FROM submissions WHERE lower(trim(json_extract(data, '$.email'))) = ?))
     ORDER BY created_at, rowid`,
  );
  const donationsOf = db.prepare<[string], DonationRow>(
    "SELECT * FROM donations WHERE purged_at IS NULL AND lower(trim(json_extract(donor, '$.email'))) = ? ORDER BY created_at, rowid",
  );
  const deleteSubmission = db.prepare<[string]>('DELETE FROM submissions WHERE id = ?');
  const deleteMail = db.prepare<[string]>('DELETE FROM mail_outbox WHERE id = ?');
  const dropDonor = db.prepare<[string, number, string]>('UPDATE donations SET donor = ?, purged_at = ? WHERE id = ?');

  const find = (email: string): SiteFindings => {
    const address = normalAddress(email);
    const submissions = submissionIds.all(address).map((row) => store.get(row.id)!).filter(Boolean);
    const mails = mailsOf.all(address, address, address).map((row) => ({
      id: row.id, kind: row.kind, submissionId: row.submission_id, status: row.status, createdAt: row.created_at, sentAt: row.sent_at,
      message: JSON.parse(row.message) as MailMessage,
    }));
    const donations = donationsOf.all(address).map((row) => ({
      id: row.id, status: row.status, amountCents: row.amount_cents, currency: row.currency, frequency: row.frequency, paymentId: row.payment_id,
      customerId: row.customer_id, subscriptionId: row.subscription_id, paidAt: row.paid_at, createdAt: row.created_at,
      donor: JSON.parse(row.donor) as Record<string, unknown>,
    }));
    const files = submissions.flatMap((s) => s.files.map((file) => ({ ...file, submission: s.id })));
    const uploadedFileIds = submissions.flatMap((s) => Object.values(s.uploads));
    return { submissions, mails, donations, files, uploadedFileIds };
  };

  return {
    find,

    /** Removes everything `find` finds; a second run finds nothing and changes nothing. */
    async erase(email: string, options: { uploadsDir: string; now?: number }): Promise<SiteErasure> {
      const now = options.now ?? Date.now();
      const found = find(email);
      const inFlight = found.submissions.filter((s) => s.status === 'pending' && s.uncertain && s.nextAttemptAt > now).length;
      db.transaction(() => {
        for (const mail of found.mails) deleteMail.run(mail.id);
        for (const s of found.submissions) deleteSubmission.run(s.id);
        for (const d of found.donations) dropDonor.run(EMPTY_DONOR, now, d.id);
      }).immediate();
      await removeFiles(options.uploadsDir, found.files);
      compact(db);
      return { submissions: found.submissions.length, mails: found.mails.length, donations: found.donations.length, files: found.files.length, inFlight };
    },
  };
}
