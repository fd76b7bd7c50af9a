// Consent for analytics, and the tag manager that only loads after it (PRODUCT.md: no
// third-party request before consent). Consent Mode defaults are set to denied by the inline
// data-layer script in <head>; this module only ever grants, or withdraws again.
import { deleteCookie, readCookie, writeCookie } from './cookies';

export type ConsentChoice = { analytics: boolean };

const COOKIE = 'consent';
/** Footer button to banner: "show the choice again". */
export const OPEN_EVENT = 'joinus:consent-open';

export function readConsent(): ConsentChoice | null {
  const raw = readCookie(COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as ConsentChoice).analytics === 'boolean') {
      return { analytics: (parsed as ConsentChoice).analytics };
    }
  } catch {
    // an unreadable cookie counts as no choice: ask again
  }
  return null;
}

export function storeConsent(choice: ConsentChoice): void {
  writeCookie(COOKIE, JSON.stringify({ analytics: choice.analytics }));
}

type DataLayerWindow = Window & { dataLayer?: unknown[] };

// gtag must push the `arguments` object itself: the tag manager ignores plain arrays.
function gtag(..._args: unknown[]): void {
  const w = window as DataLayerWindow;
  // eslint-disable-next-line prefer-rest-params -- the tag manager reads only an `arguments` object
  (w.dataLayer ||= []).push(arguments);
}

const GTM_SRC = 'https://www.googletagmanager.com/gtm.js?id=';

/** Applies a choice to this page: grant and load the tag manager, or withdraw. */
export function applyConsent(choice: ConsentChoice, tagManagerId: string): void {
  if (!choice.analytics) {
    gtag('consent', 'update', { analytics_storage: 'denied' });
    removeAnalyticsCookies();
    return;
  }
  gtag('consent', 'update', { analytics_storage: 'granted' });
  if (!tagManagerId || document.querySelector(`script[src^="${GTM_SRC}"]`)) return;
  (window as DataLayerWindow).dataLayer?.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = GTM_SRC + encodeURIComponent(tagManagerId);
  document.head.append(script);
}

/** Google Analytics sets `_ga` cookies on the site's own domain; withdrawn consent removes them. */
function removeAnalyticsCookies(): void {
  const host = location.hostname;
  const domains = [undefined, host, `.${host.split('.').slice(-2).join('.')}`];
  for (const part of document.cookie.split(';')) {
    const name = part.trim().split('=')[0] ?? '';
    if (name === '_ga' || name.startsWith('_ga_') || name === '_gid') {
      for (const domain of domains) deleteCookie(name, domain);
    }
  }
}
