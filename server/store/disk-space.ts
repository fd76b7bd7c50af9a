// The data directory's free space, and the alarm when it is below its floor (DISK_FREE_MIN_MB).
//
// Everything durable lives in DATA_DIR: the outbox (submissions and mails in SQLite), uploads,
// the media cache. Uploads are the one large writer whose size visitors choose, so below the
// floor they are refused (upload-budget.ts) and the rest keeps its room: a submission already
// acknowledged is in the database and stays there; new posts without files are still stored.
// Checked every 30 s and whenever an upload asks; crossing the floor is logged once (an error),
// and so is the way back (info); /readyz shows the state.
import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';

export type DiskState = { freeBytes: number; low: boolean; at: number };

export type DiskSpace = {
  /** Free bytes for this process now (statfs), the alarm updated; null when it cannot be read. */
  check(): Promise<DiskState | null>;
  /** The last check's answer; null before the first, or when it could not be read. */
  last(): DiskState | null;
  readonly minFreeBytes: number;
  stop(): void;
};

const CHECK_EVERY_MS = 30_000;

/** `dir`, or the nearest folder above it that exists (the data directory may not have been made yet). */
function existing(dir: string): string {
  let at = path.resolve(dir);
  while (!existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

export function watchDiskSpace(opts: { dir: string; minFreeBytes: number; logger: Logger; intervalMs?: number }): DiskSpace {
  let last: DiskState | null = null;
  let running: Promise<DiskState | null> | null = null;
  // One statfs at a time: callers at the same moment share its answer.
  const check = (): Promise<DiskState | null> => (running ??= measure().finally(() => (running = null)));
  const measure = async (): Promise<DiskState | null> => {
    try {
      const fs = await statfs(existing(opts.dir));
      const freeBytes = fs.bavail * fs.bsize;
      const low = freeBytes < opts.minFreeBytes;
      const mb = (n: number) => Math.floor(n / (1024 * 1024));
      if (low && !last?.low) opts.logger.error({ dataDir: opts.dir, freeMb: mb(freeBytes), floorMb: mb(opts.minFreeBytes) }, 'disk space low: new uploads are refused');
      if (!low && last?.low) opts.logger.info({ dataDir: opts.dir, freeMb: mb(freeBytes), floorMb: mb(opts.minFreeBytes) }, 'disk space back above its floor: uploads are accepted again');
      last = { freeBytes, low, at: Date.now() };
    } catch (err) {
      if (last) opts.logger.warn({ err, dataDir: opts.dir }, 'free disk space cannot be read');
      last = null;
    }
    return last;
  };
  void check();
  const timer = setInterval(() => void check(), opts.intervalMs ?? CHECK_EVERY_MS);
  timer.unref();
  return { check, last: () => last, minFreeBytes: opts.minFreeBytes, stop: () => clearInterval(timer) };
}
