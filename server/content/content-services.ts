// The content side of the server: the content client (Strapi or the embedded snapshot), the
// typed SiteContent over it, and the HTTP routes that belong to content (the webhook, and the
// embedded snapshot's media files).
import { CONTENT_WEBHOOK_PATH, UPLOADS_PREFIX } from '../../src/routing/endpoints';
import express, { type Router } from 'express';
import path from 'node:path';
import type { Logger } from 'pino';
import { createContentClient, type ContentClient } from '../../src/content/client';
import { parseContentSettings } from '../../src/content/settings';
import { createSiteContent, type SiteContent } from '../../src/content/site-content';
import { createContentWebhook } from './content-webhook';
import { mediaProxy, setMediaHeaders } from './media-proxy';

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
  cacheMenus?: boolean;
  webhookSecret?: string;
  /** Project root: the embedded snapshot and its media live under content/. */
  root: string;
};

export type ContentServices = {
  client: ContentClient;
  content: SiteContent;
  source: string;
  routes: Router;
  /** A content client and SiteContent of their own for the editor preview: the same source,
   * no cache at all (the shared one is neither read nor filled), and with `draft` every record
   * in its draft version. */
  preview(status: PreviewStatus): { client: ContentClient; content: SiteContent };
};

export type PreviewStatus = 'draft' | 'published';

export function createContentServices(opts: ContentOptions, logger: Logger): ContentServices {
  const snapshotDir = path.join(opts.root, 'content/snapshot');
  const settings = parseContentSettings({
    url: opts.url,
    version: opts.version,
    prefix: opts.prefix,
    token: opts.token,
    timeoutMs: opts.timeoutMs,
    cache: { ttlMs: opts.cacheTtlMs ?? 60_000, maxEntries: 500, maxSizeBytes: 50 * 1024 * 1024 },
    cacheMenus: opts.cacheMenus,
    webhookSecret: opts.webhookSecret,
  });
  const client = createContentClient({ logger, snapshotDir, settings });
  const routes = express.Router();
  routes.post(CONTENT_WEBHOOK_PATH, createContentWebhook({ cache: client.cache, secret: opts.webhookSecret, logger }));
  // Media under the site's own origin: from Strapi through a caching proxy, or the embedded
  // content's files in the repository.
  if (opts.url) routes.use(mediaProxy({ upstream: opts.url, timeoutMs: opts.timeoutMs ?? 5_000, logger }));
  else routes.use(UPLOADS_PREFIX, express.static(path.join(opts.root, 'content/uploads'), { maxAge: '7d', index: false, setHeaders: setMediaHeaders }));
  const source = opts.url ? `strapi ${opts.version ?? 'v5'} at ${new URL(opts.url).host}` : 'embedded snapshot';
  return {
    client,
    content: createSiteContent(client, logger),
    source,
    routes,
    preview(status) {
      const previewClient = createContentClient({ logger, snapshotDir, settings, cache: null, status });
      return { client: previewClient, content: createSiteContent(previewClient, logger) };
    },
  };
}
