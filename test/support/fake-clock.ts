// A clock a test moves by hand: given to the module under test in place of the real one, so a
// TTL, a breaker's pause, a warn limit's window or a rate limit's window passes in one call
// instead of a wait on the wall clock (which a busy machine stretches, and a test then fails).
export type FakeClock = {
  /** Now, in ms (what `Date.now()` or `performance.now()` would say). */
  now(): number;
  /** Moves the clock forward; runs the timers that fall due, in order, each at its own time. */
  advance(ms: number): void;
  /** A timer on this clock: runs when `advance` reaches it. Returns its cancel. */
  setTimeout(fn: () => void, ms: number): () => void;
  /** Timers not yet run. */
  pending(): number;
};

/** `step`: how far each reading moves the clock on (no timer runs for it): events that happen
 * one after another, each a little later, as `performance.now()` sees them; default 0. */
export function fakeClock(start = 1_000_000, options: { step?: number } = {}): FakeClock {
  let now = start;
  const step = options.step ?? 0;
  let seq = 0;
  const timers: Array<{ at: number; seq: number; fn: () => void }> = [];
  const next = () => timers.sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
  return {
    now: () => {
      const reading = now;
      now += step;
      return reading;
    },
    advance(ms) {
      if (!(ms >= 0)) throw new Error(`a clock only moves forward (${ms})`);
      const until = now + ms;
      for (let t = next(); t && t.at <= until; t = next()) {
        timers.splice(timers.indexOf(t), 1);
        now = Math.max(now, t.at);
        t.fn();
      }
      now = until;
    },
    setTimeout(fn, ms) {
      const timer = { at: now + Math.max(0, ms), seq: seq++, fn };
      timers.push(timer);
      return () => {
        const i = timers.indexOf(timer);
        if (i >= 0) timers.splice(i, 1);
      };
    },
    pending: () => timers.length,
  };
}
