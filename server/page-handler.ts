// Every page request: route rules, then the route's loader decides the status (before any
// byte is sent), then either the Flight payload (client navigation) or HTML with the Flight
// payload inside (first load).
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { renderHtml } from '../src/framework/entry.ssr';
import type { RscApp, Resolution } from '../src/framework/entry.rsc';
import { BUILD_HEADER, FLIGHT_CONTENT_TYPE, REDIRECT_HEADER, RSC_QUERY } from '../src/framework/protocol';
import { applyRouteRules } from '../src/framework/route-match';
import { staticErrorDocument } from './error-document';
import type { LoadedBuild } from './rsc-build';

type Deps = { rsc: RscApp; build: LoadedBuild; logger: Logger };

const CACHE_OK = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const CACHE_NOT_FOUND = 'public, max-age=0, s-maxage=60';

export function pageHandler({ rsc, build, logger }: Deps): RequestHandler {
  const rules = rsc.routeRules();
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const wantsFlight = RSC_QUERY in (req.query as object) || (req.get('accept') ?? '').includes(FLIGHT_CONTENT_TYPE);
    res.setHeader(BUILD_HEADER, build.id);
    res.setHeader('Vary', 'Accept, Accept-Encoding');

    const path = req.path;
    if (path.length > 1 && path.endsWith('/')) return redirect(res, wantsFlight, 301, path.replace(/\/+$/, '') + search(req));
    const rule = applyRouteRules(rules, path);
    if (rule) return redirect(res, wantsFlight, rule.statusCode, rule.to);

    const query = { ...(req.query as Record<string, unknown>) };
    delete query[RSC_QUERY];
    let resolution: Resolution;
    try {
      resolution = await rsc.resolve(path, query);
    } catch (err) {
      logger.error({ err, path }, 'page could not be resolved');
      resolution = rsc.errorPage(path);
    }
    if (resolution.kind === 'redirect') return redirect(res, wantsFlight, resolution.status, resolution.location);

    res.status(resolution.status);
    res.setHeader('Cache-Control', resolution.status === 200 ? CACHE_OK : resolution.status === 404 ? CACHE_NOT_FOUND : 'no-store');
    if (wantsFlight) {
      res.setHeader('Content-Type', `${FLIGHT_CONTENT_TYPE}; charset=utf-8`);
      rsc.render(resolution).pipe(res);
      return;
    }
    try {
      const html = await renderHtml(rsc.render(resolution), { ssrManifest: build.ssrManifest, bootstrapScripts: build.bootstrapScripts });
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      html.pipe(res);
    } catch (err) {
      logger.error({ err, path }, 'server rendering failed');
      res.status(500).setHeader('Cache-Control', 'no-store');
      res.type('html').send(staticErrorDocument(build.stylesheets));
    }
  };
}

function search(req: Request): string {
  const i = req.originalUrl.indexOf('?');
  return i === -1 ? '' : req.originalUrl.slice(i);
}

/** A Flight request gets a 200 with the target in a header: fetch would otherwise follow the
 * redirect and the router could not tell an absolute target (full page load) from a page. */
function redirect(res: Response, wantsFlight: boolean, status: number, location: string): void {
  res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=300');
  if (wantsFlight) {
    res.status(204).setHeader(REDIRECT_HEADER, location);
    res.end();
    return;
  }
  res.redirect(status, location);
}
