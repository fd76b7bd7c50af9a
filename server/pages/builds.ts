import { BUILD_META_PREFIX, LATEST_BUILD_PATH } from '../../src/routing/build-endpoints';
import express, { type Router } from 'express';
import type { RouteRules } from '../../src/routing/route-match';
import { CACHE } from '../http/cache-policies';

export type BuildInfo = { id: string; timestamp: number };

/** The current build (builds/latest.json, which browsers poll) and its route rules
 * (builds/meta/{buildId}.json). Pages are rendered on request and cached, not prerendered at
 * build time, so `prerendered` is empty. */
export function buildRoutes(build: BuildInfo, routeRules: RouteRules): Router {
  const router = express.Router();
  router.get(LATEST_BUILD_PATH, (_req, res) => {
    res.set('Cache-Control', CACHE.revalidate).json({ id: build.id, timestamp: build.timestamp });
  });
  router.get(`${BUILD_META_PREFIX}/:file`, (req, res) => {
    if (req.params.file !== `${build.id}.json`) return void res.status(404).json({ error: 'unknown build' });
    res.set('Cache-Control', CACHE.immutable).json({ id: build.id, timestamp: build.timestamp, routeRules, prerendered: [] });
  });
  return router;
}
