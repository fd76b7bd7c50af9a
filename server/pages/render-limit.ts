// Page renders per client. A page in the render cache costs microseconds; one that is not costs
// a whole render (milliseconds). Everything that is not a page's own query parameter is
// dropped before the cache key, but the parameters that are (a search's postcode and age, a
// blog page number) can still be varied at will: one client asking for ever-new ones took
// normal traffic from 1,858 to 241 req/s. So renders the cache could not answer are limited
// per client, twice over:
// - one at a time, within a share of the server's time: a client's next render waits for its
//   last one (a class's worth may wait; more are refused), and a client that has spent its render time
//   (RENDER_SHARE of a core, a tenth, with RENDER_BURST_MS in hand) waits until it has some again. So
//   however slow renders are on the machine, one client cannot take more than that share from
//   the cached pages everybody else gets (one render at a time alone still let it take 90%);
// - so many a minute: past that the client waits a minute.
// Everything cached stays open to that client and to everybody else.
// With replicas (SHARED_STORE_URL) both count across them: one render at a time per client on
// all replicas together, one share of render time and one per-minute budget in all, so spreading
// requests over replicas gains a client nothing. Each replica keeps its own queue of the client's
// waiting renders (RENDERS_WAITING_PER_CLIENT each); server/shared/render-shares.ts says how.
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { t } from '../../src/i18n/intl';
import { splitLocale } from '../../src/i18n/locale';
import type { DocumentAnswer } from './answer';
import type { LimitStores } from '../shared/limit-stores';
import { localRenderShares, type RenderShares } from '../shared/render-shares';

export const RENDER_LIMIT_WINDOW_MS = 60_000;
/** Renders of one client that may wait for its running one; more are refused at once. A school
 * class (thirty pupils behind one network address) searching at the same moment all wait their
 * turn rather than being refused; the queue costs an attacker nothing extra, as it still gets one
 * render at a time within its share. */
export const RENDERS_WAITING_PER_CLIENT = 32;
/** The share of one core a client's renders may take, measured by their wall time... */
export const RENDER_SHARE = 0.1;
/** ...with this much render time in hand to begin with (a page and what it preloads). */
export const RENDER_BURST_MS = 500;

export type RenderLimits = {
  /** Nothing when this request may render now (after waiting its turn); else the 429 it gets.
   * (`res`: the per-minute limit writes its RateLimit headers there.) */
  admit(req: Request, res: Response): Promise<DocumentAnswer | undefined>;
  /** The admitted render is over (call once per admit that returned undefined). */
  done(req: Request): void;
};

function refusal(req: Request): DocumentAnswer {
  const locale = splitLocale(req.path).locale;
  return { kind: 'document', status: 429, locale, page: { title: t(locale, 'refusal.wait'), heading: t(locale, 'refusal.wait'), paragraphs: [t(locale, 'renderLimit.message')], home: 'link' } };
}

export type RenderLimitOptions = {
  /** Where the per-minute budget counts; this process's memory by default (server/shared/). */
  stores?: LimitStores;
  /** Each client's render time and running render; this process's by default (replicas: the
   * shared store's, one at a time per client across them). */
  shares?: RenderShares;
};

/** `perMinute` renders per client per minute, one at a time; 0: no limits at all. */
export function renderLimits(perMinute: number, options: RenderLimitOptions = {}): RenderLimits | undefined {
  if (perMinute <= 0) return undefined;
  const perMinuteLimit: RequestHandler = rateLimit({
    windowMs: RENDER_LIMIT_WINDOW_MS,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: options.stores?.('render'),
    keyGenerator: (req) => clientOf(req),
    // Past the limit: nothing written here, `admit` returns the refusal.
    handler: () => undefined,
  });
  const shares = options.shares ?? localRenderShares({ share: RENDER_SHARE, burstMs: RENDER_BURST_MS });
  // Per client with a render running here: who waits here for it (each replica its own queue).
  type Client = { running: boolean; waiting: Array<() => void> };
  const clients = new Map<string, Client>();

  /** Resolves when it is this client's turn, or false at once when too many wait already. */
  const turn = async (client: string): Promise<boolean> => {
    let c = clients.get(client);
    if (!c) clients.set(client, (c = { running: false, waiting: [] }));
    if (c.running) {
      if (c.waiting.length >= RENDERS_WAITING_PER_CLIENT) return false;
      await new Promise<void>((resolve) => c.waiting.push(resolve));
    }
    c.running = true;
    // Spent its share, or (replicas) rendering on another one: wait (others wait behind it).
    for (let wait = await shares.start(client); wait > 0; wait = await shares.start(client)) await new Promise((resolve) => setTimeout(resolve, wait));
    return true;
  };

  const done = (req: Request) => {
    const client = clientOf(req);
    const c = clients.get(client);
    if (!c) return;
    void shares.finish(client);
    const next = c.waiting.shift();
    if (next) return next();
    c.running = false;
    clients.delete(client);
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
      if (!passed || !(await turn(clientOf(req)))) return refusal(req);
      return undefined;
    },
    done,
  };
}

const clientOf = (req: Request) => `render:${ipKeyGenerator(req.ip ?? '')}`;
