// Entry of the server-component graph, bundled with the `react-server` condition into
// dist/rsc/rsc.cjs (build/webpack.config.js). The Express process loads it and calls the
// API below; everything React-server lives behind it.
import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { renderToPipeableStream } from 'react-server-dom-webpack/server';
import { errorPage, layoutSpecFor, notFoundPage, resolvePage, type LayoutSlot, type Resolution } from '../app/resolve';
import type { LayoutName } from '../routing/page-meta';
import type { Locale } from '../i18n/locale';
import { layoutKey, layoutPaths, layoutTree, type LayoutSpec } from '../app/layouts/layout-tree';
import { routes } from '../app/routes';
import type { Services } from '../routing/services';
import type { FlightPayload } from './flight-data';
import { STATIC_REDIRECTS } from '../routing/path-table';
import type { Query } from '../routing/route-types';
import type { RequestState } from '../routing/request-state';

export type { LayoutSlot, Resolution } from '../app/resolve';
export type { LayoutSpec } from '../app/layouts/layout-tree';
export type ClientManifest = Record<string, { id: string | number; chunks: (string | number)[]; name: string }>;

export function createRscApp({ clientManifest, services }: { clientManifest: ClientManifest; services: Services }) {
  return {
    resolve: (fullPath: string, query: Query, request?: RequestState): Promise<Resolution> => resolvePage(fullPath, query, services, request),
    errorPage: (fullPath: string) => errorPage(fullPath, services),
    notFoundPage: (fullPath: string) => notFoundPage(fullPath, services),
    routeRules: () => STATIC_REDIRECTS,
    routeTable: () => routes.map((r) => ({ name: r.name, path: r.path, layout: r.layout })),

    /** The Flight stream of a decided page, in the kept layout `slot` names or with its layout
     * inline. Errors while rendering are logged with a digest; the digest is all the browser sees. */
    render(resolution: Resolution & { kind: 'page' }, slot: LayoutSlot): Readable {
      const meta = 'id' in slot ? { ...resolution.meta, layout: slot.id } : resolution.meta;
      const payload: FlightPayload = { root: resolution.root(slot), meta };
      return flight(payload, resolution.meta.path);
    },

    /** The Flight stream of a layout alone, with the page's place in it (layout-tree.tsx). */
    renderLayout: (spec: LayoutSpec): Readable => flight(layoutTree(spec), `layout ${spec.name} ${spec.locale}`),
    layoutKey: (spec: LayoutSpec) => layoutKey(spec),
    layoutPaths: (spec: LayoutSpec) => layoutPaths(spec),
    layoutSpec: (name: LayoutName, locale: Locale): Promise<LayoutSpec> => layoutSpecFor(name, locale, services),
  };

  function flight(model: unknown, path: string): Readable {
    const out = new PassThrough();
    const { pipe } = renderToPipeableStream(model, clientManifest, {
      onError(error: unknown) {
        const digest = randomUUID().slice(0, 8);
        services.logger.error({ err: error, digest, path }, 'server component render failed');
        return digest;
      },
    });
    pipe(out);
    return out;
  }
}

export type RscApp = ReturnType<typeof createRscApp>;
