import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The site's account calls, and where a provider login comes back.
 *
 * The site makes every users-permissions call for its visitors (log in, reset, a provider login's
 * steps) from its own address. Strapi limits these per address, so without more every visitor of
 * the site would share one budget: ten logins a minute for the whole site. The site limits each of
 * its clients itself (server/features/accounts/account-limits.ts), and marks its calls with a key
 * made from the API token it holds (SITE_API_TOKEN): a call that carries it skips Strapi's limit;
 * any other caller (someone calling Strapi's API directly) keeps it. The key opens nothing else.
 * The header and the key's derivation are the site's `SITE_KEY_HEADER` and `siteKeyOf`
 * (server/features/accounts/users-permissions.ts).
 */
export const SITE_KEY_HEADER = 'x-joinus-site-key';

export function siteKey(token: string | undefined): string | undefined {
  return token ? createHmac('sha256', token).update('joinus account calls').digest('base64url') : undefined;
}

type Ctx = { request: { get(name: string): string } };

/** True for a call that carries the site's key. */
export function isSiteCall(ctx: Ctx, token = process.env.SITE_API_TOKEN): boolean {
  const expected = siteKey(token);
  const given = ctx.request.get(SITE_KEY_HEADER);
  if (!expected || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The provider's redirect URI (what is registered at GitHub, Google, …): the site's
 * `/auth/{provider}/callback`, where the site takes the provider's answer and finishes the login
 * with Strapi's session it kept for it. Null without a site address (PUBLIC_SITE_URL, else
 * SITE_URL): Strapi's own address is used then.
 */
export function siteRedirectUri(provider: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const site = (env.PUBLIC_SITE_URL || env.SITE_URL || '').replace(/\/+$/, '');
  return site ? `${site}/auth/${encodeURIComponent(provider)}/callback` : null;
}
