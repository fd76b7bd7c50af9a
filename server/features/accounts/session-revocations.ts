// A session the visitor ended stays ended. Strapi's users-permissions tokens cannot be taken back
// (a JWT is good until it expires, 30 days by default), so clearing the cookie on log out only
// hides the token from this browser: a copy of it (another tab's request in flight, a shared
// computer's saved cookies, a stolen one) would still open /account. So the site remembers the
// tokens it ended, as a digest, until they would have expired, in the store the replicas share
// when it is set: every way the site reads a token (the guarded pages as HTML and as Flight, the
// change-password post) goes through `live`, which refuses an ended one on any replica.
//
// Ended: logged out, and the token a password change replaced. Only a token the content service
// still knows is remembered (one that is already refused needs nothing), so made-up cookies
// posted to log out cannot fill the store.
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { authProblem } from './auth-errors';
import { sessionToken, type CookieSecurity } from './session-cookie';
import type { AuthClient } from './users-permissions';
import { memoryRecords, type SharedRecords } from '../../shared/records';

/** How long an ended token is remembered when it says nothing of its expiry: Strapi's default lifetime. */
export const DEFAULT_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60_000;
/** Never longer than this, whatever a token says. */
const LONGEST_MS = 366 * 24 * 60 * 60_000;

export type SessionRevocations = {
  /** The browser's session token, unless it was ended. */
  live(req: Request): Promise<string | undefined>;
  /** Ends `token` on every replica. `auth`: asked whether the token is still good; one it
   * refuses is not remembered (an outage remembers it all the same). */
  end(token: string, auth?: AuthClient): Promise<void>;
};

/** `records`: the shared store's records, or this process's own (bounded) memory. */
export function sessionRevocations(security: CookieSecurity, records: SharedRecords = memoryRecords(100_000), now: () => number = Date.now): SessionRevocations {
  const key = (token: string) => `session-ended:${createHash('sha256').update(token).digest('base64url')}`;
  return {
    async live(req) {
      const token = sessionToken(req, security);
      if (!token) return undefined;
      return (await records.get(key(token))) === null ? token : undefined;
    },
    async end(token, auth) {
      if (auth) {
        try {
          await auth.me(token);
        } catch (err) {
          if (authProblem(err) === 'signedOut') return;
        }
      }
      await records.set(key(token), '1', lifetimeLeft(token, now()));
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
