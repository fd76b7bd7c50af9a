// The disk budget of uploads: the bytes kept under DATA_DIR/uploads in all (UPLOADS_MAX_MB) and
// the data directory's free-space floor (DISK_FREE_MIN_MB, disk-space.ts), both checked before
// a post's files are written. A post reserves bytes as they arrive, before each is written, so
// posts at the same moment cannot together pass the budget, and a post that announces 100 MB
// and trickles (or sends none) holds only what it sent: it cannot keep a real CV out (issue
// 38). Only a form with a file field asks (read-body.ts). What one client has in progress is
// bounded too (`perClientBytes`, an eighth of the budget, at least one upload's limit). What a
// post kept is counted once it is read. Without room its files are not written (what was is
// removed) and the form asks for a download link (multipart.ts, read-body.ts).
//
// The budget is this replica's: the uploads folder is under its own DATA_DIR.
//
// The total is measured by walking the folder (at startup, then at most once a minute when an
// upload asks, and before a post would be refused for it), plus what was kept since: files
// removed since (a refused post's, the operator's) count until the next walk, which errs on the
// side of refusing.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { UPLOAD_LIMIT_BYTES } from '../../src/forms/constants';
import { watchDiskSpace, type DiskSpace } from './disk-space';

export type UploadBudgetSettings = {
  /** Bytes kept under the uploads folder in all. */
  maxBytes: number;
  /** Free bytes the data directory keeps. */
  minFreeBytes: number;
  /** Bytes one client may have in progress at once; default an eighth of `maxBytes`, at least one upload's limit. */
  perClientBytes?: number;
};

export type NoRoom = 'total' | 'disk' | 'client';

/** A post's reservation: `take` before writing bytes (null: taken; else why not), `settle` with
 * the bytes kept once it is read (what it took is given back). */
export type UploadRoom = { ok: true; take(bytes: number): NoRoom | null; settle(keptBytes: number): void } | { ok: false; reason: NoRoom };

export type UploadBudget = {
  /** Whether `client` may start a post's files now (room left at all); it reserves nothing yet. */
  admit(client: string): Promise<UploadRoom>;
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
  const perClientBytes = opts.perClientBytes ?? Math.max(UPLOAD_LIMIT_BYTES, Math.floor(opts.maxBytes / 8));
  const byClient = new Map<string, number>();
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
  /** Logs when the budget fills up or has room again. */
  const noteFull = (over: boolean) => {
    if (over === full) return;
    full = over;
    const fields = { uploadsMb: Math.round(usedBytes() / (1024 * 1024)), maxMb: Math.round(opts.maxBytes / (1024 * 1024)) };
    if (over) opts.logger.warn(fields, 'uploads budget full: new uploads are refused (UPLOADS_MAX_MB)');
    else opts.logger.info(fields, 'uploads budget has room again');
  };

  return {
    maxBytes: opts.maxBytes,
    disk,
    usedBytes,
    async admit(client) {
      if (Date.now() - measuredAt > MEASURE_EVERY_MS) await measure();
      const state = await disk.check();
      // Unknown free space (statfs failed) is no reason to refuse a CV.
      if (state && (state.low || state.freeBytes - reserved < opts.minFreeBytes)) return { ok: false, reason: 'disk' };
      // Files removed since the last walk may have made room: look before refusing.
      if (usedBytes() >= opts.maxBytes && Date.now() - measuredAt > REMEASURE_BEFORE_REFUSING_MS) await measure();
      noteFull(usedBytes() >= opts.maxBytes);
      if (full) return { ok: false, reason: 'total' };
      if ((byClient.get(client) ?? 0) >= perClientBytes) return { ok: false, reason: 'client' };
      let mine = 0;
      let settled = false;
      return {
        ok: true,
        take(bytes) {
          if (settled) return 'total';
          if (usedBytes() + bytes > opts.maxBytes) return noteFull(true), 'total';
          const last = disk.last();
          if (last && last.freeBytes - reserved - bytes < opts.minFreeBytes) return 'disk';
          const ofClient = byClient.get(client) ?? 0;
          if (ofClient + bytes > perClientBytes) return 'client';
          reserved += bytes;
          mine += bytes;
          byClient.set(client, ofClient + bytes);
          return null;
        },
        settle(keptBytes) {
          if (settled) return;
          settled = true;
          reserved -= mine;
          const left = (byClient.get(client) ?? 0) - mine;
          if (left > 0) byClient.set(client, left);
          else byClient.delete(client);
          keptSince += keptBytes;
        },
      };
    },
  };
}
