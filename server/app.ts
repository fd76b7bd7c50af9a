// The Express application, top to bottom. Each middleware says why it is there.
import { ASSETS_PREFIX } from '../src/routing/endpoints';
import compression from 'compression';
import proxyaddr from 'proxy-addr';
import { existsSync, readdirSync } from 'node:fs';
import express, { type ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import type { RscApp } from '../src/framework/entry.rsc';
import type { SiteContent } from '../src/content/site-content';
import { buildRoutes } from './pages/builds';
import { unexpectedError } from './pages/error-answer';
import { text } from './pages/answer';
import { healthRoutes, type HealthSettings, type ReadyState } from './http/health';
import type { SiteMetrics } from './http/metrics';
import { metricsRoute, type MetricsSettings } from './http/metrics-routes';
import { requestMetrics } from './http/request-metrics';
import { bodyDeadlines, DEFAULT_BODY_TIMEOUTS } from './forms/body-guard';
import { bodyAdmission, bodyPaths } from './http/body-admission';
import { CONTENT_WEBHOOK_PATH } from '../src/routing/endpoints';
import { renderCacheFastPath, withFastPath } from './pages/fast-path';
import type { RequestListener } from 'node:http';
import type { RenderCache } from './pages/render-cache';
import { localePreference } from './pages/locale-preference';
import { httpLogger } from './http/logger';
import { clientGone } from './http/client-gone';
import { limitedLog } from './http/warn-limit';
import { untrustedProxyWarning, type TrustFn } from './http/proxy-trust';
import type { PageRenderer } from './pages/page-handler';
import { formRoutes, isFormPostPath } from './forms/form-routes';
import type { FormRouteBase } from './forms/form-post';
import { ACCOUNT_BODY_PATHS, accountHooks, accountRoutes, type AccountDeps, type AccountRouteDeps } from './features/accounts';
import { DONATION_BODY_PATHS, donationHooks, donationRoutes, type Donations } from './features/donations';
import { signUpGroups } from './features/find-group';
import { lonelinessTestHooks } from './features/loneliness-test';
import { parseQuery } from './http/query-parser';
import type { LoadedBuild } from './pages/rsc-build';
import { securityHeaders } from './http/security-headers';
import { CSP_REPORT_PATH, cspReportRoutes } from './http/csp-report';
import { otherHost, otherHostRedirect } from './pages/other-hosts';
import { staticAssets } from './http/static-assets';

export type AppDeps = {
  build: LoadedBuild;
  rsc: RscApp;
  content: SiteContent;
  logger: Logger;
  publicOrigin: string;
  /** Visitors at another host than the public origin's are sent there (server/pages/other-hosts.ts);
   * absent: every host is served (no PUBLIC_ORIGIN, OTHER_HOSTS=serve). */
  otherHosts?: { alsoServed?: readonly string[] };
  /** An absolute media origin (Strapi's upload provider on a bucket or CDN), allowed in img-src. */
  mediaOrigin?: string;
  /** Static files with fixed names (favicon, web manifest). */
  publicDir: string;
  trustProxy: string;
  isShuttingDown: () => boolean;
  /** Whether `?debug` is the debug view (DEBUG_VIEW). */
  debugView: boolean;
  /** The page renderer over `rsc` and the render cache (server/pages/page-handler.ts). */
  pages: PageRenderer;
  /** The rendered pages the fast path answers from. */
  renderCache: RenderCache;
  /** Everything the form endpoints need but the page renderer; absent: no form endpoints. */
  forms?: FormRouteBase;
  /** Donations: the form's payments, the provider's webhook, the status page; null: none. */
  donations?: Donations | null;
  /** The account forms' calls and the guard in front of the signed-in pages. */
  accounts?: { forms: AccountDeps; routes: Omit<AccountRouteDeps, 'send'> };
  /** Request bodies in progress per client (MAX_BODIES_PER_CLIENT); default 16. */
  bodiesPerClient?: number;
  /** Extra routers mounted before the page handler (webhooks, SEO files). */
  extraRoutes?: express.RequestHandler[];
  /** Who sees /readyz's figures (OPERATOR_ADDRESSES, READY_TOKEN). */
  health?: HealthSettings;
  /** The readiness /readyz answers, shared with /metrics; absent: /readyz makes its own. */
  ready?: () => Promise<ReadyState>;
  /** The figures /metrics shows, and who sees them there (OPERATOR_ADDRESSES, METRICS_TOKEN,
   * METRICS_PORT); absent: no metrics. */
  metrics?: { site: SiteMetrics; settings: MetricsSettings };
};

/** Bodies in progress per client when the server's bound does not say (tests, the default of 4096 connections). */
const DEFAULT_BODIES_PER_CLIENT = 16;

/** The files of `dir` as they are at startup, each under its own name. */
function publicFiles(dir: string): { names: ReadonlySet<string>; serve: express.RequestHandler } {
  const names = new Set(existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => `/${e.name}`) : []);
  const serve = express.static(dir, { index: false, maxAge: '1d', fallthrough: true });
  return { names, serve: (req, res, next) => (names.has(req.path) ? serve(req, res, next) : next()) };
}

/** The site's request listener: render-cache hits before Express (server/pages/fast-path.ts), then
 * the Express application below. */
export function createApp(deps: AppDeps): RequestListener {
  const app = express();
  app.disable('x-powered-by');
  // Client IPs for logs and rate limits come from the reverse proxy in front.
  app.set('trust proxy', deps.trustProxy);
  // Query limits (depth 5, 20 array items, 1000 parameters); beyond them parameters are
  // dropped, never an error.
  app.set('query parser', parseQuery);
  const files = publicFiles(deps.publicDir);
  // Every answer Express sends, timed under its route kind and status (never its path).
  if (deps.metrics) app.use(requestMetrics(deps.metrics.site.request, (path) => files.names.has(path)));
  const headers = securityHeaders({ https: deps.publicOrigin.startsWith('https:'), recaptcha: Boolean(deps.forms?.recaptcha), mediaOrigin: deps.mediaOrigin, checkoutOrigin: deps.donations?.checkoutOrigin ?? undefined });
  // One request id per request, JSON logs, personal data redacted.
  app.use(httpLogger(deps.logger));
  // A proxy in front that TRUST_PROXY does not name: said loudly, once per address.
  app.use(untrustedProxyWarning(app.get('trust proxy fn') as TrustFn, deps.trustProxy, deps.logger));
  // Strict CSP and the usual hardening headers on every answer.
  app.use(headers);
  // A visitor at another host (without `www.`): to the same path at the public origin, a post
  // with its body (308), before anything reads it; probes, operators and peers stay served.
  const isOtherHost = otherHost({ publicOrigin: deps.otherHosts ? deps.publicOrigin : undefined, alsoServed: deps.otherHosts?.alsoServed }, app.get('trust proxy fn') as TrustFn);
  app.use(otherHostRedirect(isOtherHost, deps.publicOrigin, deps.pages.send));
  // A body is read only where a route takes one, and only so many at once per client: the rest
  // are refused unread (server/http/body-admission.ts).
  const takesBody = bodyPaths([isFormPostPath, CONTENT_WEBHOOK_PATH, CSP_REPORT_PATH, ...DONATION_BODY_PATHS, ...ACCOUNT_BODY_PATHS]);
  app.use(bodyAdmission({ takesBody, perClient: deps.bodiesPerClient ?? DEFAULT_BODIES_PER_CLIENT, send: deps.pages.send }));
  // Every request body within its deadlines and above its rate floor, whichever route reads it:
  // a client trickling a body is answered 408 and its connection closed, not held for minutes.
  app.use(bodyDeadlines(deps.forms?.bodyTimeouts ?? DEFAULT_BODY_TIMEOUTS));
  // Health first: cheap, never compressed, never logged; the figures for operators only.
  app.use(healthRoutes({ content: deps.content, isShuttingDown: deps.isShuttingDown, uploads: deps.forms?.uploadBudget, settings: deps.health, ready: deps.ready }));
  // The metrics, for operators only; with METRICS_PORT on that port instead (server/index.ts).
  if (deps.metrics && deps.metrics.settings.port === undefined) app.use(metricsRoute(deps.metrics.site, { addresses: deps.health?.operatorAddresses, token: deps.metrics.settings.token }, deps.logger));
  // What the CSP blocked, as browsers report it: bounded, rate limited, logged within a budget.
  app.use(cspReportRoutes({ logger: deps.logger }));
  // Build assets carry their own precompressed variants.
  app.use(ASSETS_PREFIX, staticAssets(deps.build.assetsDir));
  // Everything else is compressed on the fly (brotli when accepted, else gzip). Flight
  // responses are flushed as they stream.
  app.use(compression({ brotli: { params: {} }, threshold: 512 }));
  // Files with fixed names (favicon, manifest): cached for a day, revalidated after. Only
  // their own paths reach the file system; a page request never does (a stat and a
  // not-found error per page cost a quarter of a cached page's time).
  app.use(files.serve);
  // The visitor's language choice (the locale cookie, the language switch's `?taal=`): the
  // English counterpart of a Dutch page for a visitor who chose English, before any page is
  // looked up or served from the render cache.
  app.use(localePreference({ secure: deps.publicOrigin.startsWith('https:'), send: deps.pages.send }));
  app.use(buildRoutes(deps.build, deps.rsc.routeRules()));
  const pages = deps.pages;
  for (const handler of deps.extraRoutes ?? []) app.use(handler);
  // Forms: origin check, rate limits, captcha, validation, durable store; errors re-render
  // the page through the same renderer.
  // The features' parts of the one pipeline: their hooks, and a sign-up's group lookup.
  const donations = deps.donations ? { service: deps.donations.service, checkoutOrigin: deps.donations.checkoutOrigin } : undefined;
  const hooks = { 'loneliness-test': lonelinessTestHooks, donation: donationHooks(donations), account: accountHooks(deps.accounts?.forms) };
  if (deps.forms) app.use(formRoutes({ ...deps.forms, content: deps.content, hooks, groups: signUpGroups(deps.content), send: pages.send }));
  // Accounts: pages only a signed-in visitor sees are rendered here, for that visitor alone
  // (never from or into the render cache); logging out; provider login.
  if (deps.accounts) app.use(accountRoutes({ ...deps.accounts.routes, send: pages.send }));
  // Donations: the provider's webhook, the status page with the real status, the test checkout.
  if (deps.donations) {
    const { service, testCheckout, replicaRoutes } = deps.donations;
    app.use(donationRoutes({ service, testCheckout, replicaRoutes, publicOrigin: deps.publicOrigin, stylesheets: deps.build.stylesheets, logger: deps.logger, send: pages.send }));
  }
  app.use(pages.handler);

  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    // Nobody is waiting for an answer: one info line, nothing sent (server/http/client-gone.ts).
    if (clientGone(req, res, err)) {
      limitedLog(deps.logger, req.log).info({ error: { type: String(err?.code ?? err?.type ?? err?.name ?? 'error'), message: String(err?.message ?? '') } }, 'client went away', 'client went away');
      if (!res.destroyed) res.destroy();
      return;
    }
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500;
    // A client's mistake (unreadable, too large, not found) is no failure of ours: one short
    // line, no stack. A failure of ours keeps its stack.
    if (status >= 500) return pages.send(req, res, unexpectedError({ err, logger: deps.logger, requestLog: req.log, message: 'request failed', path: req.path, status, asked: req.method === 'GET' || req.method === 'HEAD' }));
    // Anyone can send such requests: one line per kind of mistake, then a count a minute.
    const type = String(err?.type ?? err?.name ?? 'error');
    limitedLog(deps.logger, req.log).info({ status, error: { type, message: String(err?.message ?? '') } }, 'request refused', `request refused: ${type}`);
    if (res.headersSent) return pages.send(req, res, { kind: 'failed', status, locale: 'nl' });
    return pages.send(req, res, text(status, err?.expose ? String(err.message) : 'Bad request'));
  };
  app.use(onError);
  // Pages already rendered: straight from the render cache with precomputed headers and one
  // log line, before any of the above; everything else goes down the chain.
  const trust = app.get('trust proxy fn') as Parameters<typeof proxyaddr>[1];
  const fastPath = renderCacheFastPath({
    renderCache: deps.renderCache,
    buildId: deps.build.id,
    securityHeaders: headers,
    logger: deps.logger,
    clientAddress: (req) => proxyaddr(req, trust),
    pageViews: deps.forms?.pageViews,
    debugView: deps.debugView,
    metrics: deps.metrics?.site,
    otherHost: isOtherHost,
  });
  return withFastPath(fastPath, app);
}
