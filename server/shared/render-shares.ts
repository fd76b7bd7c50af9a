// A client's share of render time (server/pages/render-limit.ts): RENDER_SHARE of a core, with
// some in hand to begin with, spent by the wall time of its renders. One process keeps each
// client's hand in memory. Replicas keep it in the shared store, one hash per client changed by
// a Lua script on Redis's clock, which also marks the client's render as running: one render at
// a time per client across all replicas, within one share. A running mark lasts RUNNING_HOLD_MS
// and the replica rendering renews it every third of that while the render runs: a replica that
// dies mid-render (kill -9) holds its client up for at most RUNNING_HOLD_MS, which is what the
// proxy's retry of that very request then waits on another replica. When Redis does not answer,
// the client's render is counted in this process, as with one process.
import type { Logger } from 'pino';
import { limitedLog } from '../http/warn-limit';
import { KEY_PREFIX, type SharedStore } from './shared-store';

export type RenderShares = {
  /** 0: this client may render now; else how many ms to wait before asking again. */
  start(client: string): Promise<number>;
  /** The client's render that `start` let go is over: its time comes off the client's hand. */
  finish(client: string): Promise<void>;
};

export type ShareSettings = {
  share: number;
  burstMs: number;
  /** How long a running mark holds without renewal; RUNNING_HOLD_MS when absent. */
  runningHoldMs?: number;
};

/** A client's render running on another replica is looked at again this often. */
export const POLL_MS = 25;
export const RUNNING_HOLD_MS = 3_000;
/** A client's hash outlives its last render by this much (a spent hand refills well within it). */
const KEEP_MS = 10 * 60_000;

export function localRenderShares({ share, burstMs }: ShareSettings, now: () => number = () => performance.now()): RenderShares {
  // Clients with a render running or render time owed; the others are forgotten.
  const hands = new Map<string, { budgetMs: number; at: number; started: number }>();
  const refill = (h: { budgetMs: number; at: number }, t: number) => {
    h.budgetMs = Math.min(burstMs, h.budgetMs + (t - h.at) * share);
    h.at = t;
  };
  setInterval(() => {
    const t = now();
    for (const [client, h] of hands) {
      refill(h, t);
      if (h.started === 0 && h.budgetMs >= burstMs) hands.delete(client);
    }
  }, 10_000).unref();
  return {
    async start(client) {
      const t = now();
      let h = hands.get(client);
      if (!h) hands.set(client, (h = { budgetMs: burstMs, at: t, started: 0 }));
      refill(h, t);
      // Spent its share: wait until it has render time in hand again.
      if (h.budgetMs <= 0) return -h.budgetMs / share + 1;
      h.started = t;
      return 0;
    },
    async finish(client) {
      const h = hands.get(client);
      if (!h || h.started === 0) return;
      const t = now();
      refill(h, t);
      h.budgetMs -= t - h.started;
      h.started = 0;
      if (h.budgetMs >= burstMs) hands.delete(client);
    },
  };
}

const CLOCK = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local burst = tonumber(ARGV[1]) local share = tonumber(ARGV[2])
local h = redis.call('HMGET', KEYS[1], 'budget', 'at', 'until', 'started')
local budget = math.min(burst, (tonumber(h[1]) or burst) + math.max(0, now - (tonumber(h[2]) or now)) * share)`;

/** -1: running elsewhere; 0: started; more: ms until it has render time in hand. */
const START = `${CLOCK}
if (tonumber(h[3]) or 0) > now then return -1 end
redis.call('HSET', KEYS[1], 'budget', budget, 'at', now)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if budget <= 0 then return math.floor(-budget / share) + 1 end
redis.call('HSET', KEYS[1], 'until', now + tonumber(ARGV[3]), 'started', now)
return 0`;

/** The render still runs: its mark holds on (unless it was finished meanwhile). */
const RENEW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('HEXISTS', KEYS[1], 'started') == 1 then redis.call('HSET', KEYS[1], 'until', now + tonumber(ARGV[3])) end
return 0`;

const FINISH = `${CLOCK}
if not h[4] then return 0 end
redis.call('HSET', KEYS[1], 'budget', budget - (now - tonumber(h[4])), 'at', now, 'until', 0)
redis.call('HDEL', KEYS[1], 'started')
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 0`;

export function sharedRenderShares(shared: SharedStore, settings: ShareSettings, logger: Logger): RenderShares {
  const local = localRenderShares(settings);
  const warn = limitedLog(logger);
  // Clients whose running render was let go by this process while Redis was away.
  const startedHere = new Set<string>();
  const holdMs = settings.runningHoldMs ?? RUNNING_HOLD_MS;
  // The renders this process runs, each renewing its client's mark.
  const renewals = new Map<string, NodeJS.Timeout>();
  const run = (script: string, client: string) =>
    shared.command(['EVAL', script, '1', `${KEY_PREFIX}render-share:${client}`, String(settings.burstMs), String(settings.share), String(holdMs), String(KEEP_MS)]);
  const stopRenewing = (client: string) => {
    clearInterval(renewals.get(client));
    renewals.delete(client);
  };
  return {
    async start(client) {
      try {
        const answer = Number(await run(START, client));
        if (answer === 0) {
          stopRenewing(client);
          const timer = setInterval(() => void run(RENEW, client).catch(() => {}), holdMs / 3);
          timer.unref();
          renewals.set(client, timer);
        }
        return answer < 0 ? POLL_MS : answer;
      } catch {
        warn.warn({}, 'render share counted in this process: the shared store did not answer');
        const wait = await local.start(client);
        if (wait === 0) startedHere.add(client);
        return wait;
      }
    },
    async finish(client) {
      stopRenewing(client);
      if (startedHere.delete(client)) return local.finish(client);
      // Not taken off: the running mark expires by itself.
      await run(FINISH, client).catch(() => warn.warn({}, 'render share not settled: the shared store did not answer'));
    },
  };
}
