// A page request's address, as the page answers use it: the query string as sent and as shown
// in a 404, and a redirect to another path of this site.
import type { Request } from 'express';
import { EVERY_PUBLISH } from '../../src/content/cache-tags';
import { RSC_QUERY } from '../../src/routing/protocol';
import type { RedirectAnswer } from './answer';

/** The query string as the visitor asked for it, without the Flight marker: for the 404 text. */
export function shownSearch(req: Request): string {
  const params = new URLSearchParams(search(req));
  params.delete(RSC_QUERY);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The query string of a raw request URL, without its `?`. */
export function searchOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? '' : url.slice(q + 1);
}

/** The request's query string with its `?`, as the visitor sent it; empty when none. */
export function search(req: Request): string {
  const text = searchOf(req.originalUrl);
  return text ? `?${text}` : '';
}

/** A page path's redirect: kept by a shared cache for a while, dropped by any publish (redirects
 * come from content too: route rules, a renamed record). A path target stays on this site:
 * `//host` or `/\host` (from `//host/` without its trailing slash, or `/nl//host` without its
 * locale) would send the browser to another one. */
export function pageRedirect(status: number, target: string): RedirectAnswer {
  const location = target.startsWith('/') || target.startsWith('\\') ? target.replace(/^[/\\]+/, '/') : target;
  return { kind: 'redirect', status: status as RedirectAnswer['status'], location, cache: 'redirect', tags: EVERY_PUBLISH };
}
