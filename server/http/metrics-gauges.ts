// The figures read when Prometheus scrapes, not counted per request: the content cache's
// counters, the content breaker, the submissions' and the mail outbox (depth and the age of the
// oldest waiting record), the uploads' disk budget, the readiness /readyz answers. Each source is
// a function the composition root hands over; an absent one leaves its series empty.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { BreakerState } from '../../src/content/breaker';
import type { CacheStats } from '../../src/content/cache';
import type { ReadyState } from './health';

/** A durable queue's waiting (`pending`) and given-up (`failed`) records, and when the oldest
 * pending one was stored (ms since the epoch; null: none waits). */
export type QueueBacklog = { pending: number; failed: number; oldestPendingAt: number | null };

export type MetricSources = {
  /** The content cache's counters; undefined: no cache. */
  contentCache?: () => CacheStats | undefined;
  breaker?: () => BreakerState;
  /** The submissions' outbox and the mail outbox; null: none (a sink without a store). */
  queues?: () => { submissions: QueueBacklog; mails: QueueBacklog } | null;
  /** Submissions and mails waiting past their warning age (server/store/retention.ts); null: no store. */
  undelivered?: () => { submissions: number; mails: number } | null;
  /** The uploads' disk budget (server/store/upload-budget.ts). */
  /** The render budget's renders running and waiting for a slot (server/pages/render-budget.ts); undefined: no budget. */
  renderBudget?: () => { running: number; waiting: number };
  uploads?: { usedBytes(): number; readonly maxBytes: number; disk: { last(): { freeBytes: number } | null; readonly minFreeBytes: number } };
  /** What /readyz answers now (server/http/health.ts: one check per 5 s however many ask). */
  readiness?: () => Promise<ReadyState>;
};

const BREAKER_STATES: readonly BreakerState[] = ['closed', 'open', 'half-open'];
/** Registers the series read at each scrape; returns what to call before each scrape (the
 * queues are read once per scrape, not once per series). */
export function watchSources(registry: Registry, sources: MetricSources): () => void {
  const registers = [registry];
  const cacheCounter = (name: string, help: string, pick: (s: CacheStats) => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        const stats = sources.contentCache?.();
        this.reset();
        if (stats) this.inc(pick(stats));
      },
    });
  cacheCounter('joinus_content_cache_hits_total', 'Content reads answered by the content cache.', (s) => s.hits);
  cacheCounter('joinus_content_cache_misses_total', 'Content reads the content cache had to ask the content service for.', (s) => s.misses);
  cacheCounter('joinus_content_cache_stale_served_total', 'Content reads answered with a stale copy (while refreshing, or while the service fails).', (s) => s.staleServed);
  cacheCounter('joinus_content_cache_errors_total', 'Loads into the content cache that failed.', (s) => s.errors);
  cacheCounter('joinus_content_cache_refreshes_total', 'Background refreshes of stale content cache entries.', (s) => s.refreshes);
  const cacheGauge = (name: string, help: string, pick: (s: CacheStats) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const stats = sources.contentCache?.();
        this.reset();
        if (stats) this.set(pick(stats));
      },
    });
  cacheGauge('joinus_content_cache_entries', 'Answers kept in the content cache.', (s) => s.entries);
  cacheGauge('joinus_content_cache_bytes', 'Size of the answers kept in the content cache (JSON characters).', (s) => s.size);

  new Gauge({
    name: 'joinus_content_breaker_state',
    help: 'The content breaker: 1 for its state now (closed: calls go through; open: they fail at once; half-open: a probe goes or is under way).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.reset();
      const now = sources.breaker?.();
      if (now) for (const state of BREAKER_STATES) this.set({ state }, state === now ? 1 : 0);
    },
  });

  const queues = oncePerScrape(() => sources.queues?.() ?? null);
  const queueSeries = (prefix: string, what: string, pick: (q: { submissions: QueueBacklog; mails: QueueBacklog }) => QueueBacklog) => {
    new Gauge({
      name: prefix,
      help: `${what} in the durable outbox: pending (waiting to go out) and failed (given up, for the operator).`,
      labelNames: ['status'] as const,
      registers,
      collect() {
        this.reset();
        const q = queues();
        if (!q) return;
        this.set({ status: 'pending' }, pick(q).pending);
        this.set({ status: 'failed' }, pick(q).failed);
      },
    });
    new Gauge({
      name: `${prefix}_oldest_pending_age_seconds`,
      help: `Age of the oldest pending ${what.toLowerCase()} in the outbox; 0 when none waits.`,
      registers,
      collect() {
        this.reset();
        const q = queues();
        if (!q) return;
        const oldest = pick(q).oldestPendingAt;
        this.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
      },
    });
  };
  queueSeries('joinus_outbox_submissions', 'Submissions', (q) => q.submissions);
  queueSeries('joinus_mail_outbox_mails', 'Mails', (q) => q.mails);

  new Gauge({
    name: 'joinus_undelivered_past_warning',
    help: 'Submissions and mails still undelivered past their warning age (RETENTION_UNDELIVERED_WARN_DAYS): /readyz notes them too, with when their data goes.',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      this.reset();
      const waiting = sources.undelivered?.();
      if (!waiting) return;
      this.set({ kind: 'submissions' }, waiting.submissions);
      this.set({ kind: 'mails' }, waiting.mails);
    },
  });

  new Gauge({
    name: 'joinus_render_budget_renders',
    help: 'Renders past the render cache in the budget of all clients (RENDERS_AT_ONCE, RENDERS_WAITING): running, and waiting for a slot.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.reset();
      const state = sources.renderBudget?.();
      if (!state) return;
      this.set({ state: 'running' }, state.running);
      this.set({ state: 'waiting' }, state.waiting);
    },
  });

  const uploadsGauge = (name: string, help: string, read: (u: NonNullable<MetricSources['uploads']>) => number | null) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.reset();
        const value = sources.uploads ? read(sources.uploads) : null;
        if (value !== null) this.set(value);
      },
    });
  uploadsGauge('joinus_uploads_bytes', 'Bytes kept under DATA_DIR/uploads (UPLOADS_MAX_MB is the most).', (u) => u.usedBytes());
  uploadsGauge('joinus_uploads_max_bytes', 'UPLOADS_MAX_MB in bytes.', (u) => u.maxBytes);
  uploadsGauge('joinus_data_dir_free_bytes', 'Free bytes in DATA_DIR at the last check (uploads stop below DISK_FREE_MIN_MB).', (u) => u.disk.last()?.freeBytes ?? null);
  uploadsGauge('joinus_data_dir_free_min_bytes', 'DISK_FREE_MIN_MB in bytes.', (u) => u.disk.minFreeBytes);

  const ready = oncePerScrape(() => sources.readiness?.() ?? Promise.resolve(null));
  new Gauge({
    name: 'joinus_ready',
    help: '1 while /readyz answers 200 (ready, or disk-low: pages are served), 0 while it answers 503 (starting, shutting-down, content-unreachable): a proxy sends this replica no visitors then.',
    registers,
    async collect() {
      this.reset();
      const state = await ready();
      if (state) this.set(state.httpStatus === 200 ? 1 : 0);
    },
  });
  new Gauge({
    name: 'joinus_ready_check',
    help: "/readyz's checks, 1 ok and 0 not-ok: content (the content service answers), disk (DATA_DIR above DISK_FREE_MIN_MB), undelivered (nothing past its warning age), shared (the shared store answers); none while starting or shutting down.",
    labelNames: ['check'] as const,
    registers,
    async collect() {
      this.reset();
      const state = await ready();
      for (const [check, answer] of Object.entries(state?.checks ?? {})) this.set({ check }, answer === 'ok' ? 1 : 0);
    },
  });
  return () => {
    queues.forget();
    ready.forget();
  };
}

/** `read`'s answer, kept until `forget` (called before each scrape). */
function oncePerScrape<T>(read: () => T): (() => T) & { forget(): void } {
  let kept: { value: T } | null = null;
  const get = () => (kept ??= { value: read() }).value;
  return Object.assign(get, { forget: () => void (kept = null) });
}
