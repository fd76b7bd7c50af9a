// Entry of the server-component graph, bundled with the `react-server` condition into
// dist/rsc/rsc.cjs (build/webpack.config.js). The Express process loads it and calls the
// API below; everything React-server lives behind it.
import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { renderToPipeableStream } from 'react-server-dom-webpack/server';
import { errorPage, notFoundPage, resolvePage, type Resolution } from '../app/resolve';
import { routes } from '../app/routes';
import type { Services } from '../routing/services';
import type { FlightPayload } from './flight-data';
import { STATIC_REDIRECTS } from '../routing/path-table';
import type { Query } from '../routing/route-types';
import type { RequestState } from '../routing/request-state';

export type { Resolution } from '../app/resolve';
export type ClientManifest = Record<string, { id: string | number; chunks: (string | number)[]; name: string }>;

export function createRscApp({ clientManifest, services }: { clientManifest: ClientManifest; services: Services }) {
  return {
    resolve: (fullPath: string, query: Query, request?: RequestState): Promise<Resolution> => resolvePage(fullPath, query, services, request),
    errorPage: (fullPath: string) => errorPage(fullPath, services),
    notFoundPage: (fullPath: string) => notFoundPage(fullPath, services),
    routeRules: () => STATIC_REDIRECTS,
    routeTable: () => routes.map((r) => ({ name: r.name, path: r.path, layout: r.layout })),

    /** The Flight stream of a decided page. Errors while rendering are logged with a digest;
     * the digest is all the browser sees. */
    render(resolution: Resolution & { kind: 'page' }): Readable {
      const payload: FlightPayload = { root: resolution.root, meta: resolution.meta };
      const out = new PassThrough();
      const { pipe } = renderToPipeableStream(payload, clientManifest, {
        onError(error: unknown) {
          const digest = randomUUID().slice(0, 8);
          services.logger.error({ err: error, digest, path: resolution.meta.path }, 'server component render failed');
          return digest;
        },
      });
      pipe(out);
      return out;
    },
  };
}

export type RscApp = ReturnType<typeof createRscApp>;
