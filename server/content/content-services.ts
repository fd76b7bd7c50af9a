// The content side of the server: the content client (Strapi or the embedded snapshot), the
// typed SiteContent over it, and the HTTP routes that belong to content (the webhook, and the
// embedded snapshot's media files).
import { CONTENT_WEBHOOK_PATH, UPLOADS_PREFIX } from '../../src/routing/endpoints';
import express, { type Router } from 'express';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { createContentClient, type ContentClient } from '../../src/content/client';
import { CONTENT_CACHE_BYTES, CONTENT_CACHE_MAX_ENTRIES, parseContentSettings } from '../../src/content/settings';
import { createSiteContent, type SiteContent } from '../../src/content/site-content';
import type { ContentCallObserver } from '../../src/content/transport';
import { createContentWebhook, type PurgeFanOut, type WebhookInvalidation } from './content-webhook';
import { encoderProcess, type EncoderChild } from './encoder-process';
import { createMediaCatalogue } from './media-catalogue';
import { createMediaDisk } from './media-disk';
import { createProxyPurger, type ProxyPurgerOptions } from './proxy-purge';
import { answering } from '../http/plain-answers';
import type { ReplicaPurgeOutcome } from '../http/metrics';
import { MEDIA_NOT_FOUND, mediaProxy, setMediaHeaders } from './media-proxy';
import { mediaVariants, type OriginalSource } from './media-variants';
import type { VariantFormat } from '../../src/routing/image-variants';

export type ContentOptions = {
  url?: string;
  version?: 'v3' | 'v4' | 'v5';
  /** REST path prefix; absent: the version's default. */
  prefix?: string;
  /** The parameters of `GET /users/me` (a query string). */
  userQuery?: string;
  token?: string;
  timeoutMs?: number;
  cacheTtlMs?: number;
  /** The content cache's bound in bytes (CONTENT_CACHE_MB); default CONTENT_CACHE_BYTES. */
  cacheBytes?: number;
  /** The embedded content's folder (CONTENT_SNAPSHOT_DIR); default content/snapshot under `root`. */
  snapshotDir?: string;
  cacheMenus?: boolean;
  webhookSecret?: string;
  /** Project root: the embedded snapshot and its media live under content/, the build's
   * copies of its photographs under dist/uploads. */
  root: string;
  /** Where media is kept on disk (the content service's originals, the photographs' copies);
   * absent: a folder of its own under the system's temporary folder. */
  mediaDir?: string;
  /** The most bytes kept there, half for originals and half for copies. */
  mediaCacheBytes?: number;
  /** The shared caches in front, purged by tag on publish (CACHE_PURGE_URLS, CACHE_PURGE_TOKEN). */
  proxyPurge?: { urls: readonly string[]; token?: string; count?: ProxyPurgerOptions['count'] };
  /** Replicas: each webhook's purge reaches every one of them (server/shared/purge-fan-out.ts). */
  fanOut?: PurgeFanOut;
  /** Told whether each webhook's purge reached the other replicas (the metrics). */
  countFanOut?: (outcome: ReplicaPurgeOutcome) => void;
  /** Image encodes allowed to wait for the one running (encoder-process.ts); 16 when absent. */
  maxEncodesWaiting?: number;
  /** How long the encoder's process outlives its last encode; IDLE_MS when absent. */
  encoderIdleMs?: number;
  /** Told after each copy of a photograph made: its format and CPU seconds (the metrics). */
  observeEncode?: (format: VariantFormat, cpuSeconds: number) => void;
  /** The clock (ms) of the content cache's TTL and the breaker's pauses; default the real one. */
  now?: () => number;
};

/** The encoder's process: the built file in the production bundle, else the source under tsx. */
function encoderChild(root: string): EncoderChild {
  return process.env.SSR_BUNDLE === '1'
    ? { file: path.join(root, 'dist/server/image-encoder-child.cjs'), execArgv: [] }
    : { file: path.join(root, 'server/content/image-encoder-child.ts'), execArgv: ['--import', 'tsx'] };
}

/** Embedded files the site makes copies of: photographs and screenshots. */
const RASTER_FILE = /\.(?:jpe?g|png|webp)$/i;

export type ContentServices = {
  client: ContentClient;
  content: SiteContent;
  source: string;
  routes: Router;
  /** A content client and SiteContent of their own for the editor preview: the same source,
   * no cache at all (the shared one is neither read nor filled), and with `draft` every record
   * in its draft version. */
  preview(status: PreviewStatus): { client: ContentClient; content: SiteContent };
  /** Told after each webhook call (what it dropped, or why nothing): the rendered pages filed
   * under its tags, or showing an edited file, are dropped by whoever keeps them. */
  onWebhook(listener: (change: WebhookInvalidation) => void): void;
};

export type PreviewStatus = 'draft' | 'published';

/** `observe`: told each call's outcome and duration (the metrics). */
export function createContentServices(opts: ContentOptions, logger: Logger, observe?: ContentCallObserver): ContentServices {
  const snapshotDir = opts.snapshotDir ?? path.join(opts.root, 'content/snapshot');
  const settings = parseContentSettings({
    url: opts.url,
    version: opts.version,
    prefix: opts.prefix,
    token: opts.token,
    timeoutMs: opts.timeoutMs,
    cache: { ttlMs: opts.cacheTtlMs ?? 60_000, maxEntries: CONTENT_CACHE_MAX_ENTRIES, maxSizeBytes: opts.cacheBytes ?? CONTENT_CACHE_BYTES },
    cacheMenus: opts.cacheMenus,
    webhookSecret: opts.webhookSecret,
  });
  const client = createContentClient({ logger, snapshotDir, settings, observe, now: opts.now });
  const routes = express.Router();
  const webhookListeners: Array<(change: WebhookInvalidation) => void> = [];
  const onInvalidate = (change: WebhookInvalidation) => webhookListeners.forEach((listener) => listener(change));
  const proxies = opts.proxyPurge?.urls.length ? createProxyPurger({ ...opts.proxyPurge, logger }) : undefined;
  routes.post(CONTENT_WEBHOOK_PATH, createContentWebhook({ cache: client.cache, secret: opts.webhookSecret, logger, onInvalidate, fanOut: opts.fanOut, countFanOut: opts.countFanOut, proxies }));
  // Media under the site's own origin: from Strapi through a caching proxy, or the embedded
  // content's files in the repository; and the photographs' copies fitted to each slot.
  const mediaDir = opts.mediaDir ?? mkdtempSync(path.join(tmpdir(), 'joinus-media-'));
  const halfBound = Math.floor((opts.mediaCacheBytes ?? 1024 * 1024 * 1024) / 2);
  const copies = createMediaDisk(path.join(mediaDir, 'copies'), halfBound);
  const uploadsDir = path.join(opts.root, 'content/uploads');
  // Each file's media record, as the pages were written from it: what may be fetched and copied.
  const catalogue = createMediaCatalogue({ lookup: (file) => client.mediaFile(`${UPLOADS_PREFIX}/${file}`), logger, now: opts.now });
  webhookListeners.push((change) => catalogue.forget(change));
  const encoder = encoderProcess({ child: encoderChild(opts.root), maxWaiting: opts.maxEncodesWaiting ?? 16, idleMs: opts.encoderIdleMs, logger, observe: opts.observeEncode });
  let original: OriginalSource;
  if (opts.url) {
    const proxy = mediaProxy({ upstream: opts.url, timeoutMs: opts.timeoutMs ?? 5_000, logger, catalogue, disk: createMediaDisk(path.join(mediaDir, 'originals'), halfBound) });
    original = (file, o) => proxy.original(file, o);
    routes.use(mediaVariants({ original, catalogue, encoder, disk: copies, logger }));
    routes.use(proxy.router);
  } else {
    original = async (file) => {
      const found = path.join(uploadsDir, path.basename(file));
      return RASTER_FILE.test(file) && existsSync(found) ? found : null;
    };
    routes.use(mediaVariants({ original, catalogue, encoder, disk: copies, prebuiltDir: path.join(opts.root, 'dist/uploads'), logger }));
    routes.use(UPLOADS_PREFIX, express.static(uploadsDir, { maxAge: '7d', index: false, setHeaders: setMediaHeaders }));
  }
  // Nothing else under /uploads/ is anything: a plain 404, never a page rendered for a made-up path.
  routes.use(UPLOADS_PREFIX, answering(() => MEDIA_NOT_FOUND));
  const source = opts.url ? `strapi ${opts.version ?? 'v5'} at ${new URL(opts.url).host}` : 'embedded snapshot';
  return {
    client,
    content: createSiteContent(client, logger),
    source,
    routes,
    preview(status) {
      const previewClient = createContentClient({ logger, snapshotDir, settings, cache: null, status, observe, now: opts.now });
      return { client: previewClient, content: createSiteContent(previewClient, logger) };
    },
    onWebhook(listener) {
      webhookListeners.push(listener);
    },
  };
}
