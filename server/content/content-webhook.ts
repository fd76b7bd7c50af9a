import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Request, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { CacheKeyParts, ContentCache } from '../../src/content/cache';
import { limitedLog } from '../http/warn-limit';
import { answering, empty, json, type PlainAnswer } from '../http/plain-answers';
import type { Purge } from './content-change';
import { proxyTagsFor, purgeTags, type ProxyPurger } from './proxy-purge';
import type { ReplicaPurgeOutcome } from '../http/metrics';

/**
 * `POST /api/content-webhook`: Strapi's webhook, sent on entry create, update, delete,
 * publish and unpublish (and media events). It drops the cached answers the event changes so
 * the next read goes upstream, and only those (see `purgeFor`). The shared secret comes in
 * `Authorization: Bearer <secret>` or `X-Webhook-Secret`, both headers Strapi's webhook
 * settings can add.
 */
export type WebhookInvalidation = {
  event: string;
  model: string | undefined;
  dropped: number;
  all: boolean;
  /** Why nothing was dropped, when nothing public changed. */
  unchanged?: string;
  /** The cache tags (src/content/cache-tags.ts) of the pages this change drops: its collections,
   * the record and `many`, or `site` for everything; none for a file (`showing`) or nothing. */
  tags: string[];
  /** A media file's documentId and addresses: the rendered pages that contain one of these show
   * the file and are dropped (the other pages stay rendered). */
  showing?: string[];
};


/**
 * - A saved draft (`entry.create`/`entry.update` of a record whose `publishedAt` is null) changes
 *   nothing public: Strapi sends `entry.publish` when it goes out. Types without draft and publish
 *   (menus) always carry a `publishedAt`.
 * - Other entry events drop the routes their model shows up in.
 * - An upload (`media.create`) is shown by no page until a record that uses it is published.
 * - An edited or deleted file (alternative text, caption, a replaced file) drops the answers and
 *   pages that show it, found by its documentId and address.
 * - Anything else (an unknown model, a file event without a file): everything.
 */
export function purgeFor(event: string, model: string | undefined, body: Record<string, unknown>): Purge {
  if (event.startsWith('entry.')) {
    const entry = isRecord(body.entry) ? body.entry : null;
    if ((event === 'entry.create' || event === 'entry.update') && entry && 'publishedAt' in entry && entry.publishedAt === null)
      return { kind: 'nothing', reason: 'a draft: nothing public changed' };
    const name = model ? modelName(model) : '';
    // An own-property lookup: `constructor` or `__proto__` as a model is an unknown model, not
    // a function found on Object.prototype.
    if (!model || !Object.hasOwn(AFFECTS, name)) return { kind: 'everything' };
    const record = entry && typeof entry.documentId === 'string' ? entry.documentId : undefined;
    return { kind: 'collections', targets: AFFECTS[name]!, ...(record ? { record } : {}) };
  }
  if (event === 'media.create') return { kind: 'nothing', reason: 'a new file: no page shows it yet' };
  if (event.startsWith('media.')) {
    const media = isRecord(body.media) ? body.media : null;
    const needles = media ? fileNeedles(media) : [];
    return needles.length > 0 ? { kind: 'file', needles } : { kind: 'everything' };
  }
  return { kind: 'everything' };
}

/** How a file shows in answers (documentId, address) and in rendered pages (its address, or its
 * name without the extension in the site's own copies: `/uploads/w640-.../<name>.avif`). */
function fileNeedles(media: Record<string, unknown>): string[] {
  const needles = new Set<string>();
  if (typeof media.documentId === 'string' && media.documentId.length >= 8) needles.add(media.documentId);
  if (typeof media.url === 'string') for (const needle of addressNeedles(media.url)) needles.add(needle);
  return [...needles];
}

/** A file's address, and its name without the extension as the site's copies carry it. */
function addressNeedles(url: string): string[] {
  if (url.length === 0) return [];
  const base = url.split('/').pop()?.replace(/\.[^.]+$/, '') ?? '';
  return base.length >= 6 ? [url, `/${base}.`] : [url];
}

/** Which cached routes an entry of each model shows up in (first path segment). */
const AFFECTS: Record<string, readonly string[]> = {
  // Menus link to pages by their slug and title.
  page: ['pages', 'navigation'],
  'blog-post': ['blog-posts'],
  course: ['courses'],
  vacancy: ['vacancies'],
  // The custom routes inline districts with their locations.
  location: ['locations', 'q42'],
  district: ['districts', 'q42'],
  'team-member': ['team-members'],
  partner: ['partners'],
  event: ['events'],
  global: ['global'],
  'loneliness-test': ['loneliness-test'],
  navigation: ['navigation'],
  'navigation-item': ['navigation'],
  locale: ['i18n'],
};

const BODY_LIMIT = '512kb';

/** What one webhook asks of every replica: the event and what it purges. */
export type WebhookPurge = { event: string; model: string | undefined; purge: Purge };

/**
 * Hands a webhook's purge to every replica, this one included, each applying it once; resolves
 * with what it dropped here once this replica has (server/shared/purge-fan-out.ts). Absent: one
 * process, applied here and now.
 */
export type PurgeFanOut = {
  send(purge: WebhookPurge): Promise<WebhookInvalidation>;
  /** Called once at startup with how this replica applies a purge from any replica. */
  receive(apply: (purge: WebhookPurge) => WebhookInvalidation): void;
};

export function createContentWebhook(options: {
  cache: ContentCache | null;
  secret: string | undefined;
  logger: Logger;
  /** Told after each invalidation on every replica: the rendered-page cache drops by it too. */
  onInvalidate?: (change: WebhookInvalidation) => void;
  /** The shared caches in front (CACHE_PURGE_URLS), purged by tag once per webhook, from the
   * replica that received it, after its own purge. */
  proxies?: ProxyPurger;
  fanOut?: PurgeFanOut;
  /** Told whether each purge reached the other replicas (the metrics' counter). */
  countFanOut?: (outcome: ReplicaPurgeOutcome) => void;
}): RequestHandler {
  const { cache, secret, logger, fanOut } = options;
  const parseJson = express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] });
  const expected = secret ? digest(secret) : null;
  fanOut?.receive(apply);

  return answering(async (req) => {
    if (req.method !== 'POST') return { ...json(405, { error: 'Method Not Allowed' }), headers: { Allow: 'POST' } };
    if (!expected) return json(503, { error: 'Content webhook disabled: no secret configured' });
    // The secret is checked before the body is read, so strangers cannot make us parse anything.
    const given = presentedSecret(req);
    if (given === null || !timingSafeEqual(digest(given), expected)) {
      // Anyone can post here: the first refusal is a line, the rest a count a minute.
      limitedLog(logger).warn({ ip: req.ip }, 'content webhook refused: wrong or missing secret');
      return json(401, { error: 'Unauthorized' });
    }
    const error = await new Promise<unknown>((resolve) => parseJson(req, req.res!, resolve));
    if (error) {
      const status = (error as { status?: number }).status === 413 ? 413 : 400;
      return json(status, { error: status === 413 ? 'Body too large' : 'Invalid JSON body' });
    }
    try {
      return await handle(req);
    } catch (err) {
      logger.error({ err }, 'content webhook failed');
      return json(500, { error: 'Webhook failed' });
    }
  });

  async function handle(req: Request): Promise<PlainAnswer> {
    const body: unknown = req.body;
    const event = isRecord(body) && typeof body.event === 'string' ? body.event : null;
    if (!event) return json(400, { error: 'Expected a Strapi webhook body with an event' });
    const model = isRecord(body) && typeof body.model === 'string' ? body.model : undefined;

    // Strapi's "trigger" button and other events do not change content.
    if (!/^(entry|media|releases)\./.test(event)) return empty(204);

    const purge: WebhookPurge = { event, model, purge: purgeFor(event, model, body as Record<string, unknown>) };
    if (!fanOut || purge.purge.kind === 'nothing') {
      apply(purge);
    } else {
      try {
        await fanOut.send(purge);
        options.countFanOut?.('ok');
      } catch (err) {
        // This replica is never left stale; the others catch up by their caches' time to live.
        logger.error({ err, event }, 'content webhook: not handed to the other replicas; purged here only');
        options.countFanOut?.('failed');
        apply(purge);
      }
    }
    // Then the proxies in front, once per webhook: from the process that received it, after its
    // own caches are purged (a proxy asking again meanwhile would get the old page back).
    const proxyTags = proxyTagsFor(purge.purge);
    if (proxyTags.length > 0) void options.proxies?.purge(proxyTags, event);
    return empty(204);
  }

  /** Drops what the purge names from this replica's content cache, then tells the listeners. */
  function apply({ event, model, purge }: WebhookPurge): WebhookInvalidation {
    let dropped = 0;
    const change: WebhookInvalidation = { event, model, dropped, all: purge.kind === 'everything', tags: purgeTags(purge) };
    if (purge.kind === 'nothing') {
      change.unchanged = purge.reason;
    } else if (purge.kind === 'file') {
      const found = cache?.invalidateShowing(purge.needles) ?? { dropped: 0, urls: [] };
      dropped = found.dropped;
      // The addresses the cached answers gave the file too: after a replace the pages show the old one.
      change.showing = [...new Set([...purge.needles, ...found.urls.flatMap(addressNeedles)])];
    } else if (!cache) {
      // Nothing cached here; the render cache may still want to know.
    } else if (purge.kind === 'collections') {
      dropped = cache.invalidate((key: CacheKeyParts) => purge.targets.some((t) => key.path === `/${t}` || key.path.startsWith(`/${t}/`)));
    } else {
      dropped = cache.stats().entries;
      cache.clear();
    }
    change.dropped = dropped;
    logger.info(change, purge.kind === 'nothing' ? 'content webhook: nothing to purge' : 'content webhook: cache invalidated');
    options.onInvalidate?.(change);
    return change;
  }
}

function presentedSecret(req: Request): string | null {
  const header = req.get('x-webhook-secret');
  if (header) return header;
  const match = /^Bearer\s+(.+)$/i.exec(req.get('authorization') ?? '');
  return match?.[1]?.trim() ?? null;
}

/** Hashing first gives equal-length buffers, so the comparison leaks nothing about length. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** `api::blog-post.blog-post` (a uid) or `blog-post` (Strapi's `model` field). */
function modelName(model: string): string {
  const dot = model.lastIndexOf('.');
  return dot >= 0 ? model.slice(dot + 1) : model;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
