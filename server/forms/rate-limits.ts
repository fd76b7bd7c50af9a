// Rate limits per client on form posts. A post without a captcha (no JavaScript) gets a
// stricter limit, since the honeypot and the fill time are all that stand in for it.
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { refuse, REFUSALS } from './refusal';

export type RateLimitSettings = { windowMs: number; limit: number; limitWithoutCaptcha: number };

export function formRateLimits(settings: RateLimitSettings, stylesheets: string[]): { all: RequestHandler; withoutCaptcha: RequestHandler } {
  const handler = (req: Request, res: Response) => refuse(req, res, REFUSALS.rateLimited, stylesheets);
  const common = { windowMs: settings.windowMs, standardHeaders: 'draft-8' as const, legacyHeaders: false, handler };
  return {
    all: rateLimit({ ...common, limit: settings.limit }),
    withoutCaptcha: rateLimit({ ...common, limit: settings.limitWithoutCaptcha, keyGenerator: (req) => `nocaptcha:${ipKeyGenerator(req.ip ?? '')}` }),
  };
}
