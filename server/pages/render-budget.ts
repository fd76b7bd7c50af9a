// Renders past the render cache, all clients together, in this process. The per-client limits
// (render-limit.ts) keep one client to one render at a time within a tenth of a core; sixteen
// addresses together still took the whole event loop (browsing of cached pages went from 1,408 to
// 3 requests/s), because renders and cached answers share it. So every render also takes a slot
// of one budget:
// - RENDERS_AT_ONCE slots. The event loop is one core whatever the machine has; a second slot
//   lets one render wait on the content service while another computes;
// - renders in all spend at most RENDERS_SHARE of the time (with RENDERS_BURST_MS in hand), so
//   cached answers keep the rest of the core however many clients ask for renders. A render costs
//   the event loop's busy time while it lasts, not its wall time: one that waits on a slow
//   content service costs little, so a slow service does not starve renders of their share;
// - the renders waiting for a slot are served round robin by client: each client with a render
//   waiting gets the next slot in turn, so sixteen busy addresses cannot starve one visitor. At
//   most RENDERS_WAITING wait; when that many do, a newcomer takes the place of the newest waiter
//   of the client with the most waiting (or is refused when it would have as many), and a render
//   that waited RENDER_WAIT_MS is refused. The page handler answers a refusal with the page's last
//   rendered copy when it still has one, else the 503 refusal page (Retry-After).
// Cached answers never take a slot. With replicas each has its own budget: the core is per replica.
import { performance as nodePerformance } from 'node:perf_hooks';
import type { Request } from 'express';
import { t } from '../../src/i18n/intl';
import { splitLocale } from '../../src/i18n/locale';
import type { DocumentAnswer } from './answer';

export type RenderBudgetSettings = {
  /** Renders running at once. */
  atOnce: number;
  /** Renders waiting for a slot, all clients together. */
  waiting: number;
  /** How long a render may wait for its slot before it is refused. */
  waitMs: number;
  /** The share of the time (0 to 1) renders in all may take... */
  share: number;
  /** ...with this much render time in hand to begin with. */
  burstMs: number;
};

/** `share` 0.4: renders counted exactly (their busy time once, however many run at once), a share of
 * 0.5 left the cached answers 49.9 % beside sixteen busting clients (CI, a podman build beside),
 * under the 50 % they are promised: what renders cost off the event loop (their answer compressed in
 * the thread pool, the garbage collector) is not counted, and needs room of its own. */
export const DEFAULT_RENDER_BUDGET: RenderBudgetSettings = { atOnce: 2, waiting: 64, waitMs: 10_000, share: 0.4, burstMs: 1_000 };

/** A clock of the budget's: the real one, or a test's (test/support/fake-clock.ts). `busy`: the
 * event loop's busy time so far (ms), what a render costs; the time (`now`) when absent. */
export type BudgetClock = { now(): number; setTimeout(fn: () => void, ms: number): () => void; busy?: () => number };

const realClock: BudgetClock = {
  now: () => performance.now(),
  setTimeout(fn, ms) {
    const timer = setTimeout(fn, ms).unref();
    return () => clearTimeout(timer);
  },
  busy: () => nodePerformance.eventLoopUtilization().active,
};

/** Ends a render that took a slot (call once). */
export type Release = () => void;

export type RenderBudget = {
  /** A slot for a render of `client`'s: its release when it may render (at once or after waiting
   * its turn), undefined when it is refused (too many waiting, or waited too long). */
  take(client: string): Promise<Release | undefined>;
  /** Renders running and waiting now. */
  state(): { running: number; waiting: number };
};

type Waiter = { client: string; resolve: (release: Release | undefined) => void; cancelTimer: () => void };

export function renderBudget(settings: RenderBudgetSettings, clock: BudgetClock = realClock): RenderBudget {
  const { atOnce, share, burstMs } = settings;
  let running = 0;
  let waiting = 0;
  // Render time in hand (ms), as of `at`.
  let budgetMs = burstMs;
  let at = clock.now();
  // Each client's waiting renders, oldest first; `turns`: the clients with renders waiting, in
  // the order they get the next slots (a client served goes to the back).
  const queues = new Map<string, Waiter[]>();
  const turns: string[] = [];
  let refillTimer: (() => void) | undefined;

  const refill = () => {
    const t = clock.now();
    budgetMs = Math.min(burstMs, budgetMs + (t - at) * share);
    at = t;
  };

  // The busy time while renders run is spent once, however many run at once: two renders side by
  // side for 10 ms of the event loop cost 10 ms, not 20 (each counting the other's work halved the
  // renders a core does with two slots, and quartered it with four).
  const busy = clock.busy ?? clock.now;
  let counted = busy();
  const spend = () => {
    const now = busy();
    if (running > 0) budgetMs -= now - counted;
    counted = now;
  };
  const start = (): Release => {
    spend();
    running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      refill();
      spend();
      running -= 1;
      pump();
    };
  };

  const remove = (w: Waiter) => {
    const queue = queues.get(w.client);
    const i = queue ? queue.indexOf(w) : -1;
    if (!queue || i < 0) return false;
    queue.splice(i, 1);
    waiting -= 1;
    if (queue.length === 0) {
      queues.delete(w.client);
      turns.splice(turns.indexOf(w.client), 1);
    }
    return true;
  };

  /** Gives free slots to the waiting renders, one client after the other, while time is in hand. */
  function pump() {
    while (running < atOnce && turns.length > 0) {
      refill();
      spend();
      if (budgetMs <= 0) {
        // Renders spent their share: the next starts when there is time in hand again.
        refillTimer ??= clock.setTimeout(() => {
          refillTimer = undefined;
          pump();
        }, -budgetMs / share + 1);
        return;
      }
      const client = turns.shift()!;
      const queue = queues.get(client)!;
      const w = queue.shift()!;
      waiting -= 1;
      if (queue.length > 0) turns.push(client);
      else queues.delete(client);
      w.cancelTimer();
      w.resolve(start());
    }
  }

  /** Room for one more waiting render of `client`'s: refuses the newest of the client with the
   * most waiting when that is more than `client` would have. False: `client` is the one refused. */
  const makeRoom = (client: string): boolean => {
    if (waiting < settings.waiting) return true;
    let most: Waiter[] | undefined;
    for (const queue of queues.values()) if (!most || queue.length > most.length) most = queue;
    const own = queues.get(client)?.length ?? 0;
    if (!most || most.length <= own + 1) return false;
    const newest = most[most.length - 1]!;
    remove(newest);
    newest.cancelTimer();
    newest.resolve(undefined);
    return true;
  };

  return {
    take(client) {
      refill();
      spend();
      if (running < atOnce && waiting === 0 && budgetMs > 0) return Promise.resolve(start());
      if (!makeRoom(client)) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const w: Waiter = { client, resolve, cancelTimer: () => undefined };
        w.cancelTimer = clock.setTimeout(() => {
          if (remove(w)) resolve(undefined);
        }, settings.waitMs);
        const queue = queues.get(client);
        if (queue) queue.push(w);
        else {
          queues.set(client, [w]);
          turns.push(client);
        }
        waiting += 1;
        pump();
      });
    },
    state: () => ({ running, waiting }),
  };
}

/** When a refused visitor may try again (Retry-After, seconds). */
export const RETRY_AFTER_S = 5;

/** The 503 a render refused by the budget gets when no copy of the page is left to serve. */
export function busyRefusal(req: Request): DocumentAnswer & { headers: Record<string, string> } {
  const locale = splitLocale(req.path).locale;
  return { kind: 'document', status: 503, locale, page: { title: t(locale, 'refusal.wait'), heading: t(locale, 'refusal.wait'), paragraphs: [t(locale, 'renderBudget.message')], home: 'link' }, headers: { 'Retry-After': String(RETRY_AFTER_S) } };
}
