// POST /forms/{name}: every form of the site, the loneliness test included, through one
// pipeline (form-pipeline.ts). Here: which forms exist, the origin check and the rate limit
// before anything is read, and the captcha challenge the browser solves first.
import { CAPTCHA_CHALLENGE_PATH, FORM_POST_ROUTE } from '../../src/routing/endpoints';
import express, { type Router } from 'express';
import type { RateLimitClass } from '../../src/forms/definitions/types';
import { formDefinition } from '../../src/forms/catalogue/index';
import type { FormRouteDeps } from './form-post';
import { handleFormPost } from './form-pipeline';
import { fromOwnOrigin } from './origin-check';
import { refuse, REFUSALS } from './refusal';
import { CACHE } from '../http/cache-policies';

export function formRoutes(deps: FormRouteDeps): Router {
  const router = express.Router();
  // A result to read is never refused before it is read (rate-limits.ts).
  const rateLimit: Record<RateLimitClass, express.RequestHandler> = { 'form-posts': deps.rateLimits.posts, results: (_req, _res, next) => next() };

  router.get(CAPTCHA_CHALLENGE_PATH, async (_req, res) => {
    res.set('Cache-Control', CACHE.noStore).json(await deps.altcha.challenge());
  });

  router.post(FORM_POST_ROUTE, (req, res, next) => {
    const def = formDefinition(req.params.form ?? '');
    if (!def) return void res.status(404).type('text/plain').send('Unknown form');
    if (!fromOwnOrigin(req, deps.publicOrigin)) return refuse(req, res, REFUSALS.origin, deps.stylesheets);
    rateLimit[def.rateLimit](req, res, () => void handleFormPost(req, res, def, deps).catch(next));
  });

  return router;
}
