// Process entry: validate the environment, load the build, wire the services, listen, and
// shut down gracefully. `npm start` runs the bundled copy (dist/server/index.cjs);
// `npm run dev` runs this file with `tsx watch`.
import { createRenderCache } from './render-cache';
import { createApp } from './app';
import { createContentServices } from './content-services';
import { createFormServices } from './form-services';
import { seoRoutes } from './seo-routes';
import { startOutbox } from './store/outbox';
import { parseEnv } from './env';
import { createLogger } from './logger';
import { loadBuild } from './rsc-build';
import { buildRuntimeConfig, StartupError } from './runtime-config';
import { gracefulShutdown } from './shutdown';

function fail(lines: string[]): never {
  process.stderr.write(`Join Us site cannot start:\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
  process.exit(1);
}

const parsed = parseEnv(process.env);
if (!parsed.ok) fail(parsed.errors);
const env = parsed.env;

let runtimeConfig: ReturnType<typeof buildRuntimeConfig>;
try {
  runtimeConfig = buildRuntimeConfig(env);
} catch (err) {
  if (err instanceof StartupError) fail(err.message.split('\n'));
  throw err;
}

const logger = createLogger(env.LOG_LEVEL);
const root = process.cwd();
let build: ReturnType<typeof loadBuild>;
try {
  build = loadBuild(root);
} catch (err) {
  fail([`no usable build in ${root}/dist (${(err as Error).message})`, 'Run `npm run build` first.']);
}
// Pitfall 7: a development build leaks server paths in its Flight payloads.
if (env.NODE_ENV === 'production' && build.mode !== 'production') fail(['dist/ holds a development build; run `npm run build` for production.']);

const contentServices = createContentServices(
  {
    root,
    url: env.STRAPI_URL,
    version: env.STRAPI_VERSION,
    token: env.STRAPI_TOKEN,
    timeoutMs: env.CONTENT_TIMEOUT_MS,
    cacheTtlMs: env.CONTENT_CACHE_TTL_MS,
    cacheMenus: env.CACHE_MENUS,
    webhookSecret: env.STRAPI_WEBHOOK_SECRET,
  },
  logger,
);
const { content, source: contentSource } = contentServices;

const outbox = startOutbox({
  dataDir: env.DATA_DIR,
  client: contentServices.client,
  contentConfigured: Boolean(env.STRAPI_URL),
  smtpUrl: env.SMTP_URL,
  mailFrom: env.MAIL_FROM,
  mailTo: env.MAIL_TO,
  logger,
});
const forms = createFormServices(
  {
    secret: env.FORM_SECRET,
    recaptcha: env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET ? { siteKey: env.RECAPTCHA_SITE_KEY, secret: env.RECAPTCHA_SECRET, minScore: env.RECAPTCHA_MIN_SCORE } : undefined,
    rateLimit: env.FORM_RATE_LIMIT,
    rateLimitWithoutCaptcha: env.FORM_RATE_LIMIT_NO_CAPTCHA,
    dataDir: env.DATA_DIR,
    publicOrigin: env.PUBLIC_ORIGIN,
    stylesheets: build.stylesheets,
  },
  outbox.sink,
  logger,
);

const rsc = build.createRscApp({
  content,
  logger,
  buildId: build.id,
  stylesheets: build.stylesheets,
  publicConfig: runtimeConfig.public,
  contentSource,
  contentStats: () => contentServices.client.cache?.stats(),
  forms: forms.services,
});

let shuttingDown = false;
const app = createApp({
  build,
  rsc,
  content,
  contentStats: () => contentServices.client.cache?.stats(),
  logger,
  publicOrigin: env.PUBLIC_ORIGIN,
  renderCache: createRenderCache({ ttlMs: env.CONTENT_CACHE_TTL_MS }),
  contentVersion: () => contentServices.client.cache?.version ?? 0,
  publicDir: 'public',
  trustProxy: env.TRUST_PROXY,
  isShuttingDown: () => shuttingDown,
  extraRoutes: [contentServices.routes, seoRoutes({ content, publicOrigin: env.PUBLIC_ORIGIN })],
  forms: forms.routes,
});

const server = app.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  logger.info({ port, build: build.id, content: contentSource, mode: env.NODE_ENV }, `Join Us site listening on http://localhost:${port}`);
});
server.on('error', (err) => fail([`cannot listen on ${env.HOST}:${env.PORT}: ${err.message}`]));

gracefulShutdown(server, {
  logger,
  timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  onStart: () => (shuttingDown = true),
  // In-flight requests are done by now; let a delivery or mail under way finish too.
  cleanups: [() => outbox.stop()],
});
