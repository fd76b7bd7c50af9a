// At startup: files in DATA_DIR/uploads that no stored submission refers to are removed. They
// are what a post left when the process died between writing its upload and storing its record
// (a crash, kill -9, a full disk), or a refused post whose clean-up failed. Files younger than
// the grace period stay: they may belong to a post still on its way. A file is matched by its
// place under the uploads directory (`{post}/{field}-{n}`), so a record written with a relative
// DATA_DIR still protects its file.
import { readdirSync, rmSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

/** An upload younger than this is never an orphan. */
export const ORPHAN_GRACE_MS = 60 * 60_000;

const placeOf = (file: string) => `${path.basename(path.dirname(file))}/${path.basename(file)}`;

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
