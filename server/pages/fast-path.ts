// Render-cache hits before Express. A page that is already rendered is the same bytes for every
// visitor, so its answer needs none of the per-request work the other requests get: no
// router, no middleware, no query parsing when there is no query. The security headers are
// computed once at startup (helmet run against a recorder), the body is precompressed in the
// cache, and the access line is one cheap log call. Anything that is not an exact hit (a miss,
// a redirect, a POST, the debug view, a language choice or a visitor the locale cookie sends to
// the English page) goes on to Express, which renders and fills the cache the
// fast path then serves.
import { hasBody } from '../http/body-admission';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { BUILD_HEADER } from '../../src/routing/protocol';
import { accessLine, accessLogger, assignRequestId } from '../http/logger';
import { asksForFlight } from '../../src/routing/protocol';
import { localeDecision, pageVary } from './locale-preference';
import { cachedAnswer, pageCacheKey } from './page-cache-key';
import { parseQuery } from '../http/query-parser';
import type { PageViews } from '../forms/page-views';
import { readyFor, sendRendered, type RenderCache } from './render-cache';
import type { SiteMetrics } from '../http/metrics';

export type FastPathDeps = {
  renderCache: RenderCache;
  buildId: string;
  /** The chain's security headers middleware (helmet): run once to learn its headers. */
  securityHeaders: RequestHandler;
  logger: Logger;
  /** The client's address as Express's `req.ip` has it (the same `trust proxy` rule). */
  clientAddress: (req: IncomingMessage) => string;
  /** First views of pages with a stamped form (server/forms/page-views.ts); absent: no forms. */
  pageViews?: PageViews;
  /** Whether `?debug` is the (uncached) debug view. */
  debugView: boolean;
  /** Each hit counted and timed (server/http/metrics.ts); absent: no metrics. */
  metrics?: Pick<SiteMetrics, 'request' | 'pages'>;
  /** A request to another host than the public origin's: Express redirects it (server/pages/other-hosts.ts). */
  otherHost?: (req: IncomingMessage) => boolean;
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

const NO_QUERY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/** Answers a render-cache hit and returns true, or returns false and touches nothing. */
export function renderCacheFastPath(deps: FastPathDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  // Everything but the request id and the page's own headers, flat for writeHead.
  const fixed = [...recordHeaders(deps.securityHeaders).flat(), BUILD_HEADER, deps.buildId];
  const access = accessLogger(deps.logger);
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    // A GET with a body: Express refuses it unread (server/http/body-admission.ts).
    if (hasBody(req)) return false;
    if (deps.otherHost?.(req)) return false;
    const url = req.url ?? '';
    // Origin-form only (`/path?query`); anything else is Express's to judge.
    if (url.charCodeAt(0) !== 47 /* / */) return false;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (path.length > 1 && path.endsWith('/')) return false;
    // The query as Express's query parser reads it (server/http/query-parser.ts), so the key is the
    // one the page handler stored the page under.
    const query = q === -1 || q === url.length - 1 ? NO_QUERY : parseQuery(url.slice(q + 1));
    const wantsFlight = asksForFlight(query, req.headers.accept);
    // A language choice to write, or a visitor who chose English on a Dutch page that has an
    // English counterpart: Express answers with the redirect (server/pages/locale-preference.ts).
    if (localeDecision(path, q === -1 ? '' : url.slice(q + 1), req.headers.cookie, wantsFlight)) return false;
    const page = cachedAnswer(deps.renderCache, pageCacheKey(path, query, wantsFlight, deps.debugView));
    // Not yet compressed for this encoding: the page handler does that off the event loop.
    if (!page || !readyFor(page, req.headers['accept-encoding'])) return false;
    // A page with a stamped form: the visit counts for the fill time of a post without JavaScript.
    const client = deps.clientAddress(req);
    if (page.stampedForm && !wantsFlight) deps.pageViews?.seen(client, path);

    const started = performance.now();
    const id = assignRequestId(req);
    sendRendered(req, res, page, ['X-Request-Id', id].concat(fixed, 'Vary', pageVary(path)));
    const ms = performance.now() - started;
    accessLine(access, req, res.statusCode, id, ms, client);
    if (deps.metrics) {
      deps.metrics.request(wantsFlight ? 'rsc' : 'page', res.statusCode, ms / 1000);
      deps.metrics.pages.renderCache('hit', wantsFlight ? 'rsc' : 'html');
    }
    return true;
  };
}

/** The site's request listener: a render-cache hit is answered at once, the rest by Express. */
export function withFastPath<A extends RequestListener>(fastPath: (req: IncomingMessage, res: ServerResponse) => boolean, app: A): RequestListener & { behind: A } {
  const listener: RequestListener = (req, res) => {
    if (!fastPath(req, res)) app(req, res);
  };
  // What answers past the fast path (the Express app, whose routes a test can walk).
  return Object.assign(listener, { behind: app });
}
