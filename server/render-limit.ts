// Page renders per client. A page in the render cache costs microseconds; one that is not costs
// a whole render (milliseconds). Everything that is not a page's own query parameter is
// dropped before the cache key, but the parameters that are (a search's postcode and age, a
// blog page number) can still be varied at will: one client asking for ever-new ones took
// normal traffic from 1,858 to 241 req/s. So renders the cache could not answer are counted
// per client; past the limit the client waits a minute, while everything cached stays open
// to it and to everybody else.
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { t } from '../src/i18n/intl';
import { splitLocale } from '../src/i18n/locale';
import { errorDocument } from './error-document';

export const RENDER_LIMIT_WINDOW_MS = 60_000;

/** `perMinute` renders per client per minute; 0: no limit. */
export function renderLimit(perMinute: number, stylesheets: string[]): RequestHandler | undefined {
  if (perMinute <= 0) return undefined;
  return rateLimit({
    windowMs: RENDER_LIMIT_WINDOW_MS,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => `render:${ipKeyGenerator(req.ip ?? '')}`,
    handler: (req: Request, res: Response) => {
      const locale = splitLocale(req.path).locale;
      res.status(429).setHeader('Cache-Control', 'no-store');
      res.type('html').send(errorDocument({ title: t(locale, 'refusal.wait'), heading: t(locale, 'refusal.wait'), paragraphs: [t(locale, 'renderLimit.message')], home: 'link' }, stylesheets, locale));
    },
  });
}

/** Runs the limit for one render: true when the client may have it, false when the limit
 * answered (429) instead. */
export async function admitted(limit: RequestHandler | undefined, req: Request, res: Response): Promise<boolean> {
  if (!limit) return true;
  let passed = false;
  let failure: unknown;
  await limit(req, res, (err?: unknown) => {
    if (err) failure = err;
    else passed = true;
  });
  if (failure) throw failure;
  return passed;
}
