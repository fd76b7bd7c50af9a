// Runs the purge (purge.ts) in the background on the outbox workers' loop: every few minutes,
// right after a delivery or a sent mail (so a delivered CV leaves the disk at once), and again
// straight away while a step finds full batches; each batch is one short transaction, and the
// loop yields to requests between batches. Log lines carry counts only. Each run that ends
// its batches also sweeps the uploads folder (`sweep`: upload-sweep.ts), so expired waiting
// uploads and orphans go on this schedule too, not only at a restart.
//
// Undelivered submissions and unsent mails past the warning age are named in a warning: on the
// first run, whenever there are more of them, and once a day while they stay.
import type { Logger } from 'pino';
import type { Db } from './database';
import { createPurge, type Aging } from './purge';
import { inDays, type RetentionSettings } from './retention';
import { startWorkerLoop, type WorkerLoop } from './worker-loop';

export type PurgeWorkerOptions = {
  db: Db;
  settings: RetentionSettings;
  /** `{DATA_DIR}/uploads`. */
  uploadsDir: string;
  logger: Logger;
  /** Between runs when nothing kicks the worker. Default 10 min: the periods are days. */
  intervalMs?: number;
  batchSize?: number;
  now?: () => number;
  /** Files in the uploads folder no longer needed (upload-sweep.ts), at `now`. */
  sweep?: (now: number) => unknown;
};

export type PurgeWorker = WorkerLoop & {
  /** Undelivered submissions and unsent mails past the warning age, and the ages that count (for /readyz). */
  aging(): Aging & { warnAfterDays: number; removedAfterDays: number };
};

const WARN_AGAIN_MS = 24 * 60 * 60 * 1000;

export function startPurgeWorker(options: PurgeWorkerOptions): PurgeWorker {
  const { settings, logger } = options;
  const now = options.now ?? Date.now;
  const purge = createPurge(options.db, { settings, uploadsDir: options.uploadsDir, batchSize: options.batchSize });
  let warned = { at: -Infinity, count: 0 };

  const warnAging = () => {
    const aging = purge.aging(now());
    const count = aging.submissions + aging.mails;
    if (count === 0) return void (warned = { at: -Infinity, count: 0 });
    if (count <= warned.count && now() - warned.at < WARN_AGAIN_MS) return;
    warned = { at: now(), count };
    logger.warn(
      { undeliveredSubmissions: aging.submissions, unsentMails: aging.mails, oldestDays: aging.oldestDays, removedAfterDays: inDays(settings.undeliveredMaxMs) },
      `undelivered submissions or unsent mails older than ${inDays(settings.undeliveredWarnMs)} days: their personal data is removed at ${inDays(settings.undeliveredMaxMs)} days (npm run submissions -- list --status failed; mails)`,
    );
  };

  const loop = startWorkerLoop({
    name: 'purge',
    intervalMs: options.intervalMs ?? 10 * 60_000,
    logger,
    async run(stopping) {
      const { counts, more } = await purge.runBatch(now());
      const done = Object.values(counts).reduce((a, b) => a + b, 0);
      if (done) logger.info(counts, 'personal data removed (retention)');
      if (!more) {
        warnAging();
        options.sweep?.(now());
      }
      return { done, more: more && !stopping() };
    },
  });
  // A store that was off for a while has its backlog purged soon after the start.
  loop.kick();
  const ages = { warnAfterDays: inDays(settings.undeliveredWarnMs), removedAfterDays: inDays(settings.undeliveredMaxMs) };
  return { ...loop, aging: () => ({ ...purge.aging(now()), ...ages }) };
}
