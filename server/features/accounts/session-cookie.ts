// The signed-in visitor's token, in one cookie only the server reads: httpOnly (never in page
// JavaScript), SameSite=Lax (not sent with another site's form posts), Secure when the site is
// served over https. The page never holds the token; the server sends it to the content
// service as the bearer token.
import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'joinus_session';
/** A week; Strapi's own token expiry (30 days by default) ends it sooner if set shorter. */
const MAX_AGE_MS = 7 * 24 * 60 * 60_000;

export type CookieSecurity = { secure: boolean };

export function setSession(res: Response, token: string, { secure }: CookieSecurity): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, secure, sameSite: 'lax', path: '/', maxAge: MAX_AGE_MS });
}

export function clearSession(res: Response, { secure }: CookieSecurity): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, secure, sameSite: 'lax', path: '/' });
}

/** The token the visitor's browser sent, if any. */
export function sessionToken(req: Request): string | undefined {
  return readCookie(req, SESSION_COOKIE) || undefined;
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
