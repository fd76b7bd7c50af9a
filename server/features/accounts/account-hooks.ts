// The account forms through the form pipeline: each valid post is one users-permissions call.
// Log in, reset and a provider callback first clear any token, then keep the new one (in the
// session cookie) and load the user with it. A refusal from Strapi reaches the visitor as one
// plain sentence; nothing typed is lost but the passwords. Registering is the exception: it
// answers the same whether or not the address already has an account (the mail says which), so
// it signs nobody in (account-register.ts).
import { pathTo } from '../../../src/routing/path-to';
import { authProblem, type AuthProblem } from './auth-errors';
import type { AuthClient, AuthSession } from './users-permissions';
import type { MessageKey } from '../../../src/i18n/messages';
import { t } from '../../../src/i18n/intl';
import { answerNotSent } from '../../forms/form-answers';
import type { FormHooks, FormPost } from '../../forms/form-post';
import { safeReturnPath } from '../../forms/form-state';
import { readFormBody } from '../../forms/read-body';
import { refused, REFUSALS } from '../../forms/refusal';
import { either, json, redirect, type Answer } from '../../pages/answer';
import type { AccountLimits } from './account-limits';
import { clearSession, setSession } from './session-cookie';
import type { SessionRevocations } from './session-revocations';
import { POST_FIELDS } from '../../../src/forms/post-protocol';
import { registering, type Registering } from './account-register';
import type { SharedRecords } from '../../shared/records';

export type AccountDeps = {
  /** Absent: no content service to ask (the embedded content): every account form says so. */
  auth?: AuthClient;
  secureCookie: boolean;
  limits: AccountLimits;
  /** Replicas: where the "already an account" mails of the window are remembered. */
  records?: SharedRecords;
  /** Ended sessions: a logged-out token changes no password. */
  sessions: SessionRevocations;
};

type Fields = Record<string, string>;

/** The account forms' hooks over their content-service calls, cookie and limits; without them
 * every account form answers "not possible now". */
export function accountHooks(accounts: AccountDeps | undefined): FormHooks {
  const register = registering(accounts?.limits.windowMs ?? 15 * 60_000, accounts?.records);
  return {
    readBody: readFormBody,
    input: ({ fields }) => fields,

    async accept(post, valid) {
      const { def } = post;
      if (!accounts?.auth) return answerProblem(post, 'unavailable');
      const data = valid as Fields;
      const limit = await accounts.limits.check(post, def.name, data.email ?? data.code ?? '');
      if (limit.kind === 'refused') return refused(post.req, REFUSALS.rateLimited, post.fields);
      if (limit.kind === 'captcha') return answerCaptchaStep(post, limit.waitMs);
      try {
        return await ACTIONS[def.name]!(post, data, { auth: accounts.auth, secure: accounts.secureCookie, register, sessions: accounts.sessions });
      } catch (err) {
        const problem = authProblem(err);
        if (problem === 'unavailable' || problem === 'failed') (post.req.log ?? post.deps.logger).warn({ err, form: def.name }, 'account call failed');
        return answerProblem(post, problem);
      }
    },
  };
}

type ActionContext = { auth: AuthClient; secure: boolean; register: Registering; sessions: SessionRevocations };
type Action = (post: FormPost, data: Fields, ctx: ActionContext) => Promise<Answer>;

const ACTIONS: Record<string, Action> = {
  async login(post, data, { auth, secure }) {
    clearSession(post.res, { secure });
    return signIn(post, await auth.login({ identifier: data.email!, password: data.password! }), auth, secure);
  },
  async register(post, data, { auth, secure, register }) {
    clearSession(post.res, { secure });
    await register.run(post, auth, { username: data.username!, email: data.email!, password: data.password! });
    return answerSent(post, 'account.sent.register');
  },
  async 'forgot-password'(post, data, { auth }) {
    await auth.forgotPassword(data.email!);
    return answerSent(post, 'account.sent.forgot');
  },
  async 'reset-password'(post, data, { auth, secure }) {
    clearSession(post.res, { secure });
    return signIn(post, await auth.resetPassword({ code: data.code!, password: data.password!, passwordConfirmation: data.passwordConfirmation! }), auth, secure);
  },
  async 'change-password'(post, data, { auth, secure, sessions }) {
    // A logged-out token is no session, even when a copy of its cookie comes back. The cookie
    // is left as it is: the browser may hold a newer session by now (guardedPage in
    // account-routes.ts says why).
    const token = await sessions.live(post.req);
    if (!token) return answerProblem(post, 'signedOut');
    const session = await auth.changePassword(token, { currentPassword: data.currentPassword!, password: data.password!, passwordConfirmation: data.passwordConfirmation! });
    if (session?.jwt) {
      // The new token replaces the old one, which opens nothing any more.
      await sessions.end(post.req);
      setSession(post.res, session.jwt, { secure });
    }
    return answerSent(post, 'account.sent.changed');
  },
  async 'resend-confirmation'(post, data, { auth }) {
    await auth.sendEmailConfirmation(data.email!);
    return answerSent(post, 'account.sent.confirmation');
  },
};

/** Keeps the new token and loads the user with it, then on to where the visitor was going. */
async function signIn(post: FormPost, session: AuthSession, auth: AuthClient, secure: boolean): Promise<Answer> {
  if (!session.jwt) throw new Error('the content service answered no token');
  await auth.me(session.jwt);
  setSession(post.res, session.jwt, { secure });
  // Where the guard sent the visitor from (`return:/path`, a path of this site only).
  const back = safeReturnPath(/^return:(.*)$/s.exec(post.fields.context ?? '')?.[1]);
  return sendTo(post.deps.publicOrigin, back === '/' ? pathTo('account', post.locale) : back);
}

/** A redirect after a post: the enhanced form is told where to go (an absolute address), a
 * plain post gets a 303. */
export function sendTo(publicOrigin: string, path: string): Answer {
  return either(json(200, { ok: true, redirect: `${publicOrigin}${path}` }), redirect(303, path));
}

function answerSent({ def, fields, locale }: FormPost, key: MessageKey): Answer {
  return either(json(200, { ok: true, message: t(locale, key) }), redirect(303, `${safeReturnPath(fields[POST_FIELDS.page])}?verzonden=${encodeURIComponent(def.name)}`));
}

const PROBLEM_STATUS: Partial<Record<AuthProblem, number>> = { rateLimited: 429, captcha: 429, unavailable: 503, signedOut: 401 };

/** Past an account limit without a captcha: the form again with its answers, to send once more
 * after the wait (account-limits.ts); with JavaScript the captcha is solved by itself. */
function answerCaptchaStep(post: FormPost, waitMs: number): Answer {
  const { locale, def } = post;
  // Whole seconds, and never "1 seconden": a second more to wait is no harm.
  const lines = [t(locale, 'account.error.captcha', { seconds: Math.max(2, Math.ceil(waitMs / 1000)) })];
  if (def.fields.some((f) => f.type === 'password')) lines.push(t(locale, 'refusal.confirmPassword'));
  const message = lines.join(' ');
  return answerNotSent(post, message, 429);
}

function answerProblem(post: FormPost, problem: AuthProblem): Answer {
  const message = t(post.locale, `account.error.${problem}`);
  const status = PROBLEM_STATUS[problem] ?? 422;
  return answerNotSent(post, message, status);
}
