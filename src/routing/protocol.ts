// The request protocol between the browser router and the server, in one place.

/** Query parameter that asks for the Flight payload alone (a client navigation). A URL
 * marker rather than only a header, so a CDN can cache HTML and Flight side by side. */
export const RSC_QUERY = '_rsc';
/** Content type of a Flight payload. An `Accept` header with it also asks for Flight. */
export const FLIGHT_CONTENT_TYPE = 'text/x-component';
/** Response header on a Flight answer that means "go there instead" (redirect or route rule). */
export const REDIRECT_HEADER = 'x-rsc-redirect';
/** Response header carrying the build id, so the browser notices a new deploy on any navigation. */
export const BUILD_HEADER = 'x-build-id';
/** Attribute of the non-executable <script type="text/x-component"> blocks carrying the Flight payload. */
export const FLIGHT_DATA_ATTRIBUTE = 'data-rsc';
/** On an empty Flight block: the address of the page's Flight payload, fetched after the page
 * has loaded (docs/decisions/008-first-view-flight-as-its-own-request.md). */
export const FLIGHT_SRC_ATTRIBUTE = 'data-src';
/** On an empty Flight block: the id (the ETag, unquoted) of the exact payload the HTML was
 * rendered from; an answer with another id is not hydrated against this HTML. */
export const FLIGHT_ID_ATTRIBUTE = 'data-id';

/** On a Flight block: the address of the kept layout the page's payload names (its id in it),
 * fetched once and kept by the browser (docs/decisions/012-layout-rendered-once.md). */
export const FLIGHT_LAYOUT_ATTRIBUTE = 'data-layout';
/** Where kept layouts are fetched: `/_layout/<layout>/<locale>/<id>`, immutable. */
export const LAYOUT_PREFIX = '/_layout';

/** The Flight URL of a page: its path and query plus the marker. */
export function flightUrl(href: string): string {
  const url = new URL(href, 'http://x');
  url.searchParams.set(RSC_QUERY, '1');
  return url.pathname + url.search;
}

/** Whether a request asks for the Flight payload alone (client navigation) rather than HTML:
 * the URL marker or the `Accept` header. */
export function asksForFlight(query: Record<string, unknown>, accept: string | undefined): boolean {
  return RSC_QUERY in query || (accept ?? '').includes(FLIGHT_CONTENT_TYPE);
}
