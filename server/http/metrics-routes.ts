// /metrics, for operators only: a client in OPERATOR_ADDRESSES (loopback by default) or a
// request with `Authorization: Bearer <METRICS_TOKEN>`, the rule /readyz's figures follow
// (operator-access.ts). Anyone else gets a 403 and no figure. On the site's port the client is
// the one Express sees through TRUST_PROXY; with METRICS_PORT the figures move to a port of
// their own (the site's port answers /metrics with its 404 page), where the client is the
// socket's peer: a proxy in front of the site never forwards that port, so a mistaken
// TRUST_PROXY cannot make every visitor look like loopback there.
import { createServer, type Server } from 'node:http';
import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { METRICS_PATH } from '../../src/routing/endpoints';
import { answering, empty, text, type PlainAnswer } from './plain-answers';
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
  return answering((req) => {
    if (req.path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return undefined;
    return answer(metrics, isOperator(req.ip, req.get('authorization')), logger);
  });
}

/** The server METRICS_PORT listens with: /metrics and nothing else (client: the socket's peer). */
export function metricsServer(metrics: Scrape, rule: OperatorRule, logger: Logger): Server {
  const isOperator = operatorAccess(rule);
  // A bare Express app: no query parser, no settings of the site's, one route.
  const app = express();
  app.disable('x-powered-by');
  app.use(
    answering((req) => {
      if (req.path !== METRICS_PATH) return text(404, 'Not found: only /metrics is served here.\n');
      if (req.method !== 'GET' && req.method !== 'HEAD') return empty(405, { Allow: 'GET, HEAD' });
      return answer(metrics, isOperator(req.socket.remoteAddress, req.headers.authorization), logger);
    }),
  );
  return createServer(app);
}

async function answer(metrics: Scrape, allowed: boolean, logger: Logger): Promise<PlainAnswer> {
  if (!allowed) return text(403, 'Forbidden: the metrics are for operators.\n');
  try {
    return text(200, await metrics.text(), { contentType: metrics.contentType });
  } catch (err) {
    logger.error({ err }, 'metrics could not be collected');
    return text(500, 'The metrics could not be collected.\n');
  }
}
