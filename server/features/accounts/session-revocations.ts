// A session the visitor ended stays ended. Strapi's users-permissions tokens cannot be taken back
// (a JWT is good until it expires, 30 days by default), so clearing the cookie on log out only
// hides the token from this browser: a copy of it (another tab's request in flight, a shared
// computer's saved cookies, a stolen one) would still open /account. So the site remembers the
// sessions it ended, as a digest of the cookie's session id, until their token would have expired
// (a new sign-in within the same second gets the same token but a new id: session-cookie.ts), in the store the replicas share
// when it is set: every way the site reads a token (the guarded pages as HTML and as Flight, the
// change-password post) goes through `live`, which refuses an ended one on any replica.
//
// Ended: logged out, and the session a password change replaced. Only a token the content
// service still knows is remembered (one that is already refused needs nothing), so made-up
// cookies posted to log out cannot fill the store.
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { authProblem } from './auth-errors';
import { sessionOf, type CookieSecurity } from './session-cookie';
import type { AuthClient } from './users-permissions';
import { memoryRecords, type SharedRecords } from '../../shared/records';

/** How long an ended token is remembered when it says nothing of its expiry: Strapi's default lifetime. */
export const DEFAULT_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60_000;
/** Never longer than this, whatever a token says. */
const LONGEST_MS = 366 * 24 * 60 * 60_000;

export type SessionRevocations = {
  /** The browser's session token, unless it was ended. */
  live(req: Request): Promise<string | undefined>;
  /** Ends the browser's session on every replica. `auth`: asked whether its token is still
   * good; one it refuses is not remembered (an outage remembers it all the same). */
  end(req: Request, auth?: AuthClient): Promise<void>;
};

/** `records`: the shared store's records, or this process's own (bounded) memory. */
export function sessionRevocations(security: CookieSecurity, records: SharedRecords = memoryRecords(100_000), now: () => number = Date.now): SessionRevocations {
  const key = (id: string) => `session-ended:${createHash('sha256').update(id).digest('base64url')}`;
  return {
    async live(req) {
      const session = sessionOf(req, security);
      if (!session) return undefined;
      return (await records.get(key(session.id))) === null ? session.token : undefined;
    },
    async end(req, auth) {
      const session = sessionOf(req, security);
      if (!session) return;
      if (auth) {
        try {
          await auth.me(session.token);
        } catch (err) {
          if (authProblem(err) === 'signedOut') return;
        }
      }
      await records.set(key(session.id), '1', lifetimeLeft(session.token, now()));
    },
  };
}

/** Until the token's own `exp` (a JWT's payload), or Strapi's default lifetime when it has none. */
export function lifetimeLeft(token: string, at: number): number {
  const payload = token.split('.')[1];
  let exp: unknown;
  try {
    exp = payload ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp : undefined;
  } catch {
    exp = undefined;
  }
  const left = typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 - at : DEFAULT_TOKEN_LIFETIME_MS;
  return Math.min(Math.max(left, 60_000), LONGEST_MS);
}
