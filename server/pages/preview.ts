// GET /preview: Strapi's preview button. With the right secret, the document's page in the
// asked locale, rendered by the editor-preview RSC app (its content reads drafts, past every
// cache) with a banner over it; never stored, never indexed. Anything else (no secret
// configured, a missing or wrong secret, an unknown type, a document that does not exist or has
// no page) gets the site's 404 page, the same answer whichever check refused it.
//
//   /preview?secret=…&uid=api::page.page&documentId=…&locale=nl|en&status=draft|published
//
// The page path is the one the router and the sitemap use (`recordPath`, the path table). A
// Flight request to the same URL (back/forward, `?_rsc`) gets the same page as Flight; links
// on the page lead to the live, published pages. Strapi's admin shows the preview in a frame:
// its origin (PREVIEW_ADMIN_ORIGIN, else STRAPI_URL's) may frame this URL, no other page.
import { PREVIEW_PATH } from '../../src/routing/endpoints';
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { ContentClient } from '../../src/content/client';
import { ContentError } from '../../src/content/errors';
import type { CollectionName } from '../../src/content/model';
import type { RscApp } from '../../src/framework/entry.rsc';
import { recordPath } from '../../src/routing/path-lookup';
import { LOCALES, localePath, type Locale } from '../../src/i18n/locale';
import type { PreviewStatus } from '../content/content-services';
import { wantsFlightPayload } from './flight-request';
import type { PageRenderer } from './page-handler';
import { redirect, type Answer } from './answer';

/** Strapi's content-type uids of the collections an editor can preview. */
export const PREVIEW_UIDS: Readonly<Record<string, CollectionName>> = {
  'api::page.page': 'pages',
  'api::blog-post.blog-post': 'blog-posts',
  'api::course.course': 'courses',
  'api::vacancy.vacancy': 'vacancies',
  'api::location.location': 'locations',
  'api::district.district': 'districts',
  'api::team-member.team-member': 'team-members',
  'api::event.event': 'events',
};

export type PreviewInstance = { rsc: RscApp; client: ContentClient };

export type PreviewDeps = {
  /** PREVIEW_SECRET; absent: every preview is refused. */
  secret: string | undefined;
  /** The editor-preview RSC app and its content client, per version shown. */
  instances: Record<PreviewStatus, PreviewInstance> | null;
  /** The shared RSC app: its 404 page answers a refused preview. */
  rsc: RscApp;
  pages: PageRenderer;
  logger: Logger;
  /** Strapi's admin, which shows the preview in a frame: allowed to frame this URL only. */
  frameOrigin?: string;
};

/** Strapi v5 documentIds are 24 characters of [a-z0-9]; v4 ids are numbers. Anything else
 * never reaches the content service. */
const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const slugRecord = z.looseObject({ slug: z.string().min(1) });

export function previewRoutes(deps: PreviewDeps): Router {
  const router = express.Router();
  // A digest of each side, so the comparison takes the same time whatever the lengths.
  const expected = deps.secret ? digest(deps.secret) : null;

  router.get(PREVIEW_PATH, async (req, res) => {
    // Every answer of this URL, refusals included: for this editor only (the writer's no-store),
    // never in a search.
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    if (deps.frameOrigin) allowFraming(res, deps.frameOrigin);
    return deps.pages.send(req, res, await preview(req));
  });

  async function preview(req: Request): Promise<Answer> {
    const wantsFlight = wantsFlightPayload(req);
    const refused = async () => deps.pages.uncached({ from: deps.rsc, resolution: await deps.rsc.notFoundPage(PREVIEW_PATH), wantsFlight, path: PREVIEW_PATH });
    const target = expected && deps.instances ? await findTarget(req, expected, deps.instances) : null;
    if (!target) return refused();
    const resolution = await target.instance.rsc.resolve(target.path, {});
    // A page whose loader redirects (a record that moved): the target, never cached.
    if (resolution.kind === 'redirect') return redirect(302, resolution.location);
    if (resolution.status !== 200) return refused();
    return deps.pages.uncached({ from: target.instance.rsc, resolution, wantsFlight, path: target.path });
  }

  /** The page to show, or null for any reason to refuse. */
  async function findTarget(req: Request, expectedSecret: Buffer, instances: Record<PreviewStatus, PreviewInstance>) {
    const q = req.query as Record<string, unknown>;
    if (typeof q.secret !== 'string' || !timingSafeEqual(digest(q.secret), expectedSecret)) return null;
    const collection = typeof q.uid === 'string' && Object.hasOwn(PREVIEW_UIDS, q.uid) ? PREVIEW_UIDS[q.uid]! : null;
    const documentId = typeof q.documentId === 'string' && DOCUMENT_ID.test(q.documentId) ? q.documentId : null;
    const locale = q.locale === undefined || q.locale === '' ? 'nl' : LOCALES.find((l) => l === q.locale);
    const status = q.status === undefined || q.status === '' ? 'draft' : q.status === 'draft' || q.status === 'published' ? q.status : null;
    if (!collection || !documentId || !locale || !status) return null;

    const instance = instances[status];
    const slug = await documentSlug(instance.client, collection, documentId, locale);
    const path = slug === null ? null : recordPath(collection, slug);
    return path === null ? null : { instance, path: localePath(locale, path) };
  }

  return router;
}

/** The slug of one document in one locale, as the preview instance reads it; null when the
 * content service has no such document (404). Other failures are errors. */
async function documentSlug(client: ContentClient, collection: CollectionName, documentId: string, locale: Locale): Promise<string | null> {
  try {
    const { data } = await client.findOne(collection, documentId, { locale, fields: ['slug'] }, { schema: slugRecord });
    return data?.slug ?? null;
  } catch (err) {
    if (err instanceof ContentError && err.status === 404) return null;
    throw err;
  }
}

/** The site's policy forbids every frame; Strapi's admin shows a preview in one. Its origin
 * (and the site's own) may frame this answer; X-Frame-Options cannot name an origin, so it
 * goes, and frame-ancestors, which every current browser prefers, says it. */
function allowFraming(res: Response, origin: string): void {
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp !== 'string') return;
  const directive = `frame-ancestors 'self' ${origin}`;
  res.setHeader('Content-Security-Policy', /frame-ancestors [^;]*/.test(csp) ? csp.replace(/frame-ancestors [^;]*/, directive) : `${csp};${directive}`);
  res.removeHeader('X-Frame-Options');
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
