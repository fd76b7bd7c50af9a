// A responder for the fake content service that answers users-permissions' calls as Strapi v3
// (no prefix, Boom errors with message ids) or v4 (`/api`, `{ data: null, error }`) would:
// users in memory, email confirmation on, reset codes and confirmation tokens kept where a
// test can read them (they stand in for the mails). And a provider login as Strapi runs it:
// `/connect/{provider}` makes an OAuth state, keeps it in a session cookie and sends the browser to
// the provider (a page of this fake, `/__provider/{provider}/authorize`, with a link to agree);
// the provider sends the browser to the site's `/auth/{provider}/callback` with a code and the
// state; `/connect/{provider}/callback` takes them only with the session whose state it is, and
// `/auth/{provider}/callback` signs in with the token the session now holds (Strapi 5) or the one
// in the query (with `tokenInAddress`, Strapi 4's flow, which puts it in the address it answers).
import { randomBytes } from 'node:crypto';
import type { Recorded, Reply, Responder } from './fake-content-service';

export type FakeUser = { id: number; username: string; email: string; password: string; confirmed: boolean; blocked: boolean };

export type FakeUsersPermissions = {
  responder: Responder;
  users: FakeUser[];
  /** The last reset code per email address ("the mail"). */
  resetCodes: Map<string, string>;
  /** The last confirmation token per email address. */
  confirmations: Map<string, string>;
  /** Provider access tokens the fake provider accepts, with the email they stand for. */
  providerTokens: Map<string, string>;
  /** True for the paths this fake answers (users-permissions and the provider's own page). */
  handles(path: string): boolean;
};

type Version = 'v3' | 'v4';

const V3_IDS: Record<string, string> = {
  'Invalid identifier or password': 'Auth.form.error.invalid',
  'Your account email is not confirmed': 'Auth.form.error.confirmed',
  'Your account has been blocked by an administrator': 'Auth.form.error.blocked',
  'Email or Username are already taken': 'Auth.form.error.email.taken',
  'Incorrect code provided': 'Auth.form.error.code.provide',
  'Passwords do not match': 'Auth.form.error.password.matching',
  'The provided current password is invalid': 'Auth.form.error.invalid',
};

/** `confirmedRedirect`: where the confirmation link sends the browser (Strapi's email_confirmation_redirection);
 * `providers`: the login providers enabled (GitHub alone when absent); `siteOrigin`: the site,
 * whose `/auth/{provider}/callback` the provider sends the browser back to. */
export function fakeUsersPermissions(version: Version, options: { confirmEmail?: boolean; confirmedRedirect?: string; providers?: string[]; siteOrigin?: string; tokenInAddress?: boolean; now?: () => number } = {}): FakeUsersPermissions {
  const providers = options.providers ?? ['github'];
  const prefix = version === 'v3' ? '' : '/api';
  const users: FakeUser[] = [];
  const resetCodes = new Map<string, string>();
  const confirmations = new Map<string, string>();
  const providerTokens = new Map<string, string>();
  /** Sessions of provider logins (the session cookie's value): the provider, the OAuth state, and
   * the provider's token once its answer came back. */
  const connectSessions = new Map<string, { provider: string; state: string; token?: string }>();
  /** Codes the provider's page handed out, with the email each stands for. */
  const codes = new Map<string, string>();
  const siteOrigin = options.siteOrigin ?? 'http://127.0.0.1';
  let counter = 0;

  const fail = (status: number, message: string): Reply => {
    if (version === 'v3') {
      const id = V3_IDS[message] ?? 'Auth.form.error.unknown';
      return { status, json: { statusCode: status, error: 'Bad Request', message: [{ messages: [{ id, message: `${message}.` }] }], data: [{ messages: [{ id, message }] }] } };
    }
    const name = status === 401 ? 'UnauthorizedError' : status === 403 ? 'ForbiddenError' : 'ApplicationError';
    return { status, json: { data: null, error: { status, name, message, details: {} } } };
  };
  const publicUser = (u: FakeUser) => ({ id: u.id, username: u.username, email: u.email, provider: 'local', confirmed: u.confirmed, blocked: u.blocked });
  // As Strapi's: its JWT is signed from {id, iat, exp} with iat in seconds, so one account's
  // sign-ins within the same second get the very same token.
  const session = (u: FakeUser): Reply => ({ json: { jwt: `jwt-${u.id}-${Math.floor((options.now ?? Date.now)() / 1000)}`, user: publicUser(u) } });
  const userOfToken = (req: Recorded) => {
    const id = /^Bearer jwt-(\d+)-\d+$/.exec(String(req.headers.authorization ?? ''))?.[1];
    return users.find((u) => String(u.id) === id);
  };
  const body = (req: Recorded) => (req.body ?? {}) as Record<string, string | undefined>;

  const routes: Record<string, (req: Recorded) => Reply> = {
    'POST /auth/local': (req) => {
      const { identifier, password } = body(req);
      const user = users.find((u) => (u.email === identifier?.toLowerCase() || u.username === identifier) && u.password === password);
      if (!user) return fail(400, 'Invalid identifier or password');
      if (!user.confirmed) return fail(400, 'Your account email is not confirmed');
      if (user.blocked) return fail(400, 'Your account has been blocked by an administrator');
      return session(user);
    },
    'POST /auth/local/register': (req) => {
      const { username, email, password } = body(req);
      if (users.some((u) => u.email === email?.toLowerCase() || u.username === username)) return fail(400, 'Email or Username are already taken');
      const user = { id: users.length + 1, username: username ?? '', email: (email ?? '').toLowerCase(), password: password ?? '', confirmed: !options.confirmEmail, blocked: false };
      users.push(user);
      if (options.confirmEmail) {
        confirmations.set(user.email, `confirm-${user.id}-${++counter}`);
        return { json: { user: publicUser(user) } };
      }
      return session(user);
    },
    'POST /auth/forgot-password': (req) => {
      const user = users.find((u) => u.email === body(req).email?.toLowerCase());
      // Random as Strapi's are, so a test can look for the code in whatever the site wrote.
      if (user) resetCodes.set(user.email, `reset-${user.id}-${++counter}-${randomBytes(8).toString('hex')}`);
      return { json: { ok: true } };
    },
    'POST /auth/reset-password': (req) => {
      const { code, password, passwordConfirmation } = body(req);
      if (password !== passwordConfirmation) return fail(400, 'Passwords do not match');
      const email = [...resetCodes].find(([, c]) => c === code)?.[0];
      const user = users.find((u) => u.email === email);
      if (!user) return fail(400, 'Incorrect code provided');
      resetCodes.delete(user.email);
      user.password = password ?? '';
      return session(user);
    },
    'POST /auth/change-password': (req) => {
      const user = userOfToken(req);
      if (!user) return fail(401, 'You must be authenticated to reset your password');
      const { currentPassword, password, passwordConfirmation } = body(req);
      if (user.password !== currentPassword) return fail(400, 'The provided current password is invalid');
      if (password !== passwordConfirmation) return fail(400, 'Passwords do not match');
      if (password === currentPassword) return fail(400, 'Your new password must be different than your current password');
      user.password = password ?? '';
      return session(user);
    },
    'POST /auth/send-email-confirmation': (req) => {
      const user = users.find((u) => u.email === body(req).email?.toLowerCase());
      if (user?.confirmed) return fail(400, 'Already confirmed');
      if (user) confirmations.set(user.email, `confirm-${user.id}-${++counter}`);
      return { json: { email: body(req).email, sent: true } };
    },
    'GET /auth/email-confirmation': (req) => {
      const token = new URLSearchParams(req.query).get('confirmation');
      const email = [...confirmations].find(([, c]) => c === token)?.[0];
      const user = users.find((u) => u.email === email);
      if (!user) return fail(400, 'Invalid token');
      user.confirmed = true;
      confirmations.delete(user.email);
      return { status: 302, headers: { Location: options.confirmedRedirect ?? '/' } };
    },
    'GET /users/me': (req) => {
      const user = userOfToken(req);
      return user ? { json: publicUser(user) } : fail(401, 'Missing or invalid credentials');
    },
  };

  const SESSION_COOKIE = 'koa.sess';
  const sessionOf = (req: Recorded) => {
    const id = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE.replace('.', '\\.')}=([^;]+)`).exec(String(req.headers.cookie ?? ''))?.[1];
    return id ? connectSessions.get(id) : undefined;
  };
  const frontCallback = (provider: string, query: Record<string, string>): Reply => ({
    status: 302,
    headers: { Location: `${siteOrigin}/auth/${provider}/done?${new URLSearchParams(query)}` },
  });

  const responder: Responder = (req) => {
    // The provider's own page: agree, and the browser goes to the redirect URI with a code.
    const authorize = /^\/__provider\/([a-z0-9-]+)\/authorize$/.exec(req.path);
    if (authorize) {
      const query = new URLSearchParams(req.query);
      const code = `code-${++counter}-${randomBytes(6).toString('hex')}`;
      codes.set(code, `${authorize[1]}.${counter}@example.org`);
      const back = `${query.get('redirect_uri')}?${new URLSearchParams({ code, state: query.get('state') ?? '' })}`;
      const name = authorize[1];
      return { text: `<!doctype html><html lang="en"><title>Sign in at ${name}</title><main><h1>Sign in at ${name}</h1><a href="${back.replace(/&/g, '&amp;')}">Authorize</a></main></html>` };
    }
    if (!req.path.startsWith(`${prefix}/`)) return fail(404, 'Not Found');
    const path = req.path.slice(prefix.length);
    const provider = /^\/auth\/([a-z0-9-]+)\/callback$/.exec(path)?.[1];
    if (req.method === 'GET' && provider) {
      if (!providers.includes(provider)) return fail(400, 'This provider is disabled');
      const token = options.tokenInAddress ? new URLSearchParams(req.query).get('access_token') : sessionOf(req)?.token;
      if (!token) return fail(400, options.tokenInAddress ? 'Invalid credentials' : 'OAuth authentication requires a completed provider session');
      const email = providerTokens.get(token);
      if (!email) return fail(400, 'Invalid credentials');
      let user = users.find((u) => u.email === email);
      if (!user) users.push((user = { id: users.length + 1, username: email.split('@')[0]!, email, password: '', confirmed: true, blocked: false }));
      return session(user);
    }
    const connect = /^\/connect\/([a-z0-9-]+)(\/callback)?$/.exec(path);
    if (req.method === 'GET' && connect) {
      const [, name, back] = connect as unknown as [string, string, string | undefined];
      if (!providers.includes(name)) return fail(400, 'This provider is disabled');
      if (!back) {
        const id = randomBytes(12).toString('hex');
        const state = randomBytes(12).toString('hex');
        connectSessions.set(id, { provider: name, state });
        const to = new URL(`http://${req.headers.host}/__provider/${name}/authorize`);
        to.search = new URLSearchParams({ redirect_uri: `${siteOrigin}/auth/${name}/callback`, state }).toString();
        return { status: 302, headers: { Location: to.toString(), 'Set-Cookie': `${SESSION_COOKIE}=${id}; path=/; httponly` } };
      }
      const query = new URLSearchParams(req.query);
      const held = sessionOf(req);
      if (!held || held.provider !== name || query.get('state') !== held.state) return frontCallback(name, { error: 'oauth_error', error_description: 'OAuth2 state mismatch' });
      const email = codes.get(query.get('code') ?? '');
      if (!email) return frontCallback(name, { error: 'oauth_error', error_description: 'bad_verification_code' });
      codes.delete(query.get('code')!);
      const token = `${name}-token-${++counter}-${randomBytes(6).toString('hex')}`;
      providerTokens.set(token, email);
      held.token = token;
      held.state = '';
      return frontCallback(name, options.tokenInAddress ? { access_token: token } : {});
    }
    const route = routes[`${req.method} ${path}`];
    return route ? route(req) : fail(404, 'Not Found');
  };

  const handles = (path: string) => path.startsWith('/__provider/') || new RegExp(`^${prefix}/(auth|users|connect)/`).test(path);
  return { responder, users, resetCodes, confirmations, providerTokens, handles };
}
