// Files in DATA_DIR/uploads the site no longer needs, removed at startup and then on the purge
// worker's schedule (purge-worker.ts, every 10 minutes), so nothing waits for a restart:
//
// - Uploads waiting for a confirmation (waiting-uploads.ts) whose question has expired; at
//   startup all of them, as no process remembers their questions any more (one process owns a
//   data directory).
// - Orphans: files that no stored submission and no waiting question refers to. They are what
//   a post left when the process died between writing its upload and storing its record (a
//   crash, kill -9, a full disk), or a refused post whose clean-up failed. Files younger than
//   the grace period stay: they may belong to a post still on its way (longer than a question
//   waits, so a confirmed upload on its way into its submission is never taken).
//
// A file is matched by its place under the uploads directory (upload-place.ts). The sweep reads
// the store and the folder in one synchronous pass: no post is stored halfway through it.
import { readdirSync, rmSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { StoredFile } from './content-hash';
import { placeOf } from './upload-place';
import type { WaitingUploads } from './waiting-uploads';

/** An upload younger than this is never an orphan. */
export const ORPHAN_GRACE_MS = 60 * 60_000;

export type UploadSweepSources = {
  submissions: { filePaths(): string[] };
  waiting: WaitingUploads;
};

/** Expired waiting uploads (`allWaiting`: every one), then orphans; counts of what went. */
export function sweepUploads(dir: string, sources: UploadSweepSources, opts: { logger: Logger; graceMs?: number; now?: number; allWaiting?: boolean }) {
  const now = opts.now ?? Date.now();
  const expired = sources.waiting.release(sources.waiting.expired(opts.allWaiting ? Infinity : now).map((w) => w.file));
  removeFilesNow(dir, expired);
  if (expired.length) opts.logger.info({ dir, removed: expired.length }, 'uploads waiting for a confirmation removed (the question expired)');
  const orphans = sweepOrphanUploads(dir, [...sources.submissions.filePaths(), ...sources.waiting.filePaths()], { ...opts, now });
  return { waiting: expired.length, ...orphans };
}

/** Removes files by their place under `dir`, and each post folder they leave empty. */
function removeFilesNow(dir: string, files: readonly StoredFile[]): void {
  const posts = new Set<string>();
  for (const file of files) {
    const [post, name] = placeOf(file.path).split('/');
    if ([post, name].some((part) => !part || part === '.' || part === '..')) continue;
    rmSync(path.join(dir, post!, name!), { force: true });
    posts.add(path.join(dir, post!));
  }
  for (const post of posts) {
    try {
      if (readdirSync(post).length === 0) rmSync(post, { recursive: true, force: true });
    } catch {
      // already gone
    }
  }
}

export function sweepOrphanUploads(dir: string, referenced: readonly string[], opts: { logger: Logger; graceMs?: number; now?: number }): { removed: number; bytes: number } {
  const keep = new Set(referenced.map(placeOf));
  const cutoff = (opts.now ?? Date.now()) - (opts.graceMs ?? ORPHAN_GRACE_MS);
  let removed = 0;
  let bytes = 0;
  const entries = (at: string): Dirent[] => {
    try {
      return readdirSync(at, { withFileTypes: true });
    } catch {
      return []; // no uploads yet
    }
  };
  const isOld = (at: string) => {
    try {
      return statSync(at).mtimeMs <= cutoff;
    } catch {
      return false;
    }
  };
  /** Removes `file` when it is old enough; true when removed. */
  const removeIfOld = (file: string): boolean => {
    try {
      const stat = statSync(file);
      if (stat.mtimeMs > cutoff) return false;
      rmSync(file, { recursive: true, force: true });
      removed += 1;
      bytes += stat.isFile() ? stat.size : 0;
      return true;
    } catch (err) {
      opts.logger.warn({ err, file }, 'orphan upload could not be removed');
      return false;
    }
  };
  for (const post of entries(dir)) {
    const postDir = path.join(dir, post.name);
    if (!post.isDirectory()) {
      removeIfOld(postDir);
      continue;
    }
    const files = entries(postDir);
    let left = 0;
    for (const entry of files) {
      const file = path.join(postDir, entry.name);
      if (keep.has(`${post.name}/${entry.name}`) || !removeIfOld(file)) left += 1;
    }
    // Emptied here, or empty and old: the post's directory goes too.
    if (left === 0 && (files.length > 0 || isOld(postDir))) rmSync(postDir, { recursive: true, force: true });
  }
  if (removed) opts.logger.info({ dir, removed, bytes }, 'orphan uploads removed (no stored submission refers to them)');
  return { removed, bytes };
}
