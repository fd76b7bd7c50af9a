// What the retention periods (retention.ts) remove from the store, one small batch at a time.
// Each step is a query over a partial index of the rows still holding personal data, and an
// update of at most `batchSize` of them in one short transaction; the caller (purge-worker.ts)
// lets requests run between batches.
//
// - Files of a delivered submission: at once, whatever the periods. The content service has
//   them (each upload's id was stored before the record was posted).
// - A delivered submission's answers: after `deliveredMs`; its receipt stays.
// - An undelivered submission (pending or failed) older than `undeliveredMaxMs`: answers and
//   files go, it is marked failed with a note saying so. A record claimed by a delivery under
//   way (its lease in the future) is left for the next run.
// - A sent mail's addresses and text: after `sentMailMs`; an unsent one at the hard bound.
// - A donation's donor: once settled and delivered, after `donationMs`; at the hard bound in
//   any case (a checkout abandoned before a payment existed never settles).
//
// Rows are updated before their files are deleted: a crash in between leaves files no record
// refers to, which the startup sweep (upload-sweep.ts) removes.
import { readdir, rm, rmdir } from 'node:fs/promises';
import { setImmediate as turn } from 'node:timers/promises';
import path from 'node:path';
import type { StoredFile } from './content-hash';
import type { Db } from './database';
import { inDays, type RetentionSettings } from './retention';

export const PURGE_BATCH = 100;

/** A donor with nothing left in it: the donations feature reads it as any other donor. */
export const EMPTY_DONOR = JSON.stringify({ firstname: '', lastname: '', email: '', organisation: null, newsletter: false });

export type PurgeCounts = {
  /** Submissions whose files were deleted (delivered ones, at once). */
  files: number;
  /** Delivered submissions reduced to their receipt. */
  submissions: number;
  /** Undelivered submissions past the hard bound. */
  expiredSubmissions: number;
  mails: number;
  expiredMails: number;
  donations: number;
};

/** Undelivered submissions and unsent mails past the warning age. */
export type Aging = { submissions: number; mails: number; oldestDays: number | null };

type IdFiles = { id: string; files: string };

export function createPurge(db: Db, options: { settings: RetentionSettings; uploadsDir: string; batchSize?: number }) {
  const { settings, uploadsDir } = options;
  const batch = options.batchSize ?? PURGE_BATCH;
  const expiredNote = `expired: not delivered within ${inDays(settings.undeliveredMaxMs)} days; its answers and files were removed`;

  const deliveredWithFiles = db.prepare<[number], IdFiles>("SELECT id, files FROM submissions WHERE files <> '[]' AND status = 'delivered' LIMIT ?");
  const dropFiles = db.prepare<[string]>("UPDATE submissions SET files = '[]' WHERE id = ? AND status = 'delivered'");
  const deliveredDue = db.prepare<[number, number], IdFiles>(
    "SELECT id, files FROM submissions WHERE status = 'delivered' AND purged_at IS NULL AND delivered_at <= ? LIMIT ?",
  );
  const receiptOnly = db.prepare<[number, string]>(
    "UPDATE submissions SET data = '{}', files = '[]', email_key = NULL, last_error = NULL, purged_at = ? WHERE id = ? AND status = 'delivered' AND purged_at IS NULL",
  );
  const undeliveredDue = db.prepare<[number, number, number], IdFiles>(
    "SELECT id, files FROM submissions WHERE status IN ('pending', 'failed') AND purged_at IS NULL AND created_at <= ? AND next_attempt_at <= ? LIMIT ?",
  );
  const expire = db.prepare<[string, number, string, number]>(
    `UPDATE submissions SET data = '{}', files = '[]', email_key = NULL, status = 'failed', uncertain = 0, last_error = ?, purged_at = ?
     WHERE id = ? AND status IN ('pending', 'failed') AND purged_at IS NULL AND next_attempt_at <= ?`,
  );
  const sentDue = db.prepare<[number, number], { id: string }>(
    "SELECT id FROM mail_outbox WHERE status = 'sent' AND purged_at IS NULL AND sent_at <= ? LIMIT ?",
  );
  const mailReceipt = db.prepare<[number, string]>(
    "UPDATE mail_outbox SET message = '{}', to_key = NULL, reply_to_key = NULL, last_error = NULL, purged_at = ? WHERE id = ? AND status = 'sent' AND purged_at IS NULL",
  );
  const unsentDue = db.prepare<[number, number, number], { id: string }>(
    "SELECT id FROM mail_outbox WHERE status IN ('pending', 'failed') AND purged_at IS NULL AND created_at <= ? AND next_attempt_at <= ? LIMIT ?",
  );
  const expireMail = db.prepare<[string, number, string, number]>(
    `UPDATE mail_outbox SET message = '{}', to_key = NULL, reply_to_key = NULL, status = 'failed', last_error = ?, purged_at = ?
     WHERE id = ? AND status IN ('pending', 'failed') AND purged_at IS NULL AND next_attempt_at <= ?`,
  );
  // Settled: the donation was handed on (`delivered_as`, set only for a final status) and the
  // content service has that record.
  const donationsDue = db.prepare<[number, number, number], { id: string }>(
    `SELECT d.id FROM donations d WHERE d.purged_at IS NULL AND (
       (d.updated_at <= ? AND d.delivered_as IS NOT NULL
         AND EXISTS (SELECT 1 FROM submissions s WHERE s.id = d.delivered_as AND s.status = 'delivered'))
       OR d.created_at <= ?) LIMIT ?`,
  );
  const dropDonor = db.prepare<[string, number, string]>('UPDATE donations SET donor = ?, donor_key = NULL, purged_at = ? WHERE id = ? AND purged_at IS NULL');

  const undeliveredAging = db.prepare<[number], { n: number; oldest: number | null }>(
    "SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM submissions WHERE status IN ('pending', 'failed') AND purged_at IS NULL AND created_at <= ?",
  );
  const unsentAging = db.prepare<[number], { n: number; oldest: number | null }>(
    "SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM mail_outbox WHERE status IN ('pending', 'failed') AND purged_at IS NULL AND created_at <= ?",
  );

  // A compaction that could not finish (a reader held an old snapshot) is tried again on the
  // next run, whether or not that run removes anything.
  let compactDue = false;

  /** Runs `update` for each row in one transaction; gives the rows it changed. */
  const updateEach = <T extends { id: string }>(rows: T[], update: (row: T) => number): T[] =>
    db.transaction(() => rows.filter((row) => update(row) === 1)).immediate();

  return {
    /** One batch of each step; `more` when a step found a full batch (run again soon). */
    async runBatch(now: number): Promise<{ counts: PurgeCounts; more: boolean }> {
      // Each step is one transaction (one sync to disk); requests waiting meanwhile go between steps.
      const withFiles = updateEach(deliveredWithFiles.all(batch), (row) => dropFiles.run(row.id).changes);
      await turn();
      const delivered = updateEach(deliveredDue.all(now - settings.deliveredMs, batch), (row) => receiptOnly.run(now, row.id).changes);
      await turn();
      const expired = updateEach(undeliveredDue.all(now - settings.undeliveredMaxMs, now, batch), (row) => expire.run(expiredNote, now, row.id, now).changes);
      await turn();
      const mails = updateEach(sentDue.all(now - settings.sentMailMs, batch), (row) => mailReceipt.run(now, row.id).changes);
      await turn();
      const expiredMails = updateEach(unsentDue.all(now - settings.undeliveredMaxMs, now, batch), (row) => expireMail.run(expiredNote, now, row.id, now).changes);
      await turn();
      const donations = updateEach(donationsDue.all(now - settings.donationMs, now - settings.undeliveredMaxMs, batch), (row) => dropDonor.run(EMPTY_DONOR, now, row.id).changes);
      await turn();
      await removeFiles(uploadsDir, [...withFiles, ...delivered, ...expired].flatMap((row) => JSON.parse(row.files) as StoredFile[]));
      const counts = {
        files: withFiles.length,
        submissions: delivered.length,
        expiredSubmissions: expired.length,
        mails: mails.length,
        expiredMails: expiredMails.length,
        donations: donations.length,
      };
      const more = [withFiles, delivered, expired, mails, expiredMails, donations].some((rows) => rows.length === batch);
      if (compactDue || Object.values(counts).some(Boolean)) {
        await turn();
        compactDue = !compact(db);
      }
      return { counts, more };
    },

    /** What is past the warning age and still waiting. */
    aging(now: number): Aging {
      const cutoff = now - settings.undeliveredWarnMs;
      const s = undeliveredAging.get(cutoff) ?? { n: 0, oldest: null };
      const m = unsentAging.get(cutoff) ?? { n: 0, oldest: null };
      const oldest = Math.min(s.oldest ?? Infinity, m.oldest ?? Infinity);
      return { submissions: s.n, mails: m.n, oldestDays: Number.isFinite(oldest) ? inDays(now - oldest) : null };
    },
  };
}

export type Purge = ReturnType<typeof createPurge>;

/**
 * Removed rows must leave the disk too: the write-ahead log still holds the pages as they were
 * until a checkpoint copies them back, so it is checkpointed and truncated, and the free pages
 * (zeroed by secure_delete) are handed back to the file system. A reader holding an old
 * snapshot (the operator command) makes the checkpoint give up: false, and the caller tries again.
 */
export function compact(db: Db): boolean {
  db.pragma('incremental_vacuum');
  const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
  return result?.busy === 0;
}

/**
 * Deletes stored files, found by their place under the uploads folder (`{post}/{field}-{n}`)
 * rather than the path stored with them: a record written with a relative DATA_DIR still
 * finds its file, and nothing outside the folder is ever touched. An emptied post folder goes too.
 */
export async function removeFiles(uploadsDir: string, files: readonly StoredFile[]): Promise<void> {
  const posts = new Set<string>();
  for (const file of files) {
    const post = path.basename(path.dirname(file.path));
    const name = path.basename(file.path);
    if ([post, name].some((part) => !part || part === '.' || part === '..')) continue;
    const at = path.join(uploadsDir, post, name);
    await rm(at, { force: true });
    posts.add(path.join(uploadsDir, post));
  }
  for (const dir of posts) {
    const left = await readdir(dir).catch(() => null);
    if (left && left.length === 0) await rmdir(dir).catch(() => undefined);
  }
}
