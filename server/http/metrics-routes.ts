// /metrics, for operators only: a client in OPERATOR_ADDRESSES (loopback by default) or a
// request with `Authorization: Bearer <METRICS_TOKEN>`, the rule /readyz's figures follow
// (operator-access.ts). Anyone else gets a 403 and no figure. On the site's port the client is
// the one Express sees through TRUST_PROXY; with METRICS_PORT the figures move to a port of
// their own (the site's port answers /metrics with its 404 page), where the client is the
// socket's peer: a proxy in front of the site never forwards that port, so a mistaken
// TRUST_PROXY cannot make every visitor look like loopback there.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { METRICS_PATH } from '../../src/routing/endpoints';
import { CACHE } from './cache-policies';
import type { SiteMetrics } from './metrics';
import { operatorAccess, type OperatorRule } from './operator-access';

export type MetricsSettings = {
  /** METRICS_TOKEN: opens /metrics from any address. */
  token?: string;
  /** METRICS_PORT: /metrics on this port only, not on the site's. */
  port?: number;
};

type Scrape = Pick<SiteMetrics, 'text' | 'contentType'>;

/** /metrics on the site's port (client address: Express's `req.ip`). */
export function metricsRoute(metrics: Scrape, rule: OperatorRule, logger: Logger): RequestHandler {
  const isOperator = operatorAccess(rule);
  return (req, res, next) => {
    if (req.path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    void answer(metrics, req, res, isOperator(req.ip, req.get('authorization')), logger);
  };
}

/** The server METRICS_PORT listens with: /metrics and nothing else (client: the socket's peer). */
export function metricsServer(metrics: Scrape, rule: OperatorRule, logger: Logger): Server {
  const isOperator = operatorAccess(rule);
  return createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH) return void res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE.noStore }).end('Not found: only /metrics is served here.\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { Allow: 'GET, HEAD', 'Cache-Control': CACHE.noStore }).end();
    void answer(metrics, req, res, isOperator(req.socket.remoteAddress, req.headers.authorization), logger);
  });
}

async function answer(metrics: Scrape, req: IncomingMessage, res: ServerResponse, allowed: boolean, logger: Logger): Promise<void> {
  if (!allowed) {
    res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE.noStore });
    return void res.end('Forbidden: the metrics are for operators.\n');
  }
  let body: string;
  try {
    body = await metrics.text();
  } catch (err) {
    logger.error({ err }, 'metrics could not be collected');
    res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE.noStore });
    return void res.end('The metrics could not be collected.\n');
  }
  res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': CACHE.noStore, 'Content-Length': Buffer.byteLength(body) });
  res.end(req.method === 'HEAD' ? undefined : body);
}
