// The one way the site sends mail: `queue` writes it to the durable outbox (synchronously,
// before the visitor hears "sent"), and the mail worker sends it when SMTP is configured.
// Without SMTP the mail stays in the outbox and one log line says so.
import type { Logger } from 'pino';
import type { Db } from '../store/database';
import { createMailOutbox, type MailMessage, type MailOutbox } from './mail-outbox';
import { startMailWorker, type MailWorker, type MailWorkerOptions } from './mail-worker';

export type MailToQueue = MailMessage & {
  /** `{form}.notification`, `{form}.confirmation`, ...: named in logs instead of the address. */
  kind: string;
  /** The submission the mail is about; a second queue of the same kind for it is ignored. */
  submissionId?: string;
};

export type Mailer = {
  queue(mail: MailToQueue): string;
  outbox: MailOutbox;
  /** Null without SMTP. */
  worker: MailWorker | null;
  stop(): Promise<void>;
};

type WorkerTuning = Pick<MailWorkerOptions, 'intervalMs' | 'baseBackoffMs' | 'maxBackoffMs' | 'now' | 'random' | 'onSent'>;

export function createMailer(options: { db: Db; smtpUrl?: string; from: string; logger: Logger; worker?: WorkerTuning }): Mailer {
  const { db, smtpUrl, from, logger } = options;
  const outbox = createMailOutbox(db);
  const now = options.worker?.now ?? Date.now;
  const worker = smtpUrl ? startMailWorker({ outbox, smtpUrl, from, logger, ...options.worker }) : null;
  return {
    queue(mail) {
      const id = outbox.add(mail, now());
      if (worker) worker.kick();
      else logger.info({ mail: id, kind: mail.kind }, 'mail stored; no SMTP server configured, it waits in the outbox');
      return id;
    },
    outbox,
    worker,
    stop: async () => {
      await worker?.stop();
    },
  };
}
