// When to try again after a failed delivery: doubling waits (5 s, 10 s, 20 s, ...) up to a
// cap, each spread by ±20 % so records that failed together do not all come back together.

export type BackoffOptions = {
  /** The first wait. */
  baseMs: number;
  /** No wait is longer than this (before the spread). */
  maxMs: number;
  /** A number in [0, 1); tests pass a constant. */
  random?: () => number;
};

export const DEFAULT_BASE_BACKOFF_MS = 5_000;
export const DEFAULT_MAX_BACKOFF_MS = 60 * 60 * 1000;

/** The wait after the `attempt`-th failed attempt (1 for the first). */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const plain = Math.min(options.baseMs * 2 ** exponent, options.maxMs);
  const spread = 0.8 + 0.4 * (options.random ?? Math.random)();
  return Math.max(0, Math.round(plain * spread));
}
