// The account endpoints beside the form posts: the guard in front of every page only a
// signed-in visitor sees, logging out, and provider login (out to the content service's
// /connect/{provider}, back with an access token). Guarded pages are rendered for the one
// visitor whose token the server checked, no-store, and never reach the render cache.
import { pathTo } from '../../../src/routing/path-to';
import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import { authProblem } from './auth-errors';
import { connectUrl, PROVIDER_PATTERN, type AuthClient } from './users-permissions';
import type { RequestState } from '../../../src/routing/request-state';
import { GUARDED_ROWS, localePattern, pathOf } from '../../../src/routing/path-table';
import { REDIRECT_HEADER, RSC_QUERY } from '../../../src/routing/protocol';
import { t } from '../../../src/i18n/intl';
import { localePath, LOCALES, splitLocale, type Locale } from '../../../src/i18n/locale';
import { fromOwnOrigin } from '../../forms/origin-check';
import { refuse, REFUSALS } from '../../forms/refusal';
import { wantsFlightPayload } from '../../pages/page-handler';
import { clearSession, sessionToken, setSession } from './session-cookie';
import { CACHE } from '../../http/cache-policies';

export type AccountRouteDeps = {
  auth?: AuthClient;
  /** Where `/connect/{provider}` leads: the content service's URL and prefix. */
  contentService: { url?: string; prefix: string };
  publicOrigin: string;
  secureCookie: boolean;
  stylesheets: string[];
  logger: Logger;
  renderPage(req: Request, res: Response, page: { path: string; status: number; query?: Record<string, unknown>; personal: true } & RequestState): Promise<void>;
};

/** Logging out is a small form post: its body is one field. */
const logoutBody = express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 5 });

export function accountRoutes(deps: AccountRouteDeps): Router {
  const router = express.Router();
  const cookie = { secure: deps.secureCookie };
  const guarded = GUARDED_ROWS.flatMap((row) => LOCALES.map((locale) => localePath(locale, localePattern(row, locale))));

  router.get(guarded, async (req, res, next) => {
    const locale = splitLocale(req.path).locale;
    const token = sessionToken(req);
    if (!token || !deps.auth) return toLogin(req, res, locale);
    let user;
    try {
      user = await deps.auth.me(token);
    } catch (err) {
      // An expired or refused token ends the session; an outage too, rather than guess.
      const problem = authProblem(err);
      if (problem !== 'signedOut') (req.log ?? deps.logger).warn({ err }, 'current user could not be loaded');
      clearSession(res, cookie);
      return toLogin(req, res, locale);
    }
    try {
      const query = { ...(req.query as Record<string, unknown>) };
      delete query[RSC_QUERY];
      await deps.renderPage(req, res, { path: req.path, query, status: 200, personal: true, account: { username: user.username, email: user.email } });
    } catch (err) {
      next(err);
    }
  });

  router.post(pathTo('uitloggen', 'nl'), logoutBody, (req, res) => {
    if (!fromOwnOrigin(req, deps.publicOrigin)) return refuse(req, res, REFUSALS.origin, deps.stylesheets);
    const locale: Locale = (req.body as Record<string, unknown> | undefined)?._locale === 'en' ? 'en' : 'nl';
    clearSession(res, cookie);
    res.set('Cache-Control', CACHE.noStore).redirect(303, `${pathTo('login', locale)}?uitgelogd=1`);
  });

  router.get(pathOf('connect-provider'), (req, res, next) => {
    const target = connectUrl(deps.contentService, req.params.provider ?? '');
    if (!target || !deps.auth) return next();
    res.set('Cache-Control', CACHE.noStore).redirect(302, target);
  });

  router.get(pathOf('auth-provider-callback'), async (req, res, next) => {
    const provider = req.params.provider ?? '';
    const accessToken = req.query.access_token;
    if (!deps.auth || !PROVIDER_PATTERN.test(provider)) return next();
    clearSession(res, cookie);
    try {
      if (typeof accessToken !== 'string' || accessToken === '') throw new Error('no access token in the callback');
      const session = await deps.auth.providerCallback(provider, accessToken);
      if (!session.jwt) throw new Error('the content service answered no token');
      await deps.auth.me(session.jwt);
      setSession(res, session.jwt, cookie);
      res.set('Cache-Control', CACHE.noStore).redirect(303, pathTo('account', 'nl'));
    } catch (err) {
      const problem = authProblem(err);
      (req.log ?? deps.logger).warn({ err, provider }, 'provider login failed');
      try {
        // The provider's token refused is no wrong password: say the provider login failed.
        const message = t('nl', problem === 'failed' || problem === 'credentials' ? 'account.error.providerFailed' : `account.error.${problem}`);
        await deps.renderPage(req, res, { path: pathTo('login', 'nl'), status: 400, personal: true, formState: { form: 'login', values: {}, errors: {}, formErrors: [message] } });
      } catch (renderError) {
        next(renderError);
      }
    }
  });

  return router;
}

/** No visitor: to the log-in page, which returns here after (a path of this site only). */
function toLogin(req: Request, res: Response, locale: Locale): void {
  const location = `${pathTo('login', locale)}?terug=${encodeURIComponent(req.path)}`;
  res.set('Cache-Control', CACHE.noStore);
  if (wantsFlightPayload(req)) return void res.status(204).set(REDIRECT_HEADER, location).end();
  res.redirect(302, location);
}
