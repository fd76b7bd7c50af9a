// Every request Express answers, timed from its arrival to the last byte handed to the socket,
// under its route kind and status (route-kind.ts). Render-cache hits never reach Express: the
// fast path records those itself (server/pages/fast-path.ts).
import type { RequestHandler } from 'express';
import { FLIGHT_CONTENT_TYPE, REDIRECT_HEADER } from '../../src/routing/protocol';
import type { SiteMetrics } from './metrics';
import { routeKind } from './route-kind';

export function requestMetrics(record: SiteMetrics['request'], publicFile: (path: string) => boolean): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    // The URL as it came: mounted routers shorten `req.url` while they run.
    const url = req.url;
    res.once('finish', () => {
      const q = url.indexOf('?');
      const path = q === -1 ? url : url.slice(0, q);
      // A Flight answer, or a Flight request's redirect (a 204 naming its target).
      const flight = String(res.getHeader('content-type') ?? '').startsWith(FLIGHT_CONTENT_TYPE) || res.hasHeader(REDIRECT_HEADER);
      record(routeKind(req.method, path, flight, publicFile), res.statusCode, (performance.now() - started) / 1000);
    });
    next();
  };
}
