// What kind of request an answer was, for the metrics: a short fixed list, never the path
// itself, so the series stay few however many addresses are asked for (a path per page, a new
// one per search or per made-up URL, would grow without bound).
import { LATEST_BUILD_PATH, BUILD_META_PREFIX } from '../../src/routing/build-endpoints';
import { ASSETS_PREFIX, formAction, HEALTH_PATH, METRICS_PATH, READY_PATH, ROBOTS_PATH, SITEMAP_PATH, UPLOADS_PREFIX } from '../../src/routing/endpoints';

/** Where every form posts: `/forms/{name}`. */
const FORMS_PREFIX = formAction('');

export const ROUTE_KINDS = ['page', 'rsc', 'form', 'asset', 'api', 'seo', 'health', 'metrics', 'other'] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

/**
 * `page`: a page as HTML (its redirects and 404s too); `rsc`: a page's Flight payload (client
 * navigation); `form`: a form post; `asset`: build files, media, the fixed public files and
 * the build ids the browser polls; `api`: the webhooks and the captcha; `seo`: robots.txt and
 * the sitemap; `health`: /healthz and /readyz; `metrics`: this; `other`: the rest (a POST
 * elsewhere, an odd method).
 */
export function routeKind(method: string | undefined, path: string, flight: boolean, publicFile: (path: string) => boolean): RouteKind {
  if (path === HEALTH_PATH || path === READY_PATH) return 'health';
  if (path === METRICS_PATH) return 'metrics';
  if (path.startsWith('/api/')) return 'api';
  const read = method === 'GET' || method === 'HEAD';
  if (path.startsWith(FORMS_PREFIX)) return read ? 'other' : 'form';
  if (!read) return 'other';
  if (path.startsWith(`${ASSETS_PREFIX}/`) || path.startsWith(`${UPLOADS_PREFIX}/`) || path === LATEST_BUILD_PATH || path.startsWith(`${BUILD_META_PREFIX}/`) || publicFile(path)) return 'asset';
  if (path === ROBOTS_PATH || path === SITEMAP_PATH) return 'seo';
  return flight ? 'rsc' : 'page';
}
