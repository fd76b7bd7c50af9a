// A site over a content service that answers users-permissions as the fake does and
// everything else from the committed snapshot, as a whole Strapi would.
import { after } from 'node:test';
import type { RequestListener } from 'node:http';
import request from 'supertest';
import { startFakeContentService, snapshotResponder, type FakeContentService } from '../../support/fake-content-service';
import { fakeUsersPermissions } from '../../support/fake-users-permissions';
import { recordingSink, testApp } from '../../support/test-app';
import type { MailToQueue } from '../../../server/mail/mailer';
import type { AccountLimitSettings } from '../../../server/features/accounts';
import { oldStamp, ORIGIN } from '../../server/forms/helpers';

const servers: FakeContentService[] = [];
after(() => Promise.all(servers.map((s) => s.down())));

/** Strapi v5 (its users-permissions answers as v4's); other versions are covered by test/features/accounts/users-permissions.test.ts. */
/** `loginProviders`: the site's LOGIN_PROVIDERS, and the providers the content service has on
 * unless `enabledProviders` names others. */
export async function accountSite(options: { confirmEmail?: boolean; accountLimits?: AccountLimitSettings; loginProviders?: string[]; enabledProviders?: string[]; minFillMs?: number; tokenInAddress?: boolean; now?: () => number } = {}) {
  const fake = fakeUsersPermissions('v4', { ...options, providers: options.enabledProviders ?? options.loginProviders });
  const content = snapshotResponder();
  const upstream = await startFakeContentService((req, incoming) => (fake.handles(req.path) ? fake.responder(req, incoming) : content(req, incoming)));
  servers.push(upstream);
  // The mails the site itself sends (Strapi's own stand in the fake's maps).
  const mails: MailToQueue[] = [];
  const sink = { ...recordingSink().sink, queueMail: (mail: MailToQueue) => void mails.push(mail) };
  const site = testApp({ strapiUrl: upstream.url, accountLimits: options.accountLimits, loginProviders: options.loginProviders, minFillMs: options.minFillMs, sink });
  return { ...site, fake, upstream, mails };
}

/** A post of an account form as the browser sends it without JavaScript. */
export function postForm(app: RequestListener, form: string, fields: Record<string, string>, cookie?: string) {
  const req = request(app).post(`/forms/${form}`).set('Origin', ORIGIN).type('form');
  if (cookie) req.set('Cookie', cookie);
  return req.send({ _page: '/login', _locale: 'nl', _ts: oldStamp(), website: '', ...fields });
}

/** "Log in with {provider}" pressed on the log-in page: the post from this site's origin with
 * the page's stamp. `client`: the address it comes from. */
export function startProviderLogin(app: RequestListener, provider: string, client?: string) {
  const req = request(app).post(`/connect/${provider}`).set('Origin', ORIGIN).type('form');
  if (client) req.set('X-Forwarded-For', client);
  return req.send({ _locale: 'nl', _ts: oldStamp() });
}

/** The cookies a response set (not those it cleared), as the browser sends them back. */
export function cookiesSet(res: request.Response): string {
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

/** The session cookie a response set, as the browser sends it back (`name=value`). */
export function sessionCookie(res: request.Response): string | undefined {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const line = set.find((c) => c.startsWith('joinus_session=') && !c.startsWith('joinus_session=;'));
  return line?.split(';')[0];
}

/** A provider login as the browser goes through it, up to the provider's answer: "log in with
 * {provider}" pressed, the site's page on to the provider, the provider's page agreed to. The
 * state cookie, and the site's callback with the provider's code and state (path and query). */
export async function providerLoginUpToCallback(app: RequestListener, provider: string, client?: string): Promise<{ state: string; callback: string; connect: request.Response }> {
  const start = await startProviderLogin(app, provider, client).expect(303);
  const state = cookiesSet(start);
  const connect = request(app).get(`/connect/${provider}`).set('Cookie', state);
  if (client) connect.set('X-Forwarded-For', client);
  const page = await connect.expect(200);
  const to = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(page.text)?.[1]?.replace(/&amp;|&#38;/g, '&');
  if (!to) throw new Error(`no way on to the provider: ${page.text.slice(0, 300)}`);
  const agree = await (await fetch(to)).text();
  const back = /<a href="([^"]+)">Authorize<\/a>/.exec(agree)?.[1]?.replace(/&amp;|&#38;/g, '&');
  if (!back) throw new Error(`no agree link on the provider's page: ${agree.slice(0, 300)}`);
  const url = new URL(back);
  return { state, callback: `${url.pathname}${url.search}`, connect: page };
}
