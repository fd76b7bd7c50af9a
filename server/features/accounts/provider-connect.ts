// Provider login through the content service's own OAuth flow, with the browser kept out of the
// content service (provider-routes.ts has the steps on this site).
//
// Strapi (users-permissions) runs the OAuth exchange itself: `/connect/{provider}` makes its OAuth
// `state`, keeps it in Strapi's session cookie and answers a redirect to the provider; the
// provider sends the browser back to the redirect URI with `code` and `state`; Strapi's
// `/connect/{provider}/callback` checks that state against its session, trades the code for the
// provider's token and answers a redirect to the front end's callback. Strapi 4 puts the token in
// that address (`?access_token=`); Strapi 5 keeps it in the session and `/auth/{provider}/callback`
// reads it from there.
//
// Here the site makes those calls for the browser, server to server: Strapi's session cookie is
// kept by the site beside the visitor's login state (never sent to the browser), and the
// provider's redirect URI is this site's `/auth/{provider}/callback` (cms/ builds it from
// PUBLIC_SITE_URL). So a callback is finished only with the Strapi session of the login this
// browser started here, and Strapi only takes the `state` it made for that session: a foreign page
// that sends the browser to the callback with its own code (even while the visitor's own login is
// under way) meets a state that is not the one of the session and signs nobody in.
import { ContentError, isContentErrorPayload, syntheticError } from '../../../src/content/errors';
import type { ContentVersion } from '../../../src/content/settings';
import { PROVIDER_PATTERN, SITE_KEY_HEADER } from './users-permissions';

export type ConnectSettings = { url?: string; prefix: string; timeoutMs: number; version: ContentVersion };

/** Where the browser goes next, and the content service's session for this login. */
export type ConnectStart = { location: string; cookie: string };
/** What the content service made of the provider's answer: its session, now holding the
 * provider's token (Strapi 5), and the token itself when it put it in the address (Strapi 4). */
export type ConnectDone = { cookie: string; accessToken?: string };

export type ProviderConnect = {
  /** Starts a login with `provider` at the content service. */
  begin(provider: string): Promise<ConnectStart>;
  /** Passes the provider's answer (the query string it sent the browser back with) to the
   * content service with the session `begin` got. Throws when the content service refused it. */
  finish(provider: string, query: string, cookie: string): Promise<ConnectDone>;
};

/** A refusal that came from the content service or the provider (a state that is not the
 * session's, a code refused): the login failed, nothing is wrong with the service. */
export class ProviderRefused extends Error {
  override readonly name = 'ProviderRefused';
}

/** `siteKey`: the value of SITE_KEY_HEADER that tells the content service the call is the
 * site's, made for a visitor (its per-address limits would otherwise count every visitor as one). */
export function providerConnect(settings: ConnectSettings, siteKey?: string): ProviderConnect {
  const call = async (path: string, cookie: string): Promise<{ location: string; cookie: string }> => {
    if (!settings.url) throw new ProviderRefused('no content service');
    const headers: Record<string, string> = {};
    if (cookie) headers.Cookie = cookie;
    if (siteKey) headers[SITE_KEY_HEADER] = siteKey;
    let response: Response;
    try {
      response = await fetch(`${settings.url}${settings.prefix}${path}`, { headers, redirect: 'manual', signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (cause) {
      throw new ContentError(syntheticError(settings.version, cause instanceof Error ? cause.message : String(cause)), { fromService: false, cause });
    }
    const text = await response.text();
    const location = response.headers.get('location');
    if (response.status < 300 || response.status > 399 || !location) {
      const payload = parseJson(text);
      if (response.status >= 400 && isContentErrorPayload(payload)) throw new ContentError(payload, { fromService: true });
      throw new ContentError(syntheticError(settings.version, `Content service answered ${response.status} to a provider login`), { fromService: false });
    }
    return { location, cookie: mergeCookies(cookie, response.headers.getSetCookie()) };
  };
  const name = (provider: string) => {
    if (!PROVIDER_PATTERN.test(provider)) throw new ProviderRefused(`not a provider name: ${provider}`);
    return provider;
  };

  return {
    async begin(provider) {
      const answer = await call(`/connect/${name(provider)}`, '');
      if (!/^https?:\/\//i.test(answer.location)) throw new ProviderRefused('the content service sent the login nowhere a browser can go');
      return answer;
    },
    async finish(provider, query, cookie) {
      const answer = await call(`/connect/${name(provider)}/callback${query ? `?${query}` : ''}`, cookie);
      const back = new URL(answer.location, 'http://content-service.invalid').searchParams;
      const error = back.get('error');
      if (error) throw new ProviderRefused(`${error}: ${back.get('error_description') ?? ''}`.trim());
      return { cookie: answer.cookie, accessToken: back.get('access_token') ?? undefined };
    },
  };
}

/** `cookie` (a Cookie header) with what `setCookies` set or cleared. */
export function mergeCookies(cookie: string, setCookies: readonly string[]): string {
  const jar = new Map<string, string>();
  for (const pair of cookie.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  for (const line of setCookies) {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const key = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a) || (/^\s*expires\s*=/i.test(a) && Date.parse(a.split('=')[1] ?? '') <= Date.now()));
    if (value === '' || expired) jar.delete(key);
    else jar.set(key, value);
  }
  return [...jar].map(([key, value]) => `${key}=${value}`).join('; ');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
