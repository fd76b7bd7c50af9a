import type { Logger } from 'pino';

/**
 * Fail fast while the content service is down. A hanging service made every page that was not
 * cached wait for the full timeout, call after call (5 to 10 s per page); a refused one still
 * cost a retry per call. After `threshold` calls in a row failed (no answer, or a 5xx), the
 * breaker opens: calls fail at once, so the cache serves what it has and pages that need more
 * answer straight away. When `openMs` is over, one call goes through as a probe (the others
 * still fail fast); its success closes the breaker, its failure opens it again for twice as
 * long, up to `maxOpenMs`.
 */
export type Breaker = {
  /** Whether a call may go to the service now (false: fail it at once). */
  admit(): boolean;
  /** The outcome of an admitted call: `failed` for no answer or a 5xx; `neutral` when the
   * caller gave up itself (it says nothing about the service). */
  settle(outcome: 'ok' | 'failed' | 'neutral'): void;
  readonly open: boolean;
  /** Whether a call made now would fail at once (open, and not yet time for the probe, or the
   * probe still under way). */
  readonly refusing: boolean;
  /** `closed`: calls go through; `open`: they fail at once; `half-open`: the next call, or the
   * one under way, is the probe. */
  readonly state: BreakerState;
};

export type BreakerState = 'closed' | 'open' | 'half-open';

export function createBreaker(options: { logger: Logger; threshold?: number; openMs?: number; maxOpenMs?: number; now?: () => number }): Breaker {
  const threshold = options.threshold ?? 3;
  const baseOpenMs = options.openMs ?? 5_000;
  const maxOpenMs = options.maxOpenMs ?? 60_000;
  const now = options.now ?? Date.now;
  let failuresInRow = 0;
  let openUntil = 0;
  let openMs = baseOpenMs;
  let probing = false;

  return {
    admit() {
      if (openUntil === 0) return true;
      if (now() < openUntil || probing) return false;
      probing = true;
      return true;
    },
    settle(outcome) {
      if (outcome === 'neutral') {
        probing = false;
        return;
      }
      if (outcome === 'ok') {
        if (openUntil !== 0) options.logger.info('content service answers again: calls go through');
        failuresInRow = 0;
        openUntil = 0;
        openMs = baseOpenMs;
        probing = false;
        return;
      }
      failuresInRow += 1;
      if (probing) {
        probing = false;
        openMs = Math.min(openMs * 2, maxOpenMs);
        openUntil = now() + openMs;
        return;
      }
      if (openUntil === 0 && failuresInRow >= threshold) {
        openUntil = now() + openMs;
        options.logger.error({ failuresInRow, openMs }, 'content service keeps failing: failing fast, serving what the cache holds');
      }
    },
    get open() {
      return openUntil !== 0;
    },
    get refusing() {
      return openUntil !== 0 && (now() < openUntil || probing);
    },
    get state() {
      return openUntil === 0 ? 'closed' : probing || now() >= openUntil ? 'half-open' : 'open';
    },
  };
}
