import type { ReactNode } from 'react';
import type { PageMeta } from '../routing/page-meta';
import { FLIGHT_CONTENT_TYPE, FLIGHT_DATA_ATTRIBUTE, FLIGHT_ID_ATTRIBUTE, FLIGHT_LAYOUT_ATTRIBUTE, FLIGHT_SRC_ATTRIBUTE } from '../routing/protocol';

// The Flight payload travels in the page as a non-executable data block, close to verbatim:
// only the characters that the HTML parser would read differently are percent-escaped. `<`
// (so the text can never close the element or open a comment), CR and NUL (the parser
// rewrites them; a text row's byte length would no longer match) and `%` itself, so decoding
// is exact. This replaced a JSON string, which escaped every quote of the payload (some 10%
// of its bytes).
const ESCAPES: Readonly<Record<string, string>> = { '%': '%25', '<': '%3C', '\r': '%0D', '\0': '%00' };
const UNESCAPES: Readonly<Record<string, string>> = { '%25': '%', '%3C': '<', '%0D': '\r', '%00': '\0' };

export const encodeFlightData = (payload: string): string => payload.replace(/[%<\r\0]/g, (c) => ESCAPES[c]!);
export const decodeFlightData = (text: string): string => text.replace(/%(?:25|3C|0D|00)/g, (e) => UNESCAPES[e]!);

/** The block the browser entry reads (src/framework/browser/inline-flight.ts); the browser
 * never runs it, so the CSP needs no nonce. */
export function flightDataTag(payload: string, layout?: string): string {
  return `<script type="${FLIGHT_CONTENT_TYPE}" ${FLIGHT_DATA_ATTRIBUTE}${layoutAttribute(layout)}>${encodeFlightData(payload)}</script>`;
}

/** The kept layout's address (`/_layout/<layout>/<locale>/<id>`: nothing to escape). */
const layoutAttribute = (layout: string | undefined) => (layout ? ` ${FLIGHT_LAYOUT_ATTRIBUTE}="${layout}"` : '');

/** The block of a page whose Flight payload is its own request (docs/decisions/008): where to
 * fetch it and the id (its ETag) it must have, so the browser never hydrates this HTML with
 * the payload of another render. `src` is a path with a query (the page's own parameters and
 * the marker): `&` is the only character in it the attribute needs escaped. */
export function flightRefTag(src: string, id: string, layout?: string): string {
  const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<script type="${FLIGHT_CONTENT_TYPE}" ${FLIGHT_DATA_ATTRIBUTE} ${FLIGHT_SRC_ATTRIBUTE}="${attr(src)}" ${FLIGHT_ID_ATTRIBUTE}="${attr(id)}"${layoutAttribute(layout)}></script>`;
}

/** What travels in a Flight payload: the page's tree and what the browser needs to know about it. */
export type FlightPayload = { root: ReactNode; meta: PageMeta };
