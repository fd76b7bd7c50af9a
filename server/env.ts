// The environment, validated once at startup. Field errors are printed and the process
// exits non-zero: a misconfigured server never starts half-working.
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { DEFAULT_BODY_TIMEOUTS } from './forms/body-guard';
import { DEFAULT_MIN_FILL_MS } from './forms/bot-guard';
import { DEFAULT_FORM_RATE_LIMIT, DEFAULT_FORM_RATE_LIMIT_NO_CAPTCHA } from './forms/rate-limits';
import { DEFAULT_HEADERS_TIMEOUT_MS } from './http/connections';
import { DEFAULT_RENDER_BUDGET } from './pages/render-budget';
import { DEFAULT_RETENTION_DAYS, retentionSettings, type RetentionSettings } from './store/retention';

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
/** Days, fractions allowed (0.5 is twelve hours); 0: at the next purge run. */
const days = (fallback: number) => z.coerce.number().min(0).max(3650).default(fallback);
const bool = (fallback: boolean) =>
  z.preprocess((v) => (v === undefined || v === '' ? fallback : /^(1|true|yes|on)$/i.test(String(v))), z.boolean());

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The site's own origin: canonical URLs, the sitemap, the return from a payment, the Origin
   * check on POSTs. Absent: this machine at the port the server listens on, with a warning in
   * production (server/public-origin.ts). */
  PUBLIC_ORIGIN: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()).transform((u) => (u ? new URL(u).origin : undefined)),
  /** A visitor at another host than PUBLIC_ORIGIN's (without `www.`) is sent to the same path
   * there (`redirect`: 301, a post 308), or served where it came (`serve`: for a proxy that
   * rewrites Host and sends no X-Forwarded-Host). Without PUBLIC_ORIGIN every host is served
   * (server/pages/other-hosts.ts). */
  OTHER_HOSTS: z.enum(['redirect', 'serve']).default('redirect'),
  /** Tag-manager id. Absent: the embedded demo id. Present but empty or malformed: startup
   * fails (checked in runtime-config.ts, with the original site's messages). */
  GTM_ID: z.string().default('GTM-JOINUS1'),
  STRAPI_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  STRAPI_TOKEN: optionalString,
  STRAPI_VERSION: z.preprocess(emptyAsUndefined, z.enum(['v3', 'v4', 'v5']).default('v5')),
  /** The REST path prefix of the content service. Absent: `/api` for v4 and v5, none for v3
   * (Strapi's `rest.prefix` setting can change it). */
  STRAPI_PREFIX: z.preprocess(emptyAsUndefined, z.string().regex(/^\/?[A-Za-z0-9._~/-]*$/, 'a path such as /api or /cms/api').optional()),
  STRAPI_WEBHOOK_SECRET: optionalString,
  /** Where media live when Strapi's upload provider gives absolute URLs (a bucket or CDN):
   * that origin is added to the CSP's img-src. `/uploads/...` files need nothing: the site
   * serves them itself. */
  MEDIA_ORIGIN: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()).transform((u) => (u ? new URL(u).origin : undefined)),
  /** Editor preview of drafts (GET /preview, Strapi's preview button): the secret its link
   * carries. Absent: every preview answers 404. */
  PREVIEW_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /** Strapi's admin shows the preview in a frame: the origin allowed to frame /preview (and
   * only /preview). Absent: the origin of STRAPI_URL. */
  PREVIEW_ADMIN_ORIGIN: z.preprocess(emptyAsUndefined, z.url().optional()).transform((u) => (u ? new URL(u).origin : undefined)),
  CONTENT_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Megabytes of content-service answers kept, as their JSON's length: the last good copy of
   * every record the pages show, what they are rendered from through an outage. */
  CONTENT_CACHE_MB: z.coerce.number().int().min(8).default(256),
  /** The embedded content's folder, answering when STRAPI_URL is not set; default content/snapshot
   * (scripts/scale-content.ts writes one at a multiple of its size). */
  CONTENT_SNAPSHOT_DIR: optionalString,
  /** Megabytes of rendered pages kept in memory (HTML, Flight and their compressed forms):
   * pages asked for more than once are kept over pages asked for once (a crawler's walk). */
  RENDER_CACHE_MB: z.coerce.number().int().min(8).default(192),
  CONTENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** Public config flag: whether navigation menus are cached. */
  CACHE_MENUS: bool(true),
  DATA_DIR: z.string().default('.data'),
  /** Megabytes of media kept under DATA_DIR/media: the content service's originals and the
   * photographs' copies the site made, half each; the least recently used go first. */
  MEDIA_CACHE_MB: z.coerce.number().int().min(16).default(1024),
  /** Signs form time stamps, captcha challenges and provider-login states. Absent: a random one
   * per process; required with SHARED_STORE_URL (every replica must accept the others'). */
  FORM_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /** reCAPTCHA v3 instead of the self-hosted ALTCHA captcha: both keys, or neither. */
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_SECRET: optionalString,
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /** Page renders the render cache cannot answer (a new search, a new page number), per client
   * per minute; 0 turns the limit off. Cached pages are never limited. */
  RENDER_RATE_LIMIT: z.coerce.number().int().min(0).default(300),
  /** Renders the render cache cannot answer, all clients together, per replica (the event loop,
   * which renders and cached answers share, is one core of its replica): this many at once; 0
   * turns the bound off (server/pages/render-budget.ts). Cached pages never wait for it. */
  RENDERS_AT_ONCE: z.coerce.number().int().min(0).default(DEFAULT_RENDER_BUDGET.atOnce),
  /** Renders waiting for a slot, shared round robin by client; past it the client with the most
   * waiting gives way, and a refused render gets the page's last copy or a 503 (Retry-After). */
  RENDERS_WAITING: z.coerce.number().int().min(0).default(DEFAULT_RENDER_BUDGET.waiting),
  /** How long a render waits for its slot before it is refused. */
  RENDER_WAIT_MS: z.coerce.number().int().min(100).default(DEFAULT_RENDER_BUDGET.waitMs),
  /** The share of the time renders in all may take (the rest is the cached answers'), with
   * RENDERS_BURST_MS of render time in hand. */
  RENDERS_SHARE: z.coerce.number().gt(0).max(1).default(DEFAULT_RENDER_BUDGET.share),
  RENDERS_BURST_MS: z.coerce.number().int().min(0).default(DEFAULT_RENDER_BUDGET.burstMs),
  /** Render pages into the render cache at startup (first visitors get cached pages; their
   * records stay known through a content-service outage): the most asked before ready, the rest
   * of the sitemap after, while visitors leave room (server/pages/startup-renders.ts). `off` for none. */
  RENDER_AHEAD: z.enum(['on', 'off']).default('on'),
  /** The most time the most asked pages (home, every page a menu links) may take to render before
   * the replica is ready; what is left renders on its first visit. */
  READY_WARM_MS: z.coerce.number().int().min(0).default(5_000),
  /** The shared caches in front (Varnish's origins), comma-separated: told to purge by cache
   * tag after each publish (server/content/proxy-purge.ts). Empty: none. */
  CACHE_PURGE_URLS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((u) => u.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  /** Sent with each purge in `X-Purge-Token`; the proxy refuses a purge without it. */
  CACHE_PURGE_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /** Posts of one form per client per 10 minutes (past it: 429), and posts of one form without
   * a captcha (no JavaScript) before each is asked to confirm; sized for a school class behind
   * one address (the numbers and why: server/forms/rate-limits.ts). */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(DEFAULT_FORM_RATE_LIMIT),
  FORM_RATE_LIMIT_NO_CAPTCHA: z.coerce.number().int().min(1).default(DEFAULT_FORM_RATE_LIMIT_NO_CAPTCHA),
  /** How long a form must have been on screen before a post without captcha (no JavaScript)
   * counts as a person's. */
  FORM_MIN_FILL_MS: z.coerce.number().int().min(0).default(DEFAULT_MIN_FILL_MS),
  /** A form post with files is cut (408, nothing kept) when no byte came for this long... */
  FORM_POST_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(DEFAULT_BODY_TIMEOUTS.idleMs),
  /** ...or when its whole body took longer than this (100 MB in the default two minutes needs
   * about 7 Mbit/s upstream). A body without files gets at most 30 s (body-guard.ts). */
  FORM_POST_TIMEOUT_MS: z.coerce.number().int().min(100).default(DEFAULT_BODY_TIMEOUTS.totalMs),
  /** Every request body, of any type to any path, must come at this many bytes per second on
   * average once BODY_RATE_GRACE_MS have passed, or it is cut (408): a trickle holds no
   * connection for minutes (body-guard.ts). 0: no floor. */
  BODY_MIN_BYTES_PER_S: z.coerce.number().int().min(0).default(DEFAULT_BODY_TIMEOUTS.minBytesPerSecond),
  BODY_RATE_GRACE_MS: z.coerce.number().int().min(0).default(DEFAULT_BODY_TIMEOUTS.rateGraceMs),
  /** Bytes kept under DATA_DIR/uploads in all, in MB: past it a post's files are refused (the
   * visitor is asked for a download link), before anything is written. */
  UPLOADS_MAX_MB: z.coerce.number().int().min(1).default(4096),
  /** Free space the data directory keeps, in MB: below it uploads are refused, so the outbox
   * and its submissions keep room; the log and /readyz say the disk is low. */
  DISK_FREE_MIN_MB: z.coerce.number().int().min(0).default(1024),
  /** Open connections at once (server/http/connections.ts); at the bound the one waiting
   * longest without a request is closed. 0: from the open-file limit (half of it less 128, at
   * most 4096). */
  MAX_CONNECTIONS: z.coerce.number().int().min(0).default(0),
  /** Connections one address holds at once, when it connects directly (not through a proxy
   * TRUST_PROXY names); past it that address's own longest-waiting connection is closed, or the
   * new one refused. 0: an eighth of MAX_CONNECTIONS (at least 8). */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).default(0),
  /** Request bodies one client (its address as TRUST_PROXY reads it) sends at once; past it a new
   * one is refused (429) before it is read. 0: from MAX_CONNECTIONS (an eighth, 2 to 16). */
  MAX_BODIES_PER_CLIENT: z.coerce.number().int().min(0).default(0),
  /** A request's headers must have come within this long (a slow-header client is cut: 408). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(DEFAULT_HEADERS_TIMEOUT_MS),
  /** /readyz shows its counters (content cache, disk) to these addresses, as TRUST_PROXY names
   * them (addresses, subnets, `loopback`), and to a request with `Authorization: Bearer
   * <READY_TOKEN>`; everyone else gets the status and ok or not-ok per check. */
  OPERATOR_ADDRESSES: z.string().default('loopback').refine(validAddressList, 'addresses or subnets, comma-separated, such as loopback, 10.0.0.0/8'),
  READY_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /** /metrics (Prometheus text) is shown to OPERATOR_ADDRESSES and to a request with
   * `Authorization: Bearer <METRICS_TOKEN>`; everyone else gets a 403. */
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /** /metrics on a port of its own (on HOST), and no longer on the site's port. Absent: on the
   * site's port. 0 picks a free one (the log says which). */
  METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  /** Retention of personal data in DATA_DIR, in days (why these defaults: server/store/retention.ts;
   * every kind of personal data and where it lives: docs/privacy.md). A delivered submission
   * keeps its answers this long, then only its receipt; its files go as soon as it is delivered. */
  RETENTION_DELIVERED_DAYS: days(DEFAULT_RETENTION_DAYS.delivered),
  /** A sent mail keeps its addresses and text this long. */
  RETENTION_SENT_MAIL_DAYS: days(DEFAULT_RETENTION_DAYS.sentMail),
  /** An undelivered submission or unsent mail this old is warned about (log, /readyz)... */
  RETENTION_UNDELIVERED_WARN_DAYS: days(DEFAULT_RETENTION_DAYS.undeliveredWarn),
  /** ...and at this age its data is removed all the same (a day at least: a delivery that
   * waits out an outage must not lose its record). */
  RETENTION_UNDELIVERED_DAYS: z.coerce
    .number()
    .min(1, 'at least 1 day: a shorter bound could remove a submission before the content service had it')
    .max(3650)
    .default(DEFAULT_RETENTION_DAYS.undelivered),
  /** A settled and delivered donation keeps the donor's details this long (payment id, status
   * and amount stay). */
  RETENTION_DONATION_DAYS: days(DEFAULT_RETENTION_DAYS.donation),
  /** Mail: SMTP server as a URL (smtp://user:pass@host:587, smtps://...). Absent: mails are
   * kept in the durable store and logged. */
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  MAIL_FROM: z.string().default('Stichting Join Us <noreply@stichtingjoinus.nl>'),
  /** Where form notifications go. */
  MAIL_TO: z.string().default('info@stichtingjoinus.nl'),
  /** Mollie API key (`test_...` or `live_...`). Absent: the built-in test checkout, which a
   * public production origin only runs with DONATIONS_TEST_CHECKOUT=true. */
  MOLLIE_API_KEY: z.preprocess(emptyAsUndefined, z.string().regex(/^(test|live)_\w{10,}$/, 'a Mollie API key: test_... or live_...').optional()),
  /** Mollie's API root; the client's own default when absent (a test server in the tests). */
  MOLLIE_API_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Payment methods offered, comma-separated, in order: iDEAL first. */
  MOLLIE_METHODS: z.string().default('ideal').transform((v) => v.split(',').map((m) => m.trim()).filter(Boolean)),
  /** Where Mollie's checkout pages live: a donation post is redirected there (CSP form-action). */
  MOLLIE_CHECKOUT_ORIGIN: z.preprocess(emptyAsUndefined, z.url().default('https://www.mollie.com')).transform((u) => new URL(u).origin),
  DONATIONS_TEST_CHECKOUT: bool(false),
  /** Login providers enabled in Strapi (Settings → Providers), comma-separated: the log-in page
   * offers "log in with …" for each (`/connect/{provider}`). */
  LOGIN_PROVIDERS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((p) => p.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[a-z][a-z0-9-]{1,30}$/, 'provider names such as github,google'))),
  /** The parameters `GET /users/me` is asked with (spec section 7: "configured auth params"),
   * as a query string: `populate[0]=role`. Empty: none. */
  STRAPI_USER_QUERY: z.string().default(''),
  /** The `?debug` view (build id, content source, cache counters). Absent: on in development
   * and test, off in production, where `?debug` is then an ordinary, cached page. */
  DEBUG_VIEW: z.preprocess((v) => (v === undefined || v === '' ? undefined : /^(1|true|yes|on)$/i.test(String(v))), z.boolean().optional()),
  /** The store replicas share (docs/decisions/010-shared-state-on-redis.md):
   * `redis://[user:password@]host:port[/db]` (Redis or Valkey; an ACL user and its password, or
   * `:password@` alone for `requirepass`'s default user; the password percent-encoded), or
   * `rediss://` for TLS (the server's certificate checked against Node's CAs; a private CA
   * through NODE_EXTRA_CA_CERTS). A publish then purges every replica, and rate limits, render
   * shares, the test checkout and one-use captcha solutions count across them. A store that
   * refuses the user, the password or a command the site needs stops the start with a line
   * naming this setting (server/shared/shared-store.ts, startupCheck). Absent: one process, all
   * in its memory. */
  SHARED_STORE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
  /** This replica's own address on the replicas' internal network (`http://site-1:3000`): the
   * others ask it there about the donations it holds. With SHARED_STORE_URL required, unless
   * HOST is a loopback address (then `http://127.0.0.1:<port>`). */
  REPLICA_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()).transform((u) => (u ? new URL(u).origin : undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Express `trust proxy`: the reverse proxy in front (rate limits and logs use the client IP). */
  TRUST_PROXY: z.string().default('loopback'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(20_000),
  /** After SIGTERM, how long the server still accepts connections while /readyz answers 503,
   * before it stops listening (with SHUTDOWN_DRAIN_PROBES: the most it waits for the proxy). 0,
   * alone without a proxy: at once. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(0),
  /** With a proxy that probes /readyz with the readiness-probe header (deploy/varnish/vcl.ts):
   * the drain lasts until each prober has been answered 503 this many times (what its probe
   * needs to take a replica out: Varnish's window - threshold + 1), SHUTDOWN_DRAIN_MS at most.
   * 0: SHUTDOWN_DRAIN_MS exactly. */
  SHUTDOWN_DRAIN_PROBES: z.coerce.number().int().min(0).max(100).default(0),
});

export type Env = z.infer<typeof envSchema>;

function validAddressList(list: string): boolean {
  try {
    proxyaddr.compile(list.split(',').map((a) => a.trim()).filter(Boolean));
    return true;
  } catch {
    return false;
  }
}

/** Whether `?debug` shows the debug view: the operator's DEBUG_VIEW, else only outside production. */
export const debugViewEnabled = (env: Pick<Env, 'DEBUG_VIEW' | 'NODE_ENV'>): boolean => env.DEBUG_VIEW ?? env.NODE_ENV !== 'production';

/** The retention periods of the site's store, from their settings. */
export const retentionOf = (env: Env): RetentionSettings =>
  retentionSettings({
    delivered: env.RETENTION_DELIVERED_DAYS,
    sentMail: env.RETENTION_SENT_MAIL_DAYS,
    undeliveredWarn: env.RETENTION_UNDELIVERED_WARN_DAYS,
    undelivered: env.RETENTION_UNDELIVERED_DAYS,
    donation: env.RETENTION_DONATION_DAYS,
  });

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '::1'];

/** Where the other replicas reach this one: REPLICA_URL, or on a loopback HOST the port it listens on. */
export const replicaUrlOf = (env: Pick<Env, 'REPLICA_URL' | 'HOST'>, port: number): string =>
  env.REPLICA_URL ?? (env.HOST === '::1' ? `http://[::1]:${port}` : `http://127.0.0.1:${port}`);

/** Rules across fields. */
export function crossCheck(env: Env): string[] {
  const errors: string[] = [];
  if (Boolean(env.RECAPTCHA_SITE_KEY) !== Boolean(env.RECAPTCHA_SECRET)) errors.push('RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET: set both or neither');
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) errors.push(`METRICS_PORT: must differ from PORT (${env.PORT}); leave it out to serve /metrics on the site's port`);
  // Secrets a process would otherwise make up for itself: each replica's own would refuse what
  // another signed (a form stamp, a captcha challenge, a login state).
  if (env.SHARED_STORE_URL && !env.FORM_SECRET) errors.push('FORM_SECRET: required with SHARED_STORE_URL (replicas must sign form stamps, captcha challenges and login states with one secret); set it to the same 16 or more characters on every replica');
  // A user without a password logs in as nobody: Redis would answer NOAUTH at the first command.
  const store = env.SHARED_STORE_URL ? new URL(env.SHARED_STORE_URL) : null;
  if (store?.username && !store.password) errors.push(`SHARED_STORE_URL: names the user ${decodeURIComponent(store.username)} but no password; write redis://<user>:<password>@${store.host} (the password percent-encoded)`);
  // A donation's webhook or status page may reach a replica that does not hold it; that one asks the owner here.
  if (env.SHARED_STORE_URL && !env.REPLICA_URL && !LOOPBACK_HOSTS.includes(env.HOST)) errors.push(`REPLICA_URL: required with SHARED_STORE_URL when HOST (${env.HOST}) is not a loopback address: this replica's own address as the other replicas reach it, such as http://site-1:3000`);
  if (env.SHUTDOWN_DRAIN_PROBES > 0 && (env.SHUTDOWN_DRAIN_MS === 0 || env.SHUTDOWN_DRAIN_MS >= env.SHUTDOWN_TIMEOUT_MS)) {
    errors.push(`SHUTDOWN_DRAIN_MS (${env.SHUTDOWN_DRAIN_MS}): with SHUTDOWN_DRAIN_PROBES, the most the drain waits for the proxy; more than 0 and less than SHUTDOWN_TIMEOUT_MS (${env.SHUTDOWN_TIMEOUT_MS}), which also counts the requests still in flight`);
  }
  if (env.RETENTION_UNDELIVERED_WARN_DAYS > env.RETENTION_UNDELIVERED_DAYS) {
    errors.push(`RETENTION_UNDELIVERED_WARN_DAYS (${env.RETENTION_UNDELIVERED_WARN_DAYS}) must not be more than RETENTION_UNDELIVERED_DAYS (${env.RETENTION_UNDELIVERED_DAYS}): the warning comes before the removal`);
  }
  return errors;
}

export function parseEnv(source: NodeJS.ProcessEnv): { ok: true; env: Env } | { ok: false; errors: string[] } {
  const result = envSchema.safeParse(source);
  if (result.success) {
    const errors = crossCheck(result.data);
    return errors.length ? { ok: false, errors } : { ok: true, env: result.data };
  }
  return { ok: false, errors: result.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`) };
}
