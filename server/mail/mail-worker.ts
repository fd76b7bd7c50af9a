// Sends queued mails over SMTP with nodemailer, with retries and backoff. Log lines name the
// mail by id and kind: an SMTP error text can hold the recipient's address, so it goes to
// the local store only.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { backoffDelay, DEFAULT_BASE_BACKOFF_MS, DEFAULT_MAX_BACKOFF_MS } from '../store/backoff';
import { startWorkerLoop, type WorkerLoop } from '../store/worker-loop';
import type { MailOutbox, QueuedMail } from './mail-outbox';

export type MailWorkerOptions = {
  outbox: MailOutbox;
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465`. */
  smtpUrl: string;
  /** The sender of every mail: `Stichting Join Us <noreply@stichtingjoinus.nl>`. */
  from: string;
  logger: Logger;
  intervalMs?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  batchSize?: number;
  now?: () => number;
  random?: () => number;
  /** A mail went out (the purge then looks at what has come due). */
  onSent?: (id: string) => void;
};

export type MailWorker = WorkerLoop;

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { outbox, from, logger } = options;
  const now = options.now ?? Date.now;
  const batchSize = options.batchSize ?? 10;
  const backoff = {
    baseMs: options.baseBackoffMs ?? DEFAULT_BASE_BACKOFF_MS,
    maxMs: options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS,
    random: options.random,
  };
  // nodemailer's defaults wait minutes on a dead server; a stop at shutdown should not.
  const transporter: Transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const domain = /@([^@>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

  const send = async (mail: QueuedMail): Promise<'sent' | 'failed' | 'retry' | 'skipped'> => {
    const message = mail.message;
    // A purged mail is never pending (the purge marks it failed); nothing left to send anyway.
    if (!message) return 'skipped';
    const start = now();
    // The lease outlasts the SMTP timeouts, so a second process on the same file leaves it be.
    if (!outbox.claim(mail.id, start, start + 120_000)) return 'skipped';
    const attempts = mail.attempts + 1;
    const where = { mail: mail.id, kind: mail.kind, attempts };
    try {
      const info = (await transporter.sendMail({
        from,
        ...message,
        // Stable across retries: a resend after a lost answer is recognisably the same mail.
        messageId: `<${mail.id}@${domain}>`,
      })) as { messageId?: unknown };
      outbox.markSent(mail.id, typeof info.messageId === 'string' ? info.messageId : null, now());
      logger.info(where, 'mail sent');
      options.onSent?.(mail.id);
      return 'sent';
    } catch (err) {
      const smtp = smtpFailure(err);
      if (smtp.permanent) {
        outbox.markFailed(mail.id, smtp.detail);
        logger.error({ ...where, code: smtp.code, responseCode: smtp.responseCode }, 'mail refused for good; kept in the outbox');
        return 'failed';
      }
      const waitMs = backoffDelay(attempts, backoff);
      outbox.markRetry(mail.id, smtp.detail, now() + waitMs);
      logger.warn({ ...where, code: smtp.code, responseCode: smtp.responseCode, retryInMs: waitMs }, 'mail not sent; will retry');
      return 'retry';
    }
  };

  const loop = startWorkerLoop({
    name: 'mail',
    intervalMs: options.intervalMs ?? 5_000,
    logger,
    async run(stopping) {
      const due = outbox.due(now(), batchSize);
      let done = 0;
      for (const mail of due) {
        if (stopping()) return { done, more: false };
        const outcome = await send(mail);
        if (outcome === 'sent') done += 1;
        // The server is unreachable or busy: the other mails wait for the next run.
        if (outcome === 'retry') return { done, more: false };
      }
      return { done, more: due.length === batchSize };
    },
  });

  return {
    ...loop,
    async stop() {
      await loop.stop();
      transporter.close();
    },
  };
}

type SmtpFailure = { permanent: boolean; code: string; responseCode: number | null; detail: string };

/**
 * Permanent: the server refused this recipient or this message (5xx to RCPT TO or DATA), or
 * the address cannot be used at all. A refused login or sender is a setting to fix, after
 * which the waiting mails should still go out: those are retried.
 */
export function smtpFailure(error: unknown): SmtpFailure {
  const e = (error ?? {}) as { code?: unknown; command?: unknown; responseCode?: unknown; permanent?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : 'ERROR';
  const command = typeof e.command === 'string' ? e.command : '';
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : null;
  const refusedHere = e.permanent === true && (command === 'RCPT TO' || command === 'DATA');
  // Checked by nodemailer before anything is sent: a malformed address, a message too large.
  const unusable = (code === 'EENVELOPE' && command === 'API') || (code === 'EMESSAGE' && responseCode === null);
  const detail = `${code}${responseCode ? ` ${responseCode}` : ''}: ${String(e.message ?? error)}`.slice(0, 500);
  return { permanent: refusedHere || unusable, code, responseCode, detail };
}
