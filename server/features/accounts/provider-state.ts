// Provider login bound to the visitor who started it. Without this, a link to
// `/auth/{provider}/callback?access_token=<someone else's>` signs whoever opens it into that
// other person's account (login CSRF).
//
// When the site sends a visitor out to the content service's `/connect/{provider}`, it sets a
// state cookie: random, naming the provider and the time, signed with the site's secret,
// httpOnly, SameSite=Lax, sent to `/auth/` paths only and gone after ten minutes. The callback
// is taken only with that cookie, and the cookie is cleared whatever the outcome; a state once
// taken is remembered until it would have expired, so one start serves one callback.
//
// The state lives in the cookie only, not also in the callback's address. Strapi 5's
// users-permissions does let a `?callback=` of the configured origin and path through with a
// query of its own ("to allow passing different states"), but its own OAuth flow then builds
// the address it sends the browser back to from scratch (`url.search = ...` in
// utils/oauth-connect, 5.54): a state put in that query never comes back. Asking with a
// `?callback=` that does not match the provider's configured callback exactly would also break
// provider login altogether. The cookie is what a cross-site link cannot bring along: a browser
// keeps a SameSite=Lax cookie from no cross-site iframe or fetch, only from a top-level visit to
// /connect, and a foreign page that opens /connect in a window of its own loses its hold on that
// window there (/connect answers with a page of this site, under helmet's
// Cross-Origin-Opener-Policy: same-origin, not with a redirect, which that policy does not
// cover), so it cannot send the window on to a callback with its own token.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { readCookie, type CookieSecurity } from './session-cookie';
import { memoryRecords, type SharedRecords } from '../../shared/records';

export const STATE_COOKIE = 'joinus_login_state';
/** Time enough to log in at the provider (a new password, two-factor), then it is gone. */
export const STATE_MAX_AGE_MS = 10 * 60_000;
/** Only the callback (`/auth/{provider}/callback`) ever receives it. */
const COOKIE_PATH = '/auth/';

export type ProviderState = {
  /** Sets the state cookie for a login with `provider` that starts now. */
  start(res: Response, provider: string): void;
  /** True when this visitor started a login with `provider` here in the last ten minutes. The
   * cookie is cleared either way. */
  consume(req: Request, res: Response, provider: string): Promise<boolean>;
};

/** `taken`: where a used state is remembered, so it serves one callback on any replica. */
export function providerState(secret: string, { secure }: CookieSecurity, taken: SharedRecords = memoryRecords(50_000), now: () => number = Date.now): ProviderState {
  const sign = (value: string) => createHmac('sha256', `provider-state:${secret}`).update(value).digest('base64url');
  const options = { httpOnly: true, secure, sameSite: 'lax' as const, path: COOKIE_PATH };
  return {
    start(res, provider) {
      const value = `${provider}.${now()}.${randomBytes(16).toString('base64url')}`;
      res.cookie(STATE_COOKIE, `${value}.${sign(value)}`, { ...options, maxAge: STATE_MAX_AGE_MS });
    },
    async consume(req, res, provider) {
      const cookie = readCookie(req, STATE_COOKIE);
      if (cookie !== undefined) res.clearCookie(STATE_COOKIE, options);
      if (!cookie) return false;
      const at = cookie.lastIndexOf('.');
      const value = cookie.slice(0, at);
      const given = Buffer.from(cookie.slice(at + 1));
      const expected = Buffer.from(sign(value));
      if (at < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      const [named, issued] = value.split('.');
      const age = now() - Number(issued);
      if (named !== provider || !(age >= 0 && age <= STATE_MAX_AGE_MS)) return false;
      return taken.claim(`login-state:${value}`, '1', STATE_MAX_AGE_MS);
    },
  };
}
