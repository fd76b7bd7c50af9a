// The site's figures in the Prometheus text format, through prom-client: one registry per site
// (the tests run several sites in one process), with prom-client's default process and Node
// series (CPU, memory, event-loop lag, GC, handles) and the site's own, named `joinus_*`.
//
// Counted per request, so kept cheap: each recorder is one observation under labels from short
// fixed lists (the route kind, the status the server sent, html or rsc, an outcome), never a
// path, a query or a client. Everything else (caches, breaker, outboxes, disk) is read when
// Prometheus scrapes (metrics-gauges.ts), not counted on the way.
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { ContentCallObserver } from '../../src/content/transport';
import { watchSources, type MetricSources } from './metrics-gauges';
import type { RouteKind } from './route-kind';

export type { MetricSources, QueueBacklog } from './metrics-gauges';

/** How a purge of one proxy in front ended (server/content/proxy-purge.ts): done, refused (a
 * wrong token or address), or failed (no answer after the retries). */
export type PurgeOutcome = 'ok' | 'refused' | 'failed';
const PURGE_OUTCOMES: readonly PurgeOutcome[] = ['ok', 'refused', 'failed'];

/** How a content webhook's purge was handed to the other replicas through the shared store
 * (server/content/content-webhook.ts): done, or failed (purged on the receiving replica only). */
export type ReplicaPurgeOutcome = 'ok' | 'failed';
const REPLICA_PURGE_OUTCOMES: readonly ReplicaPurgeOutcome[] = ['ok', 'failed'];

/** A page's HTML, or its Flight payload (client navigation). */
export type PageFormat = 'html' | 'rsc';

/** What the page renderer and the fast path tell (server/pages/). */
export type PageMetrics = {
  renderCache(result: 'hit' | 'miss', format: PageFormat): void;
  rendered(format: PageFormat, seconds: number): void;
  /** A render the render budget refused (server/pages/render-budget.ts): answered with the
   * page's last copy, or with the 503 refusal page. */
  renderRefused(answer: RefusalAnswer): void;
};
type RefusalAnswer = 'last-copy' | 'busy';
const REFUSAL_ANSWERS: readonly RefusalAnswer[] = ['last-copy', 'busy'];

/** From a cached page's sub-millisecond answer to a slow upload. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A render takes milliseconds to seconds; a content call up to its timeout (5 s by default). */
const SLOWER_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createSiteMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Histogram({
    name: 'joinus_http_request_duration_seconds',
    help: 'Requests answered, by route kind and status: _count is the number of requests, _sum their time.',
    labelNames: ['kind', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const renderHits = new Counter({ name: 'joinus_render_cache_hits_total', help: 'Page requests answered from the render cache.', labelNames: ['format'] as const, registers });
  const renderMisses = new Counter({ name: 'joinus_render_cache_misses_total', help: 'Page requests the render cache could not answer: rendered for them.', labelNames: ['format'] as const, registers });
  const renders = new Histogram({ name: 'joinus_page_render_duration_seconds', help: 'Time to render a page into a whole body (HTML or Flight).', labelNames: ['format'] as const, buckets: SLOWER_BUCKETS, registers });
  const renderRefusals = new Counter({ name: 'joinus_render_budget_refusals_total', help: 'Renders the render budget of all clients refused (too many waiting, or waited too long): answered with the last copy of the page, or busy (503).', labelNames: ['answer'] as const, registers });
  const contentCalls = new Histogram({
    name: 'joinus_content_request_duration_seconds',
    help: 'Calls to the content service (or the embedded snapshot): ok, error (a 5xx) or failed (no answer: refused, reset, timed out).',
    labelNames: ['outcome'] as const,
    buckets: SLOWER_BUCKETS,
    registers,
  });
  const proxyPurges = new Counter({
    name: 'joinus_proxy_purges_total',
    help: 'Purges sent to a shared cache in front (CACHE_PURGE_URLS), per proxy: ok, refused (a wrong token or address) or failed (no answer after the retries).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const replicaPurges = new Counter({
    name: 'joinus_replica_purges_total',
    help: "Content webhooks handed to every replica through the shared store (SHARED_STORE_URL), counted on the replica that got the webhook: ok, or failed (purged there only; the others serve the old content until their caches' time to live).",
    labelNames: ['outcome'] as const,
    registers,
  });
  // Every outcome from 0, so that increase() sees a first failure (a series born at 1 has no increase).
  for (const outcome of PURGE_OUTCOMES) proxyPurges.inc({ outcome }, 0);
  for (const outcome of REPLICA_PURGE_OUTCOMES) replicaPurges.inc({ outcome }, 0);
  for (const answer of REFUSAL_ANSWERS) renderRefusals.inc({ answer }, 0);
  const imageEncodes = new Counter({ name: 'joinus_image_encodes_total', help: "Copies of a photograph made (server/content/encoder-process.ts), by format.", labelNames: ['format'] as const, registers });
  const imageEncodeSeconds = new Counter({ name: 'joinus_image_encode_cpu_seconds_total', help: "CPU seconds the encoder's process spent making copies, by format.", labelNames: ['format'] as const, registers });
  const pages: PageMetrics = {
    renderCache: (result, format) => (result === 'hit' ? renderHits : renderMisses).inc({ format }),
    rendered: (format, seconds) => renders.observe({ format }, seconds),
    renderRefused: (answer) => renderRefusals.inc({ answer }),
  };
  const contentCall: ContentCallObserver = (outcome, seconds) => contentCalls.observe({ outcome }, seconds);
  let beforeScrape = () => {};
  return {
    registry,
    /** One answered request. */
    request: (kind: RouteKind, status: number, seconds: number) => requests.observe({ kind, status }, seconds),
    pages,
    contentCall,
    /** One copy of a photograph made, and the CPU seconds it took. */
    imageEncode: (format: string, cpuSeconds: number) => {
      imageEncodes.inc({ format });
      imageEncodeSeconds.inc({ format }, cpuSeconds);
    },
    /** One proxy's purge after a publish (server/content/proxy-purge.ts). */
    proxyPurge: (outcome: PurgeOutcome) => proxyPurges.inc({ outcome }),
    /** One content webhook handed, or not, to the other replicas (server/content/content-webhook.ts). */
    replicaPurge: (outcome: ReplicaPurgeOutcome) => replicaPurges.inc({ outcome }),
    /** What is read at each scrape; set once the parts exist. */
    watch(sources: MetricSources) {
      beforeScrape = watchSources(registry, sources);
    },
    /** The text Prometheus reads, and its content type. */
    text() {
      beforeScrape();
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}

export type SiteMetrics = ReturnType<typeof createSiteMetrics>;
