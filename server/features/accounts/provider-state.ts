// Provider login bound to the login this browser started from this site's own log-in page.
// Without it, a link to `/auth/{provider}/callback` with the provider's answer to someone else's
// login signs whoever opens it into that other person's account (login CSRF).
//
// Two bindings, one inside the other:
// - The provider's answer is finished only with the content service's session of the login it
//   answers (provider-connect.ts): the site keeps that session under this state, and the content
//   service takes only the OAuth state it made for it. Another login's answer meets the wrong
//   session, even while the visitor's own login is under way.
// - The state itself, which must be one no foreign page can make the browser hold:
// - It is set only by `POST /connect/{provider}` from this site's own log-in page: the post's
//   Origin (or Referer) must be this site's and it carries the page's signed form stamp
//   (provider-routes.ts). A GET sets nothing: a foreign page that opens `/connect/{provider}`
//   in a window, or posts to it from elsewhere, gives the browser no state, and its next step,
//   the callback with another login's answer, is refused before the content service is asked.
// - On https it is a `__Host-` cookie (Secure, Path=/, no Domain): a neighbouring host cannot
//   toss one in for this site with `Domain=`, and a plain-http answer cannot set one.
// - Random, naming the provider and the time, signed with the site's secret, httpOnly,
//   SameSite=Lax, gone after ten minutes. The callback takes it only for the provider it names,
//   clears it whatever the outcome, and a state once taken is remembered until it would have
//   expired (on every replica through `taken`), so one start serves one callback.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { readCookie, type CookieSecurity } from './session-cookie';
import { memoryRecords, type SharedRecords } from '../../shared/records';

/** The cookie's name on plain http; on https it is `__Host-` and this (stateCookieName). */
export const STATE_COOKIE = 'joinus_login_state';
/** Time enough to log in at the provider (a new password, two-factor), then it is gone. */
export const STATE_MAX_AGE_MS = 10 * 60_000;

/** `__Host-joinus_login_state` on https (no other host can set it), the bare name on http. */
export const stateCookieName = ({ secure }: CookieSecurity) => (secure ? `__Host-${STATE_COOKIE}` : STATE_COOKIE);

export type ProviderState = {
  /** Sets the state cookie for a login with `provider` that starts now. Only the start route,
   * behind its origin and stamp checks, may call it. */
  start(res: Response, provider: string): void;
  /** The state's value (what the login's other records are kept under) when this browser holds a
   * state for `provider` that is ours, fresh and not yet taken; else null. Nothing is used up. */
  started(req: Request, provider: string): Promise<string | null>;
  /** The state's value when this browser started a login with `provider` here in the last ten
   * minutes and no callback took it yet; else null. The cookie is cleared either way. */
  consume(req: Request, res: Response, provider: string): Promise<string | null>;
};

/** `taken`: where a used state is remembered, so it serves one callback on any replica. */
export function providerState(secret: string, security: CookieSecurity, taken: SharedRecords = memoryRecords(50_000), now: () => number = Date.now): ProviderState {
  const name = stateCookieName(security);
  const sign = (value: string) => createHmac('sha256', `provider-state:${secret}`).update(value).digest('base64url');
  const options = { httpOnly: true, secure: security.secure, sameSite: 'lax' as const, path: '/' };
  const takenKey = (value: string) => `login-state:${value}`;
  /** The state's value when the cookie is ours, for `provider` and fresh; else null. */
  const valid = (cookie: string | undefined, provider: string): string | null => {
    if (!cookie) return null;
    const at = cookie.lastIndexOf('.');
    if (at < 0) return null;
    const value = cookie.slice(0, at);
    const given = Buffer.from(cookie.slice(at + 1));
    const expected = Buffer.from(sign(value));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const [named, issued] = value.split('.');
    const age = now() - Number(issued);
    return named === provider && age >= 0 && age <= STATE_MAX_AGE_MS ? value : null;
  };
  return {
    start(res, provider) {
      const value = `${provider}.${now()}.${randomBytes(16).toString('base64url')}`;
      res.cookie(name, `${value}.${sign(value)}`, { ...options, maxAge: STATE_MAX_AGE_MS });
    },
    async started(req, provider) {
      const value = valid(readCookie(req, name), provider);
      return value !== null && (await taken.get(takenKey(value))) === null ? value : null;
    },
    async consume(req, res, provider) {
      const cookie = readCookie(req, name);
      if (cookie !== undefined) res.clearCookie(name, options);
      const value = valid(cookie, provider);
      return value !== null && (await taken.claim(takenKey(value), '1', STATE_MAX_AGE_MS)) ? value : null;
    },
  };
}
