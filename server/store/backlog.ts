// What waits in a durable queue (the submissions' outbox, the mail outbox), for the metrics:
// the records still to go out, those given up on, and when the oldest waiting one was stored.
import type { Db } from './database';

export type Backlog = { pending: number; failed: number; oldestPendingAt: number | null };

/** Reads the backlog of `table` (a `status` and a `created_at` column), through its status index. */
export function backlogQuery(db: Db, table: 'submissions' | 'mail_outbox'): () => Backlog {
  const rows = db.prepare<[], { status: string; n: number; oldest: number | null }>(
    `SELECT status, COUNT(*) AS n, MIN(created_at) AS oldest FROM ${table} WHERE status IN ('pending', 'failed') GROUP BY status`,
  );
  return () => {
    const backlog: Backlog = { pending: 0, failed: 0, oldestPendingAt: null };
    for (const row of rows.all()) {
      if (row.status === 'pending') {
        backlog.pending = row.n;
        backlog.oldestPendingAt = row.oldest;
      } else backlog.failed = row.n;
    }
    return backlog;
  };
}
