// Internal links are preloaded when likely to be followed (hovered, focused,
// touched, or scrolled into view while the browser is idle), at most 4 at a time, and never
// on a data-saver or 2g connection. A preloaded Flight response is used once, within 30 s.
import { flightUrl, FLIGHT_CONTENT_TYPE } from '../protocol';

export const MAX_CONCURRENT_PRELOADS = 4;
const FRESH_MS = 30_000;

type Entry = { response: Promise<Response>; at: number };
const cache = new Map<string, Entry>();
const queue: string[] = [];
let running = 0;

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

export function preloadAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !(connection?.saveData || /2g/.test(connection?.effectiveType ?? ''));
}

export function preload(href: string): void {
  const key = flightUrl(href);
  if (!preloadAllowed() || cache.has(key) || queue.includes(key)) return;
  queue.push(key);
  pump();
}

function pump(): void {
  while (running < MAX_CONCURRENT_PRELOADS && queue.length) {
    const key = queue.shift()!;
    running++;
    const response = fetch(key, { headers: { Accept: FLIGHT_CONTENT_TYPE }, priority: 'low' } as RequestInit);
    cache.set(key, { response, at: Date.now() });
    // The body is read by the navigation that uses it; wait for the body here so the
    // concurrency count covers whole downloads.
    response
      .then((r) => r.clone().arrayBuffer())
      .catch(() => cache.delete(key))
      .finally(() => {
        running--;
        pump();
      });
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
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const a = entry.target as HTMLAnchorElement;
      whenIdle(() => preload(a.href));
    }
  });
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
