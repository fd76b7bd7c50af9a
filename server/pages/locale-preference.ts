// The visitor's language choice, kept for a year in the `locale` cookie. A visitor who chose
// English and opens a Dutch page that exists in English (the path table's language pairs) is
// sent on to the English one; the language switch's links (`?taal=nl`, `?taal=en`) write the
// choice, so following the switch to a Dutch page keeps the visitor there.
//
// Caching stays intact: the decision is made before the render cache is asked (the fast path
// leaves these requests to Express, the middleware below answers them), rendered pages stay
// the same bytes per URL, the redirects are `no-store`, and the Dutch pages the cookie can
// redirect carry `Vary: Cookie` so a shared cache never serves them to a visitor whose cookie
// would have redirected. (A CDN in front should key those pages on the locale cookie alone.)
import type { RequestHandler } from 'express';
import { languagePair } from '../../src/routing/path-lookup';
import { asksForFlight, RSC_QUERY } from '../../src/routing/protocol';
import { isLocale, LANGUAGE_CHOICE_QUERY, splitLocale, type Locale } from '../../src/i18n/locale';
import { parseQuery } from '../http/query-parser';
import { answering } from '../http/plain-answers';
import type { Answer } from './answer';
import type { SendAnswer } from './answer-writer';
import { searchOf } from './page-address';

export const LOCALE_COOKIE = 'locale';
/** A language choice is remembered for a year. */
const MAX_AGE_MS = 365 * 24 * 60 * 60_000;

const VARY = 'Accept, Accept-Encoding';
const VARY_COOKIE = `${VARY}, Cookie`;

export type LocaleDecision = { location: string; choice?: Locale };

const varyByPath = new Map<string, string>();

/** The page's `Vary`: a Dutch page the locale cookie can redirect also varies by cookie.
 * Remembered per path (matching the path table costs a few microseconds, a fair share of a
 * render-cache hit); bounded, since paths come from anyone. */
export function pageVary(path: string): string {
  let vary = varyByPath.get(path);
  if (vary === undefined) {
    vary = splitLocale(path).locale === 'nl' && languagePair(path) ? VARY_COOKIE : VARY;
    if (varyByPath.size >= 2000) varyByPath.clear();
    varyByPath.set(path, vary);
  }
  return vary;
}

/** The cookie's language, if the browser sent a valid one. */
export function cookieLocale(cookieHeader: string | undefined): Locale | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === LOCALE_COOKIE) {
      const value = part.slice(at + 1).trim();
      return isLocale(value) ? value : undefined;
    }
  }
  return undefined;
}

/** The query string without the given parameters, the others exactly as sent. */
function without(search: string, names: readonly string[]): string {
  const kept = search.split('&').filter((pair) => pair !== '' && !names.includes(decodeName(pair.split('=')[0]!)));
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * Where a GET of `path?search` goes instead, for this cookie: a language choice in the query is
 * written and dropped from the URL; else a Dutch page with an English counterpart goes to it
 * when the visitor chose English. Null: serve the page as asked (the common case, decided
 * without parsing anything when there is neither a cookie nor the choice parameter).
 */
export function localeDecision(path: string, search: string, cookieHeader: string | undefined, wantsFlight: boolean): LocaleDecision | null {
  const hasChoice = search.includes(`${LANGUAGE_CHOICE_QUERY}=`);
  if (!cookieHeader && !hasChoice) return null;
  // A Flight answer's target is a page URL: the router adds its own marker.
  const dropped = wantsFlight ? [LANGUAGE_CHOICE_QUERY, RSC_QUERY] : [LANGUAGE_CHOICE_QUERY];
  if (hasChoice) {
    const choice = parseQuery(search)[LANGUAGE_CHOICE_QUERY];
    if (typeof choice === 'string') return { location: path + without(search, dropped), choice: isLocale(choice) ? choice : undefined };
  }
  if (cookieLocale(cookieHeader) !== 'en' || splitLocale(path).locale !== 'nl') return null;
  const pair = languagePair(path);
  return pair ? { location: pair.en + without(search, wantsFlight ? [RSC_QUERY] : []) } : null;
}

/** Answers the requests `localeDecision` redirects: a 302 (a Flight request: a 204 with the
 * target in the redirect header, as every redirect), never stored by any cache. */
export function localePreference({ secure, send }: { secure: boolean; send: SendAnswer }): RequestHandler {
  return answering((req): Answer | undefined => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const wantsFlight = asksForFlight(req.query as Record<string, unknown>, req.headers.accept);
    const decision = localeDecision(req.path, searchOf(req.originalUrl), req.headers.cookie, wantsFlight);
    if (!decision) return undefined;
    if (decision.choice) req.res!.cookie(LOCALE_COOKIE, decision.choice, { maxAge: MAX_AGE_MS, path: '/', sameSite: 'lax', httpOnly: true, secure });
    // A path on this site only: `//host` would send the visitor to another one.
    return { kind: 'redirect', status: 302, location: decision.location.replace(/^[/\\]+/, '/'), cache: 'privateNoStore', headers: { Vary: VARY_COOKIE } };
  }, send);
}
