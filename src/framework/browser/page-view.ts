import type { PageMeta } from '../../routing/page-meta';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Each finished navigation sends a page-view event named after the route
 * name or its tag-manager meta value; routes whose name is not a string are not tracked.
 * The event shape is the one the original site's tag-manager module pushed. */
export function pushPageView(meta: PageMeta): void {
  if (typeof meta.trackName !== 'string') return;
  (window.dataLayer ||= []).push({ event: 'content-view', 'content-name': meta.path, 'content-view-name': meta.trackName });
}
