// Render-cache hits before the rest of the middleware. A page that is already rendered is the
// same bytes for every visitor, so its answer needs none of the per-request work the other
// requests get: the security headers are computed once at startup (helmet run against a
// recorder), the body is precompressed in the cache, and the access line is one cheap log call.
// Anything that is not an exact hit (a miss, a redirect, a POST, the debug view) goes on to the
// full chain, which renders and fills the cache the fast path then serves.
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { BUILD_HEADER } from '../src/framework/protocol';
import { accessLine, accessLogger, assignRequestId } from './logger';
import { pageCacheKey, usableHit, wantsFlightPayload } from './page-handler';
import { sendRendered, type RenderCache } from './render-cache';

export type FastPathDeps = {
  renderCache: RenderCache;
  contentVersion: () => number;
  buildId: string;
  /** The chain's security headers middleware (helmet): run once to learn its headers. */
  securityHeaders: RequestHandler;
  logger: Logger;
  /** Whether `?debug` is the (uncached) debug view. */
  debugView: boolean;
};

/** The headers a middleware sets on every answer, learned by running it once on a recorder. */
export function recordHeaders(middleware: RequestHandler): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let called = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as Request, recorder as unknown as Response, () => void (called = true));
  if (!called) throw new Error('the security headers middleware did not call next() synchronously');
  return [...headers];
}

export function renderCacheFastPath(deps: FastPathDeps): RequestHandler {
  const headers = recordHeaders(deps.securityHeaders);
  const access = accessLogger(deps.logger);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path;
    if (path.length > 1 && path.endsWith('/')) return next();
    const wantsFlight = wantsFlightPayload(req);
    const { key, cacheable, exact } = pageCacheKey(req, wantsFlight, deps.contentVersion(), deps.debugView);
    const page = cacheable ? usableHit(deps.renderCache.get(key), exact) : undefined;
    if (!page) return next();

    const started = performance.now();
    for (const [name, value] of headers) res.setHeader(name, value);
    const id = assignRequestId(req, res);
    res.setHeader(BUILD_HEADER, deps.buildId);
    res.setHeader('Vary', 'Accept, Accept-Encoding');
    sendRendered(req, res, page);
    accessLine(access, req, res.statusCode, id, performance.now() - started);
  };
}
