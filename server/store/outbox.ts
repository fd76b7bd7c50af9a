// Everything behind "Nothing lost", wired once for the server: the durable store, the
// submission delivery worker (only with a real content service: with the embedded snapshot
// there is nowhere to deliver to), the mailer and its worker (only with SMTP), and the purge
// that keeps personal data no longer than retention.ts says (always). An uploaded CV leaves the
// disk as soon as the content service has its record. Uploads waiting for a confirmation are
// written down in the store (waiting-uploads.ts); those whose question expired, and upload
// files that nothing refers to (a post cut off by a crash), are swept at startup and on the
// purge worker's schedule (upload-sweep.ts).
import path from 'node:path';
import type { Logger } from 'pino';
import { createFormMails, type FormMailInput, type FormMails } from '../mail/form-mails';
import { createMailer, type Mailer, type MailToQueue } from '../mail/mailer';
import type { DeliveryClient } from './content-delivery';
import { databasePath, openDatabase, type Db } from './database';
import { startDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from './delivery-worker';
import type { Backlog } from './backlog';
import { startPurgeWorker, type PurgeWorker } from './purge-worker';
import { DEFAULT_RETENTION, type RetentionSettings } from './retention';
import { createSubmissionStore, type NewSubmission, type SubmissionStore } from './submissions';
import { sweepUploads } from './upload-sweep';
import { createWaitingUploads, type WaitingUploads } from './waiting-uploads';

export type OutboxOptions = {
  dataDir: string;
  client: DeliveryClient;
  /** False with the embedded snapshot: submissions then wait in the store for the operator. */
  contentConfigured: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** Where form notifications go. */
  mailTo: string;
  logger: Logger;
  delivery?: Pick<DeliveryWorkerOptions, 'intervalMs' | 'maxBackoffMs' | 'baseBackoffMs'>;
  /** Files in `{dataDir}/uploads` nothing refers to are removed at startup and on the purge
   * worker's schedule once older than this (upload-sweep.ts; an hour when absent). */
  orphanGraceMs?: number;
  /** How long personal data is kept (RETENTION_* settings); retention.ts's defaults when absent. */
  retention?: RetentionSettings;
  /** The purge worker's (and so the upload sweep's) interval and clock (tests). */
  purge?: { intervalMs?: number; now?: () => number };
};

export type Outbox = {
  db: Db;
  /** `save` also wakes the delivery worker, so a new submission goes out right away. */
  submissions: SubmissionStore;
  mailer: Mailer;
  formMails: FormMails;
  /** What the form routes need: store the submission, then queue its mails. */
  sink: {
    save(input: NewSubmission): { id: string; duplicate: boolean };
    notify(input: FormMailInput): void;
    /** A mail to the visitor only, tied to no stored submission (the loneliness test's result). */
    queueMail(mail: MailToQueue): void;
    /** Uploads waiting for a confirmation, written down. */
    waiting: WaitingUploads;
  };
  delivery: DeliveryWorker | null;
  /** What waits to go out: submissions and mails (the metrics read it at each scrape). */
  backlog(): { submissions: Backlog; mails: Backlog };
  purge: PurgeWorker;
  /** Waits for a delivery or mail under way, then closes the database. */
  stop(): Promise<void>;
};

export function startOutbox(options: OutboxOptions): Outbox {
  const { logger } = options;
  const db = openDatabase(options.dataDir);
  const store = createSubmissionStore(db);
  const waiting = createWaitingUploads(db);
  const uploadsDir = path.join(options.dataDir, 'uploads');
  const sweep = (now: number, allWaiting = false) => sweepUploads(uploadsDir, { submissions: store, waiting }, { logger, graceMs: options.orphanGraceMs, now, allWaiting });
  // No process remembers a question asked before this start: its waiting uploads go now.
  sweep(options.purge?.now?.() ?? Date.now(), true);
  const released = store.releaseClaims(Date.now());
  if (released) logger.warn({ released }, 'submissions claimed by a previous process are retried now');
  const purge = startPurgeWorker({ db, settings: options.retention ?? DEFAULT_RETENTION, uploadsDir, logger, sweep, ...options.purge });
  const delivery = options.contentConfigured
    ? startDeliveryWorker({ store, client: options.client, logger, ...options.delivery, onDelivered: () => purge.kick() })
    : null;
  const submissions: SubmissionStore = {
    ...store,
    save(input, now) {
      const saved = store.save(input, now);
      if (!saved.duplicate) delivery?.kick();
      return saved;
    },
  };
  const mailer = createMailer({ db, smtpUrl: options.smtpUrl, from: options.mailFrom, logger, worker: { onSent: () => purge.kick() } });
  const formMails = createFormMails({ mailer, mailTo: options.mailTo });

  const counts = store.counts();
  const mails = mailer.outbox.counts();
  logger.info(
    {
      store: databasePath(options.dataDir),
      submissions: counts,
      mails,
      delivery: delivery ? 'content service' : 'kept in the store (no content service configured)',
      mail: mailer.worker ? 'smtp' : 'kept in the outbox (no SMTP configured)',
    },
    'outbox ready',
  );

  let stopping: Promise<void> | null = null;
  return {
    db,
    submissions,
    mailer,
    formMails,
    sink: { save: (input) => submissions.save(input), notify: (input) => formMails.notify(input), queueMail: (mail) => void mailer.queue(mail), waiting },
    delivery,
    backlog: () => ({ submissions: store.backlog(), mails: mailer.outbox.backlog() }),
    purge,
    stop() {
      stopping ??= (async () => {
        await Promise.all([delivery?.stop(), mailer.stop(), purge.stop()]);
        db.close();
      })();
      return stopping;
    },
  };
}
