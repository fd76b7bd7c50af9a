// Purging the shared caches in front (Varnish, deploy/varnish/) after a publish. The local purge
// (content-webhook.ts) drops this process's cached answers; the proxies keep whole pages for
// their s-maxage, filed under cache tags (src/content/cache-tags.ts). Here a webhook's purge
// becomes the tags of what changed, and each proxy gets one `BAN` request naming them, with the
// token its VCL checks. A proxy that does not answer is tried again a few times, waiting longer
// each time; a refusal (a wrong token, an address outside its ACL) is not. A CDN in front is
// purged by the same tags through its own API (docs/caching.md).
import type { Logger } from 'pino';
import { collectionTag, MANY_TAG, recordTag, SITE_TAG } from '../../src/content/cache-tags';
import type { PurgeOutcome } from '../http/metrics';
import type { Purge } from './content-change';

/** The header naming the tags to purge, space-separated. */
export const PURGE_TAGS_HEADER = 'X-Purge-Tags';
/** The header carrying CACHE_PURGE_TOKEN. */
export const PURGE_TOKEN_HEADER = 'X-Purge-Token';

/**
 * The tags of the pages a webhook's purge drops, in the site's render cache and in the proxies
 * (none for a draft or a new file; a file's pages are found by what they show instead):
 * - an entry: its collections (the lists it shows up in, and lookups that found nothing), the
 *   record itself (the pages that show it or relate to it), and `many` (the pages too full of
 *   records to name them);
 * - anything else: everything (`site`).
 */
export function purgeTags(purge: Purge): string[] {
  if (purge.kind === 'nothing' || purge.kind === 'file') return [];
  if (purge.kind === 'everything') return [SITE_TAG];
  const record = purge.record ? recordTag(purge.record) : null;
  const collections = purge.targets.map(collectionTag).filter((t): t is string => t !== null);
  return [...collections, ...(record ? [record] : []), MANY_TAG];
}

/** The tags the proxies are purged by: a purge's tags, and everything for an edited file. A file
 * shows on lists too, which are tagged by their collection alone; editors rarely edit a file in
 * place, so the proxies render everything again then, while the site itself drops only the pages
 * that show it. */
export function proxyTagsFor(purge: Purge): string[] {
  return purge.kind === 'file' ? [SITE_TAG] : purgeTags(purge);
}

export type ProxyPurger = {
  /** Sends the tags to every proxy; resolves once each answered or was given up on. Never throws. */
  purge(tags: readonly string[], reason: string): Promise<void>;
};

export type ProxyPurgerOptions = {
  /** CACHE_PURGE_URLS: each proxy's origin. */
  urls: readonly string[];
  /** CACHE_PURGE_TOKEN. */
  token?: string;
  logger: Logger;
  /** Each proxy's final outcome per purge (the metrics' counter). */
  count?: (outcome: PurgeOutcome) => void;
  /** Tries per proxy; default 4. */
  attempts?: number;
  /** The wait before the second try, doubled before each next one; default 200 ms. */
  backoffMs?: number;
  /** How long one try waits for an answer; default 2 s. */
  timeoutMs?: number;
  /** How the wait between tries is made; default a timer (a test records the waits instead). */
  sleep?: (ms: number) => Promise<void>;
};

export function createProxyPurger(o: ProxyPurgerOptions): ProxyPurger {
  const attempts = o.attempts ?? 4;
  const backoffMs = o.backoffMs ?? 200;
  const timeoutMs = o.timeoutMs ?? 2_000;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function purgeOne(origin: string, tags: readonly string[], reason: string): Promise<void> {
    const headers: Record<string, string> = { [PURGE_TAGS_HEADER]: tags.join(' ') };
    if (o.token) headers[PURGE_TOKEN_HEADER] = o.token;
    let problem = '';
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      if (attempt > 1) await sleep(backoffMs * 2 ** (attempt - 2));
      try {
        const res = await fetch(new URL('/', origin), { method: 'BAN', headers, signal: AbortSignal.timeout(timeoutMs) });
        await res.body?.cancel();
        if (res.ok) {
          o.logger.info({ proxy: origin, tags, reason, attempt }, 'proxy cache purged');
          return o.count?.('ok');
        }
        if (res.status < 500) {
          o.logger.error({ proxy: origin, status: res.status, tags, reason }, 'proxy cache refused the purge: check CACHE_PURGE_TOKEN and its ACL');
          return o.count?.('refused');
        }
        problem = `status ${res.status}`;
      } catch (err) {
        problem = (err as Error).message;
      }
    }
    o.logger.error({ proxy: origin, problem, tags, reason, attempts }, 'proxy cache not purged: it keeps old pages until their s-maxage ends');
    o.count?.('failed');
  }

  return {
    async purge(tags, reason) {
      if (tags.length === 0 || o.urls.length === 0) return;
      await Promise.all(o.urls.map((origin) => purgeOne(origin, tags, reason)));
    },
  };
}
