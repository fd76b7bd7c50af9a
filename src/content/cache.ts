import type { Logger } from 'pino';
import { LRUCache } from 'lru-cache';
import { ContentError } from './errors';
import type { ContentSettings } from './settings';

/**
 * Cache of content-service answers, keyed by (method, path, query, locale).
 *
 * - Single flight: concurrent misses for one key share one upstream request (lru-cache's
 *   `fetchMethod` coalesces them).
 * - Stale-while-revalidate: after `ttlMs` the old answer is served at once while one
 *   background refresh runs.
 * - Stale-if-error: a failed refresh keeps the last good answer (served stale) and is logged
 *   once per key until that key succeeds again, so an outage does not flood the log.
 * - Authoritative "no" answers (400, 404, 410) are cached like data: a page that does not
 *   exist should not cost an upstream call per visit.
 * - Invalidated is not forgotten: an answer the webhook dropped is fetched again on the next
 *   read, but kept aside as the last good answer, so a content service that goes down right
 *   after an edit still leaves every page whole (with the version before the edit).
 */
export type CacheKeyParts = { method: string; path: string; query: string; locale: string };

type Entry = { ok: true; value: unknown } | { ok: false; error: ContentError };
type Loader = () => Promise<unknown>;

export type CacheStats = {
  hits: number;
  misses: number;
  staleServed: number;
  errors: number;
  refreshes: number;
  entries: number;
  size: number;
};

export type ContentCache = {
  /** Answers from the cache, or runs `load` (once, however many callers wait). */
  get(parts: CacheKeyParts, load: Loader): Promise<unknown>;
  /** Drops keys of one collection (first path segment, e.g. `pages`) or those a predicate picks. */
  invalidate(target: string | ((key: CacheKeyParts) => boolean)): number;
  /**
   * Drops the answers whose JSON contains any of `needles` (a media file's documentId or
   * address: the answers that show that file). The caller drops the rendered pages that show the
   * file itself; the others stay rendered. `urls`: the addresses
   * the dropped answers gave a file whose documentId is among the needles (a replaced file has a
   * new address: pages rendered before show the old one).
   */
  invalidateShowing(needles: readonly string[]): { dropped: number; urls: string[] };
  clear(): void;
  stats(): CacheStats;
};

const AUTHORITATIVE = new Set([400, 404, 410]);

export function createContentCache(options: {
  settings: Pick<ContentSettings, 'cache'>;
  logger: Logger;
  /** The clock of the TTL (ms); default lru-cache's own (`performance.now()`). A test moves its
   * own clock instead of waiting. */
  now?: () => number;
}): ContentCache {
  const { ttlMs, maxEntries, maxSizeBytes } = options.settings.cache;
  const logger = options.logger;
  const counters = { hits: 0, misses: 0, staleServed: 0, errors: 0, refreshes: 0 };
  // The last error of each key that is failing now: logged once per outage, thrown to callers
  // that have no stale value. Bounded, so a flood of failing one-off keys cannot grow it.
  const failures = new LRUCache<string, { error: unknown }>({ max: maxEntries });
  const sizeOf = (entry: Entry) => Math.max(1, JSON.stringify(entry.ok ? entry.value : entry.error.payload)?.length ?? 1);
  // Good answers an invalidation dropped: only served when fetching them again fails.
  const invalidated = new LRUCache<string, Entry>({ max: maxEntries, maxSize: maxSizeBytes, sizeCalculation: sizeOf });

  const lru = new LRUCache<string, Entry, Loader>({
    max: maxEntries,
    maxSize: maxSizeBytes,
    sizeCalculation: sizeOf,
    ttl: Math.max(1, ttlMs),
    // A clock of our own is read on every look (no 1 ms reuse of the last reading).
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
    allowStale: true,
    noDeleteOnStaleGet: true,
    allowStaleOnFetchRejection: true,
    fetchMethod: async (key, stale, { context: load }) => {
      if (stale !== undefined) counters.refreshes += 1;
      try {
        const entry = await toEntry(load);
        if (failures.delete(key)) logger.info({ key }, 'content service answers again for this key');
        invalidated.delete(key);
        return entry;
      } catch (error) {
        counters.errors += 1;
        const known = failures.has(key);
        failures.set(key, { error });
        if (!known) {
          logger.error(
            { err: error, key, servingStale: stale !== undefined },
            stale === undefined
              ? 'content service failed and nothing is cached for this key'
              : 'content service failed; serving the last good answer until it recovers',
          );
        }
        throw error;
      }
    },
  });

  const get = async (parts: CacheKeyParts, load: Loader): Promise<unknown> => {
    const key = keyOf(parts);
    const status: LRUCache.Status<string, Entry, Loader> = {};
    const entry = await lru.fetch(key, { context: load, status });
    if (status.returnedStale) counters.staleServed += 1;
    else if (status.fetch === 'hit') counters.hits += 1;
    else counters.misses += 1;
    if (entry === undefined) {
      const failure = failures.get(key);
      if (failure) return lastGood(key, failure.error);
      // Invalidated while the request was in flight: its answer may predate the change.
      try {
        return unwrap(await toEntry(load));
      } catch (error) {
        return lastGood(key, error);
      }
    }
    return unwrap(entry);
  };

  /** The answer an invalidation set aside, when there is one; else the failure. */
  const lastGood = (key: string, error: unknown): unknown => {
    const kept = invalidated.get(key);
    if (!kept) throw error;
    counters.staleServed += 1;
    return unwrap(kept);
  };

  const setAside = (key: string) => {
    const entry = lru.peek(key, { allowStale: true });
    if (entry?.ok) invalidated.set(key, entry);
  };

  const invalidate: ContentCache['invalidate'] = (target) => {
    const matches =
      typeof target === 'string'
        ? (parts: CacheKeyParts) => parts.path === `/${target}` || parts.path.startsWith(`/${target}/`)
        : target;
    let dropped = 0;
    for (const key of [...lru.keys()]) {
      if (matches(partsOf(key))) {
        setAside(key);
        lru.delete(key);
        failures.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  };

  const invalidateShowing: ContentCache['invalidateShowing'] = (needles) => {
    const wanted = needles.filter((n) => n.length > 0);
    const urls = new Set<string>();
    if (wanted.length === 0) return { dropped: 0, urls: [] };
    let dropped = 0;
    for (const key of [...lru.keys()]) {
      const entry = lru.peek(key, { allowStale: true });
      const text = entry?.ok ? JSON.stringify(entry.value) : undefined;
      if (text !== undefined && wanted.some((n) => text.includes(n))) {
        collectUrls(entry!.ok ? entry!.value : null, new Set(wanted), urls);
        setAside(key);
        lru.delete(key);
        dropped += 1;
      }
    }
    return { dropped, urls: [...urls] };
  };

  return {
    get,
    invalidate,
    invalidateShowing,
    clear: () => {
      for (const key of lru.keys()) setAside(key);
      lru.clear();
      failures.clear();
    },
    stats: () => ({ ...counters, entries: lru.size, size: lru.calculatedSize }),
  };
}

async function toEntry(load: Loader): Promise<Entry> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    if (error instanceof ContentError && error.fromService && AUTHORITATIVE.has(error.status)) {
      return { ok: false, error };
    }
    throw error;
  }
}

function unwrap(entry: Entry): unknown {
  if (entry.ok) return entry.value;
  throw entry.error;
}

function keyOf(parts: CacheKeyParts): string {
  return JSON.stringify([parts.method, parts.path, parts.query, parts.locale]);
}

function partsOf(key: string): CacheKeyParts {
  const [method = '', path = '', query = '', locale = ''] = JSON.parse(key) as string[];
  return { method, path, query, locale };
}

/** The `url` of every object in `value` whose `documentId` is one of `documentIds`. */
function collectUrls(value: unknown, documentIds: ReadonlySet<string>, into: Set<string>): void {
  if (Array.isArray(value)) return value.forEach((v) => collectUrls(v, documentIds, into));
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.documentId === 'string' && documentIds.has(record.documentId) && typeof record.url === 'string') into.add(record.url);
  for (const v of Object.values(record)) collectUrls(v, documentIds, into);
}
