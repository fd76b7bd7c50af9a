import { HEALTH_PATH, READY_PATH } from '../../src/routing/endpoints';
import type { Router } from 'express';
import express from 'express';
import type { SiteContent } from '../../src/content/site-content';
import { CACHE } from './cache-policies';

/** /healthz: the process is up. /readyz: it can serve pages, i.e. content is reachable. */
export function healthRoutes(deps: { content: SiteContent; stats?: () => unknown; isShuttingDown: () => boolean }): Router {
  const router = express.Router();
  router.get(HEALTH_PATH, (_req, res) => {
    res.set('Cache-Control', CACHE.noStore).json({ status: 'ok' });
  });
  router.get(READY_PATH, async (_req, res) => {
    res.set('Cache-Control', CACHE.noStore);
    if (deps.isShuttingDown()) return void res.status(503).json({ status: 'shutting-down' });
    const reachable = await deps.content.ping().catch(() => false);
    res.status(reachable ? 200 : 503).json({ status: reachable ? 'ready' : 'content-unreachable', cache: deps.stats?.() });
  });
  return router;
}
