// Files kept on disk under a byte bound: the content service's originals and the photographs'
// copies the site made. The index (name, size, last use) is in memory and rebuilt from the
// folder at startup, so a restart keeps what was made; when the total passes the bound, the
// files used longest ago are deleted. A file is written beside its final name and renamed into
// place, so a reader never sees half a file, and two writers of one name both end with a whole
// one.
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';

export type DiskEntry = { file: string; size: number };

export type MediaDisk = {
  /** The kept file for this key, marked as used; undefined when there is none. */
  get(key: string): DiskEntry | undefined;
  has(key: string): boolean;
  put(key: string, body: Buffer): Promise<DiskEntry>;
  /** Streams a body to disk; more than `maxBytes` aborts with TooLargeError and keeps nothing. */
  putStream(key: string, body: Readable, maxBytes: number): Promise<DiskEntry>;
  delete(key: string): void;
  totalBytes(): number;
};

export class TooLargeError extends Error {}

const nameOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 40);

export function createMediaDisk(dir: string, maxBytes: number): MediaDisk {
  mkdirSync(dir, { recursive: true });
  const index = new LRUCache<string, DiskEntry>({
    maxSize: maxBytes,
    sizeCalculation: (e) => Math.max(1, e.size),
    dispose: (entry, _key, reason) => {
      if (reason === 'set') return; // the same name was written again: the new file is in place
      try {
        unlinkSync(entry.file);
      } catch {
        /* already gone */
      }
    },
  });
  // What an earlier run left: kept, the oldest first to go. Half-written files are removed.
  const found = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => ({ name: d.name, file: path.join(dir, d.name), stat: statSync(path.join(dir, d.name)) }))
    .sort((a, b) => a.stat.mtimeMs - b.stat.mtimeMs);
  for (const f of found) {
    if (f.name.includes('.part-')) unlinkSync(f.file);
    else index.set(f.name, { file: f.file, size: f.stat.size });
  }

  let partCounter = 0;
  const partName = (name: string) => path.join(dir, `${name}.part-${process.pid}-${++partCounter}`);

  return {
    get: (key) => index.get(nameOf(key)),
    has: (key) => index.has(nameOf(key)),
    async put(key, body) {
      const name = nameOf(key);
      const file = path.join(dir, name);
      const part = partName(name);
      await writeFile(part, body);
      renameSync(part, file);
      const entry = { file, size: body.length };
      index.set(name, entry);
      return entry;
    },
    async putStream(key, body, limit) {
      const name = nameOf(key);
      const file = path.join(dir, name);
      const part = partName(name);
      let size = 0;
      try {
        await pipeline(
          body,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              size += chunk.length;
              if (size > limit) throw new TooLargeError(`more than ${limit} bytes`);
              yield chunk;
            }
          },
          createWriteStream(part),
        );
      } catch (error) {
        try {
          unlinkSync(part);
        } catch {
          /* never created */
        }
        throw error;
      }
      renameSync(part, file);
      const entry = { file, size };
      index.set(name, entry);
      return entry;
    },
    delete: (key) => void index.delete(nameOf(key)),
    totalBytes: () => index.calculatedSize,
  };
}
