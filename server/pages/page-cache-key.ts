// The render cache's side of a page request, shared by the page handler, render-ahead and the
// fast path: the key a request is kept under, what the cache answers it with, the address of
// the Flight payload a kept HTML page names, and keeping a page with its cache tags.
import { PAGE_QUERY_PARAMS } from '../../src/routing/path-table';
import { RSC_QUERY } from '../../src/routing/protocol';
import { capTags } from '../../src/content/cache-tags';
import { carriesSecret } from '../http/secret-params';
import { flightId, type RenderCache, type RenderedPage } from './render-cache';

/** The render cache's key for a page request: HTML or Flight, path, and the
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
  return { query, key: `${wantsFlight ? 'rsc' : 'html'}|${path}|${JSON.stringify(query)}`, cacheable: !('debug' in query) && !secret, exact, secret, flightId };
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
export function flightAddress(path: string, search: string, debugView: boolean): (id: string) => string {
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


/** Gives a page (and the Flight payload it names) the cache tags of what its render read. */
export function tagged(page: RenderedPage, read: ReadonlySet<string>): RenderedPage {
  page.tags = capTags(read);
  if (page.flight) page.flight.tags = page.tags;
  return page;
}

/** Puts a rendered page in the render cache, and the Flight payload its HTML names under its id;
 * neither when a publish dropped pages after `since` (the cache's epoch when the render began:
 * it may have read what the publish changed). `asked`: rendered for a visitor who asked for it
 * (false: rendered ahead, nobody asked yet). */
export function keepRendered(cache: RenderCache, key: string, page: RenderedPage, since: number, asked = true): void {
  cache.set(key, page, since, asked);
  if (page.flight) cache.keepFlight(page.flight, since);
}
