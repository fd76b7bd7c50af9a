// The loop both outbox workers run on: a run every `intervalMs`, sooner when kicked (a new
// record was stored), never two runs at once, and a stop that waits for the running one.
import type { Logger } from 'pino';

export type RunResult = {
  /** Records that reached their destination in this run. */
  done: number;
  /** More records were due than one run takes: run again right away. */
  more: boolean;
};

export type WorkerLoop = {
  /** Runs now, or joins the run under way, and gives its count of records done. */
  runOnce(): Promise<number>;
  /** Something new is due: run soon instead of at the next tick. */
  kick(): void;
  /** No new runs (a run under way ends after its current record); resolves when it has. */
  stop(): Promise<void>;
};

export function startWorkerLoop(options: {
  name: string;
  intervalMs: number;
  /** One run; `stopping()` turns true when a stop was asked for, so a long batch can end early. */
  run: (stopping: () => boolean) => Promise<RunResult>;
  logger: Logger;
}): WorkerLoop {
  const { name, intervalMs, run, logger } = options;
  let current: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  // A kick during a run: that run's query may have missed the new record.
  let again = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    // Unref'd: a pending outbox never keeps a finished process (a script, a test) alive.
    timer = setTimeout(tick, delayMs).unref();
  };

  const tick = () => {
    timer = null;
    // Unless the run asked for an immediate follow-up, the next one is a full interval away.
    void runOnce().finally(() => {
      if (!timer) schedule(intervalMs);
    });
  };

  const runOnce = (): Promise<number> => {
    if (current) return current;
    again = false;
    current = run(() => stopped)
      .then(({ done, more }) => {
        if (more || again) schedule(0);
        return done;
      })
      .catch((err: unknown) => {
        logger.error({ worker: name, err }, 'outbox worker run failed');
        return 0;
      })
      .finally(() => {
        current = null;
      });
    return current;
  };

  schedule(intervalMs);

  return {
    runOnce,
    kick() {
      if (current) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
  };
}
