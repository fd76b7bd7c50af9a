// The whole site from its parts: content, forms, the server-component graph and the Express
// app. One composition for the running server (server/index.ts) and for the tests, so the
// tests exercise the wiring that production runs.
import type { Logger } from 'pino';
import type { ContentClient } from '../src/content/client';
import type { PublicConfig, Services } from '../src/routing/services';
import type { QueryParams } from '../src/content/query-string';
import { parseQuery } from './http/query-parser';
import { accountLimits, createAuthClient, sessionRevocations, siteKeyOf, type AccountLimitSettings } from './features/accounts';
import { createApp } from './app';
import { readiness, type HealthSettings } from './http/health';
import { createSiteMetrics, type MetricSources } from './http/metrics';
import type { MetricsSettings } from './http/metrics-routes';
import { createContentServices, type ContentOptions } from './content/content-services';
import { createFormServices, type FormSettings } from './forms/form-services';
import type { FormSink } from './forms/form-post';
import type { Donations } from './features/donations';
import { createPageRenderer } from './pages/page-handler';
import { previewRoutes, type PreviewInstance } from './pages/preview';
import { createRenderCache } from './pages/render-cache';
import { renderLimits } from './pages/render-limit';
import { renderBudget, type RenderBudgetSettings } from './pages/render-budget';
import type { LoadedBuild } from './pages/rsc-build';
import { seoRoutes } from './content/seo-routes';
import type { WebhookInvalidation, WebhookPurge } from './content/content-webhook';
import { fanOut } from './shared/fan-out';
import { perProcessLimits, sharedLimits } from './shared/limit-stores';
import { memoryRecords, type SharedRecords } from './shared/records';
import { sharedRenderShares } from './shared/render-shares';
import type { SharedStore } from './shared/shared-store';
import { RENDER_BURST_MS, RENDER_SHARE } from './pages/render-limit';

export type SiteOptions = {
  build: LoadedBuild;
  logger: Logger;
  content: ContentOptions;
  forms: Omit<FormSettings, 'stylesheets' | 'publicOrigin'>;
  publicConfig: PublicConfig;
  trustProxy: string;
  /** Visitors at another host than the public origin's are redirected there; absent: served. */
  otherHosts?: { alsoServed?: readonly string[] };
  mediaOrigin?: string;
  /** How long a rendered page is kept (the content's freshness). */
  renderTtlMs: number;
  /** The render cache's bound in bytes (RENDER_CACHE_MB); default the cache's own. */
  renderCacheBytes?: number;
  /** PREVIEW_SECRET: Strapi's preview link carries it. Absent: /preview always answers 404. */
  previewSecret?: string;
  /** The origin that may show /preview in a frame (Strapi's admin). Default: the content
   * service's origin. */
  previewAdminOrigin?: string;
  /** Where valid submissions go: the durable outbox, made once the content client exists. */
  makeSink(client: ContentClient): FormSink;
  /** Donations over the same sink; null or absent: a donation post answers "not possible now".
   * `records`: where the test checkout keeps its payments. */
  makeDonations?(sink: FormSink, publicOrigin: string, records: SharedRecords): Donations | null;
  isShuttingDown(): boolean;
  /** Page renders the render cache cannot answer, per client per minute; 0 or absent: none. */
  renderRateLimit?: number;
  /** Renders past the render cache, all clients together, in this process (RENDERS_AT_ONCE, ...); absent: no bound. */
  renderBudget?: RenderBudgetSettings;
  /** Request bodies in progress per client (MAX_BODIES_PER_CLIENT); default 16. */
  bodiesPerClient?: number;
  /** `?debug` shows the debug view (DEBUG_VIEW); off: the parameter is ignored and the page cached. */
  debugView: boolean;
  /** Log-in and reset tries per address and per IP in a window; defaults below. */
  accountLimits?: AccountLimitSettings;
  /** Who sees /readyz's figures (OPERATOR_ADDRESSES, READY_TOKEN); default loopback. */
  health?: HealthSettings;
  /** /metrics: METRICS_TOKEN, METRICS_PORT; default on the site's port, to OPERATOR_ADDRESSES only. */
  metrics?: MetricsSettings;
  /** The submissions' and the mail outbox's backlog, read at each scrape; absent or null: none. */
  queues?: MetricSources['queues'];
  /** The store replicas share (SHARED_STORE_URL); absent: this process keeps its state itself. */
  shared?: SharedStore;
  /** The clock (ms) of the content cache's and the render cache's TTLs and of the content
   * breaker's pauses; default the real one (a test moves its own instead of waiting). */
  now?: () => number;
};

/** The channel on which each content webhook's purge reaches every replica. */
const PURGE_CHANNEL = 'content-webhook';

/** Five tries per account and thirty per client in a quarter of an hour. */
const ACCOUNT_LIMITS: AccountLimitSettings = { windowMs: 15 * 60_000, perAddress: 5, perIp: 30 };

export function composeSite(o: SiteOptions) {
  const { build, logger } = o;
  const metrics = createSiteMetrics();
  // With replicas: one publish purges all, limits and render shares count across them, and the
  // records a visitor's next request needs are found on any of them (server/shared/).
  const shared = o.shared;
  const records = shared?.records ?? memoryRecords();
  const limitStores = shared ? sharedLimits(shared, logger) : perProcessLimits;
  const purges = shared ? fanOut<WebhookPurge, WebhookInvalidation>(shared, PURGE_CHANNEL, logger) : undefined;
  const contentServices = createContentServices({ ...o.content, now: o.content.now ?? o.now, proxyPurge: o.content.proxyPurge && { ...o.content.proxyPurge, count: metrics.proxyPurge }, fanOut: purges, countFanOut: metrics.replicaPurge, observeEncode: metrics.imageEncode }, logger, metrics.contentCall);
  const { client, content, source } = contentServices;
  const publicOrigin = o.publicConfig.publicOrigin;
  const sink = o.makeSink(client);
  const forms = createFormServices({ ...o.forms, publicOrigin, stylesheets: build.stylesheets, limitStores, records }, sink, logger);
  const donations = o.makeDonations?.(sink, publicOrigin, records) ?? null;
  const contentStats = () => client.cache?.stats();
  // Accounts need users-permissions: only with a content service (the embedded content has none).
  const auth = o.content.url ? createAuthClient(client.request, { userQuery: o.content.userQuery ? (parseQuery(o.content.userQuery) as QueryParams) : undefined, siteKey: siteKeyOf(client.settings.token) }) : undefined;
  const services: Services = {
    content,
    logger,
    buildId: build.id,
    stylesheets: build.stylesheets,
    publicConfig: o.publicConfig,
    contentSource: source,
    contentStats,
    forms: forms.services,
    debugView: o.debugView,
    accounts: () => (!auth ? 'off' : client.failingFast() ? 'down' : 'on'),
  };
  const rsc = build.createRscApp(services);
  // The editor preview: a second RSC app per version shown, over content of its own that
  // reads drafts and no cache, so the whole page tree (the record and whatever its blocks
  // read) shows the editor's version. Made only when previews can be asked for.
  const previewInstance = (status: 'draft' | 'published'): PreviewInstance => {
    const preview = contentServices.preview(status);
    const previewServices: Services = { ...services, content: preview.content, contentStats: () => undefined, preview: { status } };
    return { rsc: build.createRscApp(previewServices), client: preview.client };
  };
  const previewInstances = o.previewSecret ? { draft: previewInstance('draft'), published: previewInstance('published') } : null;
  const renderCache = createRenderCache({ ttlMs: o.renderTtlMs, maxBytes: o.renderCacheBytes, perf: o.now ? { now: o.now } : undefined });
  // A publish drops the rendered pages filed under its tags (its collections, the record, `many`),
  // as the proxy's purge does; an edited file, the pages that show it. The rest stay rendered.
  contentServices.onWebhook((change) => {
    if (change.showing) {
      renderCache.dropShowing(change.showing);
      pages.layouts.dropShowing(change.showing);
    } else {
      renderCache.drop(change.tags);
      pages.layouts.drop(change.tags);
    }
  });
  // Renders in all, in this process (render-budget.ts); each replica has its own core.
  const budget = o.renderBudget && renderBudget(o.renderBudget);
  const pages = createPageRenderer({ rsc, build, logger, renderCache, debugView: o.debugView, renderLimits: renderLimits(o.renderRateLimit ?? 0, { stores: limitStores, shares: shared ? sharedRenderShares(shared, { share: RENDER_SHARE, burstMs: RENDER_BURST_MS }, logger) : undefined }), renderBudget: budget, pageViews: forms.routes.pageViews, metrics: metrics.pages });
  // One readiness for /readyz and /metrics (joinus_ready), with the shared store's check.
  const health: HealthSettings | undefined = shared ? { ...o.health, shared: () => shared.ping() } : o.health;
  const ready = readiness({ content, isShuttingDown: o.isShuttingDown, uploads: forms.routes.uploadBudget, settings: health });
  metrics.watch({ contentCache: contentStats, breaker: client.breakerState, renderBudget: budget?.state, queues: o.queues, uploads: forms.routes.uploadBudget, undelivered: o.health?.undelivered, readiness: ready });
  const secureCookie = publicOrigin.startsWith('https:');
  // One record of ended sessions for the forms and the routes (the shared store's when set).
  const sessions = sessionRevocations({ secure: secureCookie }, records);
  const accounts = {
    forms: { auth, secureCookie, limits: accountLimits(o.accountLimits ?? ACCOUNT_LIMITS, limitStores, records), records, sessions },
    routes: { auth, providers: o.publicConfig.loginProviders, contentService: client.settings, publicOrigin, secureCookie, secret: o.forms.secret, stamps: forms.routes.stamps, sessions, stylesheets: build.stylesheets, logger, limitStores, records },
  };
  const app = createApp({
    build,
    rsc,
    pages,
    renderCache,
    content,
    logger,
    publicOrigin,
    mediaOrigin: o.mediaOrigin,
    publicDir: 'public',
    trustProxy: o.trustProxy,
    otherHosts: o.otherHosts,
    isShuttingDown: o.isShuttingDown,
    debugView: o.debugView,
    bodiesPerClient: o.bodiesPerClient,
    extraRoutes: [
      contentServices.routes,
      seoRoutes({ content, publicOrigin }),
      previewRoutes({
        secret: o.previewSecret,
        instances: previewInstances,
        rsc,
        pages,
        logger,
        frameOrigin: o.previewAdminOrigin ?? (o.content.url ? new URL(o.content.url).origin : undefined),
      }),
    ],
    forms: forms.routes,
    donations,
    accounts,
    health,
    ready,
    metrics: { site: metrics, settings: o.metrics ?? {} },
  });
  return { app, client, content, rsc, pages, contentSource: source, renderCache, renderBudget: budget, donations, metrics };
}
