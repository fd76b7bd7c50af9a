// One render of a decided page into a whole body, HTML or Flight: the only place a page is
// rendered, for every way one is asked for (a page request, a page with one visitor's state,
// the editor preview, render-ahead at startup). A page renders only its own part: its layout is
// kept (kept-layouts.ts) and named by id in the page's Flight payload, and its HTML is joined
// around the page's (docs/decisions/012-layout-rendered-once.md); a page `from` another instance
// (the editor preview) renders its layout inline. HTML the render cache keeps names its Flight
// payload (`flightSrc`), which becomes an answer of its own; HTML for one request carries it
// inline (docs/decisions/008-first-view-flight-as-its-own-request.md).
import { lateScriptsTag, renderPageHtml } from '../../src/framework/entry.ssr';
import { flightDataTag, flightRefTag } from '../../src/framework/flight-data';
import type { RscApp, Resolution } from '../../src/framework/entry.rsc';
import { PART_END, PART_START } from '../../src/routing/layout-slots';
import { FLIGHT_CONTENT_TYPE } from '../../src/routing/protocol';
import { CACHE } from '../http/cache-policies';
import type { PageMetrics } from '../http/metrics';
import { collect, createKeptLayouts, withPageLinks, type KeptLayout, type KeptLayouts } from './kept-layouts';
import { flightId, renderedPage, type RenderedPage } from './render-cache';
import type { LoadedBuild } from './rsc-build';

export const HTML = 'text/html; charset=utf-8';
export const FLIGHT = `${FLIGHT_CONTENT_TYPE}; charset=utf-8`;

const CLOSING = '</body></html>';

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

export type RenderPage = ((page: PageRender) => Promise<RenderedPage>) & { layouts: KeptLayouts };

/** Pages `from` another instance and `personal` pages are `no-store`; a failure throws. */
export function createRenderPage({ rsc, build, metrics }: { rsc: RscApp; build: LoadedBuild; metrics?: PageMetrics }): RenderPage {
  const ssr = { ssrManifest: build.ssrManifest };
  const layouts = createKeptLayouts({ ssr });
  const scripts = lateScriptsTag(build.bootstrapScripts);

  async function renderPage({ resolution, wantsFlight, status = resolution.status, from, personal = false, flightSrc }: PageRender): Promise<RenderedPage> {
    const cacheControl = from || personal ? CACHE.noStore : status === 200 ? CACHE.page : status === 404 ? CACHE.pageNotFound : CACHE.noStore;
    const app = from ?? rsc;
    const started = performance.now();
    // A layout with a banner (the editor preview's) is this page's alone: inline.
    const layout = from || resolution.layout.banner ? undefined : await layouts.get(app, resolution.layout);
    const flight = await collect(app.render(resolution, layout ? { id: layout.address } : { inline: true }));
    if (wantsFlight) {
      const flightPage = renderedPage(status, FLIGHT, cacheControl, flight);
      metrics?.rendered('rsc', (performance.now() - started) / 1000);
      return flightPage;
    }
    const html = await joined(await renderPageHtml(flight, ssr), layout, resolution);
    // The payload the HTML names: an answer of its own, with the page's status and policy.
    let named: RenderedPage | undefined;
    let block: string;
    if (flightSrc) {
      named = renderedPage(status, FLIGHT, cacheControl, flight);
      block = flightRefTag(flightSrc(flightId(named)), flightId(named), layout?.address);
    } else block = flightDataTag(flight.toString('utf8'), layout?.address);
    const page = renderedPage(status, HTML, cacheControl, Buffer.from(html.slice(0, -CLOSING.length) + block + scripts + CLOSING));
    if (named) page.flight = named;
    metrics?.rendered('html', (performance.now() - started) / 1000);
    return page;
  }

  /** The page's document with its kept layout's HTML around its own part. */
  async function joined(html: string, layout: KeptLayout | undefined, resolution: Resolution & { kind: 'page' }): Promise<string> {
    if (!html.endsWith(CLOSING)) throw new Error('the page did not render a whole document');
    if (!layout) return html;
    const start = html.indexOf(PART_START);
    const end = html.indexOf(PART_END, start);
    if (start === -1 || end === -1) throw new Error('the page did not render its place in the layout');
    const around = await layouts.html(layout, resolution.links.current);
    return html.slice(0, start) + withPageLinks(around.before, resolution.links) + html.slice(start + PART_START.length, end) + withPageLinks(around.after, resolution.links) + html.slice(end + PART_END.length);
  }

  return Object.assign(renderPage, { layouts });
}
