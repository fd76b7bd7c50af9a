// The account endpoints beside the form posts: the guard in front of every page only a
// signed-in visitor sees, logging out, and provider login (provider-routes.ts). Guarded pages are
// rendered for the one visitor whose token the server checked, no-store, and never reach the
// render cache; a token the visitor ended by logging out is refused on every replica
// (session-revocations.ts).
import { pathTo } from '../../../src/routing/path-to';
import { randomBytes } from 'node:crypto';
import { pathOf } from '../../../src/routing/path-table';
import express, { type Request, type Router } from 'express';
import type { Logger } from 'pino';
import { authProblem } from './auth-errors';
import { siteKeyOf, type AuthClient } from './users-permissions';
import { GUARDED_ROWS, localePattern } from '../../../src/routing/path-table';
import { RSC_QUERY } from '../../../src/routing/protocol';
import { localePath, LOCALES, splitLocale, type Locale } from '../../../src/i18n/locale';
import type { FormStamps } from '../../forms/bot-guard';
import { fromOwnOrigin } from '../../forms/origin-check';
import { refused, REFUSALS } from '../../forms/refusal';
import { redirect, type Answer } from '../../pages/answer';
import type { SendAnswer } from '../../pages/answer-writer';
import { clearSession } from './session-cookie';
import { providerState } from './provider-state';
import { providerRoutes } from './provider-routes';
import type { SessionRevocations } from './session-revocations';
import type { LimitStores } from '../../shared/limit-stores';
import { memoryRecords, type SharedRecords } from '../../shared/records';
import { providerConnect, type ConnectSettings } from './provider-connect';

export { PROVIDER_CALLBACK_LIMIT } from './provider-routes';

export type AccountRouteDeps = {
  auth?: AuthClient;
  /** The providers the log-in page offers (LOGIN_PROVIDERS); none when absent. */
  providers?: readonly string[];
  /** The content service that runs provider logins (provider-connect.ts); `token` is the site's
   * API token, from which the site's key on these calls is made (users-permissions.ts). */
  contentService: ConnectSettings & { token?: string };
  publicOrigin: string;
  secureCookie: boolean;
  /** Signs the provider login's state cookie (FORM_SECRET); absent: a random one, this process's only. */
  secret?: string;
  /** The site's form stamps: a provider login starts only with one of the log-in page's. */
  stamps: FormStamps;
  /** Ended sessions, the same the account forms read (one store for all replicas when shared). */
  sessions: SessionRevocations;
  stylesheets: string[];
  logger: Logger;
  /** Where the callback limit counts; this process's memory when absent (server/shared/). */
  limitStores?: LimitStores;
  /** Where a used login state is remembered; this process's memory when absent. */
  records?: SharedRecords;
  /** Sends every answer (server/pages/answer-writer.ts). */
  send: SendAnswer;
};

/** Logging out is a small form post: its body is one field. */
const logoutBody = express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 5 });

/** The paths of these routes that take a request body (server/http/body-admission.ts); the
 * start of a provider login is a post too (provider-routes.ts). */
export const ACCOUNT_BODY_PATHS = [pathTo('uitloggen', 'nl'), pathOf('connect-provider')] as const;

export function accountRoutes(deps: AccountRouteDeps): Router {
  const router = express.Router();
  const cookie = { secure: deps.secureCookie };
  const guarded = GUARDED_ROWS.flatMap((row) => LOCALES.map((locale) => localePath(locale, localePattern(row, locale))));

  // A guarded page only reads the session: its answer never writes the session cookie. The
  // browser may hold a newer session by the time the answer arrives (a preload of /account sent
  // with the old cookie while a password change's answer set the new one; a log-in in another
  // tab), and clearing the cookie it carried would clear that one. An ended or refused session
  // is refused all the same (sessions.live, auth.me); a sign-in or log out replaces its cookie.
  async function guardedPage(req: Request): Promise<Answer> {
    const locale = splitLocale(req.path).locale;
    const token = await deps.sessions.live(req);
    if (!token || !deps.auth) return toLogin(req, locale);
    let user;
    try {
      user = await deps.auth.me(token);
    } catch (err) {
      // An expired or refused token is no session here; an outage neither, rather than guess
      // (the session itself is kept: it opens the page again once the content service answers).
      const problem = authProblem(err);
      if (problem !== 'signedOut') (req.log ?? deps.logger).warn({ err }, 'current user could not be loaded');
      return toLogin(req, locale);
    }
    const query = { ...(req.query as Record<string, unknown>) };
    delete query[RSC_QUERY];
    return { kind: 'page', path: req.path, query, status: 200, personal: true, state: { account: { username: user.username, email: user.email } } };
  }
  router.get(guarded, async (req, res) => deps.send(req, res, await guardedPage(req)));

  router.post(ACCOUNT_BODY_PATHS[0], logoutBody, async (req, res) => {
    if (!fromOwnOrigin(req, deps.publicOrigin)) return deps.send(req, res, refused(req, REFUSALS.origin));
    const locale: Locale = (req.body as Record<string, unknown> | undefined)?._locale === 'en' ? 'en' : 'nl';
    await deps.sessions.end(req, deps.auth);
    clearSession(res, cookie);
    return deps.send(req, res, redirect(303, `${pathTo('login', locale)}?uitgelogd=1`));
  });

  if (deps.auth) {
    const records = deps.records ?? memoryRecords(50_000);
    const states = providerState(deps.secret ?? randomBytes(32).toString('hex'), cookie, records);
    router.use(
      providerRoutes({
        auth: deps.auth,
        providers: deps.providers ?? [],
        connect: providerConnect(deps.contentService, siteKeyOf(deps.contentService.token)),
        publicOrigin: deps.publicOrigin,
        cookie,
        states,
        records,
        stamps: deps.stamps,
        logger: deps.logger,
        limitStores: deps.limitStores,
        send: deps.send,
      }),
    );
  }

  return router;
}

/** No visitor: to the log-in page, which returns here after (a path of this site only). */
function toLogin(req: Request, locale: Locale): Answer {
  return redirect(302, `${pathTo('login', locale)}?terug=${encodeURIComponent(req.path)}`);
}
