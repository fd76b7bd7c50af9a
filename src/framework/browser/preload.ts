// Internal links are preloaded when likely to be followed (hovered, focused,
// touched, or on screen and visible while the browser is idle), at most 4 at a time, and never
// on a data-saver or 2g connection. A preloaded Flight response is used once, within 30 s.
// A preload never delays the visitor's own navigation: when one starts, every preload still
// under way or waiting but the one for its page is aborted (the server's renders and the
// browser's connections are the visitor's again).
// Never preloaded: the page the visitor is on, and links they cannot see (in a closed dropdown,
// menu or <details>, without a size, transparent or hidden).
import { flightUrl, FLIGHT_CONTENT_TYPE } from '../../routing/protocol';

export const MAX_CONCURRENT_PRELOADS = 4;
const FRESH_MS = 30_000;
/** How long a menu takes to open (its animation) before its links count as visible. */
const OPEN_SETTLE_MS = 400;

type Entry = { response: Promise<Response>; at: number; controller: AbortController; done: boolean };
const cache = new Map<string, Entry>();
const queue: string[] = [];
let running = 0;

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

export function preloadAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !(connection?.saveData || /2g/.test(connection?.effectiveType ?? ''));
}

/** The page the visitor is on (a link to it, perhaps with a #hash, is no new page). */
export function isCurrentPage(href: string): boolean {
  const url = new URL(href, location.href);
  return url.origin === location.origin && url.pathname === location.pathname && url.search === location.search;
}

/** Whether the visitor can see this link now: laid out with a size, not inside a closed
 * <details>, not hidden by `display`, `visibility`, `content-visibility` or zero opacity. Being
 * on screen is the IntersectionObserver's part. */
export function isVisibleLink(a: Element): boolean {
  const box = a.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const details = a.closest('details');
  if (details && !details.open && !a.closest('summary')) return false;
  if (typeof a.checkVisibility === 'function') {
    // Both spellings: Chromium 105-120 knows only the older option names.
    const options = { contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true, checkOpacity: true, checkVisibilityCSS: true };
    return a.checkVisibility(options as CheckVisibilityOptions);
  }
  const style = getComputedStyle(a);
  return style.visibility !== 'hidden' && style.opacity !== '0';
}

export function preload(href: string): void {
  const key = flightUrl(href);
  if (!preloadAllowed() || isCurrentPage(href) || cache.has(key) || queue.includes(key)) return;
  queue.push(key);
  pump();
}

function pump(): void {
  while (running < MAX_CONCURRENT_PRELOADS && queue.length) {
    const key = queue.shift()!;
    running++;
    const controller = new AbortController();
    const response = fetch(key, { headers: { Accept: FLIGHT_CONTENT_TYPE }, priority: 'low', signal: controller.signal } as RequestInit);
    const entry: Entry = { response, at: Date.now(), controller, done: false };
    cache.set(key, entry);
    // The body is read by the navigation that uses it; wait for the body here so the
    // concurrency count covers whole downloads.
    response
      .then((r) => r.clone().arrayBuffer())
      .catch(() => {
        if (cache.get(key) === entry) cache.delete(key);
      })
      .finally(() => {
        entry.done = true;
        running--;
        pump();
      });
  }
}

/** The visitor navigates to `href`: the preloads waiting are dropped, and those under way, but
 * the one for `href`, aborted. */
export function cancelPreloads(href: string): void {
  const keep = flightUrl(href);
  queue.length = 0;
  for (const [key, entry] of cache) {
    if (key === keep || entry.done) continue;
    cache.delete(key);
    entry.controller.abort();
  }
}

/** A preloaded response for this page, if fresh; each is used once. */
export function takePreloaded(href: string): Promise<Response> | null {
  const key = flightUrl(href);
  const entry = cache.get(key);
  cache.delete(key);
  return entry && Date.now() - entry.at < FRESH_MS ? entry.response : null;
}

/** Wires the triggers: intent (hover, focus, touch) and visibility when idle. */
export function startPreloading(isRoutable: (a: HTMLAnchorElement) => boolean): void {
  const allowed = preloadAllowed();
  // Said on the page, so a test (or a curious developer) sees the decision without timing it.
  document.documentElement.dataset.preload = allowed ? 'on' : 'off';
  if (!allowed) return;
  const onIntent = (e: Event) => {
    const a = (e.target as Element | null)?.closest?.('a');
    if (a && isRoutable(a)) preload(a.href);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  document.addEventListener('touchstart', onIntent, { passive: true });

  if (!('IntersectionObserver' in window)) return;
  const seen = new WeakSet<Element>();
  // On screen but hidden (a closed menu): looked at again when something opens.
  const waiting = new Set<Element>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const a = entry.target as HTMLAnchorElement;
      if (!entry.isIntersecting) {
        waiting.delete(a);
        continue;
      }
      waiting.add(a);
      whenIdle(() => {
        // Still there, on screen and visible once the browser is idle.
        if (!waiting.has(a) || !a.isConnected || !isVisibleLink(a)) return;
        waiting.delete(a);
        observer.unobserve(a);
        preload(a.href);
      });
    }
  });
  // A menu, dropdown or <details> that opens makes its links visible: observing them anew has
  // the observer report the ones on screen once more.
  let recheck = 0;
  const recheckWaiting = () => {
    window.clearTimeout(recheck);
    recheck = window.setTimeout(() => {
      for (const a of waiting) {
        observer.unobserve(a);
        if (a.isConnected) observer.observe(a);
        else waiting.delete(a);
      }
    }, OPEN_SETTLE_MS);
  };
  document.addEventListener('click', recheckWaiting, { passive: true });
  document.addEventListener('toggle', recheckWaiting, { capture: true });
  const observeLinks = () => {
    for (const a of document.querySelectorAll('a[href]')) {
      if (!seen.has(a) && isRoutable(a as HTMLAnchorElement)) {
        seen.add(a);
        observer.observe(a);
      }
    }
  };
  observeLinks();
  new MutationObserver(() => whenIdle(observeLinks)).observe(document.body, { childList: true, subtree: true });
}

function whenIdle(fn: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 200);
}
