// Every page request: route rules, then the route's loader decides the status (before any
// byte is sent), then either the Flight payload (client navigation) or HTML (first load).
// Rendered answers are kept in the render cache per path, query and content version. HTML the
// cache keeps names the Flight payload it was rendered from, which the browser fetches as its
// own request (`?_rsc=<id>`) once the page has loaded; HTML rendered for one request carries
// it inline (docs/decisions/008-first-view-flight-as-its-own-request.md).
import type { Readable } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { renderHtml } from '../../src/framework/entry.ssr';
import { flightRefTag } from '../../src/framework/flight-data';
import type { RscApp, Resolution } from '../../src/framework/entry.rsc';
import { asksForFlight, BUILD_HEADER, FLIGHT_CONTENT_TYPE, REDIRECT_HEADER, RSC_QUERY } from '../../src/routing/protocol';
import { pageVary } from './locale-preference';
import { PAGE_QUERY_PARAMS } from '../../src/routing/path-table';
import { applyRouteRules } from '../../src/routing/route-match';
import { answerUnexpectedError } from './error-answer';
import type { RenderLimits } from './render-limit';
import type { PageViews } from '../forms/page-views';
import { flightId, prepareFor, renderedPage, sendRendered, type RenderCache, type RenderedPage } from './render-cache';
import type { LoadedBuild } from './rsc-build';
import type { RequestState } from '../../src/routing/request-state';
import { CACHE } from '../http/cache-policies';
import { carriesSecret } from '../http/secret-params';
import { capTags, EVERY_PUBLISH, setTagHeaders } from '../../src/content/cache-tags';
import { readTags, withReadTags } from '../../src/content/read-tags';
import type { PageMetrics } from '../http/metrics';

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
  /** Render-cache hits and misses, render times (server/http/metrics.ts); absent: none. */
  metrics?: PageMetrics;
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
  /** HTML that names its Flight payload (a page the render cache keeps): the payload's address
   * for its id. Absent: the payload goes inline. */
  flightSrc?: (id: string) => string;
};

/** A page rendered for one request only, by `from` (`renderUncached`). */
export type UncachedRender = Required<Pick<ResolvedRender, 'from'>> & Pick<ResolvedRender, 'resolution' | 'wantsFlight' | 'path'>;

const HTML = 'text/html; charset=utf-8';
const FLIGHT = `${FLIGHT_CONTENT_TYPE}; charset=utf-8`;

export function createPageRenderer({ rsc, build, logger, renderCache, contentVersion, debugView, renderLimits, pageViews, metrics }: Deps) {
  const rules = rsc.routeRules();

  /** Renders one decided page into a whole body (HTML or Flight), or answers the error page
   * (then null). Pages `from` another instance and `personal` pages are `no-store`. */
  async function renderResolved(res: Response, { resolution, wantsFlight, path, status = resolution.status, from, personal = false, flightSrc }: ResolvedRender) {
    const cacheControl = from || personal ? CACHE.noStore : status === 200 ? CACHE.page : status === 404 ? CACHE.pageNotFound : CACHE.noStore;
    const app = from ?? rsc;
    const started = performance.now();
    try {
      if (wantsFlight) {
        const flightPage = renderedPage(status, FLIGHT, cacheControl, await collect(app.render(resolution)));
        metrics?.rendered('rsc', (performance.now() - started) / 1000);
        return flightPage;
      }
      // The payload the HTML names: an answer of its own, with the page's status and policy.
      let flight: RenderedPage | undefined;
      const flightBlock = flightSrc
        ? (bytes: Buffer) => {
            flight = renderedPage(status, FLIGHT, cacheControl, bytes);
            return flightRefTag(flightSrc(flightId(flight)), flightId(flight));
          }
        : undefined;
      const stream = await renderHtml(app.render(resolution), { ssrManifest: build.ssrManifest, bootstrapScripts: build.bootstrapScripts, flightBlock });
      const page = renderedPage(status, HTML, cacheControl, await collect(stream));
      if (flight) page.flight = flight;
      metrics?.rendered('html', (performance.now() - started) / 1000);
      return page;
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

    const hit = pageCacheKey(path, req.query as Record<string, unknown>, wantsFlight, contentVersion(), debugView);
    const { query } = hit;
    if (await sentFromCache(req, res, path, hit)) return;
    // Each render notes what it reads (src/content/read-tags.ts): the page's cache tags.
    const renderTagged = () => withReadTags(() => render(req, res, path, query, hit, wantsFlight));
    if (!renderLimits) return renderTagged();
    if (!(await renderLimits.admit(req, res))) return;
    try {
      // Its turn may have come after another request rendered the same page.
      if (await sentFromCache(req, res, path, hit)) return;
      await renderTagged();
    } finally {
      renderLimits.done(req);
    }
  };

  type Hit = ReturnType<typeof pageCacheKey>;

  async function sentFromCache(req: Request, res: Response, path: string, hit: Hit): Promise<boolean> {
    const cached = cachedAnswer(renderCache, hit);
    if (!cached) return false;
    metrics?.renderCache('hit', cached.contentType === FLIGHT ? 'rsc' : 'html');
    if (cached.stampedForm) pageViews?.seen(req.ip ?? '', path);
    await prepareFor(cached, req.headers['accept-encoding']);
    sendRendered(req, res, cached);
    return true;
  }

  async function render(req: Request, res: Response, path: string, query: Record<string, unknown>, hit: Hit, wantsFlight: boolean) {
    metrics?.renderCache('miss', wantsFlight ? 'rsc' : 'html');
    let resolution: Resolution;
    try {
      resolution = await rsc.resolve(path, query, { search: shownSearch(req) });
    } catch (err) {
      logger.error({ err, path }, 'page could not be resolved');
      resolution = rsc.errorPage(path);
    }
    if (resolution.kind === 'redirect') return redirect(res, wantsFlight, resolution.status, resolution.location);

    // Whether the cache keeps this page, decided before rendering: kept HTML names its Flight
    // payload, which the cache keeps too.
    const keep = hit.cacheable && renderCache.keeps && (resolution.status === 200 || (resolution.status === 404 && hit.exact));
    const flightSrc = keep && !wantsFlight ? flightAddress(path, search(req), debugView) : undefined;
    // An address with a secret or one-time code (the reset link's `code`) is this visitor's alone: no-store.
    const page = await renderResolved(res, { resolution, wantsFlight, path, flightSrc, personal: hit.secret });
    if (!page) return;
    if (page.cacheControl !== CACHE.noStore) tagged(page, readTags());
    if (page.stampedForm) pageViews?.seen(req.ip ?? '', path);
    await prepareFor(page, req.headers['accept-encoding']);
    if (keep) keepRendered(hit, page);
    // Asked for a payload by an id this render does not have (the page changed since that
    // HTML was rendered): the answer is the page as it is now, which no cache may keep under
    // the other id's address. The browser sees the id differ and leaves the HTML unhydrated.
    if (hit.flightId && flightId(page) !== hit.flightId) return sendRendered(req, res, { ...page, cacheControl: CACHE.noStore, tags: undefined });
    sendRendered(req, res, page);
  }

  /** Gives a page (and the Flight payload it names) the cache tags of what its render read. */
  function tagged(page: RenderedPage, read: ReadonlySet<string>): RenderedPage {
    page.tags = capTags(read);
    if (page.flight) page.flight.tags = page.tags;
    return page;
  }

  /** Puts a rendered page in the render cache, and the Flight payload its HTML names under its id. */
  function keepRendered(hit: Pick<Hit, 'key'>, page: RenderedPage): void {
    renderCache.set(hit.key, page);
    if (page.flight) renderCache.keepFlight(page.flight);
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
      const hit = pageCacheKey(path, {}, false, contentVersion(), debugView);
      if (renderCache.get(hit.key)) continue;
      try {
        if (await withReadTags(() => renderAhead(path, hit))) rendered += 1;
      } catch (err) {
        logger.warn({ err, path }, 'page not rendered ahead; it is rendered on its first visit');
      }
    }
    return rendered;
  }

  /** Renders one page ahead into the render cache; false when it is not a page to keep. */
  async function renderAhead(path: string, hit: Hit): Promise<boolean> {
    const resolution = await rsc.resolve(path, {});
    if (resolution.kind !== 'page' || resolution.status !== 200) return false;
    let flight: RenderedPage | undefined;
    const src = flightAddress(path, '', debugView);
    const flightBlock = (bytes: Buffer) => {
      flight = renderedPage(200, FLIGHT, CACHE.page, bytes);
      return flightRefTag(src(flightId(flight)), flightId(flight));
    };
    const started = performance.now();
    const stream = await renderHtml(rsc.render(resolution), { ssrManifest: build.ssrManifest, bootstrapScripts: build.bootstrapScripts, flightBlock });
    const page = renderedPage(200, HTML, CACHE.page, await collect(stream));
    page.flight = flight;
    metrics?.rendered('html', (performance.now() - started) / 1000);
    keepRendered(hit, tagged(page, readTags()));
    return true;
  }

  return { handler, renderWithState, renderUncached, warm };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;

/** The render cache's key for a page request: content version, HTML or Flight, path, and the
 * query parameters that shape pages (`PAGE_QUERY_PARAMS`). The debug view shows live counters,
 * and a page whose address carries a secret or a one-time code (`secret`: the reset link's
 * `code`, server/http/secret-params.ts) is one visitor's: neither is cacheable; where it is off
 * (`debugView` false, production's default) `debug` is dropped
 * like any unknown parameter. `path` and `query` are Express's `req.path` and `req.query` (or the
 * same, read from the raw URL by the fast path). `exact`: no parameter was dropped. `flightId`:
 * the id of the payload asked for, when the Flight marker is one (the address an HTML page
 * names, `?_rsc=<id>`). */
export function pageCacheKey(
  path: string,
  fullQuery: Record<string, unknown>,
  wantsFlight: boolean,
  version: number,
  debugView: boolean,
): { query: Record<string, unknown>; key: string; cacheable: boolean; exact: boolean; secret: boolean; flightId?: string } {
  // Only the parameters that shape a page; the Flight marker and tracking parameters go.
  const query: Record<string, unknown> = {};
  let exact = true;
  for (const name in fullQuery) {
    if (!Object.hasOwn(fullQuery, name)) continue;
    if (PAGE_QUERY_PARAMS.has(name) && (debugView || name !== 'debug')) query[name] = fullQuery[name];
    else if (name !== RSC_QUERY) exact = false;
  }
  const marker = fullQuery[RSC_QUERY];
  const flightId = wantsFlight && typeof marker === 'string' && FLIGHT_ID.test(marker) ? marker : undefined;
  const secret = carriesSecret(fullQuery);
  return { query, key: `${version}|${wantsFlight ? 'rsc' : 'html'}|${path}|${JSON.stringify(query)}`, cacheable: !('debug' in query) && !secret, exact, secret, flightId };
}

/** A Flight id (render-cache.ts `flightId`): 22 characters of base64url. */
const FLIGHT_ID = /^[A-Za-z0-9_-]{22}$/;

/** What the render cache answers a request with: the payload an HTML page names, by its id
 * (kept by id, or the page's current payload when that is the one); else the page under its key.
 * An HTML page served names its payload once more: kept anew, so a payload outlives the last
 * serving of its page by the grace time, whatever other renders came in between. */
export function cachedAnswer(cache: RenderCache, hit: ReturnType<typeof pageCacheKey>): RenderedPage | undefined {
  if (hit.secret) return undefined;
  if (hit.flightId) {
    const named = cache.flight(hit.flightId);
    if (named) return named;
    const current = hit.cacheable ? cache.get(hit.key) : undefined;
    return current && flightId(current) === hit.flightId ? current : undefined;
  }
  const page = hit.cacheable ? usableHit(cache.get(hit.key), hit.exact) : undefined;
  if (page?.flight) cache.keepFlight(page.flight);
  return page;
}

/** The address of a page's Flight payload for its id: the path, the parameters that shape the
 * page (the rest would only split a shared cache's entries) and the marker with the id. */
function flightAddress(path: string, search: string, debugView: boolean): (id: string) => string {
  const params = new URLSearchParams(search);
  for (const name of new Set(params.keys())) if (!PAGE_QUERY_PARAMS.has(name) || name === RSC_QUERY || (name === 'debug' && !debugView)) params.delete(name);
  return (id) => {
    params.set(RSC_QUERY, id);
    return `${path}?${params.toString()}`;
  };
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
  // Redirects come from content too (route rules, a renamed record): any publish may change one.
  setTagHeaders(res, EVERY_PUBLISH);
  if (wantsFlight) {
    res.status(204).setHeader(REDIRECT_HEADER, location);
    res.end();
    return;
  }
  res.redirect(status, location);
}
