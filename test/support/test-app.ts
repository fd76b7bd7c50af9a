// Builds the real Express app over the real production build (dist/, from `npm run build`)
// for supertest, with the content client pointed at the embedded snapshot or at a URL.
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { composeSite, type SiteOptions } from '../../server/compose';
import type { FormSink } from '../../server/forms/form-post';
import { createLogger } from '../../server/http/logger';
import { loadBuild } from '../../server/pages/rsc-build';
import { noteLogLine } from './error-guard';
import { requireBuild } from './require-build';
import { freePort } from './spawn-server';

export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

/** A pino destination that keeps the lines, so tests can read what was logged. An error-level
 * line fails the test unless it says it expects one (test/support/error-guard.ts). */
export function memoryLog() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (!text) continue;
        const line = JSON.parse(text) as LogLine;
        lines.push(line);
        noteLogLine(line);
      }
      cb();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

let build: ReturnType<typeof loadBuild> | null = null;

/** Records what the form endpoints hand over for storing and mailing. */
export function recordingSink() {
  const saved: Array<Parameters<FormSink['save']>[0] & { id: string }> = [];
  const notified: Array<Parameters<FormSink['notify']>[0]> = [];
  const sink: FormSink = {
    save(input) {
      const id = `sub-${saved.length + 1}`;
      saved.push({ ...input, id });
      return { id, duplicate: false };
    },
    notify: (input) => void notified.push(input),
  };
  return { sink, saved, notified };
}

export type TestAppOptions = {
  strapiUrl?: string;
  contentVersion?: 'v3' | 'v4' | 'v5';
  accountLimits?: SiteOptions['accountLimits'];
  loginProviders?: string[];
  cacheTtlMs?: number;
  /** How long a content call may take; default 10 s. The fake content services answer from this
   * same process, whose event loop a busy machine (or the render beside it) holds up: 1 s ran out
   * there for answers the test expected. A test about a hanging service sets its own. */
  contentTimeoutMs?: number;
  webhookSecret?: string;
  sink?: FormSink;
  /** Donations over the sink (the test checkout or Mollie); absent: none. */
  donations?: SiteOptions['makeDonations'];
  dataDir?: string;
  rateLimit?: number;
  rateLimitWithoutCaptcha?: number;
  previewSecret?: string;
  mediaOrigin?: string;
  /** FORM_MIN_FILL_MS; default 3 s. */
  minFillMs?: number;
  /** Renders past the render cache per client per minute; default none. */
  renderRateLimit?: number;
  /** Renders past the render cache, all clients together; default none. */
  renderBudget?: SiteOptions['renderBudget'];
  /** How long a multipart post's body may take (short ones for the slow-upload tests). */
  bodyTimeouts?: { idleMs: number; totalMs: number; minBytesPerSecond?: number; rateGraceMs?: number };
  /** Request bodies in progress per client (MAX_BODIES_PER_CLIENT); default the server's. */
  bodiesPerClient?: number;
  /** The disk budget of uploads (UPLOADS_MAX_MB, DISK_FREE_MIN_MB); default none to speak of. */
  uploads?: { maxBytes: number; minFreeBytes: number };
  /** Who sees /readyz's figures (OPERATOR_ADDRESSES, READY_TOKEN); default loopback. */
  health?: SiteOptions['health'];
  /** /metrics: METRICS_TOKEN, METRICS_PORT; default on the site's port, to operators only. */
  metrics?: SiteOptions['metrics'];
  /** The outboxes' backlog the metrics read (a real outbox's `backlog`); default none. */
  queues?: SiteOptions['queues'];
  /** `?debug` shows the debug view (DEBUG_VIEW); default off, as in production. */
  debugView?: boolean;
  /** Where media is kept on disk; default a new temporary folder per app. */
  mediaDir?: string;
  mediaCacheBytes?: number;
  /** Image encodes that may wait for the one running, and how long the encoder's process
   * outlives its last encode (server/content/encoder-process.ts); defaults as in production. */
  encoder?: { maxWaiting?: number; idleMs?: number };
  /** The shared caches in front to purge on publish (CACHE_PURGE_URLS, CACHE_PURGE_TOKEN); default none. */
  proxyPurge?: SiteOptions['content']['proxyPurge'];
  /** The store replicas share (a real Redis: test/support/redis.ts); default none. */
  shared?: SiteOptions['shared'];
  /** The clock of the content and render caches' TTLs and the content breaker (a fake clock's
   * `now`, test/support/fake-clock.ts); default the real one. */
  now?: () => number;
  /** PUBLIC_ORIGIN; default http://localhost:3000. */
  publicOrigin?: string;
  /** Visitors at another host sent to the public origin (OTHER_HOSTS=redirect); default off. */
  otherHosts?: SiteOptions['otherHosts'];
};

/** Apps made in this process: each gets a data folder of its own unless given one (a folder's test
 * files share a process: scripts/unit-tests.mjs). */
let apps = 0;

export function testApp(opts: TestAppOptions = {}) {
  requireBuild();
  build ??= loadBuild(process.cwd());
  const { lines, logger } = memoryLog();
  const { app, client, content, rsc, renderCache, renderBudget, pages, metrics } = composeSite({
    build,
    logger,
    content: { root: process.cwd(), url: opts.strapiUrl, version: opts.contentVersion, timeoutMs: opts.contentTimeoutMs ?? 10_000, cacheTtlMs: opts.cacheTtlMs ?? 60_000, webhookSecret: opts.webhookSecret, mediaDir: opts.mediaDir, mediaCacheBytes: opts.mediaCacheBytes, maxEncodesWaiting: opts.encoder?.maxWaiting, encoderIdleMs: opts.encoder?.idleMs, proxyPurge: opts.proxyPurge },
    forms: {
      secret: 'test-secret-for-forms-0123456789',
      rateLimit: opts.rateLimit ?? 100,
      rateLimitWithoutCaptcha: opts.rateLimitWithoutCaptcha ?? 100,
      minFillMs: opts.minFillMs,
      dataDir: opts.dataDir ?? path.join(tmpdir(), `joinus-test-${process.pid}-${++apps}`),
      bodyTimeouts: opts.bodyTimeouts,
      uploads: opts.uploads,
    },
    publicConfig: { googleTagManagerID: 'GTM-TEST123', publicOrigin: opts.publicOrigin ?? 'http://localhost:3000', loginProviders: opts.loginProviders },
    trustProxy: 'loopback',
    otherHosts: opts.otherHosts,
    mediaOrigin: opts.mediaOrigin,
    renderTtlMs: opts.cacheTtlMs ?? 60_000,
    renderRateLimit: opts.renderRateLimit,
    renderBudget: opts.renderBudget,
    bodiesPerClient: opts.bodiesPerClient,
    previewSecret: opts.previewSecret,
    makeSink: () => opts.sink ?? recordingSink().sink,
    makeDonations: opts.donations,
    isShuttingDown: () => false,
    debugView: opts.debugView ?? false,
    accountLimits: opts.accountLimits,
    health: opts.health,
    metrics: opts.metrics,
    queues: opts.queues,
    shared: opts.shared,
    now: opts.now,
  });
  return { app, build, logs: lines, logger, client, content, rsc, renderCache, renderBudget, pages, metrics };
}

/** A port on which nothing listens: connections are refused at once (spawn-server.ts's
 * freePort: not one the kernel hands out to others meanwhile). */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}
