// Flight -> HTML, in the Express process with the normal React build. Two renders meet in a
// page (docs/decisions/012-layout-rendered-once.md): the layout, rendered once per key and kept
// as the HTML before and after the page's place (`renderLayoutHtml`), and the page's own part in
// its document (`renderPageHtml`), which the server joins. A page whose layout is inline (the
// editor preview) is one render of the whole document.
import { AsyncResource } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { use, type ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { createFromNodeStream, type SSRManifest } from 'react-server-dom-webpack/client';
import { LATE_SCRIPTS_ID, SCRIPTS_AFTER_LOAD } from '../routing/inline-scripts';
import type { FlightPayload } from './flight-data';
import type { PageLinks } from '../app/layout-frame.client';
import { loadClientModule } from './ssr-client-modules';
import { PAGE_MARK, PAGE_MARK_ATTRIBUTE } from '../routing/layout-slots';
import { flightHints, replayHints } from './flight-hints';

/** Which of React's server renderers turns the payload into HTML: `string` (renderToString, once
 * the whole payload is decoded: every client module is in the server bundle, so nothing in the
 * tree can suspend) or `stream` (renderToPipeableStream until all is ready). Chosen by
 * measurement (`npm run bench:ssr`, docs/decisions/012-layout-rendered-once.md); both give the
 * same document. */
export type SsrApi = 'string' | 'stream';
export const SSR_API: SsrApi = 'string';

export type SsrOptions = { ssrManifest: SSRManifest; timeoutMs?: number; api?: SsrApi };

/**
 * The page's document as HTML, once its whole Flight payload is there. It resolves when the whole
 * tree is ready (onAllReady): loaders already fetched the data, so this is quick, and it means
 * React never needs an inline script to patch in late Suspense content, which a nonce-free CSP
 * would block. Rejects when the shell fails; the caller then answers with the static error document.
 */
export function renderPageHtml(flight: Buffer, opts: SsrOptions): Promise<string> {
  return renderFlight<FlightPayload>(flight, opts, (payload) => payload.root);
}

/** A kept layout's HTML, for the page links `links` (the marks of layout-slots.ts where the page's
 * own go): what comes before the page's place in <body>, and after it. The document around it has
 * the shape of every page's (src/app/document.tsx: <head> and <body>, the frame and what follows
 * it), so the layout's ids are those it has in a page. */
export async function renderLayoutHtml(flight: Buffer, links: PageLinks, opts: SsrOptions): Promise<{ before: string; after: string }> {
  // The frame as the Flight client loads it (one module, one context for the layout's PageSlot).
  const { LayoutFrame } = loadClientModule('src/app/layout-frame.client.tsx') as typeof import('../app/layout-frame.client');
  const html = await renderFlight<ReactNode>(flight, opts, (layout) => (
    <html>
      <head />
      <body>
        <LayoutFrame layout={layout} links={links}>
          <template {...{ [PAGE_MARK_ATTRIBUTE]: '' }} />
        </LayoutFrame>
        {null}
      </body>
    </html>
  ));
  const open = '<!DOCTYPE html><html><head></head><body>';
  const close = '</body></html>';
  const mark = html.indexOf(PAGE_MARK);
  // A layout that put anything into <head> (a hoisted <link> or <title>) would lose it here.
  if (!html.startsWith(open) || !html.endsWith(close) || mark === -1 || html.indexOf(PAGE_MARK, mark + 1) !== -1) {
    throw new Error(`a kept layout renders outside <body> or not exactly one page slot: ${html.slice(0, 200)}`);
  }
  return { before: html.slice(open.length, mark), after: html.slice(mark + PAGE_MARK.length, -close.length) };
}

function renderFlight<T>(flight: Buffer, opts: SsrOptions, root: (decoded: T) => ReactNode): Promise<string> {
  return (opts.api ?? SSR_API) === 'string' ? renderFlightToString(flight, opts, root) : renderFlightToStream(flight, opts, root);
}

async function renderFlightToString<T>(flight: Buffer, opts: SsrOptions, root: (decoded: T) => ReactNode): Promise<string> {
  // One chunk, parsed at once: once the root is there, every row is (a client module is required
  // synchronously: ssr-manifest.ts).
  const rows = new PassThrough();
  const decoded = createFromNodeStream<T>(rows, opts.ssrManifest);
  rows.end(flight);
  const tree = root(await decoded);
  // The payload's resource hints, which the streaming renderer gets from the Flight client.
  const hints = flightHints(flight);
  function WithHints(): ReactNode {
    replayHints(hints);
    return tree;
  }
  let html: string;
  try {
    html = renderToString(<WithHints />);
  } catch {
    // Something suspended outside a boundary, or the shell failed: the streaming renderer waits
    // for the one and rejects on the other, as it always did.
    return renderFlightToStream(flight, opts, root);
  }
  // A boundary left to the browser (its part suspended or failed: renderToString gives up on it
  // silently): the streaming renderer waits for what suspended, and renders the rest as before.
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) return renderFlightToStream(flight, opts, root);
  return html.startsWith('<html') ? `<!DOCTYPE html>${html}` : html;
}

/** React's mark of a Suspense boundary the server did not render. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

function renderFlightToStream<T>(flight: Buffer, opts: SsrOptions, root: (decoded: T) => ReactNode): Promise<string> {
  // The Flight client must parse rows inside Fizz's async context, or client chunk preloads are
  // lost: the payload is read in the first render, through a bound callback.
  let decoded: Promise<T> | null = null;
  function SsrRoot(): ReactNode {
    if (!decoded) {
      const rows = new PassThrough();
      decoded = createFromNodeStream<T>(rows, opts.ssrManifest);
      AsyncResource.bind(() => rows.end(flight))();
    }
    return root(use(decoded));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    out.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    out.on('error', reject);
    const { pipe, abort } = renderToPipeableStream(<SsrRoot />, {
      onAllReady() {
        clearTimeout(timer);
        pipe(out);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError() {
        // Logged where the Flight stream was rendered (entry.rsc.tsx), with a digest.
      },
    });
    const timer = setTimeout(() => abort(new Error('server rendering timed out')), opts.timeoutMs ?? 10_000);
  });
}

/** The page's scripts as a JSON list (paths under /assets/: nothing to escape but `<`), and the
 * inline script that loads them after the load event. The scripts are not React's bootstrap
 * scripts (an async <script> and a preload each, which start at once and share the line with the
 * first view's images). */
export function lateScriptsTag(scripts: string[]): string {
  if (scripts.length === 0) return '';
  const list = JSON.stringify(scripts).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${LATE_SCRIPTS_ID}">${list}</script><script>${SCRIPTS_AFTER_LOAD}</script>`;
}
