// `/uploads/*` when the content comes from Strapi: the site answers its media itself, so pages
// keep one origin (one connection for a cheap phone, a CSP of 'self'), images keep loading
// while the content service is down, and Strapi's upload folder is never exposed as a whole.
//
// - Only images the content service has a media record of pass (media-catalogue.ts): a name
//   nobody uploaded is a 404 without a request for the file, and asked again, without any
//   request at all. The upload folder also holds what forms delivered (a CV): those are never
//   served here, whatever their name.
// - Answers are kept on disk (media-disk.ts, under a byte bound), streamed in and out, never
//   whole in memory: an editor's 8 MB photo costs a few chunks of memory, however many ask.
//   A kept file is fresh for FRESH_MS, then revalidated with the upstream ETag; when Strapi
//   does not answer, the kept copy is served (stale-if-error). A file larger than
//   MAX_KEPT_BYTES is streamed through and not kept.
// - The kept originals are also what the photographs' copies are made from (media-variants.ts).
// - Media headers: a sandboxing CSP (an uploaded SVG opened on its own runs no script in
//   this origin) and nosniff, like the embedded content's files.
import { UPLOADS_PREFIX } from '../../src/routing/endpoints';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import express, { type Response, type Router } from 'express';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { CachePolicy } from '../http/cache-policies';
import { answering, empty, text, type FileAnswer, type PlainAnswer } from '../http/plain-answers';
import { limitedLog } from '../http/warn-limit';
import type { MediaCatalogue } from './media-catalogue';
import { TooLargeError, type MediaDisk } from './media-disk';

/** One path segment as Strapi's local provider names files (`name_hash.ext`). */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
/** Larger originals are passed through, not kept (a camera's RAW file, a poster-size scan). */
export const MAX_KEPT_BYTES = 40 * 1024 * 1024;
const FRESH_MS = 10 * 60_000;
export const MEDIA_CSP = "default-src 'none'; img-src 'self' data:; sandbox";

/** What is known of a kept file; its bytes are on disk under its name. */
type Kept = { type: string; upstreamEtag: string | null; lastModified: string | null; checkedAt: number };

export type MediaProxyOptions = {
  /** The content service's origin (`STRAPI_URL`). */
  upstream: string;
  timeoutMs: number;
  logger: Logger;
  /** Where the originals are kept. */
  disk: MediaDisk;
  /** The content service's media records: only a file with one is fetched. */
  catalogue: MediaCatalogue;
  now?: () => number;
};

/** Headers of every media answer, embedded files included. */
export function setMediaHeaders(res: Response): void {
  for (const [name, value] of Object.entries(MEDIA_HEADERS)) res.setHeader(name, value);
}

const MEDIA_HEADERS = { 'Content-Security-Policy': MEDIA_CSP, 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' };

/** A media file not found (or not an image): browsers may keep that a minute. */
export const MEDIA_NOT_FOUND = text(404, 'Not found', { cache: 'mediaNotFound' });

/** A kept file with the media headers: ETag and Last-Modified from the file (or `lastModified`,
 * the content service's), 304 and ranges, streamed. */
export function keptFile(file: string, contentType: string, cache: CachePolicy, lastModified?: string | null): FileAnswer & { headers: Record<string, string> } {
  return { kind: 'file', file, contentType, cache, lastModified: true, missing: text(404, 'Not found'), headers: { ...MEDIA_HEADERS, ...(lastModified ? { 'Last-Modified': lastModified } : {}) } };
}

const metaKey = (name: string) => `meta|${name}`;

export type MediaProxy = {
  router: Router;
  /** The original on disk, fetched or revalidated first when it is not fresh (or `revalidate`);
   * null when the content service has no such image. */
  original(name: string, opts?: { revalidate?: boolean }): Promise<string | null>;
};

export function mediaProxy(options: MediaProxyOptions): MediaProxy {
  const { logger, disk } = options;
  const now = options.now ?? Date.now;
  const base = new URL(options.upstream).origin;
  const kept = new LRUCache<string, Kept>({ max: 20_000 });
  const inFlight = new Map<string, Promise<Kept | 'missing' | 'refused' | 'too-large'>>();

  async function fetchUpstream(name: string, previous: Kept | undefined): Promise<Kept | 'missing' | 'refused' | 'too-large'> {
    const headers: Record<string, string> = {};
    const onDisk = previous && disk.has(name);
    if (onDisk && previous.upstreamEtag) headers['If-None-Match'] = previous.upstreamEtag;
    const res = await fetch(`${base}/uploads/${name}`, { headers, signal: AbortSignal.timeout(options.timeoutMs), redirect: 'error' });
    if (res.status === 304 && onDisk) {
      await res.body?.cancel();
      const again = { ...previous, checkedAt: now() };
      kept.set(name, again);
      return again;
    }
    if (res.status === 404 || res.status === 410) {
      await res.body?.cancel();
      kept.delete(name);
      disk.delete(name);
      disk.delete(metaKey(name));
      return 'missing';
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new Error(`media upstream answered ${res.status}`);
    }
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!type.startsWith('image/')) {
      await res.body.cancel();
      return 'refused';
    }
    if (Number(res.headers.get('content-length') ?? 0) > MAX_KEPT_BYTES) {
      await res.body.cancel();
      return 'too-large';
    }
    try {
      await disk.putStream(name, Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), MAX_KEPT_BYTES);
    } catch (error) {
      if (error instanceof TooLargeError) return 'too-large';
      throw error;
    }
    const entry: Kept = { type, upstreamEtag: res.headers.get('etag'), lastModified: res.headers.get('last-modified'), checkedAt: now() };
    kept.set(name, entry);
    await disk.put(metaKey(name), Buffer.from(JSON.stringify(entry)));
    return entry;
  }

  /** What is known of a file: in memory, or written beside it by an earlier run (then it is
   * checked again before use, and served as it is when the content service is down). */
  function known(name: string): Kept | undefined {
    const inMemory = kept.get(name);
    if (inMemory) return inMemory;
    const meta = disk.get(metaKey(name));
    if (!meta) return undefined;
    try {
      const entry = { ...(JSON.parse(readFileSync(meta.file, 'utf8')) as Kept), checkedAt: 0 };
      kept.set(name, entry);
      return entry;
    } catch {
      return undefined;
    }
  }

  /** One upstream request per file at a time, however many visitors ask. */
  function load(name: string, previous: Kept | undefined) {
    let pending = inFlight.get(name);
    if (!pending) {
      pending = fetchUpstream(name, previous).finally(() => inFlight.delete(name));
      inFlight.set(name, pending);
    }
    return pending;
  }

  /** The kept entry, loaded or revalidated when needed; a kept copy when the content service fails. */
  async function ensure(name: string, revalidate: boolean): Promise<Kept | 'missing' | 'refused' | 'too-large' | 'unreachable'> {
    const previous = known(name);
    const onDisk = previous !== undefined && disk.has(name);
    if (onDisk && !revalidate && now() - previous.checkedAt < FRESH_MS) return previous;
    try {
      return await load(name, onDisk ? previous : undefined);
    } catch (error) {
      // Once per image asked for while the service is down: the first line, then a count a minute.
      limitedLog(logger).warn({ file: name, err: (error as Error).message }, onDisk ? 'media: content service unreachable, serving the kept copy' : 'media: content service unreachable');
      return onDisk ? previous : 'unreachable';
    }
  }

  /** Larger files than are kept: streamed through, never buffered. */
  async function passLarge(name: string): Promise<PlainAnswer> {
    const upstream = await fetch(`${base}/uploads/${name}`, { signal: AbortSignal.timeout(options.timeoutMs), redirect: 'error' });
    const type = (upstream.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!upstream.ok || !upstream.body || !type.startsWith('image/')) {
      await upstream.body?.cancel();
      return text(404, 'Not found');
    }
    const length = upstream.headers.get('content-length') ?? undefined;
    return { kind: 'stream', status: 200, contentType: type, length, body: upstream.body, cache: 'media', headers: MEDIA_HEADERS };
  }

  const router = express.Router();
  router.get(
    `${UPLOADS_PREFIX}/:file`,
    answering(async (req) => {
      const name = req.params.file;
      if (typeof name !== 'string' || !FILE_NAME.test(name)) return MEDIA_NOT_FOUND;
      // Unreachable: the service cannot say now; a kept copy is still served (ensure).
      const media = await options.catalogue.record(name);
      if (media === 'missing' || (media !== 'unreachable' && media.mime && !media.mime.startsWith('image/'))) return MEDIA_NOT_FOUND;
      const result = await ensure(name, false);
      if (result === 'missing' || result === 'refused') return MEDIA_NOT_FOUND;
      if (result === 'too-large') return passLarge(name).catch(() => empty(502));
      if (result === 'unreachable') return text(502, 'Media temporarily unavailable');
      const entry = disk.get(name);
      if (!entry) return MEDIA_NOT_FOUND;
      return keptFile(entry.file, result.type, 'media', result.lastModified);
    }),
  );

  return {
    router,
    async original(name, opts = {}) {
      if (!FILE_NAME.test(name)) return null;
      const result = await ensure(name, Boolean(opts.revalidate));
      if (typeof result === 'string') return null;
      return disk.get(name)?.file ?? null;
    },
  };
}
