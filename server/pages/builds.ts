import { BUILD_META_PREFIX, LATEST_BUILD_PATH } from '../../src/routing/build-endpoints';
import express, { type Router } from 'express';
import type { RouteRules } from '../../src/routing/route-match';
import { answering, json } from '../http/plain-answers';

export type BuildInfo = { id: string; timestamp: number };

/** The current build (builds/latest.json, which browsers poll) and its route rules
 * (builds/meta/{buildId}.json). Pages are rendered on request and cached, not prerendered at
 * build time, so `prerendered` is empty. */
export function buildRoutes(build: BuildInfo, routeRules: RouteRules): Router {
  const router = express.Router();
  router.get(LATEST_BUILD_PATH, answering(() => json(200, { id: build.id, timestamp: build.timestamp }, { cache: 'revalidate' })));
  router.get(
    `${BUILD_META_PREFIX}/:file`,
    answering((req) =>
      req.params.file !== `${build.id}.json` ? json(404, { error: 'unknown build' }) : json(200, { id: build.id, timestamp: build.timestamp, routeRules, prerendered: [] }, { cache: 'immutable' }),
    ),
  );
  return router;
}
