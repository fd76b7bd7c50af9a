// The users-permissions calls of the content service, server-only: log in, register, forgot
// and reset password, change password, send the email confirmation again, a provider's
// callback and the current user. Each goes through the one fetch function (so the version's
// prefix applies) with the retry off: a login or a reset must never be sent twice.
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

export type AuthClient = ReturnType<typeof createAuthClient>;

/** `userQuery`: the configured parameters of `GET /users/me` (spec section 7), e.g. a populate. */
export function createAuthClient(fetch: ContentFetch, options: { userQuery?: QueryParams } = {}) {
  // Never the site's own API token: these calls speak for the visitor (an empty token sends none).
  const post = (path: string, body: unknown, token = '') => fetch(path, { method: 'POST', body, token, retry: false });

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
    async providerCallback(provider: string, accessToken: string): Promise<AuthSession> {
      if (!PROVIDER_PATTERN.test(provider)) throw new Error(`not a provider name: ${provider}`);
      const answer = await fetch(`/auth/${provider}/callback`, { query: { access_token: accessToken }, token: '', retry: false, log: false });
      return sessionSchema.parse(answer);
    },
    async me(token: string): Promise<AuthUser> {
      return userSchema.parse(await fetch('/users/me', { token, query: options.userQuery, retry: false, log: false }));
    },
  };
}

/** Where the browser goes to log in with a provider: the content service's own `/connect/{provider}`. */
export function connectUrl(settings: { url?: string; prefix: string }, provider: string): string | null {
  if (!settings.url || !PROVIDER_PATTERN.test(provider)) return null;
  return `${settings.url}${settings.prefix}/connect/${provider}`;
}
