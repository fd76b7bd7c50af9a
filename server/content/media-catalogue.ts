// What the content service holds under an upload's name: its media record (address, type,
// dimensions, size, update time), the same record a page's picture was written from. The media
// routes ask here before they fetch an original or make a copy, so
// - a copy is made only for a width, format and version a page links for the record as it is now
//   (media-variants.ts), and
// - a name nobody uploaded costs the content service one lookup, not one per request: the answer
//   "none" is kept MISSING_MS, found records FRESH_MS, all under one bound (MAX_ENTRIES), the
//   names used longest ago forgotten first. The same name asked by many at once is one lookup.
// A webhook's change drops what it names (an edited or replaced file: asked again), and every
// "none" (an upload may just have been linked); with `everything`, all. While the content
// service does not answer, a record known before is used as it was; a name whose lookup failed
// is not asked again for FAILED_MS (a service that refuses the lookup, a token without the upload
// plugin's `find`, is not asked once per request either), and the failure is logged once a minute.
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Media } from '../../src/content/model/media';
import { limitedLog } from '../http/warn-limit';

/** The content service's record of `/uploads/<file>`, or null when it holds none. */
export type MediaLookup = (file: string) => Promise<Media | null>;

export type MediaCatalogue = {
  /** The record of `/uploads/<file>`; 'missing' when the content service holds none,
   * 'unreachable' when it cannot say now and nothing is known of the file. */
  record(file: string): Promise<Media | 'missing' | 'unreachable'>;
  /** The same, asked again when what is known is older than RECHECK_MS: an address with another
   * version than the known one may be a newer one (a webhook this process missed), checked at
   * most once per RECHECK_MS per file however many versions are made up. */
  recheck(file: string): Promise<Media | 'missing' | 'unreachable'>;
  /** A content webhook's change (content-webhook.ts): forget what it names. */
  forget(change: { all: boolean; showing?: readonly string[] }): void;
};

export const FRESH_MS = 10 * 60_000;
/** As long as a browser keeps the media 404 (cache-policies.ts, `mediaNotFound`). */
export const MISSING_MS = 60_000;
export const FAILED_MS = 10_000;
export const RECHECK_MS = 10_000;
export const MAX_ENTRIES = 10_000;

/** `record` undefined: the lookup failed at `at`. */
type Entry = { record: Media | null | undefined; at: number; before?: Media };

export function createMediaCatalogue(options: { lookup: MediaLookup; logger: Logger; now?: () => number; maxEntries?: number }): MediaCatalogue {
  const now = options.now ?? Date.now;
  const known = new LRUCache<string, Entry>({ max: options.maxEntries ?? MAX_ENTRIES });
  const asking = new Map<string, Promise<Entry>>();

  const ask = (file: string): Promise<Entry> => {
    let pending = asking.get(file);
    if (!pending) {
      pending = options
        .lookup(file)
        .then((record) => {
          const entry = { record, at: now() };
          known.set(file, entry);
          return entry;
        })
        .finally(() => asking.delete(file));
      asking.set(file, pending);
    }
    return pending;
  };

  const keptFor = (entry: Entry) => (entry.record ? FRESH_MS : entry.record === null ? MISSING_MS : FAILED_MS);
  /** What is known: a record, none, or (a failed lookup) the record known before it, if any. */
  const answer = (entry: Entry) => (entry.record === undefined ? (entry.before ?? 'unreachable') : (entry.record ?? 'missing'));

  async function record(file: string, maxAgeMs?: number): Promise<Media | 'missing' | 'unreachable'> {
    const before = known.get(file);
    if (before && now() - before.at < Math.min(keptFor(before), maxAgeMs ?? Infinity)) return answer(before);
    try {
      return answer(await ask(file));
    } catch (error) {
      const kept = before?.record ?? before?.before;
      limitedLog(options.logger).warn({ file, err: (error as Error).message }, kept ? 'media: media record lookup failed, using the record known before' : 'media: media record lookup failed');
      const failed: Entry = { record: undefined, at: now(), ...(kept ? { before: kept } : {}) };
      known.set(file, failed);
      return answer(failed);
    }
  }

  return {
    record: (file) => record(file),
    recheck: (file) => record(file, RECHECK_MS),
    forget({ all, showing = [] }) {
      if (all) return known.clear();
      const named = (file: string, record: Media) => showing.some((needle) => needle === record.documentId || `/uploads/${file}`.includes(needle) || record.url.includes(needle));
      const gone = [...known.entries()].filter(([file, entry]) => !entry.record || named(file, entry.record)).map(([file]) => file);
      for (const file of gone) known.delete(file);
    },
  };
}
