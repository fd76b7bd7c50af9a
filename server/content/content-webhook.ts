import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { CacheKeyParts, ContentCache } from '../../src/content/cache';
import { limitedLog } from '../http/warn-limit';

/**
 * `POST /api/content-webhook`: Strapi's webhook, sent on entry create, update, delete,
 * publish and unpublish (and media events). It drops the cached answers the entry affects so
 * the next read goes upstream. The shared secret comes in `Authorization: Bearer <secret>` or
 * `X-Webhook-Secret`, both headers Strapi's webhook settings can add.
 */
export type WebhookInvalidation = { event: string; model: string | undefined; dropped: number; all: boolean };

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

export function createContentWebhook(options: {
  cache: ContentCache | null;
  secret: string | undefined;
  logger: Logger;
  /** Told after each invalidation, e.g. to purge a rendered-page cache too. */
  onInvalidate?: (change: WebhookInvalidation) => void;
}): RequestHandler {
  const { cache, secret, logger } = options;
  const parseJson = express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] });
  const expected = secret ? digest(secret) : null;

  return (req, res) => {
    if (req.method !== 'POST') return void res.set('Allow', 'POST').status(405).json({ error: 'Method Not Allowed' });
    if (!expected) return void res.status(503).json({ error: 'Content webhook disabled: no secret configured' });
    // The secret is checked before the body is read, so strangers cannot make us parse anything.
    const given = presentedSecret(req);
    if (given === null || !timingSafeEqual(digest(given), expected)) {
      // Anyone can post here: the first refusal is a line, the rest a count a minute.
      limitedLog(logger).warn({ ip: req.ip }, 'content webhook refused: wrong or missing secret');
      return void res.status(401).json({ error: 'Unauthorized' });
    }
    parseJson(req, res, (error?: unknown) => {
      if (error) {
        const status = (error as { status?: number }).status === 413 ? 413 : 400;
        return void res.status(status).json({ error: status === 413 ? 'Body too large' : 'Invalid JSON body' });
      }
      handle(req, res);
    });
  };

  function handle(req: Request, res: Response) {
    const body: unknown = req.body;
    const event = isRecord(body) && typeof body.event === 'string' ? body.event : null;
    if (!event) return void res.status(400).json({ error: 'Expected a Strapi webhook body with an event' });
    const model = isRecord(body) && typeof body.model === 'string' ? body.model : undefined;

    // Strapi's "trigger" button and other events do not change content.
    if (!/^(entry|media|releases)\./.test(event)) return void res.status(204).end();

    // An own-property lookup: `constructor` or `__proto__` as a model is an unknown model, not
    // a function found on Object.prototype.
    const name = model ? modelName(model) : '';
    const targets = model && event.startsWith('entry.') && Object.hasOwn(AFFECTS, name) ? AFFECTS[name] : undefined;
    let dropped = 0;
    if (!cache) {
      // Nothing cached here; the render cache may still want to know.
    } else if (targets) {
      dropped = cache.invalidate((key: CacheKeyParts) => targets.some((t) => key.path === `/${t}` || key.path.startsWith(`/${t}/`)));
    } else {
      // Media and unknown models can be shown anywhere: dropping everything is the safe choice.
      dropped = cache.stats().entries;
      cache.clear();
    }
    const change = { event, model, dropped, all: !targets };
    logger.info(change, 'content webhook: cache invalidated');
    options.onInvalidate?.(change);
    res.status(204).end();
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
