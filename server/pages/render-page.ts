// One render of a decided page into a whole body, HTML or Flight: the only place a page is
// rendered, for every way one is asked for (a page request, a page with one visitor's state,
// the editor preview, render-ahead at startup). HTML the render cache keeps names its Flight
// payload (`flightSrc`), which becomes an answer of its own; HTML for one request carries it
// inline (docs/decisions/008-first-view-flight-as-its-own-request.md).
import type { Readable } from 'node:stream';
import { renderHtml } from '../../src/framework/entry.ssr';
import { flightRefTag } from '../../src/framework/flight-data';
import type { RscApp, Resolution } from '../../src/framework/entry.rsc';
import { FLIGHT_CONTENT_TYPE } from '../../src/routing/protocol';
import { CACHE } from '../http/cache-policies';
import type { PageMetrics } from '../http/metrics';
import { flightId, renderedPage, type RenderedPage } from './render-cache';
import type { LoadedBuild } from './rsc-build';

export const HTML = 'text/html; charset=utf-8';
export const FLIGHT = `${FLIGHT_CONTENT_TYPE}; charset=utf-8`;

export type PageRender = {
  resolution: Resolution & { kind: 'page' };
  wantsFlight: boolean;
  /** The answer's status; the resolution's when absent (a form post's 422 or 503 on a page that resolved 200). */
  status?: number;
  /** Another RSC app instance (the editor preview's) rendering the page; the shared one when absent. */
  from?: RscApp;
  /** One visitor's page (their donation or account, an address with a secret). */
  personal?: boolean;
  /** HTML that names its Flight payload (a page the render cache keeps): the payload's address
   * for its id. Absent: the payload goes inline. */
  flightSrc?: (id: string) => string;
};

export type RenderPage = (page: PageRender) => Promise<RenderedPage>;

/** Pages `from` another instance and `personal` pages are `no-store`; a failure throws. */
export function createRenderPage({ rsc, build, metrics }: { rsc: RscApp; build: LoadedBuild; metrics?: PageMetrics }): RenderPage {
  return async function renderPage({ resolution, wantsFlight, status = resolution.status, from, personal = false, flightSrc }) {
    const cacheControl = from || personal ? CACHE.noStore : status === 200 ? CACHE.page : status === 404 ? CACHE.pageNotFound : CACHE.noStore;
    const app = from ?? rsc;
    const started = performance.now();
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
  };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
