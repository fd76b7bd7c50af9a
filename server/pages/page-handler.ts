// Every page request: route rules, then the route's loader decides the status (before any
// byte is sent), then either the Flight payload (client navigation) or HTML with the Flight
// payload inside (first load). Rendered answers are kept in the render cache per path, query
// and content version.
import type { Readable } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { renderHtml } from '../../src/framework/entry.ssr';
import type { RscApp, Resolution } from '../../src/framework/entry.rsc';
import { asksForFlight, BUILD_HEADER, FLIGHT_CONTENT_TYPE, REDIRECT_HEADER, RSC_QUERY } from '../../src/routing/protocol';
import { pageVary } from './locale-preference';
import { PAGE_QUERY_PARAMS } from '../../src/routing/path-table';
import { applyRouteRules } from '../../src/routing/route-match';
import { answerUnexpectedError } from './error-answer';
import type { RenderLimits } from './render-limit';
import type { PageViews } from '../forms/page-views';
import { prepareFor, renderedPage, sendRendered, type RenderCache, type RenderedPage } from './render-cache';
import type { LoadedBuild } from './rsc-build';
import type { RequestState } from '../../src/routing/request-state';
import { CACHE } from '../http/cache-policies';

type Deps = {
  rsc: RscApp;
  build: LoadedBuild;
  logger: Logger;
  renderCache: RenderCache;
  contentVersion: () => number;
  /** Whether `?debug` is the (uncached) debug view (DEBUG_VIEW). */
  debugView: boolean;
  /** Renders the cache cannot answer, per client (server/pages/render-limit.ts); absent: no limit. */
  renderLimits?: RenderLimits;
  /** First views of pages with a stamped form, per client (server/forms/page-views.ts). */
  pageViews?: PageViews;
};

/** One decided page to render (`renderResolved`). */
type ResolvedRender = {
  resolution: Resolution & { kind: 'page' };
  wantsFlight: boolean;
  /** The page's path: in the log line, and the error page's locale. */
  path: string;
  /** The answer's status; the resolution's when absent (a form post's 422 or 503 on a page that resolved 200). */
  status?: number;
  /** Another RSC app instance (the editor preview's) rendering the page; the shared one when absent. */
  from?: RscApp;
  /** One visitor's page (their donation or account). */
  personal?: boolean;
};

/** A page rendered for one request only, by `from` (`renderUncached`). */
export type UncachedRender = Required<Pick<ResolvedRender, 'from'>> & Pick<ResolvedRender, 'resolution' | 'wantsFlight' | 'path'>;

const HTML = 'text/html; charset=utf-8';
const FLIGHT = `${FLIGHT_CONTENT_TYPE}; charset=utf-8`;

export function createPageRenderer({ rsc, build, logger, renderCache, contentVersion, debugView, renderLimits, pageViews }: Deps) {
  const rules = rsc.routeRules();

  /** Renders one decided page into a whole body (HTML or Flight), or answers the error page
   * (then null). Pages `from` another instance and `personal` pages are `no-store`. */
  async function renderResolved(res: Response, { resolution, wantsFlight, path, status = resolution.status, from, personal = false }: ResolvedRender) {
    const cacheControl = from || personal ? CACHE.noStore : status === 200 ? CACHE.page : status === 404 ? CACHE.pageNotFound : CACHE.noStore;
    const app = from ?? rsc;
    try {
      const stream = wantsFlight
        ? app.render(resolution)
        : await renderHtml(app.render(resolution), { ssrManifest: build.ssrManifest, bootstrapScripts: build.bootstrapScripts });
      return renderedPage(status, wantsFlight ? FLIGHT : HTML, cacheControl, await collect(stream));
    } catch (err) {
      answerUnexpectedError(res, { err, logger, message: 'server rendering failed', path, stylesheets: build.stylesheets, context: { path } });
      return null;
    }
  }

  /** A page with a form's values and errors (a post without JavaScript), or with one
   * visitor's donation or account (`personal`: no-store, as HTML or as Flight), never kept in
   * the render cache. */
  async function renderWithState(req: Request, res: Response, page: { path: string; status: number; query?: Record<string, unknown> } & RequestState & { personal?: boolean }) {
    res.setHeader('Vary', 'Accept, Accept-Encoding');
    const wantsFlight = Boolean(page.personal) && (RSC_QUERY in (req.query as object) || (req.get('accept') ?? '').includes(FLIGHT_CONTENT_TYPE));
    if (wantsFlight) res.setHeader(BUILD_HEADER, build.id);
    let resolution: Resolution;
    try {
      resolution = await rsc.resolve(page.path, page.query ?? {}, { formState: page.formState, donation: page.donation, account: page.account });
    } catch (err) {
      logger.error({ err, path: page.path }, 'page could not be resolved');
      resolution = rsc.errorPage(page.path);
    }
    if (resolution.kind === 'redirect') return void res.redirect(303, resolution.location);
    const rendered = await renderResolved(res, { resolution, wantsFlight, path: page.path, status: resolution.status === 200 ? page.status : resolution.status, personal: page.personal });
    if (rendered) sendRendered(req, res, rendered);
  }

  const handler: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const wantsFlight = wantsFlightPayload(req);
    res.setHeader(BUILD_HEADER, build.id);
    const path = req.path;
    res.setHeader('Vary', pageVary(path));

    if (path.length > 1 && path.endsWith('/')) return redirect(res, wantsFlight, 301, path.replace(/\/+$/, '') + search(req));
    const rule = applyRouteRules(rules, path);
    if (rule) return redirect(res, wantsFlight, rule.statusCode, rule.to);

    const { query, key, cacheable, exact } = pageCacheKey(path, req.query as Record<string, unknown>, wantsFlight, contentVersion(), debugView);
    const hit = { key, cacheable, exact };
    if (await sentFromCache(req, res, path, hit)) return;
    if (renderLimits) {
      if (!(await renderLimits.admit(req, res))) return;
      try {
        // Its turn may have come after another request rendered the same page.
        if (await sentFromCache(req, res, path, hit)) return;
        await render(req, res, path, query, hit, wantsFlight);
      } finally {
        renderLimits.done(req);
      }
    } else await render(req, res, path, query, hit, wantsFlight);
  };

  type Hit = { key: string; cacheable: boolean; exact: boolean };

  async function sentFromCache(req: Request, res: Response, path: string, hit: Hit): Promise<boolean> {
    const cached = hit.cacheable ? usableHit(renderCache.get(hit.key), hit.exact) : undefined;
    if (!cached) return false;
    if (cached.stampedForm) pageViews?.seen(req.ip ?? '', path);
    await prepareFor(cached, req.headers['accept-encoding']);
    sendRendered(req, res, cached);
    return true;
  }

  async function render(req: Request, res: Response, path: string, query: Record<string, unknown>, hit: Hit, wantsFlight: boolean) {
    let resolution: Resolution;
    try {
      resolution = await rsc.resolve(path, query, { search: shownSearch(req) });
    } catch (err) {
      logger.error({ err, path }, 'page could not be resolved');
      resolution = rsc.errorPage(path);
    }
    if (resolution.kind === 'redirect') return redirect(res, wantsFlight, resolution.status, resolution.location);

    const page = await renderResolved(res, { resolution, wantsFlight, path });
    if (!page) return;
    if (page.stampedForm) pageViews?.seen(req.ip ?? '', path);
    await prepareFor(page, req.headers['accept-encoding']);
    if (hit.cacheable && (page.status === 200 || (page.status === 404 && hit.exact))) renderCache.set(hit.key, page);
    sendRendered(req, res, page);
  }

  /** A page decided by another RSC app instance (the editor preview), or a refused preview's
   * 404 (`from` the shared instance): rendered for this request only, `no-store`, never put in
   * the render cache. */
  async function renderUncached(req: Request, res: Response, page: UncachedRender) {
    res.setHeader(BUILD_HEADER, build.id);
    res.setHeader('Vary', 'Accept, Accept-Encoding');
    const rendered = await renderResolved(res, page);
    if (rendered) sendRendered(req, res, rendered);
  }

  /** Renders pages nobody asked for yet into the render cache (as HTML), one after the other,
   * yielding to requests in between. At startup it renders every sitemap page: first visitors
   * get a cached page, and every record those pages need is in the content cache, which keeps
   * it as the last known content should the content service go down later. */
  async function warm(paths: readonly string[]): Promise<number> {
    let rendered = 0;
    for (const path of paths) {
      await new Promise((resolve) => setImmediate(resolve));
      const { key } = pageCacheKey(path, {}, false, contentVersion(), debugView);
      if (renderCache.get(key)) continue;
      try {
        const resolution = await rsc.resolve(path, {});
        if (resolution.kind !== 'page' || resolution.status !== 200) continue;
        const stream = await renderHtml(rsc.render(resolution), { ssrManifest: build.ssrManifest, bootstrapScripts: build.bootstrapScripts });
        renderCache.set(key, renderedPage(200, HTML, CACHE.page, await collect(stream)));
        rendered += 1;
      } catch (err) {
        logger.warn({ err, path }, 'page not rendered ahead; it is rendered on its first visit');
      }
    }
    return rendered;
  }

  return { handler, renderWithState, renderUncached, warm };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;

/** The render cache's key for a page request: content version, HTML or Flight, path, and the
 * query parameters that shape pages (`PAGE_QUERY_PARAMS`). The debug view shows live counters:
 * never cacheable; where it is off (`debugView` false, production's default) `debug` is dropped
 * like any unknown parameter. `path` and `query` are Express's `req.path` and `req.query` (or the
 * same, read from the raw URL by the fast path). `exact`: no parameter was dropped. */
export function pageCacheKey(path: string, fullQuery: Record<string, unknown>, wantsFlight: boolean, version: number, debugView: boolean): { query: Record<string, unknown>; key: string; cacheable: boolean; exact: boolean } {
  // Only the parameters that shape a page; the Flight marker and tracking parameters go.
  const query: Record<string, unknown> = {};
  let exact = true;
  for (const name in fullQuery) {
    if (!Object.hasOwn(fullQuery, name)) continue;
    if (PAGE_QUERY_PARAMS.has(name) && (debugView || name !== 'debug')) query[name] = fullQuery[name];
    else if (name !== RSC_QUERY) exact = false;
  }
  return { query, key: `${version}|${wantsFlight ? 'rsc' : 'html'}|${path}|${JSON.stringify(query)}`, cacheable: !('debug' in query), exact };
}

/** A cached page this request may get: a 404 names the full path with its query string, so a
 * request with parameters the key leaves out (`/x?utm_source=..`) gets a 404 of its own. */
export function usableHit(page: RenderedPage | undefined, exact: boolean): RenderedPage | undefined {
  return page && (exact || page.status !== 404) ? page : undefined;
}

/** The query string as the visitor asked for it, without the Flight marker: for the 404 text. */
function shownSearch(req: Request): string {
  const params = new URLSearchParams(search(req));
  params.delete(RSC_QUERY);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Whether a request asks for the Flight payload alone (client navigation) rather than HTML. */
export function wantsFlightPayload(req: Request): boolean {
  return asksForFlight(req.query as Record<string, unknown>, req.headers.accept);
}


async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

function search(req: Request): string {
  const i = req.originalUrl.indexOf('?');
  return i === -1 ? '' : req.originalUrl.slice(i);
}

/** A Flight request gets a 204 with the target in a header: fetch would otherwise follow the
 * redirect and the router could not tell an absolute target (full page load) from a page. */
function redirect(res: Response, wantsFlight: boolean, status: number, target: string): void {
  // A path target stays on this site: `//host` or `/\host` (from `//host/` without its
  // trailing slash, or `/nl//host` without its locale) would send the browser to another one.
  const location = target.startsWith('/') || target.startsWith('\\') ? target.replace(/^[/\\]+/, '/') : target;
  res.setHeader('Cache-Control', CACHE.redirect);
  if (wantsFlight) {
    res.status(204).setHeader(REDIRECT_HEADER, location);
    res.end();
    return;
  }
  res.redirect(status, location);
}
