// Rate limits per client on form posts. A post without a captcha (no JavaScript) gets a
// stricter limit, since the honeypot and the fill time are all that stand in for it. Only posts
// that were accepted or refused count; one sent back to correct a mistake does not.
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { refuse, REFUSALS } from './refusal';

export type RateLimitSettings = { windowMs: number; limit: number; limitWithoutCaptcha: number };

export function formRateLimits(settings: RateLimitSettings, stylesheets: string[]): { all: RequestHandler; withoutCaptcha: RequestHandler } {
  const handler = (req: Request, res: Response) => refuse(req, res, REFUSALS.rateLimited, stylesheets);
  // A post that comes back with mistakes to correct (422) is a person at work, not one more
  // try: it is taken off the count once answered. Accepted posts and refusals count.
  const common = {
    windowMs: settings.windowMs,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    handler,
    skipFailedRequests: true,
    requestWasSuccessful: (_req: Request, res: Response) => res.statusCode !== 422,
  };
  return {
    all: rateLimit({ ...common, limit: settings.limit }),
    withoutCaptcha: rateLimit({ ...common, limit: settings.limitWithoutCaptcha, keyGenerator: (req) => `nocaptcha:${ipKeyGenerator(req.ip ?? '')}` }),
  };
}
