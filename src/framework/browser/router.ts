// The client router: internal links fetch the Flight payload and swap the tree without a
// page load. Any failure falls back to a full page load, so a visitor always arrives.
import { createFromFetch } from 'react-server-dom-webpack/client';
import type { FlightPayload } from '../flight-data';
import { applyRouteRules, isAbsoluteUrl, type RouteRules } from '../../routing/route-match';
import { BUILD_HEADER, FLIGHT_CONTENT_TYPE, flightUrl, REDIRECT_HEADER } from '../../routing/protocol';
import { isNewBuildAvailable, noteBuild } from './build-check';
import { cancelPreloads, takePreloaded } from './preload';
import { holdLayout } from './kept-layouts';
import { isChunkLoadError, reloadOnce } from '../../routing/reload-guard';

export type NavigationKind = 'push' | 'replace' | 'pop';
export type Commit = (payload: FlightPayload, kind: NavigationKind, hash: string) => void;

let commit: Commit | null = null;
let rules: RouteRules = {};
let seq = 0;

export function startRouter(onCommit: Commit): void {
  commit = onCommit;
  history.scrollRestoration = 'manual';
  document.addEventListener('click', onClick);
  window.addEventListener('popstate', () => void navigate(location.href, 'pop'));
  window.addEventListener('scroll', rememberScroll, { passive: true });
}

export function setRouteRules(next: RouteRules): void {
  rules = next;
}

/** Links the router takes: same origin, same window, a page (no file extension), no download. */
export function isRoutable(a: HTMLAnchorElement): boolean {
  if ((a.target && a.target !== '_self') || a.hasAttribute('download') || a.dataset.router === 'off') return false;
  const url = new URL(a.href, location.href);
  return url.origin === location.origin && !/\.[a-z0-9]+$/i.test(url.pathname);
}

function onClick(e: MouseEvent): void {
  if (!commit || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element | null)?.closest?.('a');
  if (!a || !a.hasAttribute('href') || !isRoutable(a)) return;
  e.preventDefault();
  void navigate(a.href, 'push');
}

export async function navigate(href: string, kind: NavigationKind): Promise<void> {
  const url = new URL(href, location.href);
  if (url.origin !== location.origin) return location.assign(url.href);
  if (kind !== 'pop' && isNewBuildAvailable() && reloadOnce(url.href)) return;

  const rule = applyRouteRules(rules, url.pathname);
  if (rule) {
    if (isAbsoluteUrl(rule.to)) return location.assign(rule.to);
    return navigate(new URL(rule.to, url).href + url.hash, kind === 'pop' ? 'replace' : kind);
  }

  if (kind === 'push' && url.pathname === location.pathname && url.search === location.search && url.hash) {
    history.pushState(null, '', url.href);
    scrollToHash(url.hash);
    return;
  }

  const id = ++seq;
  try {
    const path = url.pathname + url.search;
    // The visitor's own page first: no preload holds up its render or a connection.
    cancelPreloads(path);
    const response = await (takePreloaded(path) ?? fetch(flightUrl(path), { headers: { Accept: FLIGHT_CONTENT_TYPE } }));
    if (id !== seq) return; // a newer navigation started
    noteBuild(response.headers.get(BUILD_HEADER));
    const redirect = response.headers.get(REDIRECT_HEADER);
    if (redirect) {
      if (isAbsoluteUrl(redirect)) return location.assign(redirect);
      // A server redirect's target replaces the current history entry, whatever the navigation's kind.
      return navigate(new URL(redirect, url).href, 'replace');
    }
    if (!(response.headers.get('content-type') ?? '').startsWith(FLIGHT_CONTENT_TYPE)) throw new Error(`not a Flight answer (${response.status})`);
    const payload = await createFromFetch<FlightPayload>(Promise.resolve(response));
    // The page's kept layout: held already, unless the page is in another one (the content changed).
    if (payload.meta.layout) await holdLayout(payload.meta.layout);
    if (id !== seq) return;
    if (kind === 'push') history.pushState(null, '', url.href);
    if (kind === 'replace') history.replaceState(null, '', url.href);
    commit!(payload, kind, url.hash);
  } catch (error) {
    if (isChunkLoadError(error) && reloadOnce(url.href)) return;
    location.assign(url.href);
  }
}

/** After the new page is on screen: back/forward restore their scroll position, a hash
 * scrolls to its target, anything else starts at the top. True when focus was moved to the
 * target (else the caller puts it where a new page starts). */
export function scrollAfterCommit(kind: NavigationKind, hash: string): boolean {
  if (kind === 'pop') {
    const y = (history.state as { scrollY?: number } | null)?.scrollY ?? 0;
    window.scrollTo(0, y);
    return false;
  }
  if (hash) {
    const landed = scrollToHash(hash);
    if (landed !== 'none') return landed === 'focused';
  }
  window.scrollTo(0, 0);
  return false;
}

function scrollToHash(hash: string): 'none' | 'scrolled' | 'focused' {
  const id = decodeURIComponent(hash.slice(1));
  const target = id ? document.getElementById(id) ?? document.getElementsByName(id)[0] : null;
  if (!target) return 'none';
  target.scrollIntoView();
  // Focus follows, and a screen reader reads where the visitor landed: the target itself when
  // it takes focus, else its own heading (a search's outcome, `#zoekresultaat`).
  const focusable = target.matches('[tabindex]') ? target : target.querySelector<HTMLElement>(':scope > h1[tabindex="-1"], :scope > h2[tabindex="-1"]');
  if (!focusable) return 'scrolled';
  focusable.focus({ preventScroll: true });
  return 'focused';
}

let scrollTimer = 0;
function rememberScroll(): void {
  clearTimeout(scrollTimer);
  scrollTimer = window.setTimeout(() => history.replaceState({ ...(history.state ?? {}), scrollY: window.scrollY }, ''), 100);
}
