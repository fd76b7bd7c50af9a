// The Flight payload the first view hydrates from, as the server left it in the page's
// <script type="text/x-component" data-rsc> block at the end of <body>: either the payload
// itself (a page rendered for one request), or, on a page the server keeps, where to fetch it
// and the id it must have (docs/decisions/008-first-view-flight-as-its-own-request.md).
import { decodeFlightData } from '../flight-data';
import { FLIGHT_CONTENT_TYPE, FLIGHT_DATA_ATTRIBUTE, FLIGHT_ID_ATTRIBUTE, FLIGHT_LAYOUT_ATTRIBUTE, FLIGHT_SRC_ATTRIBUTE } from '../../routing/protocol';
import { holdLayout } from './kept-layouts';

/** The payload to hydrate from: a byte stream (inline), a fetched answer, or null when there is
 * none this HTML may be hydrated with (the fetch failed, or the answer is another render's:
 * the page changed in between). Then the page stays as the server sent it, which works
 * without JavaScript, and the next link is a full page load. */
export type InitialFlight = ReadableStream<Uint8Array> | Response | null;

export async function initialFlight(): Promise<InitialFlight> {
  await parsed();
  const blocks = [...document.querySelectorAll<HTMLScriptElement>(`script[${FLIGHT_DATA_ATTRIBUTE}]`)];
  const named = blocks.find((el) => el.hasAttribute(FLIGHT_SRC_ATTRIBUTE));
  const layout = blocks.find((el) => el.hasAttribute(FLIGHT_LAYOUT_ATTRIBUTE))?.getAttribute(FLIGHT_LAYOUT_ATTRIBUTE);
  if (!named && !layout) return inlineStream(blocks);
  // After the page's load event: the payloads never compete with the page's images (the
  // largest one above all) for a slow line. Until then the page works as it does without
  // JavaScript.
  await loaded();
  try {
    // The page's kept layout, fetched beside its own payload (or from this browser's cache).
    const [response] = await Promise.all([named ? fetchNamed(named) : inlineStream(blocks), layout ? holdLayout(layout) : undefined]);
    return response;
  } catch {
    return null;
  }
}

async function fetchNamed(named: HTMLScriptElement): Promise<Response | null> {
  const response = await fetch(named.getAttribute(FLIGHT_SRC_ATTRIBUTE)!, { headers: { Accept: FLIGHT_CONTENT_TYPE }, priority: 'low' } as RequestInit);
  const type = response.headers.get('content-type') ?? '';
  // A shared cache may have made the ETag weak; the id is the same.
  const id = (response.headers.get('etag') ?? '').replace(/^W\//, '').replace(/"/g, '');
  return type.startsWith(FLIGHT_CONTENT_TYPE) && id === named.getAttribute(FLIGHT_ID_ATTRIBUTE) ? response : null;
}

function inlineStream(blocks: HTMLScriptElement[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const el of blocks) controller.enqueue(encoder.encode(decodeFlightData(el.textContent ?? '')));
      controller.close();
    },
  });
}

const parsed = () => (document.readyState === 'loading' ? new Promise<void>((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true })) : Promise.resolve());
const loaded = () => (document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true })));
