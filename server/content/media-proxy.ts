// `/uploads/*` when the content comes from Strapi: the site answers its media itself, so pages
// keep one origin (one connection for a cheap phone, a CSP of 'self'), images keep loading
// while the content service is down, and Strapi's upload folder is never exposed as a whole.
//
// - Only images pass. The upload folder also holds what forms delivered (a CV): those are
//   never served here, whatever their name.
// - Answers are kept in memory (files up to MAX_CACHED_BYTES, MAX_CACHE_BYTES in all), fresh
//   for FRESH_MS, then revalidated with the upstream ETag; when Strapi does not answer, the
//   kept copy is served (stale-if-error).
// - Media headers: a sandboxing CSP (an uploaded SVG opened on its own runs no script in
//   this origin) and nosniff, like the embedded content's files.
import { UPLOADS_PREFIX } from '../../src/routing/endpoints';
import { createHash } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { CACHE } from '../http/cache-policies';

/** One path segment as Strapi's local provider names files (`name_hash.ext`). */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
const MAX_CACHED_BYTES = 5 * 1024 * 1024;
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
const FRESH_MS = 10 * 60_000;
export const MEDIA_CSP = "default-src 'none'; img-src 'self' data:; sandbox";

type Kept = { body: Buffer; type: string; etag: string; upstreamEtag: string | null; lastModified: string | null; checkedAt: number };

export type MediaProxyOptions = {
  /** The content service's origin (`STRAPI_URL`). */
  upstream: string;
  timeoutMs: number;
  logger: Logger;
  now?: () => number;
};

/** Headers of every media answer, embedded files included. */
export function setMediaHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', MEDIA_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

export function mediaProxy(options: MediaProxyOptions): Router {
  const { logger } = options;
  const now = options.now ?? Date.now;
  const base = new URL(options.upstream).origin;
  const kept = new LRUCache<string, Kept>({ maxSize: MAX_CACHE_BYTES, sizeCalculation: (k) => k.body.length + 200 });
  const inFlight = new Map<string, Promise<Kept | 'missing' | 'refused'>>();

  async function fetchUpstream(name: string, previous: Kept | undefined): Promise<Kept | 'missing' | 'refused'> {
    const headers: Record<string, string> = {};
    if (previous?.upstreamEtag) headers['If-None-Match'] = previous.upstreamEtag;
    const res = await fetch(`${base}/uploads/${name}`, { headers, signal: AbortSignal.timeout(options.timeoutMs), redirect: 'error' });
    if (res.status === 304 && previous) {
      await res.body?.cancel();
      const again = { ...previous, checkedAt: now() };
      kept.set(name, again);
      return again;
    }
    if (res.status === 404 || res.status === 410) {
      await res.body?.cancel();
      kept.delete(name);
      return 'missing';
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`media upstream answered ${res.status}`);
    }
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!type.startsWith('image/')) {
      await res.body?.cancel();
      return 'refused';
    }
    const length = Number(res.headers.get('content-length') ?? NaN);
    if (length > MAX_CACHED_BYTES) {
      await res.body?.cancel();
      throw new TooLarge();
    }
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length > MAX_CACHED_BYTES) throw new TooLarge();
    const entry: Kept = {
      body,
      type,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      upstreamEtag: res.headers.get('etag'),
      lastModified: res.headers.get('last-modified'),
      checkedAt: now(),
    };
    kept.set(name, entry);
    return entry;
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

  function send(req: Request, res: Response, entry: Kept) {
    setMediaHeaders(res);
    res.setHeader('Cache-Control', CACHE.media);
    res.setHeader('ETag', entry.etag);
    if (entry.lastModified) res.setHeader('Last-Modified', entry.lastModified);
    res.type(entry.type);
    if (req.fresh) return void res.status(304).end();
    res.setHeader('Content-Length', entry.body.length);
    if (req.method === 'HEAD') return void res.end();
    res.end(entry.body);
  }

  /** Larger files than the cache keeps: streamed through, never buffered. */
  async function pipeLarge(name: string, res: Response) {
    const upstream = await fetch(`${base}/uploads/${name}`, { signal: AbortSignal.timeout(options.timeoutMs), redirect: 'error' });
    const type = (upstream.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!upstream.ok || !upstream.body || !type.startsWith('image/')) {
      await upstream.body?.cancel();
      return void res.status(404).setHeader('Cache-Control', CACHE.noStore).type('text/plain').send('Not found');
    }
    setMediaHeaders(res);
    res.setHeader('Cache-Control', CACHE.media);
    res.type(type);
    const length = upstream.headers.get('content-length');
    if (length) res.setHeader('Content-Length', length);
    for await (const chunk of upstream.body) if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
    res.end();
  }

  const router = express.Router();
  router.get(`${UPLOADS_PREFIX}/:file`, async (req, res) => {
    const name = req.params.file;
    const notFound = () => void res.status(404).setHeader('Cache-Control', CACHE.mediaNotFound).type('text/plain').send('Not found');
    if (typeof name !== 'string' || !FILE_NAME.test(name)) return notFound();
    const previous = kept.get(name);
    if (previous && now() - previous.checkedAt < FRESH_MS) return send(req, res, previous);
    try {
      const result = await load(name, previous);
      if (result === 'missing' || result === 'refused') return notFound();
      return send(req, res, result);
    } catch (error) {
      if (error instanceof TooLarge) return pipeLarge(name, res).catch(() => void (res.headersSent ? res.destroy() : res.status(502).end()));
      if (previous) {
        logger.warn({ file: name, err: (error as Error).message }, 'media: content service unreachable, serving the kept copy');
        return send(req, res, previous);
      }
      logger.warn({ file: name, err: (error as Error).message }, 'media: content service unreachable');
      res.status(502).setHeader('Cache-Control', CACHE.noStore).type('text/plain').send('Media temporarily unavailable');
    }
  });
  return router;
}

class TooLarge extends Error {}
