// Page renders per client. A page in the render cache costs microseconds; one that is not costs
// a whole render (milliseconds). Everything that is not a page's own query parameter is
// dropped before the cache key, but the parameters that are (a search's postcode and age, a
// blog page number) can still be varied at will: one client asking for ever-new ones took
// normal traffic from 1,858 to 241 req/s. So renders the cache could not answer are limited
// per client, twice over:
// - one at a time: a client's next render waits for its last one (a few may wait; more are
//   refused), so however slow renders are on the machine, one client holds one render's worth
//   of the server and cached pages keep flowing to everybody between its steps;
// - so many a minute: past that the client waits a minute.
// Everything cached stays open to that client and to everybody else.
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { t } from '../src/i18n/intl';
import { splitLocale } from '../src/i18n/locale';
import { errorDocument } from './error-document';

export const RENDER_LIMIT_WINDOW_MS = 60_000;
/** Renders of one client that may wait for its running one; more are refused at once. */
export const RENDERS_WAITING_PER_CLIENT = 8;

export type RenderLimits = {
  /** True when this request may render now (after waiting its turn); false when a 429 was sent. */
  admit(req: Request, res: Response): Promise<boolean>;
  /** The admitted render is over (call once per admit that returned true). */
  done(req: Request): void;
};

function refuse(req: Request, res: Response, stylesheets: string[]): void {
  const locale = splitLocale(req.path).locale;
  res.status(429).setHeader('Cache-Control', 'no-store');
  res.type('html').send(errorDocument({ title: t(locale, 'refusal.wait'), heading: t(locale, 'refusal.wait'), paragraphs: [t(locale, 'renderLimit.message')], home: 'link' }, stylesheets, locale));
}

/** `perMinute` renders per client per minute, one at a time; 0: no limits at all. */
export function renderLimits(perMinute: number, stylesheets: string[]): RenderLimits | undefined {
  if (perMinute <= 0) return undefined;
  const perMinuteLimit: RequestHandler = rateLimit({
    windowMs: RENDER_LIMIT_WINDOW_MS,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => clientOf(req),
    handler: (req: Request, res: Response) => refuse(req, res, stylesheets),
  });
  const turns = new Map<string, { waiting: Array<() => void> }>();

  /** Resolves when it is this client's turn, or false at once when too many wait already. */
  const turn = (client: string): Promise<boolean> | boolean => {
    const queue = turns.get(client);
    if (!queue) {
      turns.set(client, { waiting: [] });
      return true;
    }
    if (queue.waiting.length >= RENDERS_WAITING_PER_CLIENT) return false;
    return new Promise<boolean>((resolve) => queue.waiting.push(() => resolve(true)));
  };

  const done = (req: Request) => {
    const client = clientOf(req);
    const queue = turns.get(client);
    const next = queue?.waiting.shift();
    if (next) next();
    else turns.delete(client);
  };

  return {
    async admit(req, res) {
      let passed = false;
      let failure: unknown;
      await perMinuteLimit(req, res, (err?: unknown) => {
        if (err) failure = err;
        else passed = true;
      });
      if (failure) throw failure;
      if (!passed) return false;
      if (!(await turn(clientOf(req)))) {
        refuse(req, res, stylesheets);
        return false;
      }
      return true;
    },
    done,
  };
}

const clientOf = (req: Request) => `render:${ipKeyGenerator(req.ip ?? '')}`;
