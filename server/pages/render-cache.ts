// Rendered pages, kept whole. An anonymous page is the same for every visitor (no nonce, no
// per-visitor markup), so the HTML or Flight body of a path is rendered once and served from
// memory with an ETag, compressed once per encoding, until a publish drops it by the cache tags
// of what its render read (`drop`, as the proxy's purge does) or its time is up. An HTML page
// names the Flight payload it was rendered from by that payload's id (its ETag): those
// payloads are also kept by id, a while longer than the pages (docs/decisions/008).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { FORM_STAMP_FIELD } from '../forms/bot-guard';
import { AGE, PER_CLIENT_HEADERS, sharedCacheMayKeep } from '../http/cache-policies';
import { tagHeaders } from '../../src/content/cache-tags';

export type RenderedPage = {
  status: number;
  contentType: string;
  cacheControl: string;
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  /** HTML with a form that carries the no-JavaScript time stamp (server/forms/page-views.ts). */
  stampedForm: boolean;
  /** An HTML page's Flight payload, when the page names it rather than carrying it. */
  flight?: RenderedPage;
  /** What the page was rendered from, as cache tags (src/content/cache-tags.ts), for a shared
   * cache's purge by tag; only on answers a shared cache may keep. */
  tags?: readonly string[];
  /** The encodings made at the quick level on the render's path, and how often each was sent:
   * the second send makes it again at the kept level, off the request's path (`sendRendered`). */
  quick?: Map<Encoding, number>;
};

/** How much longer than the pages the Flight payloads they name are kept by id: as long as a
 * shared cache may serve the page stale (CACHE.page's stale-while-revalidate), so a browser
 * that got the HTML late in its life still finds the payload it was rendered from. */
export const FLIGHT_GRACE_MS = AGE.tenMinutes * 1000;

/** The longest a rendered page is kept, whatever the content cache's TTL: a page shows what
 * depends on the date (the promoted event while it is to come, a past event's closed sign-up,
 * the year in the footer), so it is rendered again at least once a day. */
export const RENDER_MAX_AGE_MS = AGE.day * 1000;

/** The render cache's bound when the operator gives none (RENDER_CACHE_MB). */
export const RENDER_CACHE_BYTES = 192 * 1024 * 1024;

/** The share of the bound for pages asked for at most once (render-ahead's, a crawler's walk, a
 * one-off search); the rest is for pages asked for again. */
const ONCE_SHARE = 1 / 3;

/** What a kept page costs: its body, its compressed forms (a third of it at most, both together,
 * for HTML and Flight; they are made when first asked for) and its tags. */
export const keptSize = (p: RenderedPage) => Math.ceil(p.body.length * 1.35) + 256 + (p.tags?.length ?? 0) * 32;

type Kept = { page: RenderedPage; asks: number };

export function createRenderCache(opts: { ttlMs: number; maxBytes?: number; perf?: { now(): number } }) {
  const maxBytes = opts.maxBytes ?? RENDER_CACHE_BYTES;
  const ttl = Math.min(Math.max(opts.ttlMs, 1), RENDER_MAX_AGE_MS);
  // A clock of the caller's (a test's) is read on every look, not reused for a millisecond.
  const perf = opts.perf ? { perf: opts.perf, ttlResolution: 0 } : {};
  const sizeCalculation = (k: Kept) => keptSize(k.page);
  const counts = { evicted: 0 };
  // Two segments, bounded by bytes alone (a count would be outgrown by a growing site): a page
  // starts among those asked for at most once; asked for again, it moves to the pages people come
  // back to. There, the least recently asked are moved back when room is needed, never dropped
  // at once: a crawler walking every page once passes through the first segment only, and the
  // pages visitors ask for stay. A page past its time stays until the bound pushes it out
  // (`stale`): the last copy, served when the render budget refuses to render it again
  // (render-budget.ts).
  const once = new LRUCache<string, Kept>({
    maxSize: Math.max(1, Math.floor(maxBytes * ONCE_SHARE)),
    sizeCalculation,
    ttl,
    noDeleteOnStaleGet: true,
    dispose: (_value, _key, reason) => void (reason === 'evict' && (counts.evicted += 1)),
    ...perf,
  });
  const again = new LRUCache<string, Kept>({
    maxSize: Math.max(1, maxBytes - Math.floor(maxBytes * ONCE_SHARE)),
    sizeCalculation,
    ttl,
    noDeleteOnStaleGet: true,
    // Room made: back among the pages asked for once, with the time it had left.
    disposeAfter: (value, key, reason) => {
      if (reason !== 'evict') return;
      const left = demoting.get(key) ?? 0;
      demoting.delete(key);
      if (left > 0) once.set(key, { page: value.page, asks: 1 }, { ttl: left });
    },
    ...perf,
  });
  // The time a page being moved back had left (read before the eviction, by `keep`).
  const demoting = new Map<string, number>();
  const remaining = (cache: LRUCache<string, Kept>, key: string) => {
    const left = cache.getRemainingTTL(key);
    return Number.isFinite(left) ? left : ttl;
  };
  /** Puts `kept` among the pages asked for again, noting what the ones it pushes out had left. */
  const promote = (key: string, kept: Kept, left: number) => {
    const size = keptSize(kept.page);
    // The least recently asked that make room, oldest first (lru-cache evicts in this order).
    let room = again.maxSize - again.calculatedSize;
    for (const k of again.rkeys()) {
      if (room >= size) break;
      demoting.set(k, remaining(again, k));
      const v = again.peek(k, { allowStale: true });
      room += v ? keptSize(v.page) : 0;
    }
    again.set(key, kept, { ttl: left });
    demoting.clear();
  };
  // The payloads HTML pages name, by id: kept the grace time longer than the pages, and past a
  // page rendered again (a form's stamp, the order of Flight rows: two renders of a page differ,
  // and each HTML must find its own).
  const flights = new LRUCache<string, RenderedPage>({ maxSize: Math.max(1, Math.floor(maxBytes / 4)), sizeCalculation: keptSize, ttl: ttl + FLIGHT_GRACE_MS, ...perf });
  let epoch = 0;
  /** Drops the pages that `dropped` picks (or whose Flight payload it picks) and the payloads it
   * picks; a new epoch. Returns how many pages. */
  const dropWhere = (dropped: (page: RenderedPage) => boolean): number => {
    epoch += 1;
    let count = 0;
    for (const segment of [once, again]) {
      for (const [key, { page }] of [...segment.entries()]) {
        if (dropped(page) || (page.flight !== undefined && dropped(page.flight))) {
          segment.delete(key);
          count += 1;
        }
      }
    }
    for (const [id, page] of [...flights.entries()]) if (dropped(page)) flights.delete(id);
    return count;
  };
  const on = opts.ttlMs > 0;
  return {
    /** Whether anything is kept (a TTL of 0 turns the cache off). */
    keeps: on,
    /** The page kept under `key`, asked for by a visitor: a second ask keeps it among the pages
     * people come back to. */
    get(key: string): RenderedPage | undefined {
      if (!on) return undefined;
      const kept = again.get(key);
      if (kept) return kept.page;
      const first = once.get(key);
      if (!first) return undefined;
      first.asks += 1;
      if (first.asks >= 2) {
        const left = remaining(once, key);
        once.delete(key);
        promote(key, first, left);
      }
      return first.page;
    },
    /** Whether a page is kept under `key` (not past its time), without counting an ask. */
    has: (key: string) => on && (again.has(key) || once.has(key)),
    /** The page kept under `key` even past its time (not after a drop): its last rendered copy. */
    stale: (key: string) => (on ? (again.get(key, { allowStale: true }) ?? once.get(key, { allowStale: true }))?.page : undefined),
    /** Keeps a page, as asked for once (`asked`: by the visitor it was rendered for) or not yet
     * (rendered ahead); not when a drop came after `since` (the epoch its render began at). */
    set(key: string, page: RenderedPage, since = epoch, asked = true) {
      if (!on || since !== epoch) return;
      if (again.has(key)) again.set(key, { page, asks: 2 });
      else once.set(key, { page, asks: asked ? 1 : 0 });
    },
    /** Keeps a Flight payload an HTML page names, under its id. */
    keepFlight(page: RenderedPage, since = epoch) {
      if (on && since === epoch) flights.set(flightId(page), page);
    },
    /** The Flight payload with this id, if it is still kept. */
    flight: (id: string) => (on ? flights.get(id) : undefined),
    clear() {
      once.clear();
      again.clear();
      flights.clear();
      epoch += 1;
    },
    /** Counts the drops: a render that began before one may have read what it dropped, so it is
     * sent but not kept (`set`'s `since`). */
    get epoch() {
      return epoch;
    },
    /** Drops the rendered pages (and Flight payloads) filed under any of `tags`, like a shared
     * cache's purge by tag (src/content/cache-tags.ts): a publish names its collections, the
     * record and `many`, so the pages that show it go and the rest stay. A page without tags goes
     * with any purge. Returns how many pages. */
    drop(tags: readonly string[]): number {
      if (tags.length === 0) return 0;
      const wanted = new Set(tags);
      return dropWhere((page) => !page.tags || page.tags.some((tag) => wanted.has(tag)));
    },
    /** Drops the rendered pages (and the Flight payloads) whose body contains any of `needles`:
     * the pages that show a media file whose text or file changed. Returns how many pages. */
    dropShowing(needles: readonly string[]): number {
      const wanted = needles.filter((n) => n.length > 0).map((n) => Buffer.from(n));
      if (wanted.length === 0) return 0;
      return dropWhere((page) => wanted.some((n) => page.body.includes(n)));
    },
    /** Pages kept. */
    get size() {
      return once.size + again.size;
    },
    /** What the cache holds: pages and bytes per segment, and how many pages the bound pushed out
     * of it so far (the metrics, the scale bench). */
    stats() {
      return { pages: once.size + again.size, askedAgain: again.size, bytes: once.calculatedSize + again.calculatedSize, maxBytes, evicted: counts.evicted };
    },
  };
}

/** A rendered answer's id: its ETag without the quotes (URL- and attribute-safe base64url). */
export const flightId = (page: RenderedPage): string => page.etag.slice(1, -1);

export type RenderCache = ReturnType<typeof createRenderCache>;

export function renderedPage(status: number, contentType: string, cacheControl: string, body: Buffer): RenderedPage {
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  return { status, contentType, cacheControl, body, etag, stampedForm: contentType.startsWith('text/html') && body.includes(STAMPED_FORM) };
}

const STAMPED_FORM = `name="${FORM_STAMP_FIELD}"`;

type Encoding = 'br' | 'gzip';

// Two levels (bench/render-phases.ts, docs/decisions/012-layout-rendered-once.md): a render's own
// answer is compressed at a level meant for dynamic content, so a page asked for once (a new search,
// a form's answer) pays little; a page asked for again is compressed anew at the kept level, which
// every later visitor gets. `/`: gzip 4 in 0.8 ms, 20.0 KB; gzip 6 in 1.2 ms, 19.2 KB; brotli 4 in
// 0.9 ms, 16.6 KB; brotli 6 in 1.6 ms, 15.1 KB. Static assets keep brotli 11 (build/).
const BROTLI = (size: number, quality = 6) => ({ params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: size } });
const GZIP = { level: 6 };
const QUICK = { br: 4, gzip: 4 } as const;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding a page is sent in for this Accept-Encoding: brotli, else gzip, else none. */
export function encodingFor(page: RenderedPage, acceptEncoding: string | undefined): Encoding | undefined {
  if (page.body.length <= 512 || !acceptEncoding) return undefined;
  return /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : undefined;
}

/** Whether the page is ready to be sent to this request without compressing it now. */
export function readyFor(page: RenderedPage, acceptEncoding: string | undefined): boolean {
  const encoding = encodingFor(page, acceptEncoding);
  return !encoding || page[encoding] !== undefined;
}

/** Compresses the page for this request's encoding in the thread pool, once per encoding: the
 * event loop goes on serving other requests meanwhile. */
export async function prepareFor(page: RenderedPage, acceptEncoding: string | undefined): Promise<void> {
  const encoding = encodingFor(page, acceptEncoding);
  if (!encoding || page[encoding]) return;
  const quick = encoding === 'br' ? await brotliAsync(page.body, BROTLI(page.body.length, QUICK.br)) : await gzipAsync(page.body, { level: QUICK.gzip });
  if (page[encoding]) return;
  page[encoding] = quick;
  (page.quick ??= new Map()).set(encoding, 0);
}

/** A quick encoding sent a second time: made again at the kept level in the thread pool, and sent
 * from then on. */
function keepBetter(page: RenderedPage, encoding: Encoding): void {
  const sent = page.quick?.get(encoding);
  if (sent === undefined) return;
  if (sent < 1) return void page.quick!.set(encoding, sent + 1);
  page.quick!.delete(encoding);
  const better = encoding === 'br' ? brotliAsync(page.body, BROTLI(page.body.length)) : gzipAsync(page.body, GZIP);
  better.then(
    (bytes) => void (page[encoding] = bytes),
    () => undefined, // the quick one stays
  );
}

/** Sends a rendered page: 304 when the browser has it, else the best encoding it accepts
 * (compressed here, synchronously, only if `prepareFor` did not run). Plain node:http calls, so
 * the fast path (before Express) and the page handler share it; `extraHeaders` is a flat
 * [name, value, ...] list sent along. */
export function sendRendered(req: IncomingMessage, res: ServerResponse, page: RenderedPage, extraHeaders: readonly string[] = NONE): void {
  // A page a shared cache keeps is every visitor's: nothing of this client's (its render limit's headers).
  if (sharedCacheMayKeep(page.cacheControl)) for (const name of PER_CLIENT_HEADERS) res.removeHeader(name);
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) return void res.writeHead(304, extraHeaders.concat(ownHeaders(page, undefined, undefined))).end();
  const encoding = encodingFor(page, req.headers['accept-encoding']);
  let body = page.body;
  if (encoding === 'br') body = page.br ??= brotliCompressSync(page.body, BROTLI(page.body.length));
  else if (encoding === 'gzip') body = page.gzip ??= gzipSync(page.body, GZIP);
  res.writeHead(page.status, extraHeaders.concat(ownHeaders(page, encoding, body)));
  res.end(req.method === 'HEAD' ? undefined : body);
  if (encoding) keepBetter(page, encoding);
}

/** A page's own headers as sent with `body` in `encoding` (none: a 304), made once per page,
 * encoding and body (a quick encoding replaced by the kept level is a new body): a cached page
 * is sent thousands of times with the same ones. By the page object, not a field of it: a page
 * copied with another Cache-Control (`{ ...page, cacheControl }`) has headers of its own. */
function ownHeaders(page: RenderedPage, encoding: Encoding | undefined, body: Buffer | undefined): readonly string[] {
  let made = sentHeaders.get(page);
  if (!made) sentHeaders.set(page, (made = new Map()));
  const key = encoding ?? (body ? 'identity' : 'not-modified');
  const kept = made.get(key);
  if (kept && kept.body === body && kept.tags === page.tags) return kept.headers;
  const headers = ['Content-Type', page.contentType, 'Cache-Control', page.cacheControl, 'ETag', page.etag];
  if (page.tags) headers.push(...tagHeaders(page.tags));
  if (encoding) headers.push('Content-Encoding', encoding);
  if (body) headers.push('Content-Length', String(body.length));
  made.set(key, { body, tags: page.tags, headers });
  return headers;
}

const sentHeaders = new WeakMap<RenderedPage, Map<string, { body: Buffer | undefined; tags: readonly string[] | undefined; headers: readonly string[] }>>();

const NONE: readonly string[] = [];
