// Lines a client can cause once per request (a wrong webhook secret, a webhook for a payment
// that is not ours, a body that cannot be read, a provider that is down while visitors keep
// coming) are written once, then counted. Per kind (the line's message unless a kind is given)
// the first line is written in full; more of the same kind within the minute after it are only
// counted, and at the end of that minute one line says how many more there were ("N more like
// this in the last minute"), for as long as they keep coming. A quiet minute ends the count;
// the next one is written in full again. A flood of hostile requests costs a line a minute per
// kind, not a line a request. Access lines do not come here: one per request, as they are.
import type { Logger } from 'pino';

type Level = 'info' | 'warn' | 'error';
type Counting = { level: Level; message: string; more: number; cancel: () => void };
/** Runs `fn` after `ms`, without keeping the process alive; returns its cancel. A test gives a
 * fake clock's timer instead of waiting out the window. */
export type WindowTimer = (fn: () => void, ms: number) => () => void;
type Limiter = { kinds: Map<string, Counting>; windowMs: number; timer: WindowTimer };

const realTimer: WindowTimer = (fn, ms) => {
  const timer = setTimeout(fn, ms).unref();
  return () => clearTimeout(timer);
};

export const REPEAT_WINDOW_MS = 60_000;

// One set of counts per process logger: the counts are the process's, whichever request or
// part of the site writes the line.
const limiters = new WeakMap<Logger, Limiter>();

export type LimitedLog = Record<Level, (fields: Record<string, unknown>, message: string, kind?: string) => void>;

/** Sets the window of `logger`'s counts, and its timer, for the windows that start from now on
 * (a test's clock: a flood that takes longer than a minute on a busy machine stays in one window). */
export function setLimitedLogWindow(logger: Logger, window: { ms?: number; timer?: WindowTimer }): void {
  const limiter = limiters.get(logger);
  if (!limiter) return void limiters.set(logger, { kinds: new Map(), windowMs: window.ms ?? REPEAT_WINDOW_MS, timer: window.timer ?? realTimer });
  limiter.windowMs = window.ms ?? limiter.windowMs;
  limiter.timer = window.timer ?? limiter.timer;
}

/**
 * The lines of `logger`, rate-limited per kind. `line`: where a written line goes (the
 * request's logger, so it carries the request's id); the counts go to `logger`. `window`: the
 * window and its timer, taken when `logger` is first seen (a minute on the real clock).
 */
export function limitedLog(logger: Logger, line: Logger = logger, window: { ms?: number; timer?: WindowTimer } = {}): LimitedLog {
  let limiter = limiters.get(logger);
  if (!limiter) limiters.set(logger, (limiter = { kinds: new Map(), windowMs: window.ms ?? REPEAT_WINDOW_MS, timer: window.timer ?? realTimer }));
  const current = limiter;
  const { kinds } = current;
  // Read when a window starts: setLimitedLogWindow may change them after this was made.
  const later = (fn: () => void) => current.timer(fn, current.windowMs);

  function endOfWindow(kind: string): void {
    const counting = kinds.get(kind);
    if (!counting) return;
    if (counting.more === 0) return void kinds.delete(kind);
    report(logger, kind, counting);
    counting.more = 0;
    counting.cancel = later(() => endOfWindow(kind));
  }

  const write = (level: Level) => (fields: Record<string, unknown>, message: string, kind = message) => {
    const counting = kinds.get(kind);
    if (counting) return void (counting.more += 1);
    kinds.set(kind, { level, message, more: 0, cancel: later(() => endOfWindow(kind)) });
    line[level](fields, message);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

function report(logger: Logger, kind: string, counting: Counting): void {
  logger[counting.level]({ kind, more: counting.more }, `${counting.more} more like this in the last minute: ${counting.message}`);
}

/** Writes the counts so far (a process about to stop, a test) and starts every kind afresh. */
export function flushLimitedLog(logger: Logger): void {
  const limiter = limiters.get(logger);
  if (!limiter) return;
  for (const [kind, counting] of limiter.kinds) {
    counting.cancel();
    if (counting.more > 0) report(logger, kind, counting);
  }
  limiter.kinds.clear();
}
