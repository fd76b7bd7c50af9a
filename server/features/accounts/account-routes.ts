// The account endpoints beside the form posts: the guard in front of every page only a
// signed-in visitor sees, logging out, and provider login (out to the content service's
// /connect/{provider}, back with an access token, taken only from the visitor who started it
// here: provider-state.ts). Guarded pages are rendered for the one visitor whose token the
// server checked, no-store, and never reach the render cache.
import { pathTo } from '../../../src/routing/path-to';
import { randomBytes } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Logger } from 'pino';
import { authProblem } from './auth-errors';
import { connectUrl, PROVIDER_PATTERN, type AuthClient } from './users-permissions';
import { GUARDED_ROWS, localePattern, pathOf } from '../../../src/routing/path-table';
import { RSC_QUERY } from '../../../src/routing/protocol';
import { t } from '../../../src/i18n/intl';
import { localePath, LOCALES, splitLocale, type Locale } from '../../../src/i18n/locale';
import { fromOwnOrigin } from '../../forms/origin-check';
import { refused, REFUSALS } from '../../forms/refusal';
import { redirect, type Answer } from '../../pages/answer';
import type { SendAnswer } from '../../pages/answer-writer';
import { clearSession, sessionToken, setSession } from './session-cookie';
import { providerState } from './provider-state';
import type { MessageKey } from '../../../src/i18n/messages';
import type { LimitStores } from '../../shared/limit-stores';
import type { SharedRecords } from '../../shared/records';

export type AccountRouteDeps = {
  auth?: AuthClient;
  /** Where `/connect/{provider}` leads: the content service's URL and prefix. */
  contentService: { url?: string; prefix: string };
  publicOrigin: string;
  secureCookie: boolean;
  /** Signs the provider login's state cookie (FORM_SECRET); absent: a random one, this process's only. */
  secret?: string;
  stylesheets: string[];
  logger: Logger;
  /** Where the callback limit counts; this process's memory when absent (server/shared/). */
  limitStores?: LimitStores;
  /** Where a used login state is remembered; this process's memory when absent. */
  records?: SharedRecords;
  /** Sends every answer (server/pages/answer-writer.ts). */
  send: SendAnswer;
};

/** Set by the callback limit past its budget: the callback is refused. */
const CALLBACK_LIMITED = 'providerCallbackLimited';

/** Logging out is a small form post: its body is one field. */
const logoutBody = express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 5 });

/** Provider callbacks that did not sign anyone in, per client: past this many in the window the
 * next one is refused before the content service is asked. One that signs in does not count. */
export const PROVIDER_CALLBACK_LIMIT = { windowMs: 15 * 60_000, failures: 10 };

/** The paths of these routes that take a request body (server/http/body-admission.ts). */
export const ACCOUNT_BODY_PATHS = [pathTo('uitloggen', 'nl')] as const;

export function accountRoutes(deps: AccountRouteDeps): Router {
  const router = express.Router();
  const cookie = { secure: deps.secureCookie };
  const guarded = GUARDED_ROWS.flatMap((row) => LOCALES.map((locale) => localePath(locale, localePattern(row, locale))));
  const states = providerState(deps.secret ?? randomBytes(32).toString('hex'), cookie, deps.records);
  const callbackLimit = rateLimit({
    windowMs: PROVIDER_CALLBACK_LIMIT.windowMs,
    limit: PROVIDER_CALLBACK_LIMIT.failures,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    store: deps.limitStores?.('provider-callback'),
    keyGenerator: (req) => `provider-callback:${ipKeyGenerator(req.ip ?? '')}`,
    // Noted, not answered: the callback route answers it.
    handler: (_req, res, next) => {
      res.locals[CALLBACK_LIMITED] = true;
      next();
    },
  });

  async function guardedPage(req: Request, res: Response): Promise<Answer> {
    const locale = splitLocale(req.path).locale;
    const token = sessionToken(req);
    if (!token || !deps.auth) return toLogin(req, locale);
    let user;
    try {
      user = await deps.auth.me(token);
    } catch (err) {
      // An expired or refused token ends the session; an outage too, rather than guess.
      const problem = authProblem(err);
      if (problem !== 'signedOut') (req.log ?? deps.logger).warn({ err }, 'current user could not be loaded');
      clearSession(res, cookie);
      return toLogin(req, locale);
    }
    const query = { ...(req.query as Record<string, unknown>) };
    delete query[RSC_QUERY];
    return { kind: 'page', path: req.path, query, status: 200, personal: true, state: { account: { username: user.username, email: user.email } } };
  }
  router.get(guarded, async (req, res) => deps.send(req, res, await guardedPage(req, res)));

  router.post(ACCOUNT_BODY_PATHS[0], logoutBody, (req, res) => {
    if (!fromOwnOrigin(req, deps.publicOrigin)) return deps.send(req, res, refused(req, REFUSALS.origin));
    const locale: Locale = (req.body as Record<string, unknown> | undefined)?._locale === 'en' ? 'en' : 'nl';
    clearSession(res, cookie);
    return deps.send(req, res, redirect(303, `${pathTo('login', locale)}?uitgelogd=1`));
  });

  // A page of this site on the way out rather than a redirect: a foreign page that opened this
  // address in a window of its own loses its hold on that window here (the page's
  // Cross-Origin-Opener-Policy), so it cannot send the window on to a callback of its choosing.
  router.get(pathOf('connect-provider'), (req, res, next) => {
    const provider = req.params.provider ?? '';
    const target = connectUrl(deps.contentService, provider);
    if (!target || !deps.auth) return next();
    states.start(res, provider);
    const label = t('nl', 'account.providerOnTheWay');
    const page = { title: label, heading: label, home: 'link' as const, next: { href: target, label: t('nl', 'account.providerContinue'), now: true } };
    return deps.send(req, res, { kind: 'document', status: 200, page, locale: 'nl' });
  });

  const providerCallback = pathOf('auth-provider-callback');
  const isProvider = (req: Request) => PROVIDER_PATTERN.test(String(req.params.provider));
  async function callback(req: Request, res: Response, auth: AuthClient): Promise<Answer> {
    const provider = String(req.params.provider);
    const accessToken = req.query.access_token;
    if (res.locals[CALLBACK_LIMITED] === true) return refused(req, REFUSALS.rateLimited);
    const showLogin = (key: MessageKey): Answer => ({
      kind: 'page',
      path: pathTo('login', 'nl'),
      status: 400,
      personal: true,
      state: { formState: { form: 'login', values: {}, errors: {}, formErrors: [t('nl', key)] } },
    });
    // Not started here by this visitor (a link someone sent, an old tab): nobody is signed in or
    // out, and the content service is not asked.
    if (!(await states.consume(req, res, provider))) {
      (req.log ?? deps.logger).info({ provider }, 'provider callback refused: no login started here by this visitor');
      return showLogin('account.error.providerState');
    }
    clearSession(res, cookie);
    try {
      if (typeof accessToken !== 'string' || accessToken === '') throw new Error('no access token in the callback');
      const session = await auth.providerCallback(provider, accessToken);
      if (!session.jwt) throw new Error('the content service answered no token');
      await auth.me(session.jwt);
      setSession(res, session.jwt, cookie);
      return redirect(303, pathTo('account', 'nl'));
    } catch (err) {
      const problem = authProblem(err);
      (req.log ?? deps.logger).warn({ err, provider }, 'provider login failed');
      // The provider's token refused is no wrong password: say the provider login failed.
      return showLogin(problem === 'failed' || problem === 'credentials' ? 'account.error.providerFailed' : `account.error.${problem}`);
    }
  }
  router.get(providerCallback, (req, _res, next) => (deps.auth && isProvider(req) ? next() : next('route')), callbackLimit, async (req, res, next) => {
    if (!deps.auth) return next('route');
    return deps.send(req, res, await callback(req, res, deps.auth));
  });

  return router;
}

/** No visitor: to the log-in page, which returns here after (a path of this site only). */
function toLogin(req: Request, locale: Locale): Answer {
  return redirect(302, `${pathTo('login', locale)}?terug=${encodeURIComponent(req.path)}`);
}
