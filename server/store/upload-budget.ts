// The disk budget of uploads: the bytes kept under DATA_DIR/uploads in all (UPLOADS_MAX_MB) and
// the data directory's free-space floor (DISK_FREE_MIN_MB, disk-space.ts), both checked before
// a post's files are written. A post reserves its size (its Content-Length, at most the upload
// limit: its files cannot be larger) while it is read, so posts at the same moment cannot
// together pass the budget; what it kept is counted once it is read. Without room its files are
// not written at all and the form asks for a download link (multipart.ts, read-body.ts).
//
// The total is measured by walking the folder (at startup, then at most once a minute when an
// upload asks, and before a post would be refused for it), plus what was kept since: files
// removed since (a refused post's, the operator's) count until the next walk, which errs on the
// side of refusing.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { watchDiskSpace, type DiskSpace } from './disk-space';

export type UploadBudgetSettings = {
  /** Bytes kept under the uploads folder in all. */
  maxBytes: number;
  /** Free bytes the data directory keeps. */
  minFreeBytes: number;
};

export type UploadRoom = { ok: true; settle(keptBytes: number): void } | { ok: false; reason: 'total' | 'disk' };

export type UploadBudget = {
  /** Room for a post of at most `bytes`; `settle` with the bytes kept once it is read. */
  reserve(bytes: number): Promise<UploadRoom>;
  /** Bytes under the uploads folder as last measured, plus those kept or reserved since. */
  usedBytes(): number;
  readonly maxBytes: number;
  readonly disk: DiskSpace;
};

const MEASURE_EVERY_MS = 60_000;
/** Before refusing for the total, the folder is walked again when the last walk is older than this. */
const REMEASURE_BEFORE_REFUSING_MS = 5_000;

async function bytesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const sizes = await Promise.all(entries.filter((e) => e.isFile()).map((e) => stat(path.join(e.parentPath, e.name)).then((s) => s.size, () => 0)));
  return sizes.reduce((a, b) => a + b, 0);
}

export function createUploadBudget(opts: UploadBudgetSettings & { dir: string; dataDir: string; logger: Logger }): UploadBudget {
  const disk = watchDiskSpace({ dir: opts.dataDir, minFreeBytes: opts.minFreeBytes, logger: opts.logger });
  let measured = 0;
  let measuredAt = 0;
  let keptSince = 0;
  let reserved = 0;
  let full = false;
  let measuring: Promise<void> | null = null;
  const measure = () => {
    // What was kept before the walk starts is in it; what is kept during it may not be, and
    // still counts (counted twice at worst, until the next walk).
    const keptBefore = keptSince;
    return (measuring ??= bytesUnder(opts.dir)
      .then((bytes) => {
        measured = bytes;
        measuredAt = Date.now();
        keptSince -= keptBefore;
      })
      .finally(() => (measuring = null)));
  };
  void measure();
  const usedBytes = () => measured + keptSince + reserved;

  return {
    maxBytes: opts.maxBytes,
    disk,
    usedBytes,
    async reserve(bytes) {
      if (Date.now() - measuredAt > MEASURE_EVERY_MS) await measure();
      const state = await disk.check();
      // Unknown free space (statfs failed) is no reason to refuse a CV.
      if (state && (state.low || state.freeBytes - reserved - bytes < opts.minFreeBytes)) return { ok: false, reason: 'disk' };
      // Files removed since the last walk may have made room: look before refusing.
      if (usedBytes() + bytes > opts.maxBytes && Date.now() - measuredAt > REMEASURE_BEFORE_REFUSING_MS) await measure();
      const over = usedBytes() + bytes > opts.maxBytes;
      if (over !== full) {
        full = over;
        const fields = { uploadsMb: Math.round(usedBytes() / (1024 * 1024)), maxMb: Math.round(opts.maxBytes / (1024 * 1024)) };
        if (over) opts.logger.warn(fields, 'uploads budget full: new uploads are refused (UPLOADS_MAX_MB)');
        else opts.logger.info(fields, 'uploads budget has room again');
      }
      if (over) return { ok: false, reason: 'total' };
      reserved += bytes;
      let settled = false;
      return {
        ok: true,
        settle(keptBytes) {
          if (settled) return;
          settled = true;
          reserved -= bytes;
          keptSince += keptBytes;
        },
      };
    },
  };
}
