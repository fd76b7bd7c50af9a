// Provider login, its three steps on this site (provider-state.ts says why the start is shaped
// so, provider-connect.ts how the content service's OAuth flow is run for the browser):
// 1. `POST /connect/{provider}`, the "log in with …" button of this site's own log-in page: from
//    this site's origin, with the page's signed form stamp, for a provider the site offers
//    (LOGIN_PROVIDERS). It sets the state cookie and sends the browser on with a 303.
// 2. `GET /connect/{provider}`: with a login started here, the site starts the login at the content
//    service, keeps the content service's session under the state, and answers a page that goes
//    on to the provider at once (a refresh and a link, so no form-action rule has to know the
//    provider's hosts). Without, it leads to the log-in page and starts nothing (an old bookmark,
//    a foreign page opening it in a window).
// 3. `GET /auth/{provider}/callback?code=…&state=…`, where the provider sends the browser back:
//    taken only with the state of step 1 for that provider, once; the provider's answer goes to
//    the content service with the session of step 2, which checks its own OAuth state. Failed
//    callbacks are limited per client.
// All of it works without JavaScript: step 1 is a plain form.
import express, { type Request, type Response, type Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Logger } from 'pino';
import { pathTo } from '../../../src/routing/path-to';
import { pathOf } from '../../../src/routing/path-table';
import { POST_FIELDS } from '../../../src/forms/post-protocol';
import { t } from '../../../src/i18n/intl';
import type { Locale } from '../../../src/i18n/locale';
import type { MessageKey } from '../../../src/i18n/messages';
import type { FormStamps } from '../../forms/bot-guard';
import { fromOwnOrigin } from '../../forms/origin-check';
import { refused, REFUSALS } from '../../forms/refusal';
import { redirect, type Answer } from '../../pages/answer';
import type { SendAnswer } from '../../pages/answer-writer';
import type { LimitStores } from '../../shared/limit-stores';
import type { SharedRecords } from '../../shared/records';
import { authProblem } from './auth-errors';
import { ProviderRefused, type ProviderConnect } from './provider-connect';
import { STATE_MAX_AGE_MS, type ProviderState } from './provider-state';
import { clearSession, setSession, type CookieSecurity } from './session-cookie';
import { PROVIDER_PATTERN, type AuthClient } from './users-permissions';

export type ProviderRouteDeps = {
  auth: AuthClient;
  /** The providers the log-in page offers (LOGIN_PROVIDERS): no other can be started. */
  providers: readonly string[];
  /** The content service's OAuth flow, run for the browser. */
  connect: ProviderConnect;
  publicOrigin: string;
  cookie: CookieSecurity;
  states: ProviderState;
  /** Where the content service's session of each started login is kept, under its state (on every
   * replica with the shared store). */
  records: SharedRecords;
  /** The form stamps of the site's pages: the start must carry one of the log-in page's. */
  stamps: FormStamps;
  logger: Logger;
  limitStores?: LimitStores;
  send: SendAnswer;
};

/** Set by the callback limit past its budget: the callback is refused. */
const CALLBACK_LIMITED = 'providerCallbackLimited';

/** Provider callbacks that did not sign anyone in, per client: past this many in the window the
 * next one is refused before the content service is asked. One that signs in does not count. */
export const PROVIDER_CALLBACK_LIMIT = { windowMs: 15 * 60_000, failures: 10 };

/** A log-in page older than this cannot start a provider login (as a form's stamp: a day). */
const STAMP_MAX_AGE_MS = 24 * 60 * 60_000;

/** The content service's reasons a visitor can act on; any other failure of a provider login
 * (the provider's answer refused, a state that is not the session's) is said as such, never as a
 * wrong password. */
const OWN_REASONS = ['unavailable', 'providerDisabled', 'rateLimited', 'blocked'] as const;
const isOwnReason = (problem: string): problem is (typeof OWN_REASONS)[number] => (OWN_REASONS as readonly string[]).includes(problem);

function providerFailure(err: unknown): MessageKey {
  if (err instanceof ProviderRefused) return 'account.error.providerFailed';
  const problem = authProblem(err);
  return isOwnReason(problem) ? `account.error.${problem}` : 'account.error.providerFailed';
}

/** The start is a small form post: its locale and its stamp. */
const startBody = express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 5 });

export function providerRoutes(deps: ProviderRouteDeps): Router {
  const router = express.Router();
  const { states, cookie } = deps;
  const offered = (req: Request) => {
    const provider = String(req.params.provider ?? '');
    return deps.providers.includes(provider) && PROVIDER_PATTERN.test(provider) ? provider : null;
  };
  const sessionKey = (state: string) => `login-connect:${state}`;
  const showLogin = (locale: Locale, key: MessageKey): Answer => ({
    kind: 'page',
    path: pathTo('login', locale),
    status: 400,
    personal: true,
    state: { formState: { form: 'login', values: {}, errors: {}, formErrors: [t(locale, key)] } },
  });

  // 1. The start: only this site's own log-in page can make it.
  router.post(pathOf('connect-provider'), (req, _res, next) => (offered(req) ? next() : next('route')), startBody, (req, res) => {
    const provider = offered(req)!;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const locale: Locale = body[POST_FIELDS.locale] === 'en' ? 'en' : 'nl';
    const log = req.log ?? deps.logger;
    if (!fromOwnOrigin(req, deps.publicOrigin)) {
      log.info({ provider }, 'provider login not started: the post came from another origin');
      return deps.send(req, res, refused(req, REFUSALS.origin));
    }
    const issued = deps.stamps.issuedAt(body[POST_FIELDS.stamp]);
    const age = issued === null ? NaN : Date.now() - issued;
    if (!(age >= -60_000 && age <= STAMP_MAX_AGE_MS)) {
      log.info({ provider }, 'provider login not started: no stamp of a log-in page of this site');
      return deps.send(req, res, showLogin(locale, 'account.error.providerState'));
    }
    states.start(res, provider);
    return deps.send(req, res, redirect(303, pathTo('connect-provider', 'nl', { provider })));
  });

  // 2. The login started at the content service, and on to the provider.
  router.get(pathOf('connect-provider'), async (req, res, next) => {
    const provider = offered(req);
    if (!provider) return next();
    const state = await states.started(req, provider);
    if (!state) return deps.send(req, res, redirect(303, pathTo('login', 'nl')));
    const log = req.log ?? deps.logger;
    let start;
    try {
      start = await deps.connect.begin(provider);
      await deps.records.set(sessionKey(state), start.cookie, STATE_MAX_AGE_MS);
    } catch (err) {
      log.warn({ err, provider }, 'provider login could not be started');
      return deps.send(req, res, showLogin('nl', providerFailure(err)));
    }
    const label = t('nl', 'account.providerOnTheWay');
    const page = { title: label, heading: label, home: 'link' as const, next: { href: start.location, label: t('nl', 'account.providerContinue'), now: true } };
    return deps.send(req, res, { kind: 'document', status: 200, page, locale: 'nl' });
  });

  // 3. Back from the provider.
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
  async function callback(req: Request, res: Response): Promise<Answer> {
    const provider = String(req.params.provider);
    const log = req.log ?? deps.logger;
    if (res.locals[CALLBACK_LIMITED] === true) return refused(req, REFUSALS.rateLimited);
    // Not started here by this browser (a link someone sent, a foreign page's two steps, an old
    // tab): nobody is signed in or out, and the content service is not asked.
    const state = await states.consume(req, res, provider);
    const kept = state ? await deps.records.get(sessionKey(state)) : null;
    if (!state || kept === null) {
      log.info({ provider }, 'provider callback refused: no login started here by this visitor');
      return showLogin('nl', 'account.error.providerState');
    }
    clearSession(res, cookie);
    try {
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
      const done = await deps.connect.finish(provider, query, kept);
      const session = await deps.auth.providerCallback(provider, done);
      if (!session.jwt) throw new Error('the content service answered no token');
      await deps.auth.me(session.jwt);
      setSession(res, session.jwt, cookie);
      return redirect(303, pathTo('account', 'nl'));
    } catch (err) {
      log.warn({ err, provider }, 'provider login failed');
      return showLogin('nl', providerFailure(err));
    }
  }
  const isProvider = (req: Request) => PROVIDER_PATTERN.test(String(req.params.provider));
  router.get(pathOf('auth-provider-callback'), (req, _res, next) => (isProvider(req) ? next() : next('route')), callbackLimit, async (req, res) => deps.send(req, res, await callback(req, res)));

  return router;
}
