// When a client first opened a page with a form, for the fill-time check of posts without
// JavaScript. The form's signed stamp says when the page was rendered, and a rendered page is
// served from the render cache to everybody for a while: a script that fetched a page rendered
// a minute ago could post at once and look like a person. So every answer with the HTML of a
// page with a stamped form (from the fast path or the page handler) notes the client's first
// view of it; a post that comes sooner than the minimum fill time after that view is refused.
// A client with no view noted (a restart, another instance) is judged by the stamp alone.
import { LRUCache } from 'lru-cache';

const DAY_MS = 24 * 60 * 60_000;

export type PageViews = {
  /** Notes a view of `path` by `client`, keeping the first one (for a day). */
  seen(client: string, path: string, now?: number): void;
  /** When `client` first viewed `path` in the last day, if this process knows. */
  firstSeen(client: string, path: string): number | undefined;
};

export function createPageViews(opts: { max?: number } = {}): PageViews {
  // Bounded: a flood of addresses pushes out the oldest views, which then fall back to the stamp.
  const first = new LRUCache<string, number>({ max: opts.max ?? 100_000, ttl: DAY_MS });
  return {
    seen(client, path, now = Date.now()) {
      const key = `${client} ${path}`;
      if (!first.has(key)) first.set(key, now);
    },
    firstSeen: (client, path) => first.get(`${client} ${path}`),
  };
}
