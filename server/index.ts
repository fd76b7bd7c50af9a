// Process entry: validate the environment, load the build, wire the services, listen, and
// shut down gracefully. `npm start` runs the bundled copy (dist/server/index.cjs);
// `npm run dev` runs this file with `tsx watch`.
import path from 'node:path';
import { LOCALES } from '../src/i18n/locale';
import { startOutbox, type Outbox } from './store/outbox';
import { dataDirProblem } from './store/data-dir-problem';
import { composeSite } from './compose';
import { donationOwners, setupDonations } from './features/donations';
import { debugViewEnabled, parseEnv, replicaUrlOf, retentionOf } from './env';
import { createLogger } from './http/logger';
import { logDestination } from './http/log-destination';
import { loadBuild } from './pages/rsc-build';
import { assertTagManagerId, buildRuntimeConfig, StartupError } from './runtime-config';
import { resolvePublicOrigin } from './public-origin';
import { renderAheadPaths } from './content/seo-routes';
import { startupRenders } from './pages/startup-renders';
import { gracefulShutdown } from './http/shutdown';
import { flushLimitedLog } from './http/warn-limit';
import { connectionLimits, createSiteServer } from './http/connections';
import { metricsServer } from './http/metrics-routes';
import type { RequestListener } from 'node:http';
import { connectSharedStore, startupCheck } from './shared/shared-store';

function fail(lines: string[]): never {
  process.stderr.write(`Join Us site cannot start:\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
  process.exit(1);
}

const parsed = parseEnv(process.env);
if (!parsed.ok) fail(parsed.errors);
const env = parsed.env;

try {
  assertTagManagerId({ public: { googleTagManagerID: env.GTM_ID } });
} catch (err) {
  if (err instanceof StartupError) fail(err.message.split('\n'));
  throw err;
}

// Written in batches off the request's path; nothing lost on exit or a crash (log-destination.ts).
const logger = createLogger(env.LOG_LEVEL, logDestination());
const root = process.cwd();
let build: ReturnType<typeof loadBuild>;
try {
  build = loadBuild(root);
} catch (err) {
  fail([`no usable build in ${root}/dist (${(err as Error).message})`, 'Run `npm run build` first.']);
}
// Production runs a production build only: a development build leaks server paths in its Flight payloads.
if (env.NODE_ENV === 'production' && build.mode !== 'production') fail(['dist/ holds a development build; run `npm run build` for production.']);

/** The site, or the startup error that names the fix when DATA_DIR cannot be written (the
 * media folders are made before the outbox opens, so either may be the first to find out). */
function composeOrFail(options: Parameters<typeof composeSite>[0]): ReturnType<typeof composeSite> {
  try {
    return composeSite(options);
  } catch (err) {
    const at = (err as { path?: unknown })?.path;
    if (typeof at === 'string' && path.resolve(at).startsWith(path.resolve(env.DATA_DIR))) fail(dataDirProblem(env.DATA_DIR, err, { uid: process.getuid?.(), gid: process.getgid?.(), cwd: process.cwd() }));
    throw err;
  }
}

let outbox: Outbox | null = null;
let shuttingDown = false;
/** Until the startup renders below are done, /readyz answers 503 `starting`. */
let starting = true;
/** While the rest of the sitemap renders ahead, after ready (server/pages/startup-renders.ts). */
let renderingAhead = false;
// Replicas share their short-lived state here (docs/decisions/010-shared-state-on-redis.md). It
// connects in the background and keeps trying: the site serves pages without it. One that
// answers but refuses this replica (its user or password, a right its ACL lacks) stops the
// start below, before the server listens, with one line naming SHARED_STORE_URL.
const shared = env.SHARED_STORE_URL ? connectSharedStore(env.SHARED_STORE_URL, logger) : undefined;

/** The whole site for its public origin (PUBLIC_ORIGIN, or where the server listens) and its own port. */
function site(publicOrigin: string, port: number) {
  const runtimeConfig = buildRuntimeConfig(env, publicOrigin);
  return composeOrFail({
    build,
    logger,
    content: {
      root,
      url: env.STRAPI_URL,
      version: env.STRAPI_VERSION,
      prefix: env.STRAPI_PREFIX,
      userQuery: env.STRAPI_USER_QUERY,
      token: env.STRAPI_TOKEN,
      timeoutMs: env.CONTENT_TIMEOUT_MS,
      cacheTtlMs: env.CONTENT_CACHE_TTL_MS,
      cacheBytes: env.CONTENT_CACHE_MB * 1024 * 1024,
      snapshotDir: env.CONTENT_SNAPSHOT_DIR ? path.resolve(env.CONTENT_SNAPSHOT_DIR) : undefined,
      cacheMenus: env.CACHE_MENUS,
      webhookSecret: env.STRAPI_WEBHOOK_SECRET,
      mediaDir: path.join(env.DATA_DIR, 'media'),
      mediaCacheBytes: env.MEDIA_CACHE_MB * 1024 * 1024,
      proxyPurge: { urls: env.CACHE_PURGE_URLS, token: env.CACHE_PURGE_TOKEN },
    },
    forms: {
      secret: env.FORM_SECRET,
      recaptcha: env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET ? { siteKey: env.RECAPTCHA_SITE_KEY, secret: env.RECAPTCHA_SECRET, minScore: env.RECAPTCHA_MIN_SCORE } : undefined,
      rateLimit: env.FORM_RATE_LIMIT,
      rateLimitWithoutCaptcha: env.FORM_RATE_LIMIT_NO_CAPTCHA,
      minFillMs: env.FORM_MIN_FILL_MS,
      bodyTimeouts: { idleMs: env.FORM_POST_IDLE_TIMEOUT_MS, totalMs: env.FORM_POST_TIMEOUT_MS, minBytesPerSecond: env.BODY_MIN_BYTES_PER_S, rateGraceMs: env.BODY_RATE_GRACE_MS },
      uploads: { maxBytes: env.UPLOADS_MAX_MB * 1024 * 1024, minFreeBytes: env.DISK_FREE_MIN_MB * 1024 * 1024 },
      dataDir: env.DATA_DIR,
    },
    health: { operatorAddresses: env.OPERATOR_ADDRESSES, readyToken: env.READY_TOKEN, undelivered: () => outbox?.purge.aging() ?? null, starting: () => starting, renderingAhead: () => renderingAhead },
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT },
    queues: () => outbox?.backlog() ?? null,
    publicConfig: runtimeConfig.public,
    trustProxy: env.TRUST_PROXY,
    // Only for a PUBLIC_ORIGIN set: without it the origin is wherever this server listens.
    otherHosts: env.PUBLIC_ORIGIN && env.OTHER_HOSTS === 'redirect' ? { alsoServed: [replicaUrlOf(env, port)] } : undefined,
    mediaOrigin: env.MEDIA_ORIGIN,
    renderTtlMs: env.CONTENT_CACHE_TTL_MS,
    renderCacheBytes: env.RENDER_CACHE_MB * 1024 * 1024,
    renderRateLimit: env.RENDER_RATE_LIMIT,
    renderBudget: env.RENDERS_AT_ONCE > 0 ? { atOnce: env.RENDERS_AT_ONCE, waiting: env.RENDERS_WAITING, waitMs: env.RENDER_WAIT_MS, share: env.RENDERS_SHARE, burstMs: env.RENDERS_BURST_MS } : undefined,
    bodiesPerClient: limits.maxBodiesPerClient,
    previewSecret: env.PREVIEW_SECRET,
    previewAdminOrigin: env.PREVIEW_ADMIN_ORIGIN,
    makeSink(client) {
      try {
        outbox = startOutbox({ dataDir: env.DATA_DIR, client, contentConfigured: Boolean(env.STRAPI_URL), smtpUrl: env.SMTP_URL, mailFrom: env.MAIL_FROM, mailTo: env.MAIL_TO, logger, retention: retentionOf(env) });
      } catch (err) {
        fail(dataDirProblem(env.DATA_DIR, err, { uid: process.getuid?.(), gid: process.getgid?.(), cwd: process.cwd() }));
      }
      return outbox.sink;
    },
    makeDonations(sink, origin, records) {
      const settings = {
        mollieApiKey: env.MOLLIE_API_KEY,
        mollieApiEndpoint: env.MOLLIE_API_ENDPOINT,
        mollieMethods: env.MOLLIE_METHODS,
        mollieCheckoutOrigin: env.MOLLIE_CHECKOUT_ORIGIN,
        testCheckoutEnabled: env.DONATIONS_TEST_CHECKOUT,
        nodeEnv: env.NODE_ENV,
      };
      // Replicas: the donations this one holds are answered here when another is asked about them.
      const replicas = shared && env.FORM_SECRET ? { owners: donationOwners(records, replicaUrlOf(env, port)), secret: env.FORM_SECRET } : undefined;
      return outbox ? setupDonations(settings, { db: outbox.db, sink, publicOrigin: origin, logger, records, replicas }) : null;
    },
    isShuttingDown: () => shuttingDown,
    debugView: debugViewEnabled(env),
    shared,
  });
}

// Bounded connections and deadlines a trickling client cannot outlast (server/http/connections.ts).
// The server listens first: without PUBLIC_ORIGIN the site's origin is the port it listens on
// (PORT=0 picks one), so the site is composed once that is known. Node calls the listening
// callback before it reads any connection, so no request meets the placeholder below (it would
// only close the connection).
const limits = connectionLimits(env);
let listener: RequestListener = (req) => void req.socket.destroy();
let metricsListener: ReturnType<typeof metricsServer> | null = null;
const server = createSiteServer((req, res) => listener(req, res), limits, logger);
void (shared ? startupCheck(shared, logger) : Promise.resolve(null)).then((refused) => {
  if (refused) fail([refused]);
  server.listen(env.PORT, env.HOST, listening);
});

function listening() {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const { origin, warning } = resolvePublicOrigin(env, port);
  if (warning) logger.warn({ publicOrigin: origin, fix: warning.fix }, warning.message);
  const { app, content, pages, contentSource, metrics } = site(origin, port);
  listener = app;
  // METRICS_PORT: /metrics on a port of its own (server/http/metrics-routes.ts).
  if (env.METRICS_PORT !== undefined) {
    metricsListener = metricsServer(metrics, { addresses: env.OPERATOR_ADDRESSES, token: env.METRICS_TOKEN }, logger);
    metricsListener.on('error', (err) => fail([`cannot listen for /metrics on ${env.HOST}:${env.METRICS_PORT}: ${err.message}`]));
    metricsListener.listen(env.METRICS_PORT, env.HOST, () => {
      const at = metricsListener?.address();
      logger.info({ metricsPort: typeof at === 'object' && at ? at.port : env.METRICS_PORT }, 'metrics on their own port');
    });
  }
  logger.info({ port, publicOrigin: origin, build: build.id, content: contentSource, mode: env.NODE_ENV, maxConnections: limits.maxConnections }, `Join Us site listening on http://localhost:${port}`);
  // The search answers on its own when the content service's search is down; load its data now,
  // so that also holds for an outage that starts before the first search. Then every sitemap
  // page is rendered ahead (server/pages/page-handler.ts, warm), and the fixed pages it leaves out.
  // Only then is the replica ready (/readyz): in a rolling deploy it takes visitors with its
  // pages rendered, while the others still serve.
  void content
    .warmSearch(LOCALES)
    .then(async () => {
      if (env.RENDER_AHEAD === 'off') return;
      const renders = startupRenders({ rsc: pages.rsc, warm: pages.warm, renderCache: pages.renderCache, sitemapPaths: () => renderAheadPaths(content, origin), budgetMs: env.READY_WARM_MS, logger });
      renderingAhead = true;
      void renders.done.finally(() => (renderingAhead = false));
      await renders.ready;
    })
    .finally(() => {
      starting = false;
      logger.info({ msSinceStart: Math.round(performance.now()) }, 'ready: the most asked pages rendered');
    });
}
server.on('error', (err) => fail([`cannot listen on ${env.HOST}:${env.PORT}: ${err.message}`]));

gracefulShutdown(server, {
  logger,
  timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  drainMs: env.SHUTDOWN_DRAIN_MS,
  drainProbes: env.SHUTDOWN_DRAIN_PROBES,
  onStart: () => (shuttingDown = true),
  // In-flight requests are done by now; let a delivery or mail under way finish too.
  // The counts of repeated lines so far (server/http/warn-limit.ts), not lost with the process.
  cleanups: [() => outbox?.stop(), () => shared?.close(), () => flushLimitedLog(logger), () => void metricsListener?.close()],
});
