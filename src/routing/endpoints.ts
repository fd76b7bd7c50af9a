// The site's addresses that are no page: form posts, API calls, static files and the server's
// own answers, each named once here for the server that answers it and the code that calls it
// (the build's two, which every page's first script asks, are in build-endpoints.ts). The
// pages' paths come from the path table (pathTo).

/** Where a site form posts: `/forms/{form name}`. */
export const FORM_POST_ROUTE = '/forms/:form';
export function formAction(form: string): string {
  return FORM_POST_ROUTE.replace(':form', encodeURIComponent(form));
}

/** A fresh proof-of-work challenge for a form's captcha. */
export const CAPTCHA_CHALLENGE_PATH = '/api/captcha/challenge';
/** Where the payment provider posts a payment's id when its status changes. */
export const DONATION_WEBHOOK_PATH = '/api/donaties/webhook';
/** Where one replica asks another about a donation that replica holds (signed; never public use). */
export const DONATION_REPLICA_PATH = '/api/donaties/replica';
/** Where the content service says that content changed. */
export const CONTENT_WEBHOOK_PATH = '/api/content-webhook';

/** Liveness and readiness of the server. */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
/** The server's figures in the Prometheus text format, for operators only. */
export const METRICS_PATH = '/metrics';
/** Addresses that only the servers themselves ask, each of one replica directly (another
 * replica about a donation it holds; a scrape of that replica's figures): the proxy in front
 * refuses them from its public face, however they are spelled. */
export const INTERNAL_PATHS = [DONATION_REPLICA_PATH, METRICS_PATH] as const;
/** The editor's preview of a draft (Strapi's preview link). */
export const PREVIEW_PATH = '/preview';

/** The build's hashed static files. */
export const ASSETS_PREFIX = '/assets';
/** Uploaded media, answered by the site itself (from disk or the content service). */
export const UPLOADS_PREFIX = '/uploads';

export const ROBOTS_PATH = '/robots.txt';
export const SITEMAP_PATH = '/sitemap.xml';
