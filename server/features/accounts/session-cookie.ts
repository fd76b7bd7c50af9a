// The signed-in visitor's token, in one cookie only the server reads: httpOnly (never in page
// JavaScript), SameSite=Lax (not sent with another site's form posts), Secure when the site is
// served over https, and then named `__Host-`: no neighbouring host can toss in a session of its
// choosing with `Domain=` (that would sign the visitor in to someone else's account), and a
// plain-http answer cannot set one. The page never holds the token; the server sends it to the
// content service as the bearer token. A session the visitor ended is refused on any replica
// (session-revocations.ts).
//
// The cookie holds a random session id before the token. Strapi signs its token from the account
// and the second it was issued ({id, iat, exp}), so two sign-ins of one account within the same
// second get the same token, byte for byte: a log out a moment before a new log in, two devices,
// a password change right after logging in. The id keeps them separate sessions, so ending one
// (session-revocations.ts remembers the id) never ends another.
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

/** The cookie's name on plain http; on https it is `__Host-` and this (sessionCookieName). */
export const SESSION_COOKIE = 'joinus_session';
/** A week; Strapi's own token expiry (30 days by default) ends it sooner if set shorter. */
const MAX_AGE_MS = 7 * 24 * 60 * 60_000;

export type CookieSecurity = { secure: boolean };

/** `__Host-joinus_session` on https, the bare name on http. */
export const sessionCookieName = ({ secure }: CookieSecurity) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

/** Between the session id and the token: in neither base64url nor a JWT. */
const SEPARATOR = '~';

/** One signed-in browser: the session id this site gave it and the content service's token. */
export type Session = { id: string; token: string };

export function setSession(res: Response, token: string, security: CookieSecurity): void {
  res.cookie(sessionCookieName(security), `${randomBytes(18).toString('base64url')}${SEPARATOR}${token}`, { httpOnly: true, secure: security.secure, sameSite: 'lax', path: '/', maxAge: MAX_AGE_MS });
}

export function clearSession(res: Response, security: CookieSecurity): void {
  res.clearCookie(sessionCookieName(security), { httpOnly: true, secure: security.secure, sameSite: 'lax', path: '/' });
}

/** The session the visitor's browser sent, if any, whether or not it was ended since: read it
 * through session-revocations.ts (`live`), which refuses an ended one. A cookie without a
 * session id (made up, or from before ids) is none. */
export function sessionOf(req: Request, security: CookieSecurity): Session | undefined {
  const value = readCookie(req, sessionCookieName(security)) ?? '';
  const at = value.indexOf(SEPARATOR);
  if (at <= 0 || at === value.length - 1) return undefined;
  return { id: value.slice(0, at), token: value.slice(at + 1) };
}

/** One cookie the browser sent, percent-decoded; undefined when absent or not decodable. */
export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
