// Hands stored submissions to the content service, each exactly once. Every attempt is
// claimed in the store before the POST, so a crash mid-request leaves the record marked
// uncertain; an uncertain record is looked up by its submissionId before it is posted again.
// A submission with files first uploads each file not uploaded yet (file-upload.ts), then
// posts the record pointing at them. Log lines carry ids, form names and statuses only.
import type { Logger } from 'pino';
import { backoffDelay, DEFAULT_BASE_BACKOFF_MS, DEFAULT_MAX_BACKOFF_MS } from './backoff';
import { classifyFailure, findDelivered, postSubmission, type DeliveryClient, type DeliveryFailure } from './content-delivery';
import { classifyUploadFailure, pendingUploads, uploadFile } from './file-upload';
import type { Submission, SubmissionStore } from './submissions';
import { startWorkerLoop, type WorkerLoop } from './worker-loop';

export type DeliveryWorkerOptions = {
  store: SubmissionStore;
  client: DeliveryClient;
  logger: Logger;
  /** Between runs when nothing kicks the worker. Default 5 s. */
  intervalMs?: number;
  /** Longest wait between two attempts of one record. Default 1 h. */
  maxBackoffMs?: number;
  /** Wait after the first failed attempt. Default 5 s. */
  baseBackoffMs?: number;
  /** Records per run. Default 25. */
  batchSize?: number;
  /** How long a claimed record is left alone by other workers on the same file. Default 2 min,
   * well past the client's timeout for the lookup and the POST together; each file still to
   * upload adds its own upload timeout. */
  leaseMs?: number;
  now?: () => number;
  random?: () => number;
  /** A record reached the content service (the purge then removes its files). */
  onDelivered?: (id: string) => void;
};

export type DeliveryWorker = WorkerLoop;

type Outcome = 'delivered' | 'failed' | 'retry' | 'skipped';

export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { store, client, logger } = options;
  const now = options.now ?? Date.now;
  const batchSize = options.batchSize ?? 25;
  const leaseMs = options.leaseMs ?? 120_000;
  const backoff = {
    baseMs: options.baseBackoffMs ?? DEFAULT_BASE_BACKOFF_MS,
    maxMs: options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS,
    random: options.random,
  };

  const fail = (record: Submission, attempts: number, failure: DeliveryFailure, stage: string): Outcome => {
    const where = { submission: record.id, form: record.form, attempts, stage, status: failure.status, error: failure.code };
    if (failure.kind === 'permanent') {
      store.markFailed(record.id, `${stage}: ${failure.detail}`);
      const refused = failure.fields;
      logger.error(
        { ...where, collection: record.collection, ...(refused ? { rejectedFields: refused } : {}) },
        refused
          ? `submission delivery failed for good: collection ${record.collection} refused field(s) ${refused.join(', ')}; kept for the operator (fix the collection in Strapi, then npm run submissions -- retry --failed)`
          : 'submission delivery failed for good; kept for the operator',
      );
      return 'failed';
    }
    const waitMs = backoffDelay(attempts, backoff);
    // A failed lookup leaves the question open, whatever the cause. A failed upload comes
    // before this attempt's POST: the record is as certain as the lookup (or the last
    // attempt) left it, which is "not there".
    const uncertain = stage === 'lookup' || (stage === 'post' && failure.kind === 'uncertain');
    store.markRetry(record.id, `${stage}: ${failure.detail}`, now() + waitMs, uncertain);
    logger.warn({ ...where, retryInMs: waitMs }, 'submission delivery failed; will retry');
    return 'retry';
  };

  const deliver = async (record: Submission): Promise<Outcome> => {
    const start = now();
    const uploads = pendingUploads(record, client.settings.timeoutMs);
    if (!store.claim(record.id, start, start + leaseMs + uploads.budgetMs)) return 'skipped';
    const attempts = record.attempts + 1;
    if (record.uncertain) {
      let found: Awaited<ReturnType<typeof findDelivered>>;
      try {
        found = await findDelivered(client, record);
      } catch (err) {
        return fail(record, attempts, classifyFailure(err), 'lookup');
      }
      if (found) {
        store.markDelivered(record.id, found.remoteId, now());
        logger.info({ submission: record.id, form: record.form, attempts, found: true }, 'submission delivered');
        options.onDelivered?.(record.id);
        return 'delivered';
      }
    }
    const uploaded = { ...record.uploads };
    for (const file of uploads.files) {
      let fileId: Awaited<ReturnType<typeof uploadFile>>;
      try {
        fileId = await uploadFile(client, file);
      } catch (err) {
        return fail(record, attempts, classifyUploadFailure(err), 'upload');
      }
      // Stored before the next file or the POST can fail: a retry never sends this one again.
      store.recordUpload(record.id, file.field, fileId);
      uploaded[file.field] = fileId;
      logger.info({ submission: record.id, form: record.form, field: file.field, bytes: file.size }, 'submission file uploaded');
    }
    try {
      const remoteId = await postSubmission(client, { ...record, uploads: uploaded });
      store.markDelivered(record.id, remoteId, now());
      logger.info({ submission: record.id, form: record.form, attempts }, 'submission delivered');
      options.onDelivered?.(record.id);
      return 'delivered';
    } catch (err) {
      return fail(record, attempts, classifyFailure(err), 'post');
    }
  };

  return startWorkerLoop({
    name: 'submissions',
    intervalMs: options.intervalMs ?? 5_000,
    logger,
    async run(stopping) {
      const due = store.due(now(), batchSize);
      let done = 0;
      for (const record of due) {
        if (stopping()) return { done, more: false };
        const outcome = await deliver(record);
        if (outcome === 'delivered') done += 1;
        // The service is down or struggling: the rest would each wait out a timeout. They
        // stay due, and the next run tries again.
        if (outcome === 'retry') return { done, more: false };
      }
      return { done, more: due.length === batchSize };
    },
  });
}
