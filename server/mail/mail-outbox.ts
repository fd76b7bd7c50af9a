// Mails waiting to be sent, in the same durable file as the submissions: a mail queued while
// a visitor waits for "sent" survives a crash just as the submission does. Each address is
// stored with its key (src/forms/address-key.ts), by which an erasure finds the mail.
import { randomUUID } from 'node:crypto';
import { addressKeyOf } from '../../src/forms/address-key';
import { backlogQuery, type Backlog } from '../store/backlog';
import type { Db } from '../store/database';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

export type MailStatus = 'pending' | 'sent' | 'failed';

export type QueuedMail = {
  id: string;
  /** What the mail is, for logs and the operator: `contact.notification`, `contact.confirmation`. */
  kind: string;
  submissionId: string | null;
  /** Null once purged (retention): addresses and text are gone, id, kind and dates stay. */
  message: MailMessage | null;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  messageId: string | null;
  createdAt: number;
  sentAt: number | null;
  purgedAt: number | null;
};

export type MailOutbox = {
  /** Stores the mail; for a submission, one mail of each kind at most (a replay adds none). */
  add(mail: MailMessage & { kind: string; submissionId?: string }, now?: number): string;
  get(id: string): QueuedMail | undefined;
  list(filter?: { status?: MailStatus; limit?: number }): QueuedMail[];
  due(now: number, limit: number): QueuedMail[];
  claim(id: string, now: number, leaseUntil: number): boolean;
  markSent(id: string, messageId: string | null, now?: number): void;
  markRetry(id: string, error: string, nextAttemptAt: number): void;
  markFailed(id: string, error: string): void;
  counts(): Record<MailStatus, number>;
  /** Pending and failed mails, and when the oldest pending one was queued (the metrics). */
  backlog(): Backlog;
};

type Row = {
  id: string; kind: string; submission_id: string | null; message: string; status: MailStatus; attempts: number;
  next_attempt_at: number; last_error: string | null; message_id: string | null; created_at: number; sent_at: number | null;
  purged_at: number | null;
};

function fromRow(row: Row): QueuedMail {
  return {
    id: row.id,
    kind: row.kind,
    submissionId: row.submission_id,
    message: row.purged_at === null ? (JSON.parse(row.message) as MailMessage) : null,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    messageId: row.message_id,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    purgedAt: row.purged_at,
  };
}

export function createMailOutbox(db: Db): MailOutbox {
  const insert = db.prepare(
    `INSERT INTO mail_outbox (id, kind, submission_id, message, to_key, reply_to_key, next_attempt_at, created_at)
     VALUES (@id, @kind, @submissionId, @message, @toKey, @replyToKey, @now, @now)
     ON CONFLICT (submission_id, kind) WHERE submission_id IS NOT NULL DO NOTHING`,
  );
  const existing = db.prepare<[string, string], { id: string }>('SELECT id FROM mail_outbox WHERE submission_id = ? AND kind = ?');
  const one = db.prepare<[string], Row>('SELECT * FROM mail_outbox WHERE id = ?');
  const due = db.prepare<[number, number], Row>(
    "SELECT * FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, created_at LIMIT ?",
  );
  const claim = db.prepare<[number, string, number]>(
    "UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at <= ?",
  );
  const sent = db.prepare<[string | null, number, string]>(
    "UPDATE mail_outbox SET status = 'sent', message_id = ?, sent_at = ?, last_error = NULL WHERE id = ?",
  );
  const retry = db.prepare<[string, number, string]>(
    "UPDATE mail_outbox SET last_error = ?, next_attempt_at = ? WHERE id = ? AND status = 'pending'",
  );
  const failed = db.prepare<[string, string]>("UPDATE mail_outbox SET status = 'failed', last_error = ? WHERE id = ?");
  const counts = db.prepare<[], { status: MailStatus; n: number }>('SELECT status, COUNT(*) AS n FROM mail_outbox GROUP BY status');
  const backlog = backlogQuery(db, 'mail_outbox');

  const add = db.transaction((mail: MailMessage & { kind: string; submissionId?: string }, now: number): string => {
    const { kind, submissionId, ...message } = mail;
    const id = randomUUID();
    const result = insert.run({
      id, kind, submissionId: submissionId ?? null, message: JSON.stringify(message), toKey: addressKeyOf(message.to), replyToKey: addressKeyOf(message.replyTo), now,
    });
    if (result.changes === 1 || !submissionId) return id;
    return existing.get(submissionId, kind)?.id ?? id;
  });

  return {
    add: (mail, now = Date.now()) => add.immediate(mail, now),
    get(id) {
      const row = one.get(id);
      return row && fromRow(row);
    },
    list(filter = {}) {
      const where = filter.status ? 'WHERE status = ?' : '';
      const limit = filter.limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(filter.limit))}`;
      const sql = `SELECT * FROM mail_outbox ${where} ORDER BY created_at DESC, rowid DESC${limit}`;
      const rows = db.prepare<string[], Row>(sql).all(...(filter.status ? [filter.status] : []));
      return rows.map(fromRow);
    },
    due: (now, limit) => due.all(now, limit).map(fromRow),
    claim: (id, now, leaseUntil) => claim.run(leaseUntil, id, now).changes === 1,
    markSent(id, messageId, now = Date.now()) {
      sent.run(messageId, now, id);
    },
    markRetry(id, error, nextAttemptAt) {
      retry.run(error, nextAttemptAt, id);
    },
    markFailed(id, error) {
      failed.run(error, id);
    },
    counts() {
      const result: Record<MailStatus, number> = { pending: 0, sent: 0, failed: 0 };
      for (const { status, n } of counts.all()) result[status] = n;
      return result;
    },
    backlog,
  };
}
