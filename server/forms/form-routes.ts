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
import { refused, REFUSALS } from './refusal';
import { formRefusal } from './rate-limits';
import { json, text } from '../pages/answer';

/** Whether `path` is a form's post endpoint, `/forms/{name}` of a form that exists: the only
 * form paths that take a body (server/http/body-admission.ts). */
export function isFormPostPath(path: string): boolean {
  const prefix = FORM_POST_ROUTE.slice(0, FORM_POST_ROUTE.indexOf(':'));
  if (!path.startsWith(prefix)) return false;
  try {
    const name = decodeURIComponent(path.slice(prefix.length));
    return !name.includes('/') && formDefinition(name) !== undefined;
  } catch {
    return false;
  }
}

export function formRoutes(deps: FormRouteDeps): Router {
  const router = express.Router();
  const { send } = deps;
  // A result to read is never refused before it is read (rate-limits.ts).
  const rateLimit: Record<RateLimitClass, express.RequestHandler> = { 'form-posts': deps.rateLimits.posts, results: (_req, _res, next) => next() };

  router.get(CAPTCHA_CHALLENGE_PATH, async (req, res) => send(req, res, json(200, await deps.altcha.challenge())));

  router.post(FORM_POST_ROUTE, async (req, res, next) => {
    const def = formDefinition(req.params.form ?? '');
    if (!def) return send(req, res, text(404, 'Unknown form'));
    if (!fromOwnOrigin(req, deps.publicOrigin)) return send(req, res, refused(req, REFUSALS.origin));
    await new Promise<void>((resolve, reject) => rateLimit[def.rateLimit](req, res, (err?: unknown) => (err ? reject(err) : resolve())));
    // Past the budget before anything is read (rate-limits.ts).
    const limited = formRefusal(res);
    if (limited) return send(req, res, refused(req, limited));
    await send(req, res, await handleFormPost(req, res, def, deps)).catch(next);
  });

  return router;
}
