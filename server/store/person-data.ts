// What the site's own store holds about one email address, and its erasure (the operator's
// `find`, `export` and `erase`; AVG articles 15 and 17). An address is matched by its key
// (src/forms/address-key.ts: trimmed, composed, lower case in every script), stored beside each
// address when it was written: the answers of a submission (`email`), the addresses of a mail
// (to, reply-to, or the submission it belongs to), a donation's donor, and the post of an
// upload waiting for a confirmation (waiting-uploads.ts).
//
// Erasure deletes the submissions and mails (a receipt would still be a trace of the person)
// and their files, and the waiting uploads; a donation keeps its payment id, status and amount, which the payment
// provider's webhook needs and the foundation's books refer to, and loses its donor. A
// submission being delivered at this moment is erased here but may still reach the content
// service: `inFlight` counts those, and erasing again after the delivery lease takes them there.
import type { Db } from './database';
import type { MailMessage } from '../mail/mail-outbox';
import { addressKey } from '../../src/forms/address-key';
import { compact, EMPTY_DONOR, removeFiles } from './purge';
import { createSubmissionStore, type RemoteFileId, type StoredFile, type Submission } from './submissions';
import { createWaitingUploads, type WaitingUpload } from './waiting-uploads';

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
  /** Uploads of this address's posts waiting for a confirmation (on this machine, in no submission yet). */
  waiting: WaitingUpload[];
  /** The content service's ids of files those submissions uploaded (an upload whose record
   * never arrived is in no entry there: this is the only way to it). */
  uploadedFileIds: RemoteFileId[];
};

/** `files` counts the waiting uploads too, `waiting` those alone. */
export type SiteErasure = { submissions: number; mails: number; donations: number; files: number; waiting: number; inFlight: number };

type DonationRow = {
  id: string; status: string; amount_cents: number; currency: string; frequency: string; payment_id: string | null; customer_id: string | null;
  subscription_id: string | null; paid_at: string | null; created_at: number; donor: string;
};
type MailRow = { id: string; kind: string; submission_id: string | null; status: string; created_at: number; sent_at: number | null; message: string };

export function createPersonData(db: Db) {
  const store = createSubmissionStore(db);
  const waitingUploads = createWaitingUploads(db);
  // By the keys' partial indexes. A purge empties a row's key with its address, so a purged
  // row is never found.
  const submissionIds = db.prepare<[string], { id: string }>('SELECT id FROM submissions WHERE email_key = ? ORDER BY created_at, rowid');
  const mailsOf = db.prepare<[string, string, string], MailRow>(
    `SELECT id, kind, submission_id, status, created_at, sent_at, message FROM mail_outbox
     WHERE purged_at IS NULL AND (to_key = ? OR reply_to_key = ? OR submission_id IN (SELECT id FROM submissions WHERE email_key = ?))
     ORDER BY created_at, rowid`,
  );
  const donationsOf = db.prepare<[string], DonationRow>('SELECT * FROM donations WHERE purged_at IS NULL AND donor_key = ? ORDER BY created_at, rowid');
  const deleteSubmission = db.prepare<[string]>('DELETE FROM submissions WHERE id = ?');
  const deleteMail = db.prepare<[string]>('DELETE FROM mail_outbox WHERE id = ?');
  const dropDonor = db.prepare<[string, number, string]>('UPDATE donations SET donor = ?, donor_key = NULL, purged_at = ? WHERE id = ?');

  const find = (email: string): SiteFindings => {
    const address = addressKey(email);
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
    return { submissions, mails, donations, files, waiting: waitingUploads.ofAddress(address), uploadedFileIds };
  };

  return {
    find,

    /** Removes everything `find` finds; a second run finds nothing and changes nothing. */
    async erase(email: string, options: { uploadsDir: string; now?: number }): Promise<SiteErasure> {
      const now = options.now ?? Date.now();
      const found = find(email);
      const inFlight = found.submissions.filter((s) => s.status === 'pending' && s.uncertain && s.nextAttemptAt > now).length;
      const waiting = found.waiting.map((w) => w.file);
      db.transaction(() => {
        for (const mail of found.mails) deleteMail.run(mail.id);
        for (const s of found.submissions) deleteSubmission.run(s.id);
        for (const d of found.donations) dropDonor.run(EMPTY_DONOR, now, d.id);
        waitingUploads.release(waiting);
      }).immediate();
      await removeFiles(options.uploadsDir, [...found.files, ...waiting]);
      compact(db);
      return {
        submissions: found.submissions.length, mails: found.mails.length, donations: found.donations.length,
        files: found.files.length + waiting.length, waiting: waiting.length, inFlight,
      };
    },
  };
}
