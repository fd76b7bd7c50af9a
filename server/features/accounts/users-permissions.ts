// The users-permissions calls of the content service, server-only: log in, register, forgot
// and reset password, change password, send the email confirmation again, a provider's
// callback and the current user. Each goes through the one fetch function (so the version's
// prefix applies) with the retry off: a login or a reset must never be sent twice.
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { ContentFetch } from '../../../src/content/fetch';
import type { QueryParams } from '../../../src/content/query-string';

/** The signed-in visitor as the site uses it; Strapi's record holds more. */
const userSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  username: z.string(),
  email: z.string(),
  confirmed: z.boolean().nullish(),
  blocked: z.boolean().nullish(),
});

export type AuthUser = z.infer<typeof userSchema>;

/** Login, register, reset and a provider callback answer a token (register without one when
 * the email must be confirmed first). */
const sessionSchema = z.object({ jwt: z.string().min(1).optional(), user: userSchema });

export type AuthSession = z.infer<typeof sessionSchema>;

export type Credentials = { identifier: string; password: string };
export type Registration = { username: string; email: string; password: string };
export type PasswordReset = { code: string; password: string; passwordConfirmation: string };
export type PasswordChange = { currentPassword: string; password: string; passwordConfirmation: string };

/** A provider's name as it may appear in a path: `google`, `github`, `microsoft`. */
export const PROVIDER_PATTERN = /^[a-z][a-z0-9-]{1,30}$/;

/** The header that tells the content service an account call is the site's, made for one of
 * its visitors. Strapi limits logins, resets and provider logins per address; every call of the
 * site comes from the site's address, so without it all visitors together would share one
 * visitor's budget (ten logins a minute for the whole site). The site limits each client itself
 * (account-limits.ts); cms/ skips its own limit for a call that carries this key. */
export const SITE_KEY_HEADER = 'x-joinus-site-key';

/** The key's value: derived from the site's API token (STRAPI_TOKEN, SITE_API_TOKEN in cms/), so
 * it opens nothing but the limit, and the token itself is never sent with a visitor's call. */
export function siteKeyOf(token: string | undefined): string | undefined {
  return token ? createHmac('sha256', token).update('joinus account calls').digest('base64url') : undefined;
}

export type AuthClient = ReturnType<typeof createAuthClient>;

/** `userQuery`: the configured parameters of `GET /users/me` (spec section 7), e.g. a populate;
 * `siteKey`: siteKeyOf the site's API token. */
export function createAuthClient(fetch: ContentFetch, options: { userQuery?: QueryParams; siteKey?: string } = {}) {
  const headers: Record<string, string> = options.siteKey ? { [SITE_KEY_HEADER]: options.siteKey } : {};
  // Never the site's own API token: these calls speak for the visitor (an empty token sends none).
  const post = (path: string, body: unknown, token = '') => fetch(path, { method: 'POST', body, token, retry: false, headers });

  return {
    async login(credentials: Credentials): Promise<AuthSession> {
      return sessionSchema.parse(await post('/auth/local', credentials));
    },
    async register(registration: Registration): Promise<AuthSession> {
      return sessionSchema.parse(await post('/auth/local/register', registration));
    },
    async forgotPassword(email: string): Promise<void> {
      await post('/auth/forgot-password', { email });
    },
    async resetPassword(reset: PasswordReset): Promise<AuthSession> {
      return sessionSchema.parse(await post('/auth/reset-password', reset));
    },
    /** Answers a new token (v4 and v5); the old one stays valid until it expires. */
    async changePassword(token: string, change: PasswordChange): Promise<AuthSession | null> {
      const answer = sessionSchema.safeParse(await post('/auth/change-password', change, token));
      return answer.success ? answer.data : null;
    },
    async sendEmailConfirmation(email: string): Promise<void> {
      await post('/auth/send-email-confirmation', { email });
    },
    /** The visitor's session for a provider login the content service finished
     * (provider-connect.ts): the provider's token as Strapi 4 answered it, or Strapi 5's session
     * cookie that holds it. */
    async providerCallback(provider: string, done: { accessToken?: string; cookie: string }): Promise<AuthSession> {
      if (!PROVIDER_PATTERN.test(provider)) throw new Error(`not a provider name: ${provider}`);
      const query = done.accessToken ? { access_token: done.accessToken } : undefined;
      const answer = await fetch(`/auth/${provider}/callback`, { query, token: '', retry: false, log: false, headers: { ...headers, Cookie: done.cookie } });
      return sessionSchema.parse(answer);
    },
    async me(token: string): Promise<AuthUser> {
      return userSchema.parse(await fetch('/users/me', { token, query: options.userQuery, retry: false, log: false }));
    },
  };
}
