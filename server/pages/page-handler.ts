// Every page request: route rules, then the route's loader decides the status (before any
// byte is sent), then either the Flight payload (client navigation) or HTML (first load).
// Rendered answers are kept in the render cache per path and query (page-cache-key.ts); each
// render (render-page.ts) notes what it read, the page's cache tags, by which a publish drops it.
// Beside the GET handler, the same renderer answers a page with one visitor's state (a form
// after a post without JavaScript, a donation, an account), the editor preview's pages, and
// render-ahead at startup. Every answer goes through one writer (answer-writer.ts).
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { RscApp, Resolution } from '../../src/framework/entry.rsc';
import { BUILD_HEADER, FLIGHT_CONTENT_TYPE, LAYOUT_PREFIX, RSC_QUERY } from '../../src/routing/protocol';
import { isLocale } from '../../src/i18n/locale';
import { applyRouteRules } from '../../src/routing/route-match';
import { readTags, withReadTags } from '../../src/content/read-tags';
import type { PageViews } from '../forms/page-views';
import { CACHE } from '../http/cache-policies';
import type { PageMetrics } from '../http/metrics';
import { text, type Answer, type DocumentAnswer, type PageAnswer } from './answer';
import { createAnswerWriter } from './answer-writer';
import { outageAnswer, unexpectedError } from './error-answer';
import { wantsFlightPayload } from './flight-request';
import { pageVary } from './locale-preference';
import { pageRedirect, search, shownSearch } from './page-address';
import { cachedAnswer, flightAddress, keepRendered, pageCacheKey, tagged } from './page-cache-key';
import { createRenderAhead } from './render-ahead';
import type { RenderLimits } from './render-limit';
import { busyRefusal, type RenderBudget } from './render-budget';
import { flightId, prepareFor, type RenderCache } from './render-cache';
import { createRenderPage, FLIGHT, type PageRender } from './render-page';
import type { LoadedBuild } from './rsc-build';

type Deps = {
  rsc: RscApp;
  build: LoadedBuild;
  logger: Logger;
  renderCache: RenderCache;
  /** Whether `?debug` is the (uncached) debug view (DEBUG_VIEW). */
  debugView: boolean;
  /** Renders the cache cannot answer, per client (server/pages/render-limit.ts); absent: no limit. */
  renderLimits?: RenderLimits;
  /** Renders the cache cannot answer, all clients together (server/pages/render-budget.ts); absent: no bound. */
  renderBudget?: RenderBudget;
  /** First views of pages with a stamped form, per client (server/forms/page-views.ts). */
  pageViews?: PageViews;
  /** Render-cache hits and misses, render times (server/http/metrics.ts); absent: none. */
  metrics?: PageMetrics;
};

/** A page rendered for one request only, by `from` (the editor preview), `no-store`. */
export type UncachedRender = Required<Pick<PageRender, 'from'>> & Pick<PageRender, 'resolution' | 'wantsFlight'> & { path: string };

type Hit = ReturnType<typeof pageCacheKey>;

export function createPageRenderer({ rsc, build, logger, renderCache, debugView, renderLimits, renderBudget, pageViews, metrics }: Deps) {
  const rules = rsc.routeRules();
  const renderPage = createRenderPage({ rsc, build, metrics });
  const send = createAnswerWriter({ renderPage: renderWithState, stylesheets: build.stylesheets });

  /** The page rendered, or the failure logged and answered with the static error page (for a
   * page `asked` for by a GET that the content service's outage kept from being made, the outage page). */
  async function rendered(path: string, page: PageRender, asked = false): Promise<Answer & { kind: 'rendered' | 'failed' | 'document' }> {
    try {
      return { kind: 'rendered', page: await renderPage(page) };
    } catch (err) {
      return unexpectedError({ err, logger, message: 'server rendering failed', path, context: { path }, asked });
    }
  }

  /** The page's resolution, or the error page when its loaders failed; for a page `asked` for by a
   * GET whose loaders the content service's outage failed, the outage page (503, Retry-After). */
  async function resolve(path: string, query: Record<string, unknown>, state: Parameters<RscApp['resolve']>[2], asked = false): Promise<Resolution | DocumentAnswer> {
    try {
      return await rsc.resolve(path, query, state);
    } catch (err) {
      logger.error({ err, path }, 'page could not be resolved');
      return outageAnswer(err, path, asked) ?? rsc.errorPage(path);
    }
  }

  /** A page with a form's values and errors (a post without JavaScript), or with one visitor's
   * donation or account (`personal`: no-store, as HTML or as Flight), never kept in the render
   * cache. */
  async function renderWithState(req: Request, res: Response, page: PageAnswer): Promise<void> {
    res.setHeader('Vary', 'Accept, Accept-Encoding');
    const wantsFlight = Boolean(page.personal) && (RSC_QUERY in (req.query as object) || (req.get('accept') ?? '').includes(FLIGHT_CONTENT_TYPE));
    if (wantsFlight) res.setHeader(BUILD_HEADER, build.id);
    const resolution = await resolve(page.path, page.query ?? {}, { formState: page.state?.formState, donation: page.state?.donation, account: page.state?.account });
    if (resolution.kind === 'document') return send(req, res, resolution);
    if (resolution.kind === 'redirect') return send(req, res, { kind: 'redirect', status: 303, location: resolution.location });
    const status = resolution.status === 200 ? page.status : resolution.status;
    return send(req, res, await rendered(page.path, { resolution, wantsFlight, status, personal: page.personal }));
  }

  const handler: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith(`${LAYOUT_PREFIX}/`)) return send(req, res, await keptLayout(req.path, req.headers['accept-encoding']));
    res.setHeader(BUILD_HEADER, build.id);
    res.setHeader('Vary', pageVary(req.path));
    await send(req, res, await answerPage(req));
  };

  /** A kept layout's Flight payload by its address (`/_layout/<layout>/<locale>/<id>`), for the
   * browser that holds a page naming it: kept, or the layout as the locale's pages have it now when
   * that is the one; else a 404 (the content changed since), and the browser loads the page whole. */
  async function keptLayout(path: string, acceptEncoding: string | undefined): Promise<Answer> {
    const [name, locale, id, ...rest] = path.slice(LAYOUT_PREFIX.length + 1).split('/');
    let layout = id ? renderPage.layouts.byId(id) : undefined;
    if (!layout && rest.length === 0 && id && (name === 'default' || name === 'doe-de-test') && isLocale(locale)) {
      try {
        layout = await renderPage.layouts.get(rsc, await rsc.layoutSpec(name, locale));
      } catch (err) {
        logger.warn({ err, path }, 'kept layout could not be rendered');
      }
    }
    if (!layout || layout.address !== path) return text(404, 'Not found');
    await prepareFor(layout.flight, acceptEncoding);
    return { kind: 'rendered', page: layout.flight, headers: { [BUILD_HEADER]: build.id, Vary: 'Accept-Encoding' } };
  }

  /** What a GET of a page gets. */
  async function answerPage(req: Request): Promise<Answer> {
    const path = req.path;
    if (path.length > 1 && path.endsWith('/')) return pageRedirect(301, path.replace(/\/+$/, '') + search(req));
    const rule = applyRouteRules(rules, path);
    if (rule) return pageRedirect(rule.statusCode, rule.to);
    const hit = pageCacheKey(path, req.query as Record<string, unknown>, wantsFlightPayload(req), debugView);
    const cached = await fromCache(req, path, hit);
    if (cached) return cached;
    // Each render notes what it reads (src/content/read-tags.ts): the page's cache tags.
    if (!renderLimits) return renderInBudget(req, path, hit);
    const refused = await renderLimits.admit(req, req.res!);
    if (refused) return refused;
    try {
      // Its turn may have come after another request rendered the same page.
      return (await fromCache(req, path, hit)) ?? (await renderInBudget(req, path, hit));
    } finally {
      renderLimits.done(req);
    }
  }

  /** A render within the budget of all clients: after waiting its turn for a slot, or, refused,
   * the page's last rendered copy (no-store) or the 503 refusal page. */
  async function renderInBudget(req: Request, path: string, hit: Hit): Promise<Answer> {
    if (!renderBudget) return withReadTags(() => render(req, path, hit));
    const release = await renderBudget.take(`render:${ipKeyGenerator(req.ip ?? '')}`);
    if (!release) {
      const copy = lastCopy(hit);
      metrics?.renderRefused(copy ? 'last-copy' : 'busy');
      return copy ?? busyRefusal(req);
    }
    try {
      return (await fromCache(req, path, hit)) ?? (await withReadTags(() => render(req, path, hit)));
    } finally {
      release();
    }
  }

  /** The page as it was last rendered, past its time, for this request only. */
  function lastCopy(hit: Hit): Answer | undefined {
    const page = hit.cacheable && !hit.secret && !hit.flightId ? renderCache.stale(hit.key) : undefined;
    if (!page) return undefined;
    return { kind: 'rendered', page: { ...page, cacheControl: CACHE.noStore, tags: undefined } };
  }

  async function fromCache(req: Request, path: string, hit: Hit): Promise<Answer | undefined> {
    const cached = cachedAnswer(renderCache, hit);
    if (!cached) return undefined;
    metrics?.renderCache('hit', cached.contentType === FLIGHT ? 'rsc' : 'html');
    if (cached.stampedForm) pageViews?.seen(req.ip ?? '', path);
    await prepareFor(cached, req.headers['accept-encoding']);
    return { kind: 'rendered', page: cached };
  }

  async function render(req: Request, path: string, hit: Hit): Promise<Answer> {
    const wantsFlight = wantsFlightPayload(req);
    const since = renderCache.epoch;
    metrics?.renderCache('miss', wantsFlight ? 'rsc' : 'html');
    const resolution = await resolve(path, hit.query, { search: shownSearch(req) }, true);
    if (resolution.kind === 'document') return resolution;
    if (resolution.kind === 'redirect') return pageRedirect(resolution.status, resolution.location);
    // Whether the cache keeps this page, decided before rendering: kept HTML names its Flight
    // payload, which the cache keeps too.
    const keep = hit.cacheable && renderCache.keeps && (resolution.status === 200 || (resolution.status === 404 && hit.exact));
    const flightSrc = keep && !wantsFlight ? flightAddress(path, search(req), debugView) : undefined;
    // An address with a secret or one-time code (the reset link's `code`) is this visitor's alone: no-store.
    const answer = await rendered(path, { resolution, wantsFlight, flightSrc, personal: hit.secret }, true);
    if (answer.kind !== 'rendered') return answer;
    const page = answer.page;
    if (page.cacheControl !== CACHE.noStore) tagged(page, readTags());
    if (page.stampedForm) pageViews?.seen(req.ip ?? '', path);
    await prepareFor(page, req.headers['accept-encoding']);
    if (keep) keepRendered(renderCache, hit.key, page, since);
    // Asked for a payload by an id this render does not have (the page changed since that
    // HTML was rendered): the answer is the page as it is now, which no cache may keep under
    // the other id's address. The browser sees the id differ and leaves the HTML unhydrated.
    if (hit.flightId && flightId(page) !== hit.flightId) return { kind: 'rendered', page: { ...page, cacheControl: CACHE.noStore, tags: undefined } };
    return answer;
  }

  /** A page decided by another RSC app instance (the editor preview), or a refused preview's
   * 404 (`from` the shared instance): rendered for this request only, `no-store`, never put in
   * the render cache. */
  async function uncached(page: UncachedRender): Promise<Answer> {
    return { ...(await rendered(page.path, page)), headers: { [BUILD_HEADER]: build.id, Vary: 'Accept, Accept-Encoding' } };
  }

  /** Renders pages nobody asked for yet into the render cache (render-ahead.ts). */
  const warm = createRenderAhead({ rsc, renderPage, renderCache, debugView, logger });

  return { handler, send, uncached, warm, layouts: renderPage.layouts, rsc, renderCache };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
