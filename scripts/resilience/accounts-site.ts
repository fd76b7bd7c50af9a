// The site as the account parts attack it (login-csrf, log-secrets, lockout, register): the
// production build over a content service that answers users-permissions as the tests' fake
// does (users, reset codes and provider tokens in memory, read here as the mails would be) and
// everything else from the committed snapshot, with GitHub as a login provider. Clients are told
// apart by X-Forwarded-For, which the site believes from the loopback proxy (TRUST_PROXY's
// default), as it would from the reverse proxy in front of it.
//
// The parts share one such site, one after the other (scripts/resilience/run.ts): each part's
// clients come from an address block of its own (`ACCOUNT_CLIENTS`) and each registers accounts
// of its own, so the limits one part runs into (per client, per account) are none another part
// meets, and each counts what it made (users, upstream calls, log lines) from its own start.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { fakeUsersPermissions, type FakeUsersPermissions } from '../../test/support/fake-users-permissions';
import { snapshotResponder, startFakeContentService, type FakeContentService } from '../../test/support/fake-content-service';
import { oldStamp, startSite, type Site } from './site';

/** `lines`: every line the server logged since it started (at LOG_LEVEL info unless `env` says otherwise). */
export type AccountsSite = { site: Site; fake: FakeUsersPermissions; upstream: FakeContentService; lines: string[]; stop(): Promise<void> };

/** The address block of each part's clients (X-Forwarded-For): `${block}.x.y`, no two parts alike. */
export const ACCOUNT_CLIENTS = { logSecrets: '10.31', loginCsrf: '10.32', lockout: '10.33', register: '10.34' } as const;

/** Form limits are set out of the way: the account limits are measured. The log at info, kept in
 * `lines` (log-secrets reads it). */
export async function startAccountsSite(opts: { confirmEmail?: boolean; env?: Record<string, string> } = {}): Promise<AccountsSite> {
  const fake = fakeUsersPermissions('v4', { confirmEmail: opts.confirmEmail });
  const content = snapshotResponder();
  const upstream = await startFakeContentService((req, incoming) => (fake.handles(req.path) ? fake.responder(req, incoming) : content(req, incoming)));
  const env = { STRAPI_URL: upstream.url, LOGIN_PROVIDERS: 'github', FORM_RATE_LIMIT: '100000', FORM_RATE_LIMIT_NO_CAPTCHA: '100000', RENDER_RATE_LIMIT: '0', LOG_LEVEL: 'info', ...opts.env };
  const lines: string[] = [];
  const site = await startSite(env, { onLogLine: (line) => lines.push(line) }).catch(async (err: unknown) => {
    await upstream.down();
    throw err;
  });
  return {
    site,
    fake,
    upstream,
    lines,
    async stop() {
      await site.stop();
      await upstream.down();
    },
  };
}

export type Answer = { status: number; location: string | null; cacheControl: string | null; text: string; cookies: string[]; ms: number };

/** One request from `client`, redirects not followed. `form`: posted as a browser posts a form. */
/** `origin`: the Origin a post names (this site's own by default). */
/** A provider login up to the provider's answer: started on the log-in page, the site's page on
 * to the provider, agreed there (the fake provider's page). The state cookies, and the site's
 * callback with the provider's code and state. */
export async function providerLoginUpToCallback(site: Site, provider: string, client: string): Promise<{ state: string[]; callback: string }> {
  const state = cookiesOf(await startProviderLogin(site, provider, client));
  const onTheWay = await ask(site, `/connect/${provider}`, { client, cookie: state.join('; ') });
  const unescape = (value: string | undefined) => value?.replace(/&amp;|&#38;/g, '&');
  const to = unescape(/<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(onTheWay.text)?.[1]);
  if (!to) throw new Error(`no way on to the provider: ${onTheWay.status}`);
  const back = unescape(/<a href="([^"]+)">Authorize<\/a>/.exec(await (await fetch(to)).text())?.[1]);
  if (!back) throw new Error("no agree link on the provider's page");
  const url = new URL(back);
  return { state, callback: `${url.pathname}${url.search}` };
}

export async function ask(site: Site, path: string, init: { client?: string; cookie?: string; form?: Record<string, string>; json?: boolean; origin?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.client) headers['X-Forwarded-For'] = init.client;
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.json) headers.Accept = 'application/json';
  if (init.form) {
    headers.Origin = init.origin ?? site.url;
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  const started = performance.now();
  const res = await fetch(`${site.url}${path}`, { method: init.form ? 'POST' : 'GET', headers, body: init.form ? new URLSearchParams(init.form).toString() : undefined, redirect: 'manual' });
  const text = await res.text();
  return { status: res.status, location: res.headers.get('location'), cacheControl: res.headers.get('cache-control'), text, cookies: res.headers.getSetCookie(), ms: performance.now() - started };
}

/** An account form's post without JavaScript (a stamp of a form long on screen), or with a solved captcha in `fields`. */
export function postAccountForm(site: Site, form: string, fields: Record<string, string>, init: { client?: string; json?: boolean } = {}): Promise<Answer> {
  return ask(site, `/forms/${form}`, { ...init, form: { _page: '/login', _locale: 'nl', _ts: oldStamp(), website: '', ...fields } });
}

/** "Log in with {provider}" pressed on the log-in page (its post, with the page's stamp). */
export function startProviderLogin(site: Site, provider: string, client?: string): Promise<Answer> {
  return ask(site, `/connect/${provider}`, { client, form: { _locale: 'nl', _ts: oldStamp() } });
}

/** What a browser with JavaScript sends along: a solved ALTCHA challenge. */
export async function solvedCaptcha(site: Site): Promise<string> {
  const challenge = (await (await fetch(`${site.url}/api/captcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** `name=value` of the cookies an answer set (not those it cleared), as the browser sends them back. */
export const cookiesOf = (answer: Answer) => answer.cookies.map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('='));

export const sessionOf = (answer: Answer) => cookiesOf(answer).find((c) => c.startsWith('joinus_session='));
